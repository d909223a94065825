import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { seedAdminTables } from './admin-seed'
import { expect, signInOwner, test } from './fixtures'
import { serverURL } from './servers'
import { freeSlotPayload, seedOf } from './slots'

// Issue 52: every link that names a record opens that record. The test does
// not list the links it expects: it collects every anchor of the admin
// overview and of a client page, follows each as the owner would (a click,
// then Back), and checks that the page it lands on names what the link named:
// a request's reference in the heading of its dialog, an invoice's, quote's or
// incident's number in a heading, a task's, asset's or client's name in a
// heading; the "All ..." links land on their list, the downloads answer with a
// file, and the client page's "add" links arrive with that client chosen.

async function gql<T>(request: APIRequestContext, query: string, variables: object = {}): Promise<T> {
  const res = await request.post('/graphql', {
    headers: { 'x-graphql-yoga-csrf': '1' },
    data: { query, variables },
  })
  expect(res.ok(), await res.text()).toBe(true)
  const body = (await res.json()) as { data?: T; errors?: unknown }
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return body.data as T
}

/** A client with every kind of record, and a support request, a pending and a confirmed booking of its contact. */
async function seedClient(request: APIRequestContext) {
  const seeded = await seedAdminTables(request)
  const { client } = await gql<{ client: { name: string; contacts: { email: string }[] } }>(
    request,
    'query($id: ID!) { client(id: $id) { name contacts { email } } }',
    { id: seeded.clientId },
  )
  const email = client.contacts[0]!.email
  const support = await request.post('/api/consultation', {
    data: {
      name: 'Maria Fernández-Whitaker',
      email,
      phone: '618-555-0190',
      businessName: client.name,
      issueType: 'network',
      urgency: 'medium',
      description: 'The front desk printer drops off the network',
      preferredContact: 'email',
    },
  })
  expect(support.status()).toBe(201)
  const supportRef = ((await support.json()) as { reference: string }).reference
  const bookingRefs: string[] = []
  for (const salt of ['pending', 'confirmed']) {
    const booked = await request.post('/api/consultations', {
      data: {
        name: 'Maria Fernández-Whitaker',
        email,
        projectType: 'web-application',
        description: `A patient reminder system (${salt})`,
        ...(await freeSlotPayload(request, seedOf(test.info(), salt))),
      },
    })
    expect(booked.status()).toBe(201)
    bookingRefs.push(((await booked.json()) as { reference: string }).reference)
  }
  const all = (await (await request.get('/api/consultations')).json()) as { id: number; reference: string }[]
  const confirmed = all.find((c) => c.reference === bookingRefs[1])!
  expect(
    (await request.patch(`/api/consultations/${confirmed.id}`, { data: { status: 'confirmed' } })).ok(),
  ).toBe(true)
  // A sent invoice with a payment: the client page's payments name their invoice.
  const invoice = (await (
    await request.post('/api/invoices', {
      data: {
        clientId: Number(seeded.clientId),
        source: 'manual',
        lines: [{ description: 'Firewall replacement', quantity: 1, unitPriceCents: 60_000 }],
      },
    })
  ).json()) as { id: number; number: string }
  expect((await request.post(`/api/invoices/${invoice.id}/send`)).ok()).toBe(true)
  expect(
    (
      await request.post(`/api/invoices/${invoice.id}/payments`, {
        data: { amountCents: 20_000, method: 'check' },
      })
    ).ok(),
  ).toBe(true)
  return { ...seeded, clientName: client.name, supportRef, bookingRefs, invoice }
}

type Anchor = { href: string; text: string }

