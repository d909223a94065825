import { formatShortDate } from '../schema/slot-time'
import { fillDate } from './admin-date'
import { seedAdminTables } from './admin-seed'
import { choose } from './admin-select'
import { type APIRequestContext, expect, type Page, test } from './fixtures'

// Issue 52.5 and 52.7 in the admin, as the owner reads it: no stored value
// shown as it is stored (an enum, a field name, an ISO date, a period code,
// an RRULE), dates chosen with a picker, a recurrence chosen in words, and
// every Delete and Withdraw asking first (Cancel keeps the record, the
// confirmation removes it).

/**
 * What a person should never read: an ISO date or month ("2026-11-29",
 * "2026-11"), an enum name ("AT_10_00", "IN_USE"), a stored snake_case value
 * ("not_breach", "software_licence"), a field name ("renewalDate",
 * "warrantyEnd"; "ePHI" is a word), an RRULE or a typed-pattern label ("Start date (YYYY-MM-DD)"). A format an
 * importer asks for ("MM/DD/YYYY", the accounting export) is words, not a value.
 */
const RAW =
  /\b\d{4}-\d{2}(-\d{2})?\b|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[a-z]+_[a-z_]+\b|\b[a-z]+[A-Z][a-z]+[A-Za-z]*\b|FREQ=|BYDAY|\(YYYY-MM(-DD)?\)/g

async function gql<T = unknown>(request: APIRequestContext, query: string, variables: object): Promise<T> {
  const res = await request.post('/graphql', {
    headers: { 'x-graphql-yoga-csrf': '1' },
    data: { query, variables },
  })
  const body = (await res.json()) as { data?: T; errors?: unknown }
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return body.data as T
}

/** The main area's text once the screen has loaded (its heading shown and nothing still loading). */
async function visibleText(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Loading...')).toHaveCount(0)
  // Each visible text node apart (innerText runs two buttons' words together: "Set rateDelete").
  return page.locator('main').evaluate((main) => {
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT)
    const parts: string[] = []
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.parentElement?.checkVisibility() && node.textContent?.trim())
        parts.push(node.textContent.trim())
    return parts.join(' ')
  })
}

test('the admin screens show labels and days, never stored values or ISO dates', async ({
  ownerPage: page,
}) => {
  test.setTimeout(120_000)
  const seeded = await seedAdminTables(page.request)
  const request = page.request
  // A plan and a subscription (months by name), prepaid hours (their end date), an edited asset (its history) and a decided incident
  // (its timeline): the places the stored words showed through.
  const { createPlan } = await gql<{ createPlan: { id: string } }>(
    request,
    'mutation($input: PlanInput!) { createPlan(input: $input) { id } }',
    {
      input: {
        name: `Words Care ${Date.now().toString(36)}`,
        monthlyFeeCents: 60_000,
        includedMinutes: 600,
        overageRateCents: 15_000,
        slaHours: { urgent: 4 },
      },
    },
  )
  await gql(request, 'mutation($input: SubscriptionInput!) { createSubscription(input: $input) { id } }', {
    input: { clientId: seeded.clientId, planId: createPlan.id, startDate: '2026-10-01' },
  })
  await gql(
    request,
    'mutation($id: ID!, $input: AssetPatchInput!) { updateAsset(id: $id, input: $input) { id } }',
    {
      id: seeded.assetId,
      input: { warrantyEnd: '2028-03-31', status: 'SPARE' },
    },
  )
  await gql(
    request,
    'mutation($id: ID!, $input: IncidentPatchInput!) { updateIncident(id: $id, input: $input) { id } }',
    { id: seeded.incidentId, input: { determination: 'not_breach', ephiInvolved: 'no' } },
  )

  const screens = [
    '/admin',
    `/admin/clients/${seeded.clientId}`,
    '/admin/quotes',
    `/admin/quotes/${seeded.quoteId}`,
    '/admin/time',
    '/admin/invoices',
    '/admin/plans',
    '/admin/renewals',
    '/admin/maintenance',
    `/admin/compliance/incidents/${seeded.incidentId}`,
    `/admin/assets/${seeded.assetId}`,
    '/admin/insights',
  ]
  for (const path of screens) {
    const text = await visibleText(page, path)
    expect([...new Set(text.match(RAW) ?? [])], `raw values on ${path}`).toEqual([])
  }
  // The top urgency has one word everywhere: the support form's "Critical".
  await page.goto('/admin/plans')
  const planForm = page.getByRole('form', { name: 'New plan' })
  await expect(planForm.getByLabel('Critical')).toBeVisible()
  await expect(page.getByText('Urgent', { exact: true })).toHaveCount(0)
})

