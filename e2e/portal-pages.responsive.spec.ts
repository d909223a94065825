import { type APIRequestContext, expect, type Page, test } from './fixtures'
import { mailTo } from './mail'
import { expectNoHorizontalScroll } from './public-helpers'

// Every portal page a client uses (issue 24, and the quote and invoice pages of
// issues 25 and 26), on the desktop and on a 375 px phone (the "responsive"
// specs run in both projects of playwright.config.ts): each page shows its
// content and its main action, and nothing overflows sideways. One test per
// page, each with its own client, so a slow page on a busy machine stands alone.
// The whole sign-in by e-mailed link, with and without JavaScript, is
// e2e/portal.spec.ts; here the session comes from the same link, through the API.

const unique = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`

type Client = { email: string; reference: string; description: string }

/** A visitor's support request: intake makes a client and its contact from the address. */
async function newClient(request: APIRequestContext, tag: string): Promise<Client> {
  const email = unique(tag)
  const description = `The scanner at reception stopped saving to the shared folder ${email}`
  const res = await request.post('/api/consultation', {
    data: {
      name: 'Jordan Phone',
      email,
      phone: '618-555-0142',
      businessName: 'Phone Width Family Practice',
      issueType: 'network',
      urgency: 'low',
      description,
      preferredContact: 'email',
    },
  })
  expect(res.status()).toBe(201)
  return { email, description, reference: ((await res.json()) as { reference: string }).reference }
}

/** Signs the page's browser context in as the contact: the link e-mailed from /portal, then Continue. */
async function signIn(page: Page, request: APIRequestContext, email: string, baseURL: string) {
  const origin = { origin: baseURL }
  const asked = await request.post('/portal', { headers: origin, form: { email } })
  expect(asked.status()).toBe(200)
  const mail = await mailTo(request, email, /sign-in link/)
  const link = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
  expect(link, 'the e-mail carries a sign-in link').toBeTruthy()
  const continued = await page.request.post(new URL(link!).pathname, {
    headers: origin,
    form: {},
    maxRedirects: 0,
  })
  expect(continued.status()).toBe(302)
  // page.request shares the page's cookies: the portal session is now the page's too.
}

async function clientIdOf(owner: APIRequestContext, email: string) {
  const clients = (await (await owner.get('/api/clients', { params: { q: email } })).json()) as {
    id: number
  }[]
  expect(clients).toHaveLength(1)
  return clients[0]!.id
}

test('the dashboard lists the requests, files, quotes and invoices', async ({ page, request, baseURL }) => {
  const client = await newClient(request, 'phone-dashboard')
  await signIn(page, request, client.email, baseURL!)
  await page.goto('/portal')
  await expect(page.getByTestId('portal-greeting')).toHaveText('Hello, Jordan Phone')
  await expect(page.getByRole('navigation', { name: 'Client portal' })).toBeVisible()
  const requests = page.getByRole('region', { name: 'Requests' })
  await expect(requests.getByRole('link', { name: new RegExp(client.reference) })).toBeVisible()
  for (const name of ['Consultations', 'Files', 'Quotes', 'Invoices'])
    await expect(page.getByRole('region', { name })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await expectNoHorizontalScroll(page)
})

test('a request page shows the thread and takes a reply', async ({ page, request, baseURL }) => {
  const client = await newClient(request, 'phone-request')
  await signIn(page, request, client.email, baseURL!)
  await page.goto(`/portal/requests/${client.reference}`)
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(client.reference) })).toBeVisible()
  await expect(page.getByText(client.description)).toBeVisible()
  await expectNoHorizontalScroll(page)

  // A pasted link is one long word: it wraps instead of pushing the page sideways.
  const answer = `Still failing, the log is at https://scanner.example/logs?folder=ReceptionSharedScansNovember2026FrontDeskIntakeBatch0042&page=1 (${client.email}).`
  await page.getByRole('textbox', { name: 'Your reply' }).fill(answer)
  await page.getByRole('button', { name: 'Send reply' }).click()
  await expect(page.getByRole('status')).toContainText('Your reply is in the thread.')
  await expect(page.getByRole('region', { name: 'Conversation' })).toContainText(answer)
  await expectNoHorizontalScroll(page)
})

