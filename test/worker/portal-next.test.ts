// A quote's (or invoice's) e-mailed sign-in link outlives its 15 minutes
// (issue 25): the page of a used or expired link offers "E-mail me a new link",
// which keeps where the link led; the new link goes there. Only /portal paths
// are kept (no open redirect); the form is /portal's own, with its limits and
// its neutral answer, and works without JavaScript (plain form posts here).
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { createSignInLink, SIGN_IN_LINK_TTL_MS } from '../../worker/services/portal-links'
import { call, freshIp, inOneRateWindow } from './helpers'
import { db, formPost, seedClient } from './portal-fixtures'

const pathOf = (url: string) => new URL(url).pathname
const hiddenNext = (html: string) =>
  /<input type="hidden" name="next" value="([^"]*)"/.exec(html)?.[1] ?? null
const statusText = (html: string) => html.match(/role="status"[^>]*>([^<]*)</)?.[1]

const ask = (fields: Record<string, string>, ip = freshIp()) =>
  call('/portal', { ...formPost(fields), headers: { ...formPost({}).headers, 'cf-connecting-ip': ip } })

const linksOf = (contactId: number) =>
  env.DB.prepare('select next from portal_links where contact_id = ? order by created_at')
    .bind(contactId)
    .all<{ next: string | null }>()
    .then((r) => r.results.map((l) => l.next))

/** The newest link's token, from the e-mail that carried it (queued after the answer: waited for). */
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

describe('the page of a dead quote link', () => {
  it('offers a new link that keeps the quote, for an expired link and for a used one', async () => {
    const a = await seedClient('expired')
    const next = '/portal/quotes/4242'
    const expired = await createSignInLink(
      db(),
      env,
      { contactId: a.contactId, next },
      Date.now() - SIGN_IN_LINK_TTL_MS - 60_000,
    )
    const page = await call(pathOf(expired))
    expect(page.status).toBe(410)
    const html = await page.text()
    expect(html).toContain('already used or has expired')
    expect(html).toContain('E-mail me a new link')
    expect(html).toMatch(/<form(?=[^>]*method="post")[^>]*action="\/portal"/)
    expect(hiddenNext(html)).toBe(next)

    // A used link: the refused POST answers the same form.
    const fresh = await createSignInLink(db(), env, { contactId: a.contactId, next })
    expect((await call(pathOf(fresh), formPost({}))).status).toBe(302)
    const again = await call(pathOf(fresh), formPost({}))
    expect(again.status).toBe(410)
    expect(hiddenNext(await again.text())).toBe(next)

    // An unknown token: the same page, no destination to keep.
    const unknown = await call(`/portal/sign-in/${'A'.repeat(43)}`)
    expect(unknown.status).toBe(410)
    const unknownHtml = await unknown.text()
    expect(unknownHtml).toContain('E-mail me a new link')
    expect(hiddenNext(unknownHtml)).toBeNull()
  })

  it('sends a link that signs in and opens the quote, with the neutral answer', async () => {
    const a = await seedClient('resend')
    const next = '/portal/quotes/77'
    const withNext = await ask({ email: a.email, next })
    expect(withNext.status).toBe(200)
    const answer = statusText(await withNext.text())
    // Word for word what /portal says for an unknown address without a destination.
    const plain = await ask({ email: `nobody-${crypto.randomUUID().slice(0, 8)}@example.com` })
    expect(statusText(await plain.text())).toBe(answer)
    // The link is made after the answer (issue 34).
    await vi.waitFor(async () => expect(await linksOf(a.contactId)).toEqual([next]))

    const signIn = await call(await mailedPath(a.email), formPost({}))
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get('Location')).toBe(next)
  })

  it('keeps no destination outside /portal: the new link goes to the dashboard', async () => {
    const a = await seedClient('evil')
    const unsafe = [
      'https://evil.example/portal',
      '//evil.example/portal',
      '/portal//evil.example',
      'javascript:alert(1)',
      '/portal\\..\\admin',
    ]
    // Five asks: the per-address limit (and the per-contact cap) is five an hour.
    for (const next of unsafe) {
      const res = await ask({ email: a.email, next })
      expect(res.status).toBe(200)
      // Not carried on either: the answer's form has no destination.
      expect(hiddenNext(await res.text())).toBeNull()
    }
    await vi.waitFor(async () => expect(await linksOf(a.contactId)).toEqual(unsafe.map(() => null)))
    const signIn = await call(await mailedPath(a.email), formPost({}))
    expect(signIn.headers.get('Location')).toBe('/portal')
  })

  it('refuses a bad address with a field error, keeps the destination in the form and stores nothing', async () => {
    const before = (await env.DB.prepare('select count(*) as n from portal_links').first<{ n: number }>())!.n
    const res = await ask({ email: 'not-an-address', next: '/portal/quotes/9' })
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toMatch(/id="email-error"[^>]*>[^<]+</)
    expect(hiddenNext(html)).toBe('/portal/quotes/9')
    expect((await env.DB.prepare('select count(*) as n from portal_links').first<{ n: number }>())!.n).toBe(
      before,
    )
  })

  it("is limited like /portal's own form", async () => {
    await inOneRateWindow(async () => {
      const ip = freshIp()
      const statuses = []
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await ask({ email: `someone-${i}-${ip}@example.com`, next: '/portal/quotes/1' }, ip)).status,
        )
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    })
  })

  it("sends a signed-out visitor of a quote page to /portal's form, which keeps the quote", async () => {
    const res = await call('/portal/quotes/31', { redirect: 'manual' })
    expect([302, 303]).toContain(res.status)
    const location = res.headers.get('location')!
    expect(location).toBe(`/portal?next=${encodeURIComponent('/portal/quotes/31')}`)
    const form = await (await call(location)).text()
    expect(form).toContain('E-mail me a sign-in link')
    expect(hiddenNext(form)).toBe('/portal/quotes/31')
    // A crafted ?next outside the portal is not carried.
    expect(hiddenNext(await (await call('/portal?next=https://evil.example')).text())).toBeNull()
  })
})