/** Every distinct link inside `scope`, as the owner sees it (its address and its words). */
async function anchorsIn(scope: Locator): Promise<Anchor[]> {
  const all = await scope.locator('a[href]').evaluateAll((els) =>
    els.map((a) => ({
      href: a.getAttribute('href') ?? '',
      text: (a.getAttribute('aria-label') || a.textContent || '').replace(/\s+/g, ' ').trim(),
    })),
  )
  const seen = new Set<string>()
  return all.filter((a) => {
    const key = `${a.href}|${a.text}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

const REQUEST_REF = /\b[CS]-\d{3,}\b/
// INV-2026-0001, Q-2026-0003 (rev 2), INC-2026-0007.
const NUMBER = /\b[A-Z]{1,3}-\d{4}-\d{4}(?: rev \d+)?\b/
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The "add" and "new" links of a client page: where they lead, and the field
 * that must show the client already chosen there.
 */
const ADD_LINKS: Record<string, (page: Page) => Locator> = {
  'Add a schedule': (page) => page.getByRole('form', { name: 'New schedule' }),
  'New invoice': (page) =>
    page.locator('section', { has: page.getByRole('heading', { name: 'New invoice' }) }),
  'Record time': (page) => page.locator('main form').first(),
  'New quote': (page) => page.locator('main form').first(),
}

/** Checks that the page `anchor` led to names the record the anchor named. */
async function expectNamed(page: Page, anchor: Anchor, clientName: string) {
  const main = page.locator('main')
  const request = REQUEST_REF.exec(anchor.text)?.[0]
  const number = NUMBER.exec(anchor.text)?.[0]
  if (request) {
    // A request or booking: its own address opens its dialog, whose heading carries the reference.
    await expect(page).toHaveURL(new RegExp(`/admin/requests/${request}$`))
    await expect(page.getByRole('dialog', { name: new RegExp(`\\(${request}\\)`) })).toBeVisible()
    return
  }
  if (number) {
    await expect(page.getByRole('heading', { name: new RegExp(escapeRe(number)) }).first()).toBeVisible()
    return
  }
  const add = ADD_LINKS[anchor.text]
  if (add) {
    const field = add(page)
    await expect(field).toBeVisible()
    // The client chosen is this one: a react-aria select's button shows its choice, a native select its
    // selected option. (react-aria's hidden <select> lists every client: it is left out, under aria-hidden.)
    await expect(async () => {
      const chosen = await field.evaluate((f, name) => {
        const natives = [...f.querySelectorAll('select')].filter((s) => !s.closest('[aria-hidden="true"]'))
        return (
          natives.some((s) => s.selectedOptions[0]?.textContent?.trim() === name) ||
          [...f.querySelectorAll('button')].some((b) => (b.textContent ?? '').trim().startsWith(name))
        )
      }, clientName)
      expect(chosen, `${anchor.text} chooses ${clientName}`).toBe(true)
    }).toPass({ timeout: 15_000 })
    return
  }
  const list = /^All (.+)$/.exec(anchor.text)?.[1]
  if (list) {
    // "All support requests" lands on the requests filtered to that kind; its words are on the page.
    await expect(main).toContainText(new RegExp(escapeRe(list.replace(/s$/, '')), 'i'))
    return
  }
  // A named record (task, asset, client, compliance area...): its name in a heading. A line like
  // "Backup drive (Riverside Clinic)" names the asset first and its client after.
  // "Compliance area" is the screen named Compliance; "Risk analysis of <date>" the page of that analysis.
  const name = anchor.text
    .replace(/ \([^)]*\)$/, '')
    .replace(/ area$/, '')
    .replace(/^Risk analysis of .*/, 'Risk analysis')
  await expect(page.getByRole('heading', { name: new RegExp(escapeRe(name), 'i') }).first()).toBeVisible()
}

/**
 * Follows every link of `scope` on `page` (at `home`): a download is fetched
 * and must be a file; an admin link is clicked, checked, and left with Back.
 */
async function followEvery(
  page: Page,
  home: string,
  scope: () => Locator,
  ready: () => Promise<void>,
  clientName: string,
) {
  const anchors = await anchorsIn(scope())
  const followed: string[] = []
  for (const anchor of anchors) {
    if (anchor.href.startsWith('/api/')) {
      const res = await page.request.get(anchor.href)
      expect(res.status(), `${anchor.text} (${anchor.href})`).toBe(200)
      followed.push(anchor.href)
      continue
    }
    if (!anchor.href.startsWith('/admin')) continue
    await test.step(`${anchor.text} -> ${anchor.href}`, async () => {
      await scope().locator(`a[href="${anchor.href}"]`).first().click()
      // The very address the link names (not a prefix: /admin/clients is a prefix of a client's page).
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === anchor.href)
      await expectNamed(page, anchor, clientName)
      await page.goBack()
      await expect(page).toHaveURL((url) => url.pathname === home)
      await ready()
    })
    followed.push(anchor.href)
  }
  return followed
}

// Seeded once for both walks (a client with every kind of record costs a few seconds of the server's CPU).
let seeded: Awaited<ReturnType<typeof seedClient>>
test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000)
  const request = await playwright.request.newContext({ baseURL: serverURL(testInfo.parallelIndex) })
  await signInOwner(request)
  seeded = await seedClient(request)
  await request.dispose()
})

// About 20 links each on a fresh server, more once other specs have added records: a click, a check and
// Back each, a second or two apiece here, several on a machine at a third of its speed.
const WALK_TIMEOUT = 300_000

test('every link on the admin overview opens the record it names', async ({ ownerPage: page }) => {
  test.setTimeout(WALK_TIMEOUT)
  await page.goto('/admin')
  const overview = () => page.locator('main')
  const overviewReady = async () => {
    await expect(page.getByRole('heading', { name: 'What needs you today' })).toBeVisible()
    await expect(overview().getByText('Loading...')).toHaveCount(0)
  }
  await overviewReady()
  // What the seed put there, named as the issue saw it: a support request, a booking, the draft invoice.
  const waiting = page.getByRole('region', { name: 'New and waiting requests' })
  await expect(
    waiting.getByRole('link', { name: new RegExp(`Support request ${seeded.supportRef}`) }),
  ).toBeVisible()
  const bookings = page.getByRole('region', { name: 'Upcoming bookings' })
  await expect(
    bookings.getByRole('link', { name: `Maria Fernández-Whitaker (${seeded.bookingRefs[1]})` }),
  ).toBeVisible()
  const followed = await followEvery(page, '/admin', overview, overviewReady, seeded.clientName)
  expect(followed).toContain(`/admin/requests/${seeded.supportRef}`)
  expect(followed).toContain(`/admin/requests/${seeded.bookingRefs[1]}`)
  expect(followed.some((h) => /^\/admin\/invoices\/\d+$/.test(h))).toBe(true)
})

test('every link on a client page opens the record it names; its add links choose that client', async ({
  ownerPage: page,
}) => {
  test.setTimeout(WALK_TIMEOUT)
  const clientPath = `/admin/clients/${seeded.clientId}`
  await page.goto(clientPath)
  const clientPage = () => page.locator('main')
  const clientReady = async () => {
    await expect(page.getByRole('heading', { level: 2, name: seeded.clientName })).toBeVisible()
    await expect(clientPage().getByText('Loading...')).toHaveCount(0)
  }
  await clientReady()
  const followed = await followEvery(page, clientPath, clientPage, clientReady, seeded.clientName)
  for (const href of [
    `/admin/requests/${seeded.supportRef}`,
    `/admin/requests/${seeded.bookingRefs[0]}`,
    `/admin/invoices/${seeded.invoice.id}`,
    `/admin/quotes/${seeded.quoteId}`,
    `/admin/assets/${seeded.assetId}`,
    `/admin/maintenance?clientId=${seeded.clientId}`,
    `/admin/invoices?clientId=${encodeURIComponent(seeded.clientId)}`,
    `/admin/quotes/new?clientId=${encodeURIComponent(seeded.clientId)}`,
    `/admin/time?clientId=${encodeURIComponent(seeded.clientId)}`,
  ])
    expect(followed, href).toContain(href)
})

test('the invoice page: send, record a payment, and void only after saying it cannot be undone', async ({
  ownerPage: page,
}) => {
  const stamp = Date.now().toString(36)
  const { createClient } = await gql<{ createClient: { id: string } }>(
    page.request,
    'mutation($input: ClientInput!) { createClient(input: $input) { id } }',
    {
      input: {
        name: `Lakeside Pediatrics ${stamp}`,
        contacts: [{ name: 'Omar Haddad', email: `omar.${stamp}@lakeside.example` }],
      },
    },
  )
  const draft = async (description: string, cents: number) =>
    gql<{ createInvoice: { id: string; number: string } }>(
      page.request,
      'mutation($input: InvoiceInput!) { createInvoice(input: $input) { id number } }',
      {
        input: {
          clientId: createClient.id,
          source: 'MANUAL',
          lines: [{ description, quantity: 2, unitPriceCents: cents }],
        },
      },
    ).then((r) => r.createInvoice)
  const invoice = await draft('Workstation set-up', 25_000)

  await page.goto(`/admin/invoices/${invoice.id}`)
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoice.number}` })).toBeVisible()
  await expect(page.getByRole('link', { name: `Lakeside Pediatrics ${stamp}` })).toHaveAttribute(
    'href',
    `/admin/clients/${createClient.id}`,
  )
  await expect(page.getByText('Workstation set-up')).toBeVisible()
  await expect(page.getByTestId('invoice-total')).toHaveText('$500.00')
  await expect(page.getByTestId('invoice-status')).toHaveText('Draft')
  await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
    'href',
    `/api/invoices/${invoice.id}/pdf`,
  )

  // Send.
  await page.getByRole('button', { name: 'Send...' }).click()
  const sending = page.getByRole('dialog', { name: `Send invoice ${invoice.number}` })
  await sending.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(sending).toBeHidden()
  await expect(page.getByTestId('invoice-status')).toHaveText('Sent')
  await expect(page.getByRole('button', { name: 'Send again...' })).toBeVisible()

  // A payment of part of it: the balance is what is left.
  await page.getByRole('button', { name: 'Record payment' }).click()
  const paying = page.getByRole('dialog', { name: `Payment for ${invoice.number}` })
  await expect(paying.getByLabel('Amount ($)')).toHaveValue('500.00')
  await paying.getByLabel('Amount ($)').fill('200.00')
  await paying.getByLabel('Reference').fill(`Check for ${invoice.number}`)
  await paying.getByRole('button', { name: 'Record payment' }).click()
  await expect(paying).toBeHidden()
  await expect(page.getByTestId('invoice-balance')).toHaveText('$300.00')
  await expect(page.getByTestId('invoice-status')).toHaveText('Partially paid')
  await expect(page.getByRole('table', { name: 'Payments' })).toContainText(`Check for ${invoice.number}`)

  // Void asks first and says it cannot be undone; Cancel leaves the invoice as it was.
  const other = await draft('Printer driver roll-out', 10_000)
  await page.goto(`/admin/invoices/${other.id}`)
  await expect(page.getByTestId('invoice-status')).toHaveText('Draft')
  await page.getByRole('button', { name: 'Void' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Void invoice ${other.number}?` })
  await expect(confirm).toContainText('This cannot be undone')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByTestId('invoice-status')).toHaveText('Draft')
  await page.getByRole('button', { name: 'Void' }).click()
  await confirm.getByRole('button', { name: 'Void invoice' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByTestId('invoice-status')).toHaveText('Void')
  await expect(page.getByRole('button', { name: 'Void' })).toHaveCount(0)

  // The list links each number to its page, and finds an invoice by its number.
  await page.goto(`/admin/invoices?q=${other.number}`)
  const list = page.getByRole('table').filter({ hasText: other.number })
  await expect(list.getByRole('link', { name: `Invoice ${other.number}` })).toHaveAttribute(
    'href',
    `/admin/invoices/${other.id}`,
  )
  await expect(page.getByRole('link', { name: `Invoice ${invoice.number}` })).toHaveCount(0)
})
