import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fillDate } from './admin-date'
import { openScreen } from './admin-nav'
import { choose } from './admin-select'
import { expectNoAxeViolations } from './axe'
import { expect, signInOwner, test } from './fixtures'
import { mailTo } from './mail'

// Issue 26's "done when", as a new user would try it: the owner records 95
// minutes at $120/hour on a client's support request, invoices the client's
// unbilled time ($190.00) and sends it; the client follows the e-mailed link
// (which signs them in), reads the invoice in the portal WITHOUT JavaScript
// and downloads the PDF, which pdftotext shows with the number and the total.

const unique = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`

test('the owner invoices 95 minutes at $120/hour; the client reads and downloads it without JavaScript', async ({
  browser,
  request,
  playwright,
  baseURL,
}) => {
  // A visitor's support request: intake makes the client and its contact from the address.
  const email = unique('invoice-client')
  const sent = await request.post('/api/consultation', {
    data: {
      name: 'Morgan Billing',
      email,
      phone: '618-555-0190',
      businessName: 'Billing Family Dental',
      issueType: 'network',
      urgency: 'medium',
      description: `The front desk PC cannot reach the server ${email}`,
      preferredContact: 'email',
    },
  })
  expect(sent.status()).toBe(201)
  const { reference } = (await sent.json()) as { reference: string }

  const owner = await playwright.request.newContext({ baseURL })
  await signInOwner(owner)
  const clients = (await (await owner.get('/api/clients', { params: { q: email } })).json()) as {
    id: number
  }[]
  expect(clients).toHaveLength(1)
  const clientId = clients[0]!.id

  const entry = await owner.post('/api/time-entries', {
    data: {
      clientId,
      requestReference: reference,
      minutes: 95,
      rateCents: 12_000,
      description: 'Replaced the switch at the front desk',
    },
  })
  expect(entry.status()).toBe(201)
  const created = await owner.post('/api/invoices', { data: { clientId, source: 'time' } })
  expect(created.status()).toBe(201)
  const invoice = (await created.json()) as { id: number; number: string; totalCents: number }
  expect(invoice.totalCents).toBe(19_000)
  expect(invoice.number).toMatch(/^INV-\d{4}-\d{4}$/)
  expect((await owner.post(`/api/invoices/${invoice.id}/send`)).ok()).toBe(true)
  await owner.dispose()

  // The e-mail's link signs the contact in and leads to the invoice.
  const mail = await mailTo(request, email, new RegExp(`Invoice ${invoice.number}`))
  const link = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
  expect(link, 'the invoice e-mail carries a sign-in link').toBeTruthy()

  const context = await browser.newContext({ javaScriptEnabled: false, acceptDownloads: true })
  const page = await context.newPage()
  await page.goto(link!)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(new RegExp(`/portal/invoices/${invoice.id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(invoice.number)
  await expect(page.getByTestId('invoice-total')).toHaveText('$190.00')
  await expect(page.getByTestId('invoice-balance')).toHaveText('$190.00')
  await expect(page.getByText('Replaced the switch at the front desk')).toBeVisible()
  // No Stripe key in the local run: no "Pay now".
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0)

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`${invoice.number}.pdf`)
  const file = await download.path()
  const bytes = readFileSync(file)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  expect(text).toContain(invoice.number)
  expect(text).toContain('$190.00')

  // The dashboard lists it with its balance and due date.
  await page.goto('/portal')
  const list = page.getByTestId('portal-invoices')
  await expect(list.getByRole('link', { name: invoice.number })).toBeVisible()
  await expect(list).toContainText('$190.00')
  await expect(list).toContainText('Awaiting payment')

  // The same session with JavaScript: the invoice page passes axe.
  const withJs = await browser.newContext({ storageState: await context.storageState() })
  await context.close()
  const jsPage = await withJs.newPage()
  await jsPage.goto(`/portal/invoices/${invoice.id}`)
  await expect(jsPage.getByTestId('invoice-total')).toHaveText('$190.00')
  await expectNoAxeViolations(jsPage, { label: `/portal/invoices/${invoice.id}` })
  await withJs.close()
})