test('the files page lists an upload and reminds about health information', async ({
  page,
  request,
  baseURL,
}) => {
  const client = await newClient(request, 'phone-files')
  await signIn(page, request, client.email, baseURL!)
  await page.goto('/portal/files')
  await expect(page.getByRole('heading', { level: 1, name: 'Files' })).toBeVisible()
  await expect(page.getByRole('note')).toContainText('Please do not upload patient health information')
  await expectNoHorizontalScroll(page)

  // File names are often long and without spaces or hyphens to break at.
  const name = 'FrontDeskNetworkPrinterSettings_Exported_2026_11_24_final.txt'
  await page.getByLabel(/^File \(/).setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from('Printer IP 192.168.1.40, gateway 192.168.1.1\n'),
  })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('region', { name: 'Shared files' }).getByRole('link', { name })).toBeVisible()
  await expectNoHorizontalScroll(page)
})

test('a sent quote reads and offers its signature', async ({
  page,
  request,
  baseURL,
  ownerRequest: owner,
}) => {
  const client = await newClient(request, 'phone-quote')
  const clientId = await clientIdOf(owner, client.email)
  const made = await owner.post('/api/quotes', {
    data: {
      clientId,
      title: 'Reception network refresh',
      intro: 'We **replace** the switch and tidy the cabling.',
      lines: [
        // A model number is one long word.
        { description: 'Managed switch GS724TPv3ProSafeSmartPoEPlus', quantity: 1, unitPriceCents: 65_000 },
        { description: 'Installation', quantity: 3.5, unit: 'hours', unitPriceCents: 12_000 },
        { description: 'Staff training', quantity: 1, unit: 'hours', unitPriceCents: 9_500, optional: true },
      ],
    },
  })
  expect(made.status()).toBe(201)
  const quote = (await made.json()) as { id: number; number: string }
  expect((await owner.post(`/api/quotes/${quote.id}/send`)).status()).toBe(200)

  await signIn(page, request, client.email, baseURL!)
  await page.goto(`/portal/quotes/${quote.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Quote ${quote.number}: Reception network refresh`,
  )
  // $650.00 + 3.5 x $120.00; the optional line counts only once chosen.
  await expect(page.getByTestId('quote-total')).toHaveText('$1,070.00')
  await expect(page.getByRole('checkbox', { name: /Staff training/ })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Your full name' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Accept and sign' })).toBeVisible()
  await expectNoHorizontalScroll(page)
})

test('a sent invoice reads with its total, balance and PDF', async ({
  page,
  request,
  baseURL,
  ownerRequest: owner,
}) => {
  const client = await newClient(request, 'phone-invoice')
  const clientId = await clientIdOf(owner, client.email)
  const entry = await owner.post('/api/time-entries', {
    data: {
      clientId,
      requestReference: client.reference,
      minutes: 95,
      rateCents: 12_000,
      description: 'Reconfigured the scanner to save to the new shared folder',
    },
  })
  expect(entry.status()).toBe(201)
  const created = await owner.post('/api/invoices', { data: { clientId, source: 'time' } })
  expect(created.status()).toBe(201)
  const invoice = (await created.json()) as { id: number; number: string }
  expect((await owner.post(`/api/invoices/${invoice.id}/send`)).ok()).toBe(true)

  await signIn(page, request, client.email, baseURL!)
  await page.goto(`/portal/invoices/${invoice.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(invoice.number)
  await expect(page.getByTestId('invoice-total')).toHaveText('$190.00')
  await expect(page.getByTestId('invoice-balance')).toHaveText('$190.00')
  await expect(page.getByText('Reconfigured the scanner to save to the new shared folder')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible()
  await expectNoHorizontalScroll(page)

  // The dashboard's invoice table fits the phone too (it scrolls inside its own box if it must).
  await page.goto('/portal')
  await expect(page.getByTestId('portal-invoices').getByRole('link', { name: invoice.number })).toBeVisible()
  await expectNoHorizontalScroll(page)
})
