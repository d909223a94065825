import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { choose as chooseOption } from './admin-select'
import {
  type APIRequestContext,
  type Browser,
  devices,
  expect,
  type Locator,
  type Page,
  signInOwner,
  test,
} from './fixtures'
import { mailById, mailTo, sentMail } from './mail'
import { waitForHydration } from './public-helpers'
import { serverURL } from './servers'

// Issue 36's Done-when walk: the whole client life cycle at 375 px, as the
// owner and two contacts of one practice (Maria and Tom), each in a browser
// of their own, through the real screens. The conversation (who wrote, who is
// answered, who is in copy), time logged from the request, a quote previewed,
// sent to both, changed at Tom's request and signed by Maria, then invoiced,
// paid by bank transfer and shown paid. Every owner and portal page on the way
// must fit the phone's width. The API only signs the owner in and reads the mail
// output.

const WIDTH = 375
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
const PRACTICE = `Lakeview Family Practice ${stamp}`
const MARIA = { name: 'Maria Lopez', email: `maria-${stamp}@lakeview.example` }
const TOM = { name: 'Tom Becker', email: `tom-${stamp}@lakeview.example` }
const OWNER_INBOX = 'owner@example.com'
const INSTRUCTIONS = 'Bank transfer: First Example Bank, routing 111000025, account 000987654321.'
const SIGN_IN_LINK = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/

// What one step leaves for the next (the tests run in order, in one worker).
const walk = {
  clientId: '',
  reference: '',
  quote: { id: 0, number: '' },
  revision: 0,
}

test.describe.configure({ mode: 'serial', timeout: 180_000 })

// Three phones for the whole walk, each its own browser: the owner's (signed
// in through the API: the sign-in form has its own spec), Maria's and Tom's
// (signed in through the portal's e-mailed links, on the way).
let owner: Page
let maria: Page
let tom: Page
test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = serverURL(testInfo.parallelIndex)
  ;[owner, maria, tom] = await Promise.all([
    phone(browser, baseURL),
    phone(browser, baseURL),
    phone(browser, baseURL),
  ])
  await signInOwner(owner.request)
})
test.afterAll(async () => {
  await Promise.all([owner, maria, tom].map((page) => page?.context().close()))
})

/** Opens an admin screen and waits until its buttons work (they are React's, not HTML's). */
async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

/** Nothing on the page reaches past the phone's width. */
async function fits(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, `${page.url()} is ${width} px wide`).toBeLessThanOrEqual(WIDTH)
}

/** A phone of its own: 375 px, touch. */
async function phone(browser: Browser, baseURL: string) {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7']
  const context = await browser.newContext({
    ...pixel,
    viewport: { width: WIDTH, height: 800 },
    baseURL,
  })
  const page = await context.newPage()
  return page
}

/** The sign-in link in the newest "sign-in link" mail to `to`, sent after the mails in `before`. */
async function newSignInLink(request: APIRequestContext, to: string, before: Set<string>) {
  let id: string | undefined
  await expect
    .poll(async () => {
      id = (await sentMail(request)).find(
        (m) => !before.has(m.messageId) && m.to.includes(to) && /sign-in link/.test(m.subject),
      )?.messageId
      return id !== undefined
    })
    .toBe(true)
  return SIGN_IN_LINK.exec((await mailById(request, id!)).text ?? '')![0]
}

/** Asks for a link on the portal's sign-in form (where the page is) and follows it, as a client does. */
async function signInByMail(
  page: Page,
  request: APIRequestContext,
  email: string,
  ask = 'E-mail me a sign-in link',
) {
  const before = new Set((await sentMail(request)).map((m) => m.messageId))
  await page.getByRole('textbox', { name: 'Your e-mail address' }).fill(email)
  await page.getByRole('button', { name: ask }).click()
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way')
  await fits(page)
  await page.goto(await newSignInLink(request, email, before))
  await fits(page)
  await page.getByRole('button', { name: 'Continue' }).click()
}

/** The admin's select (react-aria): its button (named by its value, then its label), in `scope`. */
const select = (scope: Locator, label: string) => scope.getByRole('button', { name: new RegExp(`${label}$`) })