// The admin's side of every other kind of invoice: the owner sells a client
// prepaid hours on the client page (a bad amount is refused by its field),
// billable time draws the block down, "New invoice" says plainly when there is
// no unbilled time, and invoices the block: its number and total show in the
// list and beside the block on the client page.
test('the owner sells prepaid hours on the client page and invoices the block from New invoice', async ({
  ownerPage: page,
}) => {
  const name = `Prepaid Dental ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const created = await page.request.post('/api/clients', { data: { name, defaultRateCents: 12_000 } })
  expect(created.status()).toBe(201)
  const { id: clientId } = (await created.json()) as { id: number }

  await page.goto(`/admin/clients/${clientId}`)
  const time = page.locator('section', { has: page.getByRole('heading', { name: 'Time', level: 2 }) })
  await expect(time.getByText('No prepaid hours.')).toBeVisible()
  const addBlock = time.getByRole('form', { name: 'Add prepaid hours' })
  await addBlock.getByLabel('Hours').fill('0.5')
  await addBlock.getByLabel('Price ($)').fill('1100')
  await addBlock.getByRole('button', { name: 'Add prepaid hours' }).click()
  await expect(addBlock.getByText('A block is at least one hour')).toBeVisible()
  await expect(time.getByText('No prepaid hours.')).toBeVisible()
  await addBlock.getByLabel('Hours').fill('10')
  await fillDate(addBlock, 'Valid until', '2099-12-31')
  await addBlock.getByRole('button', { name: 'Add prepaid hours' }).click()
  const blocks = time.getByRole('table', { name: 'Prepaid hours' })
  await expect(blocks.getByRole('row').nth(1)).toContainText('10 h')
  await expect(blocks.getByRole('row').nth(1)).toContainText('$1,100.00')
  await expect(blocks.getByRole('row').nth(1)).toContainText('Dec 31, 2099')

  // 90 billable minutes draw the block down to 8.5 hours.
  const entry = await page.request.post('/api/time-entries', {
    data: { clientId, minutes: 90, description: 'Backup restore test' },
  })
  expect(entry.status()).toBe(201)
  await page.reload()
  await expect(time.getByTestId('block-remaining')).toHaveText('8.5 h')
  await expect(time.getByRole('table', { name: 'Latest time' })).toContainText('Prepaid block')

  await openScreen(page, 'Invoices', '/admin/invoices')
  const form = page.getByRole('form', { name: 'New invoice' })
  await choose(page, form.getByRole('button', { name: /Client/ }), name)
  // That time is prepaid: there is no unbilled time to invoice, and the form says so.
  await form.getByRole('button', { name: 'Create draft' }).click()
  await expect(form.getByRole('alert')).toHaveText('No unbilled time for this client in that period')

  await choose(page, form.getByRole('button', { name: /From/ }), 'Prepaid block')
  // A select's name is its value, then its label: the source select reads "Prepaid block From".
  await choose(page, form.getByRole('button', { name: /Prepaid block$/ }), /10 h for \$1,100\.00/)
  await form.getByRole('button', { name: 'Create draft' }).click()
  const list = page.locator('section', { has: page.getByRole('heading', { name: 'Invoices', level: 2 }) })
  const row = list.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText(/INV-\d{4}-\d{4}/)
  await expect(row).toContainText('$1,100.00')
  await expect(row).toContainText('Draft')
  const number = /INV-\d{4}-\d{4}/.exec((await row.textContent()) ?? '')![0]

  // The block cannot be invoiced twice: the server's refusal shows in the form.
  await choose(
    page,
    form.getByRole('button', { name: /Prepaid block$/ }),
    `10 h for $1,100.00, until Dec 31, 2099 (invoiced: ${number})`,
  )
  await form.getByRole('button', { name: 'Create draft' }).click()
  await expect(form.getByRole('alert')).toHaveText('This block is already invoiced')

  await page.goto(`/admin/clients/${clientId}`)
  await expect(time.getByRole('table', { name: 'Prepaid hours' })).toContainText(number)
  const invoices = page.locator('section', { has: page.getByRole('heading', { name: 'Invoices', level: 2 }) })
  await expect(invoices.getByRole('row', { name: new RegExp(number) })).toContainText('$1,100.00')
  await expectNoAxeViolations(page)
})
