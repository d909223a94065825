import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { type Download, expect, type Page, test } from './fixtures'
import { mailById, mailTo, type SentItem, sentMail } from './mail'

// Issue 25's "Done when", as a new user lives it: the owner makes a quote from
// the seeded consultation (C-1002, Grace Park of Riverside Family Clinic) in
// the inbox, with two lines, one optional line and the BAA, and sends it; the
// client follows the mailed link from the local mail output (it signs them
// in), ticks the optional line, signs and accepts, with and without
// JavaScript; the signed PDF reads right in poppler's pdftotext; the quote can
// be neither accepted again nor edited, and its stored PDF verifies. The
// acceptance issues the 50% deposit invoice, linked from the page and mailed;
// the used link's page sends a new one that leads back to the quote.

const CLIENT_EMAIL = 'grace@riversideclinic.example'

/** The stored text of a PDF as a real reader sees it (poppler's pdftotext). */
function pdfText(bytes: Buffer): string {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const file = join(mkdtempSync(join(tmpdir(), 'quote-pdf-')), 'quote.pdf')
  writeFileSync(file, bytes)
  return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

const downloaded = async (download: Download) => readFileSync((await download.path())!)

/** The sign-in link of a portal-link e-mail to `to` that is not among `seen` (sent after them). */
async function newSignInLink(request: APIRequestContext, to: string, seen: SentItem[]) {
  const before = new Set(seen.map((m) => m.messageId))
  let found: SentItem | undefined
  await expect
    .poll(async () => {
      found = (await sentMail(request)).find(
        (m) => !before.has(m.messageId) && m.to.includes(to) && /sign-in link/.test(m.subject),
      )
      return found !== undefined
    })
    .toBe(true)
  const text = (await mailById(request, found!.messageId)).text ?? ''
  return /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(text)![0]
}

/** In the inbox: the consultation's "Create quote", filled in the editor and sent. Returns the quote's id and number. */
async function makeAndSendQuote(page: Page, title: string) {
  await page.goto('/admin/requests')
  await page
    .getByRole('list', { name: 'Requests' })
    .getByRole('listitem')
    .filter({ hasText: 'C-1002' })
    .getByRole('button', { name: "View details of Grace Park's request" })
    .click()
  await page.getByRole('button', { name: 'Create quote' }).click()
  await expect(page).toHaveURL(/\/admin\/quotes\/\d+$/)
  const id = Number(/\/admin\/quotes\/(\d+)$/.exec(page.url())![1])

  const form = page.getByRole('form', { name: 'Quote' })
  // Taken over from the consultation.
  await expect(form.getByLabel('Client')).toHaveValue('1')
  await expect(form.getByLabel('Introduction (Markdown)')).toHaveValue(
    'An online intake form that feeds our scheduling system.',
  )
  await form.getByLabel('Title').fill(title)
  const lines: [string, string, string, boolean][] = [
    ['Intake form build', '1', '1200', false],
    ['Scheduling integration', '2', '500', false],
    ['First-year monitoring', '1', '600', true],
  ]
  for (const [i, [description, quantity, price, optional]] of lines.entries()) {
    if (i > 0) await form.getByRole('button', { name: 'Add a line' }).click()
    await form.getByLabel('Description').nth(i).fill(description)
    await form.getByLabel('Quantity').nth(i).fill(quantity)
    await form.getByLabel('Unit price ($)').nth(i).fill(price)
    if (optional) await form.getByLabel('Optional').nth(i).check()
  }
  await form.getByLabel('Deposit (%)').fill('50')
  await form.getByLabel('Business Associate Agreement (HIPAA)').check()
  await form.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByText('Draft saved')).toBeVisible()
  // Optional lines count only once the client chooses them.
  await expect(page.getByText(/total \$2,200\.00/)).toBeVisible()

  // The send step (issue 36): the contact ticked, the seeded BAA's note for the owner flagged, then Send.
  await page.getByRole('button', { name: 'Send...' }).click()
  const dialog = page.getByRole('dialog', { name: /^Send quote Q-\d{4}-\d{4}$/ })
  await expect(dialog.getByRole('checkbox', { name: /Grace Park/ })).toBeChecked()
  await expect(dialog.getByTestId('send-warnings')).toContainText('meant for you')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  const heading = page.getByRole('heading', { level: 2, name: /^Quote Q-\d{4}-\d{4}: Sent$/ })
  await expect(heading).toBeVisible()
  const number = /Q-\d{4}-\d{4}/.exec((await heading.textContent()) ?? '')![0]
  return { id, number }
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript'

  test(`a quote from a consultation is sent, signed from the mailed link and locked (${how})`, async ({
    ownerPage,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000)
    const { id, number } = await makeAndSendQuote(ownerPage, `Intake form (${how})`)

    // The e-mail's link signs the contact in and leads to the quote.
    const mail = await mailTo(request, CLIENT_EMAIL, new RegExp(`^Quote ${number} from `))
    expect(mail.text).toContain('$2,200.00')
    const link = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
    expect(link, 'the e-mail carries a sign-in link').toBeTruthy()

    const context = await browser.newContext({ javaScriptEnabled, acceptDownloads: true })
    const page = await context.newPage()
    await page.goto(link!)
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(new RegExp(`/portal/quotes/${id}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote ${number}: Intake form (${how})`)
    await expect(page.getByRole('region', { name: 'Business Associate Agreement (HIPAA)' })).toBeVisible()
    const total = page.getByTestId('quote-total')
    await expect(total).toHaveText('$2,200.00')

    // The optional line: with JavaScript the total follows the tick; without, "Update totals" recomputes.
    await page.getByRole('checkbox', { name: /First-year monitoring/ }).check()
    if (!javaScriptEnabled) {
      await expect(total).toHaveText('$2,200.00')
      await page.getByRole('button', { name: 'Update totals' }).click()
      await expect(page.getByRole('checkbox', { name: /First-year monitoring/ })).toBeChecked()
    }
    await expect(total).toHaveText('$2,800.00')

    const offerHash = await page.locator('input[name="documentHash"]').inputValue()
    const signer = javaScriptEnabled ? 'Grace Park' : 'Grace A. Park'
    await page.getByRole('textbox', { name: 'Your full name' }).fill(signer)
    await page.getByRole('checkbox', { name: /I agree to this quote and the agreements above/ }).check()
    await page.getByRole('button', { name: 'Accept and sign' }).click()

    await expect(page.getByRole('status')).toContainText('the quote is accepted and signed')
    const accepted = page.getByRole('region', { name: 'Accepted and signed' })
    await expect(accepted).toContainText(`Signed by ${signer}`)
    await expect(total).toHaveText('$2,800.00')
    await expect(page.getByRole('link', { name: 'Book the kick-off call' })).toBeVisible()
    // Nothing to accept any more.
    await expect(page.getByRole('button', { name: 'Accept and sign' })).toHaveCount(0)
    await expect(page.getByRole('checkbox', { name: /First-year monitoring/ })).toBeDisabled()

    // The signed PDF, as poppler reads it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      accepted.getByRole('link', { name: 'Download the signed PDF' }).click(),
    ])
    const text = pdfText(await downloaded(download))
    expect(text).toContain(number)
    expect(text).toContain('$2,800.00')
    expect(text).toContain(signer)
    expect(text).toContain('Business Associate Agreement')
    // The owner's note never reaches the client; both parties have their lines (issue 36).
    expect(text).not.toContain('Draft template')
    expect(text).toContain('Covered Entity: Riverside Family Clinic')
    expect(text).toContain('Countersigned by')

    // The acceptance issued the 50% deposit invoice: linked from the page, sent by e-mail.
    const deposit = accepted.getByTestId('deposit-invoice')
    await expect(deposit).toContainText('$1,400.00')
    const invoiceNumber = /INV-\d{4}-\d{4}/.exec((await deposit.textContent()) ?? '')![0]
    await accepted.getByRole('link', { name: 'Pay the deposit' }).click()
    await expect(page).toHaveURL(/\/portal\/invoices\/\d+$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(invoiceNumber)
    const invoiceMail = await mailTo(request, CLIENT_EMAIL, new RegExp(`^Invoice ${invoiceNumber} from `))
    expect(invoiceMail.text).toContain('$1,400.00')
    await page.goto(`/portal/quotes/${id}`)

    // A second acceptance (a replayed form, another name): 409, and the record stays.
    const again = await context.request.post(`/portal/quotes/${id}`, {
      headers: { Origin: baseURL! },
      form: { intent: 'accept', signerName: 'Someone Else', agree: 'yes', documentHash: offerHash },
    })
    expect(again.status()).toBe(409)
    // The page it answers with says why, as the form's alert.
    expect(await again.text()).toContain('This quote has already been accepted.')
    await context.close()

    // The mailed link, used up: its page sends a new one by e-mail that leads back to the quote.
    // Once, without JavaScript: each quote and invoice e-mail makes a link too, and a contact
    // gets at most five an hour (services/portal-links.ts).
    if (!javaScriptEnabled) {
      const later = await browser.newContext({ javaScriptEnabled })
      const again2 = await later.newPage()
      await again2.goto(link!)
      await expect(again2.getByRole('alert')).toContainText('already used or has expired')
      const seen = await sentMail(request)
      await again2.getByRole('textbox', { name: 'Your e-mail address' }).fill(CLIENT_EMAIL)
      await again2.getByRole('button', { name: 'E-mail me a new link' }).click()
      await expect(again2.getByRole('status')).toContainText('a sign-in link is on its way')
      await again2.goto(await newSignInLink(request, CLIENT_EMAIL, seen))
      await again2.getByRole('button', { name: 'Continue' }).click()
      await expect(again2).toHaveURL(new RegExp(`/portal/quotes/${id}$`))
      await expect(again2.getByRole('region', { name: 'Accepted and signed' })).toBeVisible()
      await later.close()
    }

    // The owner's view: accepted, signed by the client, not editable, the stored PDF verifies.
    const api = ownerPage.request
    const stored = (await (await api.get(`/api/quotes/${id}`)).json()) as {
      status: string
      totalCents: number
      signature: { signerName: string; signerEmail: string } | null
    }
    expect(stored.status).toBe('accepted')
    expect(stored.signature).toMatchObject({ signerName: signer, signerEmail: CLIENT_EMAIL })
    const patch = await api.patch(`/api/quotes/${id}`, { data: { title: 'Changed afterwards' } })
    expect(patch.status()).toBe(409)
    expect(((await patch.json()) as { message: string }).message).toBeTruthy()

    await ownerPage.goto(`/admin/quotes/${id}`)
    await expect(
      ownerPage.getByRole('heading', { level: 2, name: `Quote ${number}: Accepted` }),
    ).toBeVisible()
    await expect(ownerPage.getByText(`${signer} (${CLIENT_EMAIL})`)).toBeVisible()
    await expect(ownerPage.getByRole('heading', { name: 'Edit the draft' })).toHaveCount(0)
    await expect(ownerPage.getByRole('form', { name: 'Quote' })).toHaveCount(0)
    for (const name of ['Send', 'Withdraw', 'Revise'])
      await expect(ownerPage.getByRole('button', { name, exact: true })).toHaveCount(0)
    await ownerPage.getByRole('button', { name: 'Verify the stored PDF' }).click()
    await expect(
      ownerPage.getByText('The stored PDF, the quote and its agreements match the signature record.'),
    ).toBeVisible()

    // The signed copy is mailed to the client, with the PDF attached.
    const signed = await mailTo(request, CLIENT_EMAIL, new RegExp(`^Your signed quote ${number}$`))
    expect(signed.text).toContain('$2,800.00')
    expect(signed.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/\.pdf$/)])
  })
}
