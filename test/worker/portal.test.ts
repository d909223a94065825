// The client portal (issue 24): sign-in links, contact sessions, the access
// rule (another client's records answer 404 like missing ones), replies,
// files, and a contact session refused by every owner operation.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { app } from '../../worker/app'
import worker from '../../worker/index'
import { createSignInLink, SIGN_IN_LINK_TTL_MS, signInLinkUsable } from '../../worker/services/portal-links'
import {
  createPortalSession,
  loadPortalSession,
  PORTAL_SESSION_IDLE_MS,
  PORTAL_SESSION_LIFETIME_MS,
  signInWithLink,
} from '../../worker/services/portal-sessions'
import { call, freshIp, inOneRateWindow } from './helpers'
import { db, formPost, portalCookie, seedClient } from './portal-fixtures'

const tokenOf = (url: string) => url.split('/portal/sign-in/')[1]!
const DAY = 24 * 60 * 60_000

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n

describe('sign-in links', () => {
  it('is an absolute URL under SITE_URL whose token is stored only as a hash', async () => {
    const a = await seedClient('link')
    const url = await createSignInLink(db(), env, { contactId: a.contactId, next: '/portal/requests/S-1' })
    expect(url).toMatch(/^http:\/\/localhost:8787\/portal\/sign-in\/[A-Za-z0-9_-]{43}$/)
    const stored = await env.DB.prepare('select token_hash, next from portal_links where contact_id = ?')
      .bind(a.contactId)
      .first<{ token_hash: string; next: string }>()
    expect(stored!.token_hash).not.toContain(tokenOf(url))
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored!.next).toBe('/portal/requests/S-1')
  })

  it('works once, and not after 15 minutes', async () => {
    const a = await seedClient('once')
    const now = Date.now()
    const first = tokenOf(await createSignInLink(db(), env, { contactId: a.contactId }, now))
    expect(await signInLinkUsable(db(), first, now)).toBe(true)
    expect(await signInWithLink(db(), first, undefined, now + 1000)).toMatchObject({
      contactId: a.contactId,
      next: null,
    })
    expect(await signInWithLink(db(), first, undefined, now + 2000)).toBeNull()
    expect(await signInLinkUsable(db(), first, now + 2000)).toBe(false)

    const second = tokenOf(await createSignInLink(db(), env, { contactId: a.contactId }, now))
    expect(await signInWithLink(db(), second, undefined, now + SIGN_IN_LINK_TTL_MS)).toBeNull()
    expect(await signInWithLink(db(), second, undefined, now + SIGN_IN_LINK_TTL_MS - 1)).not.toBeNull()
  })

  it('signs in exactly once when used five times at the same moment', async () => {
    const a = await seedClient('race')
    const token = tokenOf(await createSignInLink(db(), env, { contactId: a.contactId }))
    const results = await Promise.all(Array.from({ length: 5 }, () => signInWithLink(db(), token)))
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await count('select count(*) as n from portal_sessions where contact_id = ?', a.contactId)).toBe(1)
  })

  it('only ever leads to a path under /portal', async () => {
    const a = await seedClient('next')
    for (const next of ['https://evil.example/portal', '//evil.example/portal', '/admin', '/portal\\@evil']) {
      const token = tokenOf(await createSignInLink(db(), env, { contactId: a.contactId, next }))
      expect((await signInWithLink(db(), token))!.next).toBeNull()
    }
  })
})

