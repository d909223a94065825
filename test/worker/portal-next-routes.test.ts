// Issue 36, points 7 and 8: a link from an e-mail leads to its document after
// signing in again, whatever the portal page (not only a quote's); and a page
// that is another client's (or nobody's) answers 404 with "not found" and a
// way back to the portal, not "Something went wrong".
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { asOwner, type InvoiceBody, json, makeClient } from './billing-fixtures'
import { call, freshIp } from './helpers'
import { formPost, portalCookie, seedClient } from './portal-fixtures'

const hiddenNext = (html: string) =>
  /<input type="hidden" name="next" value="([^"]*)"/.exec(html)?.[1] ?? null

const ask = (fields: Record<string, string>) =>
  call('/portal', {
    ...formPost(fields),
    headers: { ...formPost({}).headers, 'cf-connecting-ip': freshIp() },
  })

async function mailedPath(email: string) {
  const mail = await vi.waitFor(async () => {
    const row = await env.DB.prepare(
      "select text_body as text from mail_outbox where kind = 'portal-link' and recipient = ? order by id desc limit 1",
    )
      .bind(email)
      .first<{ text: string }>()
    expect(row).not.toBeNull()
    return row!
  })
  return /\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0]
}

describe('signing in again from any portal page', () => {
  it.each([
    '/portal/invoices/12',
    '/portal/invoices/12?paid=1',
    '/portal/requests/S-1043',
    '/portal/requests/new',
    '/portal/files',
    '/portal/quotes/31',
  ])('%s without a session goes to the sign-in form, which keeps the page', async (page) => {
    const res = await call(page, { redirect: 'manual' })
    expect([302, 303]).toContain(res.status)
    const location = res.headers.get('location')!
    expect(location).toBe(`/portal?next=${encodeURIComponent(page)}`)
    expect(hiddenNext(await (await call(location)).text())).toBe(page)
  })

  it('an expired session on an invoice link: the new link signs in and opens the invoice', async () => {
    const a = await makeClient()
    const invoice = await json<InvoiceBody>(
      await asOwner('/api/invoices', {
        method: 'POST',
        json: {
          clientId: a.clientId,
          source: 'manual',
          lines: [{ description: 'Backup check', quantity: 1, unitPriceCents: 12_000 }],
        },
      }),
    )
    expect((await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })).status).toBe(200)
    const page = `/portal/invoices/${invoice.id}`
    // The e-mail gives the invoice's own address beside its one-time link, as the quote's does.
    const sent = await env.DB.prepare(
      "select text_body as text, html_body as html from mail_outbox where kind = 'billing' and recipient = ? order by id desc limit 1",
    )
      .bind(a.email)
      .first<{ text: string; html: string }>()
    const address = new URL(page, env.SITE_URL).toString()
    expect(sent!.text).toContain(`Later, the invoice is at ${address}`)
    expect(sent!.html).toContain(address)
    // A cookie whose session is gone is no session.
    const res = await call(page, { redirect: 'manual', headers: { Cookie: 'portal_session=expired-token' } })
    const location = res.headers.get('location')!
    const next = hiddenNext(await (await call(location)).text())
    expect(next).toBe(page)
    const email = a.email
    expect((await ask({ email, next: next! })).status).toBe(200)
    const signIn = await call(await mailedPath(email), formPost({}))
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get('Location')).toBe(page)
  })

  it('refuses an open redirect: a crafted page or next never leads off the portal', async () => {
    for (const evil of ['/portal?next=https://evil.example', '/portal?next=//evil.example/portal']) {
      expect(hiddenNext(await (await call(evil)).text())).toBeNull()
    }
    const a = await seedClient('open-redirect')
    expect((await ask({ email: a.email, next: '//evil.example/portal' })).status).toBe(200)
    const signIn = await call(await mailedPath(a.email), formPost({}))
    expect(signIn.headers.get('Location')).toBe('/portal')
  })
})

describe("another client's record", () => {
  it('is a 404 that says not found and links to the portal', async () => {
    const a = await seedClient('own')
    const b = await seedClient('other')
    const cookieB = await portalCookie(b.contactId)
    for (const page of [
      `/portal/requests/${a.reference}`,
      '/portal/invoices/999999999',
      '/portal/quotes/999999999',
    ]) {
      const res = await call(page, { headers: { Cookie: cookieB } })
      expect(res.status, page).toBe(404)
      const html = await res.text()
      expect(html, page).toMatch(/not found/i)
      expect(html, page).toContain('href="/portal"')
      expect(html, page).not.toContain('Something went wrong')
    }
  })
})

describe('a record missing outside the portal', () => {
  it("is the spec's 404 text with the way home, not the portal's", async () => {
    const res = await call('/portfolio-solutions/no-such-solution')
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(html).toContain('The page you&#x27;re looking for doesn&#x27;t exist.')
    expect(html).toContain('href="/"')
    expect(html).not.toContain('href="/portal"')
  })
})