test('a time entry is dated with the picker, and Delete asks first', async ({ ownerPage: page }) => {
  test.setTimeout(60_000)
  const seeded = await seedAdminTables(page.request)
  const tag = `Words ${Date.now().toString(36)}`
  await page.goto(`/admin/time?clientId=${seeded.clientId}`)
  const form = page.getByRole('form', { name: 'Record time' })
  await form.getByRole('textbox', { name: 'Minutes' }).fill('45')
  await form.getByRole('textbox', { name: 'Description' }).fill(tag)
  // The calendar: the 15th of the month it opens on.
  const picker = form.getByRole('group', { name: 'Date' })
  await picker.getByRole('button', { name: 'Choose a date' }).click()
  const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') })
  await calendar.getByRole('button', { name: / 15, \d{4}/ }).click()
  await expect(calendar).toBeHidden()
  const part = (name: RegExp) => picker.getByRole('spinbutton', { name }).textContent()
  const chosen = `${await part(/year/i)}-${String(await part(/month/i)).padStart(2, '0')}-15`
  await expect(picker.getByRole('spinbutton', { name: /day/i })).toHaveText('15')
  await form.getByRole('button', { name: 'Record' }).click()

  const row = page.getByRole('row').filter({ hasText: tag })
  await expect(row).toContainText(formatShortDate(chosen))

  // Delete asks, and Cancel keeps the entry (after a reload too).
  await row.getByRole('button', { name: /^Delete entry of/ }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this time entry?' })
  await expect(confirm).toContainText('45 minutes')
  await expect(confirm).toContainText('This cannot be undone.')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await page.reload()
  await expect(row).toBeVisible()
  // Confirmed, it is gone.
  await row.getByRole('button', { name: /^Delete entry of/ }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(row).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Entries' })).toBeVisible()
  await expect(row).toHaveCount(0)
})

test('a schedule recurs in words, and its Delete asks first', async ({ ownerPage: page }) => {
  test.setTimeout(60_000)
  const seeded = await seedAdminTables(page.request)
  const title = `Monthly UPS self-test ${Date.now().toString(36)}`
  const { client } = await gql<{ client: { name: string } }>(
    page.request,
    'query($id: ID!) { client(id: $id) { name } }',
    { id: seeded.clientId },
  )
  await page.goto('/admin/maintenance')
  const form = page.getByRole('form', { name: 'New schedule' })
  await expect(form.getByRole('button', { name: /Client$/ })).toBeEnabled()
  await choose(page, form.getByRole('button', { name: /Client$/ }), client.name)
  await form.getByRole('textbox', { name: 'Title' }).fill(title)
  await choose(page, form.getByRole('button', { name: /Repeats$/ }), 'Every month')
  await choose(page, form.getByRole('button', { name: /How often$/ }), 'Every 3 months')
  await choose(page, form.getByRole('button', { name: /\bOn$/ }), 'A weekday of the month')
  await choose(page, form.getByRole('button', { name: /Which one$/ }), 'The last')
  await choose(page, form.getByRole('button', { name: /Weekday$/ }), 'Friday')
  await expect(form.getByTestId('recurrence-summary')).toHaveText('Recurs: Every 3 months on the last Friday')
  await choose(page, form.getByRole('button', { name: /\bOn$/ }), 'A day of the month')
  await choose(page, form.getByRole('button', { name: /Day of the month$/ }), 'The 1st')
  await choose(page, form.getByRole('button', { name: /How often$/ }), 'Every month')
  await expect(form.getByTestId('recurrence-summary')).toHaveText('Recurs: Every month on the 1st')
  await fillDate(form, 'Start date', '2026-12-01')
  await form
    .getByRole('textbox', { name: /Checklist/ })
    .fill('Run the UPS self-test\nNote the battery runtime')
  await form.getByRole('button', { name: 'Add schedule' }).click()
  await expect(page.getByText('Schedule added')).toBeVisible()

  const row = page.getByRole('table', { name: 'Schedules' }).getByRole('row').filter({ hasText: title })
  await expect(row).toContainText('Every month on the 1st')
  await expect(row).toContainText('December 1, 2026')

  await row.getByRole('button', { name: `Delete ${title}` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this schedule?' })
  await expect(confirm).toContainText('This cannot be undone.')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await page.reload()
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: `Delete ${title}` }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Schedule deleted')).toBeVisible()
  await expect(row).toHaveCount(0)
})

test('Withdraw asks first: Cancel keeps the quote open, the confirmation withdraws it', async ({
  ownerPage: page,
}) => {
  test.setTimeout(60_000)
  const seeded = await seedAdminTables(page.request)
  await page.goto(`/admin/quotes/${seeded.quoteId}`)
  const heading = page.getByRole('heading', { name: /^Quote .*: Draft$/ })
  await expect(heading).toBeVisible()
  await page.getByRole('button', { name: 'Withdraw' }).click()
  const confirm = page.getByRole('alertdialog', { name: /^Withdraw quote/ })
  await expect(confirm).toContainText('can no longer accept it')
  await expect(confirm).toContainText('This cannot be undone.')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await page.reload()
  await expect(heading).toBeVisible()
  await page.getByRole('button', { name: 'Withdraw' }).click()
  await confirm.getByRole('button', { name: 'Withdraw' }).click()
  await expect(page.getByRole('heading', { name: /^Quote .*: Withdrawn$/ })).toBeVisible()
})