describe('contact sessions', () => {
  it('end after 7 idle days', async () => {
    const a = await seedClient('idle')
    const now = Date.now()
    const { token } = (await createPortalSession(db(), a.contactId, undefined, now))!
    expect(await loadPortalSession(db(), token, now + PORTAL_SESSION_IDLE_MS - 1000)).toMatchObject({
      contactId: a.contactId,
      clientId: a.clientId,
      name: 'idle Person',
      email: a.email,
      clientName: expect.stringMatching(/^idle Clinic /),
    })
    // Seen a moment before the limit, so idle counts from then.
    expect(await loadPortalSession(db(), token, now + 2 * PORTAL_SESSION_IDLE_MS - 2000)).not.toBeNull()
    expect(await loadPortalSession(db(), token, now + 3 * PORTAL_SESSION_IDLE_MS)).toBeNull()
  })

  it('end 30 days after sign-in however often they are used', async () => {
    const a = await seedClient('life')
    const now = Date.now()
    const { token } = (await createPortalSession(db(), a.contactId, undefined, now))!
    for (let day = 6; day < 30; day += 6)
      expect(await loadPortalSession(db(), token, now + day * DAY)).not.toBeNull()
    expect(await loadPortalSession(db(), token, now + PORTAL_SESSION_LIFETIME_MS)).toBeNull()
    expect(await count('select count(*) as n from portal_sessions where contact_id = ?', a.contactId)).toBe(0)
  })
})

describe('asking for a link at /portal', () => {
  const ask = (email: string, ip = freshIp()) =>
    call('/portal', { ...formPost({ email }), headers: { ...formPost({}).headers, 'cf-connecting-ip': ip } })

  it('answers a known and an unknown address the same, and mails only the known one', async () => {
    const a = await seedClient('ask')
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`
    const known = await ask(a.email.toUpperCase())
    const other = await ask(unknown)
    expect(known.status).toBe(200)
    expect(other.status).toBe(200)
    const text = (html: string) => html.match(/role="status"[^>]*>([^<]*)</)?.[1]
    expect(text(await known.text())).toBe(text(await other.text()))
    // The link and its e-mail are made after the answer (issue 34).
    await vi.waitFor(async () => {
      expect(await count('select count(*) as n from portal_links where contact_id = ?', a.contactId)).toBe(1)
      expect(
        await count(
          "select count(*) as n from mail_outbox where kind = 'portal-link' and recipient = ?",
          a.email,
        ),
      ).toBe(1)
    })
    expect(await count('select count(*) as n from mail_outbox where recipient = ?', unknown)).toBe(0)
  })

  it('sends no e-mail with visitor mail off (the owner copies a link instead)', async () => {
    const a = await seedClient('mailoff')
    const ctx = createExecutionContext()
    const res = await app.request(
      'http://localhost:8787/portal',
      {
        ...formPost({ email: a.email }),
        headers: {
          ...formPost({}).headers,
          Origin: 'http://localhost:8787',
          'Sec-Fetch-Site': 'same-origin',
        },
      },
      { ...env, VISITOR_MAIL: 'off' },
      ctx,
    )
    expect(res.status).toBe(200)
    await waitOnExecutionContext(ctx)
    // The link is made (the owner can copy a fresh one), but nothing is mailed.
    expect(await count('select count(*) as n from portal_links where contact_id = ?', a.contactId)).toBe(1)
    expect(await count('select count(*) as n from mail_outbox where recipient = ?', a.email)).toBe(0)
  })

  it('refuses a malformed address with a field error and stores nothing', async () => {
    const before = await count('select count(*) as n from portal_links')
    for (const email of ['', 'not-an-address', 'a@b', `${'x'.repeat(300)}@example.com`]) {
      const res = await ask(email)
      expect(res.status).toBe(400)
      const html = await res.text()
      expect(html).toContain('id="email-error"')
      expect(html).toMatch(/id="email-error"[^>]*>[^<]+</)
    }
    expect(await count('select count(*) as n from portal_links')).toBe(before)
  })

  it('is limited per network and per address', async () => {
    const a = await seedClient('limit')
    await inOneRateWindow(async () => {
      const ip = freshIp()
      const statuses = []
      for (let i = 0; i < 6; i++) statuses.push((await ask(`someone-${i}-${ip}@example.com`, ip)).status)
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
      expect(statuses[5]).toBe(429)
    })
    await inOneRateWindow(async () => {
      const statuses = []
      for (let i = 0; i < 6; i++) statuses.push((await ask(a.email, freshIp())).status)
      expect(statuses[5]).toBe(429)
    })
    // And at most 5 links an hour for one contact, however the asks come.
    expect(
      await count('select count(*) as n from portal_links where contact_id = ?', a.contactId),
    ).toBeLessThanOrEqual(5)
  })
})

describe('the link page', () => {
  it('GET shows Continue without using the link; POST signs in once and goes to next', async () => {
    const a = await seedClient('page')
    const url = await createSignInLink(db(), env, {
      contactId: a.contactId,
      next: `/portal/requests/${a.reference}`,
    })
    const path = new URL(url).pathname
    for (let i = 0; i < 2; i++) {
      const res = await call(path)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('Continue')
    }
    const res = await call(path, formPost({}))
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(`/portal/requests/${a.reference}`)
    const cookie = res.headers.get('Set-Cookie')!
    expect(cookie).toMatch(/^portal_session=[a-z2-7]{32};/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')

    const again = await call(path, formPost({}))
    expect(again.status).toBe(410)
    expect(again.headers.get('Set-Cookie')).toBeNull()
    expect(await again.text()).toContain('already used or has expired')
    expect((await call(path)).status).toBe(410)

    const page = await call(`/portal/requests/${a.reference}`, {
      headers: { Cookie: cookie.split(';')[0]! },
    })
    expect(page.status).toBe(200)
  })

  it('uses a Secure __Host- cookie outside localhost', async () => {
    const a = await seedClient('secure')
    const url = await createSignInLink(db(), env, { contactId: a.contactId })
    const res = await app.request(
      `https://portal.example${new URL(url).pathname}`,
      { ...formPost({}), headers: { ...formPost({}).headers, Origin: 'https://portal.example' } },
      { ...env, ENVIRONMENT: 'production' },
    )
    expect(res.status).toBe(302)
    const cookie = res.headers.get('Set-Cookie')!
    expect(cookie).toMatch(/^__Host-portal_session=/)
    expect(cookie).toContain('Secure')
  })
})