/** Chooses an option of the admin's select, as a person does. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await chooseOption(page, select(scope, label), option)
}

/**
 * Closes a toast, as a person does: on a phone it lies over the bottom of the
 * screen for 5 s, where a dialog's buttons are.
 */
async function dismiss(toast: Locator) {
  // Gone by itself already (a slow step outlasted its 5 s) is as good.
  await toast
    .getByRole('button', { name: 'Close' })
    .click({ timeout: 2_000 })
    .catch(() => undefined)
  await expect(toast).toBeHidden()
}

/** The text of a PDF as a reader sees it (poppler's pdftotext). */
function pdfText(bytes: Buffer) {
  const file = join(mkdtempSync(join(tmpdir(), 'walk-pdf-')), 'doc.pdf')
  writeFileSync(file, bytes)
  return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

test('a new practice with two contacts: Maria asks, the owner answers her with Tom in copy, Tom answers, the time is logged', async ({
  request,
}) => {
  // The owner creates the practice with Maria, then adds Tom.
  await open(owner, '/admin/clients')
  await expect(owner.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible()
  await fits(owner)
  await owner.getByRole('button', { name: 'New client' }).click()
  const created = owner.getByRole('dialog', { name: 'New client' })
  await created.getByRole('textbox', { name: 'Name', exact: true }).fill(PRACTICE)
  await created.getByLabel('Hourly rate ($)').fill('120')
  await created.getByLabel('Contact name').fill(MARIA.name)
  await created.getByLabel('Contact e-mail').fill(MARIA.email)
  await created.getByLabel('Contact phone').fill('618-555-0142')
  await fits(owner)
  await created.getByRole('button', { name: 'Save' }).click()
  await expect(owner).toHaveURL(/\/admin\/clients\/\d+$/)
  walk.clientId = /\/admin\/clients\/(\d+)$/.exec(owner.url())![1]!
  await expect(owner.getByRole('heading', { level: 2, name: PRACTICE })).toBeVisible()
  await dismiss(owner.getByRole('alertdialog', { name: 'Client created' }))
  await owner.getByRole('button', { name: 'Add contact' }).click()
  const adding = owner.getByRole('dialog', { name: 'Add contact' })
  await adding.getByLabel('Name').fill(TOM.name)
  await adding.getByLabel('E-mail').fill(TOM.email)
  await adding.getByRole('button', { name: 'Add contact' }).click()
  await expect(adding).toBeHidden()
  await expect(owner.getByRole('list', { name: 'Contacts' })).toContainText(TOM.email)
  await expect(owner.getByRole('list', { name: 'Contacts' })).toContainText(MARIA.email)
  await fits(owner)

  // Maria signs in on her phone and opens a support request.
  await maria.goto('/portal')
  await fits(maria)
  await signInByMail(maria, request, MARIA.email)
  await expect(maria.getByTestId('portal-greeting')).toHaveText(`Hello, ${MARIA.name}`)
  await fits(maria)
  await maria.getByRole('link', { name: 'New support request' }).first().click()
  await expect(maria.getByRole('heading', { level: 1, name: 'New support request' })).toBeVisible()
  await fits(maria)
  // Her details come from the contact the owner made.
  await expect(maria.getByLabel('Phone')).toHaveValue('618-555-0142')
  await maria.getByLabel('Issue type').selectOption('network')
  await maria.getByLabel('Urgency').selectOption('medium')
  await maria
    .getByLabel('What is going on?')
    .fill('The reception printer drops off the network every morning.')
  await maria.getByRole('button', { name: 'Send request' }).click()
  await expect(maria).toHaveURL(/\/portal\/requests\/S-\d+$/)
  walk.reference = /S-\d+$/.exec(maria.url())![0]
  await fits(maria)

  // The owner answers Maria, who wrote, and offers Tom a copy.
  await open(owner, `/admin/requests?q=${encodeURIComponent(MARIA.email)}`)
  await owner
    .getByRole('list', { name: 'Requests' })
    .getByRole('button', { name: `View details of ${MARIA.name}'s request` })
    .click()
  const details = owner.getByRole('dialog', { name: `Support request from ${MARIA.name}` })
  await expect(details.getByText(`To ${MARIA.name} (${MARIA.email}), who wrote last.`)).toBeVisible()
  await fits(owner)
  await details
    .locator('label')
    .filter({ hasText: `${TOM.name} (${TOM.email})` })
    .click()
  await expect(details.getByRole('checkbox', { name: new RegExp(TOM.name) })).toBeChecked()
  await details
    .getByRole('textbox', { name: 'Reply' })
    .fill('Please restart the printer; I will look at the switch tomorrow.')
  await details.getByRole('button', { name: 'Send reply' }).click()
  await expect(details.getByRole('list', { name: 'Messages' })).toContainText('Please restart the printer')
  const reply = new RegExp(`^Re: your request ${walk.reference} `)
  const toMaria = await mailTo(request, MARIA.email, reply)
  expect(toMaria.text).toContain(`Hello ${MARIA.name},`)
  expect(toMaria.text).toContain('Please restart the printer')
  const toTom = await mailTo(request, TOM.email, reply)
  expect(toTom.text).toContain(`Hello ${TOM.name},`)

  // Tom signs in on his phone and answers in the portal.
  await tom.goto('/portal')
  await signInByMail(tom, request, TOM.email)
  await expect(tom.getByTestId('portal-greeting')).toHaveText(`Hello, ${TOM.name}`)
  await fits(tom)
  await tom
    .getByRole('region', { name: 'Requests' })
    .getByRole('link', { name: new RegExp(walk.reference) })
    .click()
  await expect(tom.getByRole('region', { name: 'Conversation' })).toContainText('Please restart the printer')
  await fits(tom)
  await tom.getByRole('textbox', { name: 'Your reply' }).fill('Restarted it; it dropped again at 9.')
  await tom.getByRole('button', { name: 'Send reply' }).click()
  await expect(tom.getByRole('status')).toContainText('Your reply is in the thread.')
  await fits(tom)

  // The owner's inbox credits Tom, not Maria, and the next reply goes to him.
  const notice = await mailTo(
    request,
    OWNER_INBOX,
    new RegExp(`^\\[${walk.reference}\\] ${TOM.name} replied`),
  )
  expect(notice.text).toContain(TOM.email)
  await owner.reload()
  await waitForHydration(owner)
  await owner
    .getByRole('list', { name: 'Requests' })
    .getByRole('button', { name: `View details of ${MARIA.name}'s request` })
    .click()
  const thread = details.getByRole('list', { name: 'Messages' }).getByRole('listitem')
  await expect(thread).toHaveCount(2)
  await expect(thread.nth(1)).toContainText(`From ${TOM.name} (${TOM.email})`)
  await expect(thread.nth(1)).not.toContainText(MARIA.name)
  await expect(details.getByText(`To ${TOM.name} (${TOM.email}), who wrote last.`)).toBeVisible()
  await expect(details.getByRole('checkbox', { name: new RegExp(MARIA.name) })).toBeVisible()
  await fits(owner)

  // Time logged from the request: the Time page opens with the client and the request chosen.
  await details.getByRole('link', { name: 'Log time' }).click()
  await expect(owner).toHaveURL(
    new RegExp(`/admin/time\\?clientId=${walk.clientId}&request=${walk.reference}$`),
  )
  const record = owner.getByRole('form', { name: 'Record time' })
  await expect(select(record, 'Client')).toContainText(PRACTICE)
  await expect(select(record, 'Request')).toContainText(walk.reference)
  await record.getByLabel('Minutes').fill('45')
  await record.getByLabel('Description').fill(`Printer and switch diagnosis ${walk.reference}`)
  await fits(owner)
  await record.getByRole('button', { name: 'Record', exact: true }).click()
  await expect(
    owner.getByRole('row', { name: new RegExp(`Printer and switch diagnosis ${walk.reference}`) }),
  ).toContainText('$120.00')
  await fits(owner)
})

test('a quote previewed and sent to both; Tom asks for changes; revision 2 replaces it; Maria signs on her phone', async ({
  request,
}) => {
  // From the client page (the hub), a new quote for this client, with the BAA.
  await open(owner, `/admin/clients/${walk.clientId}`)
  await expect(owner.getByRole('heading', { level: 2, name: PRACTICE })).toBeVisible()
  await fits(owner)
  await owner.getByRole('link', { name: 'New quote' }).click()
  const form = owner.getByRole('form', { name: 'Quote' })
  await expect(form.getByLabel('Client')).toHaveValue(walk.clientId)
  await form.getByLabel('Title').fill('Reception network refresh')
  await form.getByLabel('Description').fill('Replace the reception switch')
  await form.getByLabel('Quantity').fill('1')
  await form.getByLabel('Unit price ($)').fill('900')
  await form.getByLabel('Business Associate Agreement (HIPAA)').check()
  await fits(owner)
  await form.getByRole('button', { name: 'Save draft' }).click()
  await expect(owner).toHaveURL(/\/admin\/quotes\/\d+$/)
  walk.quote.id = Number(/\/admin\/quotes\/(\d+)$/.exec(owner.url())![1])
  const draft = owner.getByRole('heading', { level: 2, name: /^Quote Q-\d{4}-\d{4}: Draft$/ })
  await expect(draft).toBeVisible()
  walk.quote.number = /Q-\d{4}-\d{4}/.exec((await draft.textContent()) ?? '')![0]
  await dismiss(owner.getByRole('alertdialog', { name: 'Quote saved as a draft' }))
  await fits(owner)

  // The send step: Maria by default, the e-mail and the document as the client gets them.
  await owner.getByRole('button', { name: 'Send...' }).click()
  const sending = owner.getByRole('dialog', { name: `Send quote ${walk.quote.number}` })
  await expect(sending.getByRole('checkbox', { name: new RegExp(MARIA.name) })).toBeChecked()
  await expect(sending.getByRole('checkbox', { name: new RegExp(TOM.name) })).not.toBeChecked()
  const email = sending.getByRole('region', { name: 'The e-mail' })
  await expect(email).toContainText(`Quote ${walk.quote.number} from`)
  await expect(email).toContainText(`Hello ${MARIA.name},`)
  await expect(email).not.toContainText('{{')
  await expect(sending.getByTestId('send-warnings')).toContainText('meant for you')
  await fits(owner)
  const documentUrl = await sending
    .getByRole('link', { name: 'Open the document as the client gets it (PDF)' })
    .getAttribute('href')
  const preview = pdfText(await (await owner.request.get(documentUrl!)).body())
  expect(preview).toContain(`Covered Entity: ${PRACTICE}`)
  expect(preview).toContain(walk.quote.number)
  expect(preview).not.toMatch(/\{\{|Draft template/)
  await sending.locator('label').filter({ hasText: TOM.name }).click()
  await sending.getByRole('button', { name: 'Send to 2 contacts' }).click()
  await expect(
    owner.getByRole('heading', { level: 2, name: `Quote ${walk.quote.number}: Sent` }),
  ).toBeVisible()
  await mailTo(request, MARIA.email, new RegExp(`^Quote ${walk.quote.number} from `))

  // Tom follows his link and asks for changes.
  const toTom = await mailTo(request, TOM.email, new RegExp(`^Quote ${walk.quote.number} from `))
  expect(toTom.text).toContain(`Hello ${TOM.name},`)
  await tom.goto(SIGN_IN_LINK.exec(toTom.text ?? '')![0])
  await tom.getByRole('button', { name: 'Continue' }).click()
  await expect(tom).toHaveURL(new RegExp(`/portal/quotes/${walk.quote.id}$`))
  await expect(tom.getByRole('heading', { level: 1 })).toContainText(walk.quote.number)
  await fits(tom)
  await tom
    .getByRole('textbox', { name: 'What would you like changed?' })
    .fill('Could the switch come with a five-year warranty?')
  await tom.getByRole('button', { name: 'Ask for changes' }).click()
  await expect(tom.getByText('your message was sent')).toBeVisible()
  await fits(tom)

  // The owner reads it on the quote, revises and sends revision 2 to both.
  await owner.reload()
  await waitForHydration(owner)
  await expect(owner.getByTestId('change-requests')).toContainText(`${TOM.name} (`)
  await expect(owner.getByTestId('change-requests')).toContainText('five-year warranty')
  await fits(owner)
  await owner.getByRole('button', { name: 'Revise' }).click()
  await expect(
    owner.getByRole('heading', { level: 2, name: `Quote ${walk.quote.number} rev 2: Draft` }),
  ).toBeVisible()
  walk.revision = Number(/\/admin\/quotes\/(\d+)$/.exec(owner.url())![1])
  await form.getByLabel('Description').fill('Replace the reception switch, five-year warranty')
  await form.getByLabel('Unit price ($)').fill('1000')
  await form.getByRole('button', { name: 'Save draft' }).click()
  await dismiss(owner.getByRole('alertdialog', { name: 'Draft saved' }))
  await fits(owner)
  await owner.getByRole('button', { name: 'Send...' }).click()
  const again = owner.getByRole('dialog', { name: `Send quote ${walk.quote.number} rev 2` })
  await again.locator('label').filter({ hasText: TOM.name }).click()
  await expect(again.getByRole('checkbox', { name: new RegExp(MARIA.name) })).toBeChecked()
  await again.getByRole('button', { name: 'Send to 2 contacts' }).click()
  await expect(
    owner.getByRole('heading', { level: 2, name: `Quote ${walk.quote.number} rev 2: Sent` }),
  ).toBeVisible()
  await fits(owner)

  // Maria, still signed in on her phone: revision 1 leads to revision 2, which she signs.
  await maria.goto(`/portal/quotes/${walk.quote.id}`)
  await expect(maria.getByRole('button', { name: 'Accept and sign' })).toHaveCount(0)
  await fits(maria)
  const current = maria.getByTestId('current-revision')
  await expect(current).toHaveText(`Open ${walk.quote.number} rev 2`)
  await current.click()
  await expect(maria).toHaveURL(new RegExp(`/portal/quotes/${walk.revision}$`))
  await expect(maria.getByTestId('quote-total')).toHaveText('$1,000.00')
  await fits(maria)
  await maria.getByRole('textbox', { name: 'Your full name' }).fill(MARIA.name)
  await maria.getByRole('checkbox', { name: /I agree to this quote/ }).check()
  await maria.getByRole('button', { name: 'Accept and sign' }).click()
  await expect(maria.getByRole('status')).toContainText('the quote is accepted and signed')
  await expect(maria.getByRole('region', { name: 'Accepted and signed' })).toContainText(
    `Signed by ${MARIA.name}`,
  )
  await fits(maria)
})

test('the work invoiced and sent; Maria signs in again from the e-mail to the invoice; a bank transfer is recorded, receipted and shown paid', async ({
  request,
}) => {
  // From the client page: New invoice, with the client chosen; first the payment instructions.
  await open(owner, `/admin/clients/${walk.clientId}`)
  await expect(owner.getByRole('heading', { level: 2, name: PRACTICE })).toBeVisible()
  // The hub shows the signed revision.
  await expect(
    owner
      .getByRole('list', { name: 'Quotes' })
      .getByRole('listitem')
      .filter({ hasText: `${walk.quote.number} rev 2` }),
  ).toContainText(/accepted · \$1,000\.00/i)
  await fits(owner)
  await owner.getByRole('link', { name: 'New invoice' }).click()
  await expect(owner).toHaveURL(new RegExp(`/admin/invoices\\?clientId=${walk.clientId}$`))
  const settings = owner
    .locator('section')
    .filter({ has: owner.getByRole('heading', { name: 'Payment instructions' }) })
  await settings
    .getByRole('textbox', { name: 'How clients pay by bank transfer or check' })
    .fill(INSTRUCTIONS)
  await settings.getByRole('button', { name: 'Save' }).click()
  await dismiss(owner.getByRole('alertdialog', { name: 'Payment instructions saved' }))
  await fits(owner)

  // The logged time, then the signed revision, each a draft invoice.
  const create = owner.getByRole('form', { name: 'New invoice' })
  await expect(select(create, 'Client')).toContainText(PRACTICE)
  await expect(select(create, 'From')).toContainText('Unbilled time')
  await create.getByRole('button', { name: 'Create draft' }).click()
  const timeInvoice = owner.getByRole('alertdialog', { name: /^Invoice INV-\d{4}-\d{4} created$/ })
  await expect(timeInvoice).toContainText('$90.00')
  await dismiss(timeInvoice)
  await choose(owner, create, 'From', 'Accepted quote')
  await choose(owner, create, 'Quote', new RegExp(`^${walk.quote.number} rev 2: `))
  await expect(select(create, 'Part')).toContainText('Whole quote, $1,000.00')
  await fits(owner)
  await create.getByRole('button', { name: 'Create draft' }).click()
  const made = owner
    .getByRole('alertdialog', { name: /^Invoice INV-\d{4}-\d{4} created$/ })
    .filter({ hasText: '$1,000.00' })
  await expect(made).toBeVisible()
  const number = /INV-\d{4}-\d{4}/.exec(
    (await made.getAttribute('aria-label')) ?? (await made.textContent()) ?? '',
  )![0]
  await dismiss(made)

  // Sent through the send step: the e-mail carries the instructions.
  const row = owner.getByRole('row', { name: new RegExp(number) })
  await row.getByRole('button', { name: 'Send...' }).click()
  const sending = owner.getByRole('dialog', { name: `Send invoice ${number}` })
  await expect(sending.getByRole('checkbox', { name: new RegExp(MARIA.name) })).toBeChecked()
  await expect(sending.getByRole('region', { name: 'The e-mail' })).toContainText('routing 111000025')
  await fits(owner)
  await sending.getByRole('button', { name: 'Send', exact: true }).click()
  await dismiss(owner.getByRole('alertdialog', { name: `Invoice ${number} sent` }))
  const mail = await mailTo(request, MARIA.email, new RegExp(`^Invoice ${number} from `))
  expect(mail.text).toContain(INSTRUCTIONS)

  // Maria opens it from the e-mail on her phone: the payment instructions are there.
  const link = SIGN_IN_LINK.exec(mail.text ?? '')![0]
  await maria.goto(link)
  await maria.getByRole('button', { name: 'Continue' }).click()
  await expect(maria).toHaveURL(/\/portal\/invoices\/\d+$/)
  const invoicePage = maria.url()
  await expect(maria.getByRole('heading', { level: 1 })).toContainText(number)
  await expect(maria.getByTestId('payment-instructions')).toContainText(INSTRUCTIONS)
  await expect(maria.getByTestId('invoice-balance')).toHaveText('$1,000.00')
  await fits(maria)

  // Later her session has ended and the e-mail's link is used up: she asks for a new one there,
  // and signing in again lands her on the invoice, not the portal's overview.
  await maria.context().clearCookies()
  await maria.goto(link)
  await expect(maria.getByRole('alert')).toContainText('already used or has expired')
  await fits(maria)
  await signInByMail(maria, request, MARIA.email, 'E-mail me a new link')
  await expect(maria).toHaveURL(invoicePage)
  await expect(maria.getByRole('heading', { level: 1 })).toContainText(number)
  await fits(maria)

  // The transfer arrives: the owner records it.
  await row.getByRole('button', { name: 'Payment' }).click()
  const paying = owner.getByRole('dialog', { name: `Payment for ${number}` })
  await expect(paying.getByLabel('Amount ($)')).toHaveValue('1000.00')
  await expect(select(paying, 'Method')).toContainText('Bank transfer')
  await paying.getByLabel('Reference').fill(`Transfer for ${number}`)
  await fits(owner)
  await paying.getByRole('button', { name: 'Record payment' }).click()
  await expect(paying).toBeHidden()
  await expect(row).toContainText('Paid')
  await fits(owner)

  // Both hear of it: Maria a receipt, the owner a notice.
  const receipt = await mailTo(
    request,
    MARIA.email,
    new RegExp(`^Receipt: \\$1,000\\.00 received for invoice ${number}`),
  )
  expect(receipt.text).toContain('It is now paid in full.')
  const notice = await mailTo(
    request,
    OWNER_INBOX,
    new RegExp(`^Payment of \\$1,000\\.00 on invoice ${number} `),
  )
  expect(notice.text).toContain('Bank transfer')

  // And her phone shows it paid.
  await maria.reload()
  await expect(maria.getByText('Status: Paid.')).toBeVisible()
  await expect(maria.getByTestId('invoice-balance')).toHaveText('$0.00')
  await expect(maria.getByTestId('payment-instructions')).toHaveCount(0)
  await fits(maria)
})
