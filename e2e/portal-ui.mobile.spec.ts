import { type APIRequestContext, expect, type Page, test } from './fixtures'
import { mailTo } from './mail'
import { expectNoHorizontalScroll } from './public-helpers'

// Issue 36, points 7 and 8, on a 375 px phone (the "mobile" project runs
// *.mobile.spec.ts): a quote reads as written (Markdown lists and paragraphs,
// item names wrapped at spaces, 24 px checkboxes, the agreement in the page's
// flow), times are the business's, another client's record is a plain "not
// found" with the way back, and a link from an e-mail opens its document after
// signing in again.

const unique = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`

type Client = { email: string; reference: string }

async function newClient(request: APIRequestContext, tag: string): Promise<Client> {
  const email = unique(tag)
  const res = await request.post('/api/consultation', {
    data: {
      name: 'Maria Phone',
      email,
      phone: '618-555-0142',
      businessName: 'Riverside Family Clinic',
      issueType: 'network',
      urgency: 'low',
      description: `The front desk printer stopped printing ${email}`,
      preferredContact: 'email',
    },
  })
  expect(res.status()).toBe(201)
  return { email, reference: ((await res.json()) as { reference: string }).reference }
}

async function clientIdOf(owner: APIRequestContext, email: string) {
  const clients = (await (await owner.get('/api/clients', { params: { q: email } })).json()) as {
    id: number
  }[]
  expect(clients).toHaveLength(1)
  return clients[0]!.id
}

/** The link e-mailed to the address (the newest such mail is the only one: each client is new). */
async function mailedLink(request: APIRequestContext, email: string) {
  const mail = await mailTo(request, email, /sign-in link/)
  const link = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
  expect(link, 'the e-mail carries a sign-in link').toBeTruthy()
  return new URL(link!).pathname
}

/** Signs the page in as the contact, through the e-mailed link. */
async function signIn(page: Page, request: APIRequestContext, email: string, baseURL: string) {
  const origin = { origin: baseURL }
  expect((await request.post('/portal', { headers: origin, form: { email } })).status()).toBe(200)
  const continued = await page.request.post(await mailedLink(request, email), {
    headers: origin,
    form: {},
    maxRedirects: 0,
  })
  expect(continued.status()).toBe(302)
}

const INTRO = [
  'We replace the reception switch in one evening.',
  '',
  'What we do:',
  '',
  '- Replace the switch',
  '- Tidy the cabling',
  '- Test every workstation',
  '',
  'Nothing changes for your staff the next morning.',
].join('\n')

// Long enough that an inner box of 24rem would scroll.
const AGREEMENT = Array.from(
  { length: 30 },
  (_, i) => `${i + 1}. The provider keeps the clinic's records confidential, clause ${i + 1}.`,
).join('\n\n')

async function sentQuote(owner: APIRequestContext, clientId: number) {
  const template = await owner.post('/graphql', {
    headers: { 'x-graphql-yoga-csrf': '1' },
    data: {
      query: 'mutation($input: AgreementTemplateInput!) { saveAgreementTemplate(input: $input) { id } }',
      variables: { input: { kind: 'service', name: 'Service terms', body: AGREEMENT } },
    },
  })
  expect(template.ok()).toBe(true)
  const templateId = Number(
    ((await template.json()) as { data: { saveAgreementTemplate: { id: string } } }).data
      .saveAgreementTemplate.id,
  )
  const made = await owner.post('/api/quotes', {
    data: {
      clientId,
      title: 'Reception network refresh',
      intro: INTRO,
      agreementTemplateIds: [templateId],
      lines: [
        {
          description: 'Telecommunications maintenance of reception workstations and printers',
          quantity: 1,
          unitPriceCents: 65_000,
        },
        {
          description: 'Staff training session',
          quantity: 1,
          unit: 'hours',
          unitPriceCents: 9_500,
          optional: true,
        },
      ],
    },
  })
  expect(made.status()).toBe(201)
  const quote = (await made.json()) as { id: number; number: string }
  expect((await owner.post(`/api/quotes/${quote.id}/send`)).status()).toBe(200)
  return quote
}