describe('the access rule', () => {
  it('shows the client its own requests and thread, never notes, never another client', async () => {
    const a = await seedClient('alpha')
    const b = await seedClient('beta')
    const cookie = await portalCookie(a.contactId)
    const home = await call('/portal', { headers: { Cookie: cookie } })
    expect(home.status).toBe(200)
    expect(home.headers.get('Cache-Control')).toBe('private, no-store')
    expect(home.headers.get('Referrer-Policy')).toBe('no-referrer')
    const html = await home.text()
    expect(html).toContain(a.reference)
    expect(html).not.toContain(b.reference)
    expect(html).toContain('noindex')
    // The data request a client-side navigation makes carries the same data, under the same rules.
    const data = await call('/portal.data', { headers: { Cookie: cookie } })
    expect(data.headers.get('Cache-Control')).toBe('private, no-store')
    expect(data.headers.get('X-Robots-Tag')).toBe('noindex, nofollow')
    expect(await data.text()).toContain(a.reference)

    const page = await call(`/portal/requests/${a.reference}`, { headers: { Cookie: cookie } })
    const body = await page.text()
    expect(body).toContain('Owner answer for alpha')
    expect(body).not.toContain(a.note)

    const other = await call(`/portal/requests/${b.reference}`, { headers: { Cookie: cookie } })
    const missing = await call('/portal/requests/S-999999', { headers: { Cookie: cookie } })
    expect(other.status).toBe(404)
    expect(missing.status).toBe(404)
    expect(await other.text()).not.toContain('Owner answer for beta')
    expect((await call('/portal/requests/not-a-ref', { headers: { Cookie: cookie } })).status).toBe(404)
  })

  it('without a session, every portal page leads to the sign-in form', async () => {
    const a = await seedClient('anon')
    for (const path of [`/portal/requests/${a.reference}`, '/portal/files', '/portal/requests/new']) {
      const res = await call(path, { redirect: 'manual' })
      expect(res.status).toBe(302)
      // The sign-in form, keeping the page for the new link (issue 36).
      expect(res.headers.get('Location')).toBe(`/portal?next=${encodeURIComponent(path)}`)
    }
    const home = await call('/portal')
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('E-mail me a sign-in link')
    // Actions too: nothing is stored.
    const before = await count('select count(*) as n from request_messages')
    const res = await call(`/portal/requests/${a.reference}`, formPost({ intent: 'reply', body: 'hi' }))
    expect(res.status).toBe(302)
    expect(await count('select count(*) as n from request_messages')).toBe(before)
    expect((await call('/portal/files/1/download')).status).toBe(401)
  })

  it('refuses a contact session on every owner REST route and on GraphQL', async () => {
    const a = await seedClient('owner-ops')
    const cookie = await portalCookie(a.contactId)
    const token = cookie.split('=')[1]!
    for (const c of [cookie, `session=${token}`, `__Host-session=${token}`]) {
      const res = await call('/api/consultations', { headers: { Cookie: c } })
      expect(res.status).toBe(401)
      const gql = await call('/graphql', {
        method: 'POST',
        headers: { Cookie: c, 'x-graphql-yoga-csrf': '1' },
        json: { query: '{ consultations { id } }' },
      })
      expect([401, 403]).toContain(gql.status)
      expect(await gql.text()).not.toContain('"consultations":[')
    }
    // And every other owner route in the table.
    for (const route of app.routes) {
      if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue
      if (!/(support-requests|consultations|uploads|security|requests|resumes)/.test(route.path)) continue
      if (route.method === 'POST' && /\/api\/consultations$/.test(route.path)) continue
      const res = await call(route.path.replace(/:[^/]+/g, '1'), {
        method: route.method,
        headers: { Cookie: cookie },
        ...(route.method === 'GET' ? {} : { json: {} }),
      })
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      })
    }
  })
})

