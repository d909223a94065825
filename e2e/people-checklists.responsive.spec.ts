import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'

// Issue 55's checklists in the admin, at 1280 px and on a 375 px phone: the
// owner edits a clinic's departure checklist on the client page (changes a
// step, removes one, adds one, is told an empty step is refused, moves it to
// the top from the keyboard), saves it; the page shows it again after a reload; a departure then started
// from "Someone is leaving" has the new steps. Screenshots of the editor go to
// the test's output (and to SHOTS_DIR when given) for a look at both widths.

test('the owner edits the departure checklist; a departure started afterwards follows it', async ({
  ownerPage: page,
}, testInfo) => {
  const width = page.viewportSize()!.width
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const made = await page.request.post('/api/clients', { data: { name: `Checklist Clinic ${tag}` } })
  expect(made.status()).toBe(201)
  const clientId = ((await made.json()) as { id: number }).id
  const person = { name: 'Dara Nolan', email: `dara-${tag}@clinic.example` }
  expect((await page.request.post(`/api/clients/${clientId}/staff`, { data: person })).status()).toBe(201)

  await page.goto(`/admin/clients/${clientId}`)
  const section = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'People and training' }) })
  await expect(section.getByText(person.email)).toBeVisible()
  const departure = section.getByRole('region', { name: 'Departure checklist' })
  await expect(departure.getByRole('listitem')).toHaveText([
    'Disable the EHR account',
    'Disable the Microsoft 365 account',
    'Remove VPN access',
    'Change the door code',
    'Collect the badge',
  ])
  await expect(section.getByText('runs already started keep their own steps')).toBeVisible()

  await departure.getByRole('button', { name: 'Edit the departure checklist' }).click()
  const editor = departure.getByRole('form', { name: 'Edit the departure checklist' })
  await editor.getByRole('textbox', { name: 'Step 2', exact: true }).fill('Disable the Microsoft 365 login')
  await editor.getByRole('button', { name: 'Remove step 5' }).click()
  await editor.getByRole('button', { name: 'Add a step' }).click()
  const added = editor.getByRole('textbox', { name: 'Step 5', exact: true })
  await expect(added).toBeFocused()
  // Saved empty, the server's message shows at that step, which gets the keyboard back.
  await editor.getByRole('button', { name: 'Save checklist' }).click()
  await expect(editor.getByRole('listitem').nth(4)).toContainText('Step is required')
  await expect(added).toBeFocused()
  await expect(added).toHaveAttribute('aria-invalid', 'true')
  await shoot(departure, `checklist-error-${width}.png`)
  await expectNoAxeViolations(page, { include: '[data-testid="checklists"]', label: 'checklist editor' })
  await page.keyboard.type('Return the front door key')
  await expect(editor.getByText('Step is required')).toHaveCount(0)
  // To the top from the keyboard: the focus stays on the step as it moves.
  await editor.getByRole('button', { name: 'Move step 5 up' }).focus()
  for (let at = 5; at > 1; at--) {
    await expect(editor.getByRole('button', { name: `Move step ${at} up` })).toBeFocused()
    await page.keyboard.press('Enter')
  }
  await expect(editor.getByRole('button', { name: 'Move step 1 down' })).toBeFocused()
  const steps = [
    'Return the front door key',
    'Disable the EHR account',
    'Disable the Microsoft 365 login',
    'Remove VPN access',
    'Change the door code',
  ]
  for (const [i, step] of steps.entries())
    await expect(editor.getByRole('textbox', { name: `Step ${i + 1}`, exact: true })).toHaveValue(step)

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  await shoot(departure, `checklist-editor-${width}.png`)
  await editor.scrollIntoViewIfNeeded()
  await shoot(page, `checklist-editor-page-${width}.png`)

  await editor.getByRole('button', { name: 'Save checklist' }).click()
  await expect(
    page.getByText('The departure checklist has been updated. New departures will follow it.'),
  ).toBeVisible()
  await expect(editor).toHaveCount(0)
  await expect(departure.getByRole('listitem')).toHaveText(steps)
  await expect(departure.getByRole('button', { name: 'Edit the departure checklist' })).toBeFocused()
  await shoot(section.getByTestId('checklists'), `checklists-${width}.png`)

  await page.reload()
  await expect(departure.getByRole('listitem')).toHaveText(steps)

  // A departure started now copies the saved checklist.
  await section.getByRole('button', { name: 'Someone is leaving' }).click()
  const dialog = page.getByRole('dialog', { name: 'Someone is leaving' })
  await expect(dialog.getByLabel('Who is leaving')).toHaveValue(/\d+/)
  await dialog.getByRole('button', { name: 'Start the departure' }).click()
  await expect(page.getByText('Its checklist is open below.')).toBeVisible()
  const run = section.locator('details').filter({ hasText: `Departure: ${person.name}` })
  await expect(run.getByRole('listitem')).toHaveText(steps.map((s) => new RegExp(`^${s}`)))
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

  async function shoot(target: { screenshot: (o: { path: string }) => Promise<unknown> }, name: string) {
    await target.screenshot({ path: testInfo.outputPath(name) })
    const dir = process.env.SHOTS_DIR
    if (dir) {
      mkdirSync(dir, { recursive: true })
      await target.screenshot({ path: join(dir, name) })
    }
  }
})
