import { expect, test } from './fixtures'
import { mailTo } from './mail'

// Issue 36, point 3, as the owner and two contacts of one practice live it:
// the owner sends a quote with the BAA to both contacts through the send
// step (the seeded BAA's note for the owner is flagged and never reaches
// them); Omar asks for changes from the portal and the owner reads the message
// on the quote; the owner revises, and revision 1 stays the one the client
// holds until revision 2 is sent, after which its page links to it.

const GRACE = 'grace@riversideclinic.example'
const OMAR = 'omar@riversideclinic.example'

test('a quote goes to the chosen contacts, a contact asks for changes, and the revision replaces it when sent', async ({
  ownerPage: page,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const templates = (await (await page.request.get('/api/agreement-templates')).json()) as {
    id: number
    kind: string
  }[]
  const baa = templates.find((t) => t.kind === 'baa')!
  const created = await page.request.post('/api/quotes', {
    data: {
      clientId: 1,
      contactId: 1,
      title: 'Send step walk',
      lines: [{ description: 'Firewall replacement', quantity: 1, unitPriceCents: 90_000 }],
      agreementTemplateIds: [baa.id],
    },
  })
  expect(created.status()).toBe(201)
  const quote = (await created.json()) as { id: number; number: string }

  await page.goto(`/admin/quotes/${quote.id}`)
  await page.getByRole('button', { name: 'Send...' }).click()
  const dialog = page.getByRole('dialog', { name: `Send quote ${quote.number}` })
  await expect(dialog.getByTestId('send-warnings')).toContainText('Draft template')
  await expect(dialog.getByText(`Quote ${quote.number} from`)).toBeVisible()
  await expect(dialog.getByRole('checkbox', { name: /Grace Park/ })).toBeChecked()
  // react-aria's checkbox: its label is what a person clicks.
  await dialog.locator('label').filter({ hasText: 'Omar Haddad' }).click()
  await expect(dialog.getByRole('checkbox', { name: /Omar Haddad/ })).toBeChecked()
  await dialog.getByRole('button', { name: 'Send to 2 contacts' }).click()
  await expect(page.getByRole('heading', { level: 2, name: `Quote ${quote.number}: Sent` })).toBeVisible()
  await mailTo(request, GRACE, new RegExp(`^Quote ${quote.number} from `))
  const mail = await mailTo(request, OMAR, new RegExp(`^Quote ${quote.number} from `))
  expect(mail.text).toContain('Hello Omar Haddad,')

  // Omar follows his link and asks for changes; the BAA he reads has no note for the owner.
  const context = await browser.newContext()
  const client = await context.newPage()
  await client.goto(/https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0])
  await client.getByRole('button', { name: 'Continue' }).click()
  await expect(client).toHaveURL(new RegExp(`/portal/quotes/${quote.id}$`))
  await expect(client.getByRole('region', { name: /Business Associate Agreement/ })).not.toContainText(
    'Draft template',
  )
  await client
    .getByRole('textbox', { name: 'What would you like changed?' })
    .fill('Can the firewall be leased?')
  await client.getByRole('button', { name: 'Ask for changes' }).click()
  await expect(client.getByText('your message was sent')).toBeVisible()

  // The owner reads it on the quote, and revises.
  await page.reload()
  await expect(page.getByTestId('change-requests')).toContainText('Omar Haddad')
  await expect(page.getByTestId('change-requests')).toContainText('Can the firewall be leased?')
  await page.getByRole('button', { name: 'Revise' }).click()
  await expect(page).not.toHaveURL(new RegExp(`/admin/quotes/${quote.id}$`))
  await expect(
    page.getByRole('heading', { level: 2, name: `Quote ${quote.number} rev 2: Draft` }),
  ).toBeVisible()
  const revisionId = Number(/\/admin\/quotes\/(\d+)$/.exec(page.url())![1])

  // While revision 2 is a draft, revision 1 is still open for the client.
  await client.reload()
  await expect(client.getByRole('button', { name: 'Accept and sign' })).toBeVisible()

  await page.getByRole('button', { name: 'Send...' }).click()
  await page
    .getByRole('dialog', { name: `Send quote ${quote.number} rev 2` })
    .getByRole('button', { name: 'Send', exact: true })
    .click()
  await expect(
    page.getByRole('heading', { level: 2, name: `Quote ${quote.number} rev 2: Sent` }),
  ).toBeVisible()

  // Now revision 1 is replaced, and its page leads to revision 2.
  await client.reload()
  await expect(client.getByRole('button', { name: 'Accept and sign' })).toHaveCount(0)
  const current = client.getByTestId('current-revision')
  await expect(current).toHaveText(`Open ${quote.number} rev 2`)
  await current.click()
  await expect(client).toHaveURL(new RegExp(`/portal/quotes/${revisionId}$`))
  await context.close()
})