describe('replies from the portal', () => {
  it('join the thread as the contact, like an e-mailed reply', async () => {
    const a = await seedClient('reply')
    const cookie = await portalCookie(a.contactId)
    const res = await call(`/portal/requests/${a.reference}`, {
      ...formPost({ intent: 'reply', body: 'Still offline after a restart.' }),
      headers: { ...formPost({}).headers, Cookie: cookie },
    })
    expect(res.status).toBe(200)
    const row = await env.DB.prepare(
      'select direction, author, body from request_messages where support_request_id = ? order by id desc limit 1',
    )
      .bind(a.requestId)
      .first()
    expect(row).toEqual({ direction: 'in', author: a.email, body: 'Still offline after a restart.' })
    // The owner's thread (REST) shows it.
    const { ownerCookie } = await import('./session-helpers')
    const thread = await call(`/api/support-requests/${a.requestId}/messages`, {
      headers: { Cookie: await ownerCookie() },
    })
    expect((await thread.json()) as { body: string }[]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ body: 'Still offline after a restart.', direction: 'in' }),
      ]),
    )
  })

  it('refuses empty and huge replies with a field error, and another client’s request with 404; nothing stored', async () => {
    const a = await seedClient('bad-reply')
    const b = await seedClient('bad-reply-b')
    const cookie = await portalCookie(a.contactId)
    const post = (reference: string, body: string) =>
      call(`/portal/requests/${reference}`, {
        ...formPost({ intent: 'reply', body }),
        headers: { ...formPost({}).headers, Cookie: cookie },
      })
    const before = await count('select count(*) as n from request_messages')
    const empty = await post(a.reference, '   ')
    expect(empty.status).toBe(400)
    expect(await empty.text()).toMatch(/id="body-error"[^>]*>[^<]+</)
    const huge = await post(a.reference, 'x'.repeat(10_001))
    expect(huge.status).toBe(400)
    expect(await huge.text()).toContain('at most 10000')
    expect((await post(b.reference, 'Hello')).status).toBe(404)
    expect((await post('S-999999', 'Hello')).status).toBe(404)
    expect(await count('select count(*) as n from request_messages')).toBe(before)
  })
})