test('a quote reads as written at 375 px: lists, paragraphs, whole words, 24 px targets, the agreement in the page', async ({
  page,
  request,
  baseURL,
  ownerRequest: owner,
}) => {
  const client = await newClient(request, 'ui-quote')
  const quote = await sentQuote(owner, await clientIdOf(owner, client.email))
  await signIn(page, request, client.email, baseURL!)
  await page.goto(`/portal/quotes/${quote.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(quote.number)

  // Soft: each layout finding is reported on its own.
  // The introduction's list keeps its bullets, and its paragraphs their space.
  const intro = page.locator('.prose').first()
  await expect(intro.getByRole('listitem')).toHaveCount(3)
  const bullets = await intro
    .locator('li')
    .first()
    .evaluate((li) => getComputedStyle(li).listStyleType)
  expect.soft(bullets).toBe('disc')
  const gap = await intro.evaluate((el) => {
    const ps = el.querySelectorAll('p')
    return ps[1]!.getBoundingClientRect().top - ps[0]!.getBoundingClientRect().bottom
  })
  expect.soft(gap).toBeGreaterThanOrEqual(8)

  // Item names break between words only: no word spans two lines.
  const broken = await page.locator('table tbody td:first-child').evaluateAll((cells) => {
    const out: string[] = []
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, m.index!)
          range.setEnd(node, m.index! + m[0].length)
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
          if (lines.size > 1) out.push(m[0])
        }
      }
    }
    return out
  })
  expect.soft(broken).toEqual([])

  // Touch targets: the option and agreement checkboxes at least 24 x 24 px.
  for (const box of await page.getByRole('checkbox').all()) {
    const size = (await box.boundingBox())!
    expect.soft(size.width).toBeGreaterThanOrEqual(24)
    expect.soft(size.height).toBeGreaterThanOrEqual(24)
  }

  // The agreement is part of the page: no inner scroll box to reach with the keyboard.
  const agreement = page.getByRole('region', { name: 'Service terms' }).locator('.prose')
  await expect(agreement).toContainText('clause 30.')
  const inner = await agreement.evaluate((el) => ({
    overflowY: getComputedStyle(el).overflowY,
    hidden: el.scrollHeight - el.clientHeight,
  }))
  expect.soft(inner.overflowY).toBe('visible')
  expect.soft(inner.hidden).toBeLessThanOrEqual(1)
  await expectNoHorizontalScroll(page)

  // Signed: the time is the business's, for people (not GMT).
  await page.getByRole('textbox', { name: 'Your full name' }).fill('Maria Phone')
  await page.getByRole('checkbox', { name: /I agree to this quote/ }).check()
  await page.getByRole('button', { name: 'Accept and sign' }).click()
  const signed = page.getByText(/^Signed by Maria Phone on /)
  await expect(signed).toBeVisible()
  await expect(signed).toHaveText(/on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T\.$/)
})

test("another client's quote is a 404 that says not found and leads back to the portal", async ({
  page,
  request,
  baseURL,
  ownerRequest: owner,
}) => {
  const a = await newClient(request, 'ui-owner-of-quote')
  const quote = await sentQuote(owner, await clientIdOf(owner, a.email))
  const b = await newClient(request, 'ui-other-client')
  await signIn(page, request, b.email, baseURL!)
  const res = await page.goto(`/portal/quotes/${quote.id}`)
  expect(res!.status()).toBe(404)
  await expect(page.getByText(/not found/i)).toBeVisible()
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
  await expectNoHorizontalScroll(page)
  await page.getByRole('link', { name: 'Your portal' }).click()
  await expect(page).toHaveURL(/\/portal$/)
  await expect(page.getByTestId('portal-greeting')).toHaveText('Hello, Maria Phone')
})

test('an invoice link from an e-mail opens the invoice after signing in again', async ({
  page,
  request,
  ownerRequest: owner,
}) => {
  const client = await newClient(request, 'ui-next')
  const clientId = await clientIdOf(owner, client.email)
  const created = await owner.post('/api/invoices', {
    data: {
      clientId,
      source: 'manual',
      lines: [{ description: 'Backup check', quantity: 1, unitPriceCents: 12_000 }],
    },
  })
  expect(created.status()).toBe(201)
  const invoice = (await created.json()) as { id: number; number: string }
  expect((await owner.post(`/api/invoices/${invoice.id}/send`)).ok()).toBe(true)

  // Not signed in (or the session ended): the invoice's address leads to the sign-in form.
  await page.goto(`/portal/invoices/${invoice.id}`)
  await expect(page).toHaveURL(/\/portal\?next=/)
  await page.getByRole('textbox', { name: 'Your e-mail address' }).fill(client.email)
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way')
  await page.goto(await mailedLink(request, client.email))
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(new RegExp(`/portal/invoices/${invoice.id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(invoice.number)
})

test('the portal shows a request time in the business zone, named', async ({ page, request, baseURL }) => {
  const client = await newClient(request, 'ui-time')
  await signIn(page, request, client.email, baseURL!)
  await page.goto(`/portal/requests/${client.reference}`)
  const sent = page.locator('dt', { hasText: 'Sent' }).locator('xpath=following-sibling::dd[1]')
  await expect(sent).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/)
})
