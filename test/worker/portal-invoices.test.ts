// The client portal's side of invoices (issue 26): the dashboard's list and
// prepaid hours, the invoice page (no JavaScript needed), its PDF and "Pay
// now". Every read is the session's client's only: another client's invoice
// answers 404 exactly like a missing one. Only Stripe's network call is stubbed.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../worker/app'
import { asOwner, type InvoiceBody, json, makeClient } from './billing-fixtures'
import { call, ORIGIN } from './helpers'
import { formPost, portalCookie } from './portal-fixtures'

afterEach(() => vi.restoreAllMocks())

/** A sent invoice of $190.00 (95 minutes at $120/hour) for a new client, with a second client. */
async function sentInvoice() {
  const a = await makeClient()
  const b = await makeClient()
  const entry = await asOwner('/api/time-entries', {
    method: 'POST',
    json: { clientId: a.clientId, requestReference: a.reference, minutes: 95, description: 'Printer queue' },
  })
  expect(entry.status).toBe(201)
  const created = await asOwner('/api/invoices', {
    method: 'POST',
    json: { clientId: a.clientId, source: 'time' },
  })
  expect(created.status).toBe(201)
  const invoice = await json<InvoiceBody>(created)
  expect(invoice.totalCents).toBe(19_000)
  expect((await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })).status).toBe(200)
  return { a, b, invoice, cookieA: await portalCookie(a.contactId), cookieB: await portalCookie(b.contactId) }
}

const status = async (id: number) =>
  (await env.DB.prepare('select status from invoices where id = ?').bind(id).first<{ status: string }>())!
    .status

/** The portal as a browser without JavaScript, with the env's Stripe key set or not. */
const withKey = (path: string, init: RequestInit, key: string | null) =>
  app.request(
    `${ORIGIN}${path}`,
    {
      ...init,
      headers: {
        Origin: ORIGIN,
        'Sec-Fetch-Site': 'same-origin',
        ...(init.headers as Record<string, string>),
      },
    },
    { ...env, STRIPE_SECRET_KEY: key ?? '' },
  )

describe('invoices in the portal', () => {
  it('lists the client’s invoices on the dashboard, and no draft', async () => {
    const { a, invoice, cookieA, cookieB } = await sentInvoice()
    const draft = await json<InvoiceBody>(
      await asOwner('/api/invoices', {
        method: 'POST',
        json: {
          clientId: a.clientId,
          source: 'manual',
          lines: [{ description: 'Later', quantity: 1, unitPriceCents: 500 }],
        },
      }),
    )
    const home = await (await call('/portal', { headers: { Cookie: cookieA } })).text()
    expect(home).toContain(invoice.number)
    expect(home).toContain('$190.00')
    expect(home).toContain(invoice.dueDate)
    expect(home).toContain(`/portal/invoices/${invoice.id}`)
    expect(home).not.toContain(draft.number)
    const other = await (await call('/portal', { headers: { Cookie: cookieB } })).text()
    expect(other).not.toContain(invoice.number)
    expect(other).toContain('No invoices yet.')
  })

  it('shows the invoice to its client (marking it viewed), and 404 to another client or for a draft', async () => {
    const { a, invoice, cookieA, cookieB } = await sentInvoice()
    const res = await call(`/portal/invoices/${invoice.id}`, { headers: { Cookie: cookieA } })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toContain('no-store')
    const html = await res.text()
    expect(html).toContain(invoice.number)
    expect(html).toContain('$190.00')
    expect(html).toContain('No payments yet.')
    expect(html).toContain(`/portal/invoices/${invoice.id}/pdf`)
    expect(await status(invoice.id)).toBe('viewed')

    const before = await status(invoice.id)
    const other = await call(`/portal/invoices/${invoice.id}`, { headers: { Cookie: cookieB } })
    expect(other.status).toBe(404)
    expect(await other.text()).not.toContain(invoice.number)
    expect((await call('/portal/invoices/999999999', { headers: { Cookie: cookieA } })).status).toBe(404)
    expect((await call('/portal/invoices/abc', { headers: { Cookie: cookieA } })).status).toBe(404)

    const draft = await json<InvoiceBody>(
      await asOwner('/api/invoices', {
        method: 'POST',
        json: {
          clientId: a.clientId,
          source: 'manual',
          lines: [{ description: 'Later', quantity: 1, unitPriceCents: 500 }],
        },
      }),
    )
    expect((await call(`/portal/invoices/${draft.id}`, { headers: { Cookie: cookieA } })).status).toBe(404)
    expect(await status(draft.id)).toBe('draft')
    expect(await status(invoice.id)).toBe(before)
  })

  it('shows payments and the balance', async () => {
    const { invoice, cookieA } = await sentInvoice()
    await asOwner(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      json: { amountCents: 4_000, method: 'check', date: '2026-11-20' },
    })
    const html = await (await call(`/portal/invoices/${invoice.id}`, { headers: { Cookie: cookieA } })).text()
    expect(html).toContain('2026-11-20')
    expect(html).toContain('$40.00')
    expect(html).toMatch(/data-testid="invoice-balance">\$150\.00/)
    expect(html).toContain('Partially paid')
  })

  it('sends a visitor without a session to /portal (keeping the invoice, issue 36), and the PDF answers 401', async () => {
    const { invoice } = await sentInvoice()
    const page = await call(`/portal/invoices/${invoice.id}`, { redirect: 'manual' })
    expect(page.status).toBe(302)
    expect(page.headers.get('Location')).toBe(
      `/portal?next=${encodeURIComponent(`/portal/invoices/${invoice.id}`)}`,
    )
    const pdf = await call(`/portal/invoices/${invoice.id}/pdf`)
    expect(pdf.status).toBe(401)
    expect(await status(invoice.id)).toBe('sent')
  })

  it('gives the PDF to the invoice’s client only: another client gets 404', async () => {
    const { invoice, cookieA, cookieB } = await sentInvoice()
    const pdf = await call(`/portal/invoices/${invoice.id}/pdf`, { headers: { Cookie: cookieA } })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    expect(pdf.headers.get('Content-Disposition')).toContain(`${invoice.number}.pdf`)
    const bytes = new Uint8Array(await pdf.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const other = await call(`/portal/invoices/${invoice.id}/pdf`, { headers: { Cookie: cookieB } })
    expect(other.status).toBe(404)
    expect(other.headers.get('Content-Type')).not.toBe('application/pdf')
  })
})