describe('files', () => {
  const upload = (cookie: string, name: string, content: string, type = 'text/plain') => {
    const form = new FormData()
    form.set('file', new File([content], name, { type }))
    return call('/portal/files', { method: 'POST', body: form, headers: { Cookie: cookie } })
  }

  it('uploads checked files, downloads them only for the same client', async () => {
    const a = await seedClient('files-a')
    const b = await seedClient('files-b')
    const cookieA = await portalCookie(a.contactId)
    const cookieB = await portalCookie(b.contactId)
    expect((await upload(cookieA, 'notes.txt', 'The router is in the back office.')).status).toBe(200)
    const row = await env.DB.prepare(
      'select id, uploaded_by, contact_id from client_files where client_id = ?',
    )
      .bind(a.clientId)
      .first<{ id: number; uploaded_by: string; contact_id: number }>()
    expect(row).toMatchObject({ uploaded_by: 'contact', contact_id: a.contactId })

    const own = await call(`/portal/files/${row!.id}/download`, { headers: { Cookie: cookieA } })
    expect(own.status).toBe(200)
    expect(await own.text()).toBe('The router is in the back office.')
    expect(own.headers.get('Content-Disposition')).toMatch(/^attachment/)
    const other = await call(`/portal/files/${row!.id}/download`, { headers: { Cookie: cookieB } })
    const missing = await call('/portal/files/99999999/download', { headers: { Cookie: cookieB } })
    expect(other.status).toBe(404)
    expect(missing.status).toBe(404)
    expect(await other.json()).toEqual(await missing.json())

    const list = await call('/portal/files', { headers: { Cookie: cookieB } })
    expect(await list.text()).not.toContain('notes.txt')
    expect(await (await call('/portal/files', { headers: { Cookie: cookieA } })).text()).toContain(
      'patient health information',
    )
  })

  it('refuses SVG, HTML and empty files with a field error and stores nothing', async () => {
    const a = await seedClient('files-bad')
    const cookie = await portalCookie(a.contactId)
    for (const [name, content] of [
      ['x.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['x.html', '<html><script>alert(1)</script></html>'],
      ['x.txt', ''],
    ] as const) {
      const res = await upload(cookie, name, content)
      expect(res.status).toBe(400)
      expect(await res.text()).toMatch(/id="file-error"[^>]*>[^<]+</)
    }
    expect(await count('select count(*) as n from client_files where client_id = ?', a.clientId)).toBe(0)
  })
})

describe('sign-out', () => {
  it('ends the session', async () => {
    const a = await seedClient('out')
    const cookie = await portalCookie(a.contactId)
    const res = await call('/portal/sign-out', {
      ...formPost({}),
      headers: { ...formPost({}).headers, Cookie: cookie },
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('Set-Cookie')).toMatch(/^portal_session=;/)
    expect(await count('select count(*) as n from portal_sessions where contact_id = ?', a.contactId)).toBe(0)
    const after = await call(`/portal/requests/${a.reference}`, {
      headers: { Cookie: cookie },
      redirect: 'manual',
    })
    expect(after.status).toBe(302)
  })
})

describe('the cron', () => {
  it('deletes ended sessions, old links and the e-mails that carried them', async () => {
    const a = await seedClient('cron')
    const now = Date.now()
    await createPortalSession(db(), a.contactId, undefined, now)
    await createSignInLink(db(), env, { contactId: a.contactId }, now)
    await env.DB.prepare(
      `insert into mail_outbox (kind, recipient, subject, text_body, html_body, status, created_at, updated_at)
       values ('portal-link', ?, 'link', 'a link', 'a link', 'sent', ?, ?)`,
    )
      .bind(a.email, now, now)
      .run()
    const rows = () =>
      Promise.all([
        count('select count(*) as n from portal_sessions where contact_id = ?', a.contactId),
        count('select count(*) as n from portal_links where contact_id = ?', a.contactId),
        count("select count(*) as n from mail_outbox where kind = 'portal-link' and recipient = ?", a.email),
      ])
    const cron = async (at: number) => {
      const ctx = createExecutionContext()
      await worker.scheduled(createScheduledController({ scheduledTime: at }), env, ctx)
      await waitOnExecutionContext(ctx)
    }
    await cron(now + 60_000)
    expect(await rows()).toEqual([1, 1, 1])
    await cron(now + 3 * 60 * 60_000)
    expect(await rows()).toEqual([1, 0, 0])
    await cron(now + PORTAL_SESSION_IDLE_MS + 1000)
    expect(await rows()).toEqual([0, 0, 0])
  })
})