describe('Pay now', () => {
  it('is hidden without a Stripe key, and a hand-made post finds nothing (404)', async () => {
    const { invoice, cookieA } = await sentInvoice()
    const spy = vi.spyOn(globalThis, 'fetch')
    const page = await withKey(`/portal/invoices/${invoice.id}`, { headers: { Cookie: cookieA } }, null)
    expect(page.status).toBe(200)
    expect(await page.text()).not.toContain('Pay now')
    const post = await withKey(
      `/portal/invoices/${invoice.id}`,
      { ...formPost({}), headers: { ...formPost({}).headers, Cookie: cookieA } },
      null,
    )
    expect(post.status).toBe(404)
    expect(spy).not.toHaveBeenCalled()
  })

  it('with a key, redirects to the Checkout Session made for the balance; another client gets 404', async () => {
    const { invoice, cookieA, cookieB } = await sentInvoice()
    const bodies: URLSearchParams[] = []
    const realFetch = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (!url.startsWith('https://api.stripe.com/')) return realFetch(input, init)
      bodies.push(new URLSearchParams(String(init?.body)))
      return new Response(
        JSON.stringify({
          id: 'cs_test_9',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_9',
        }),
        { status: 200, headers: { 'Content-Type': 'application/json', 'Request-Id': 'req_9' } },
      )
    })
    const page = await withKey(
      `/portal/invoices/${invoice.id}`,
      { headers: { Cookie: cookieA } },
      'sk_test_123',
    )
    expect(await page.text()).toContain('Pay now')

    const other = await withKey(
      `/portal/invoices/${invoice.id}`,
      { ...formPost({}), headers: { ...formPost({}).headers, Cookie: cookieB } },
      'sk_test_123',
    )
    expect(other.status).toBe(404)
    expect(bodies).toHaveLength(0)

    const pay = await withKey(
      `/portal/invoices/${invoice.id}`,
      { ...formPost({}), headers: { ...formPost({}).headers, Cookie: cookieA } },
      'sk_test_123',
    )
    expect(pay.status).toBe(302)
    expect(pay.headers.get('Location')).toBe('https://checkout.stripe.com/c/pay/cs_test_9')
    expect(bodies).toHaveLength(1)
    expect(bodies[0]!.get('client_reference_id')).toBe(invoice.number)
    expect(bodies[0]!.get('line_items[0][price_data][unit_amount]')).toBe('19000')
    // Nothing is recorded until Stripe's webhook says it was paid.
    const paid = await env.DB.prepare('select count(*) as n from payments where invoice_id = ?')
      .bind(invoice.id)
      .first<{ n: number }>()
    expect(paid!.n).toBe(0)
  })

  it('is not offered on a paid invoice, and a post answers 409 without calling Stripe', async () => {
    const { invoice, cookieA } = await sentInvoice()
    await asOwner(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      json: { amountCents: 19_000, method: 'check' },
    })
    const spy = vi.spyOn(globalThis, 'fetch')
    const page = await withKey(
      `/portal/invoices/${invoice.id}`,
      { headers: { Cookie: cookieA } },
      'sk_test_123',
    )
    expect(await page.text()).not.toContain('Pay now')
    const post = await withKey(
      `/portal/invoices/${invoice.id}`,
      { ...formPost({}), headers: { ...formPost({}).headers, Cookie: cookieA } },
      'sk_test_123',
    )
    expect(post.status).toBe(409)
    expect(await post.text()).toContain('This invoice is paid')
    expect(
      spy.mock.calls.some(([i]) => String(i instanceof Request ? i.url : i).includes('stripe.com')),
    ).toBe(false)
  })
})

describe('prepaid hours', () => {
  it('shows what is left of the client’s blocks on the dashboard', async () => {
    const a = await makeClient()
    const block = await asOwner('/api/prepaid-blocks', {
      method: 'POST',
      json: { clientId: a.clientId, minutes: 600, priceCents: 100_000 },
    })
    expect(block.status).toBe(201)
    await asOwner('/api/time-entries', {
      method: 'POST',
      json: { clientId: a.clientId, minutes: 90, description: 'Server patching' },
    })
    const html = await (
      await call('/portal', { headers: { Cookie: await portalCookie(a.contactId) } })
    ).text()
    expect(html).toMatch(/data-testid="prepaid-left"><strong>8\.5 hours<\/strong> left/)
  })
})

describe('the invoice e-mail', () => {
  it('signs the contact in and opens the invoice', async () => {
    const { invoice, a } = await sentInvoice()
    const mail = await env.DB.prepare(
      'select text_body from mail_outbox where recipient = ? order by id desc',
    )
      .bind(a.email)
      .first<{ text_body: string }>()
    const link = /http\S+\/portal\/sign-in\/\S+/.exec(mail!.text_body)![0]
    const token = new URL(link).pathname
    const used = await call(token, formPost({}))
    expect(used.status).toBe(302)
    expect(used.headers.get('Location')).toBe(`/portal/invoices/${invoice.id}`)
  })
})
