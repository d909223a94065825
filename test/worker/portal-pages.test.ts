// The client portal's consultation, new-request and file-quota actions, and
// its D1 budget (at most 4 round trips a page), issue 24.
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { PORTAL_CLIENT_QUOTA_BYTES } from '../../schema/constants'
import { businessDate } from '../../schema/slot-time'
import { app } from '../../worker/app'
import { QUOTA_MESSAGE } from '../../worker/services/portal'
import { call, ORIGIN } from './helpers'
import { formPost, portalCookie, seedClient } from './portal-fixtures'
import { nextFreeSlot } from './requests-fixtures'

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n

/** A confirmed consultation of the client, well ahead of the change cut-off. */
async function seedConsultation(clientId: number, contactId: number, email: string) {
  const slot = nextFreeSlot()
  const number = await env.DB.prepare(
    "insert into request_numbers (kind) values ('consultation') returning id",
  ).first<{
    id: number
  }>()
  const reference = `C-${1000 + number!.id}`
  const now = Date.now()
  await env.DB.prepare(
    `insert into consultations (name, email, project_type, preferred_date, preferred_time, description, status,
      reference, uid, client_id, contact_id, created_at, updated_at)
     values ('Portal Person', ?, 'other', ?, ?, 'Talk about the new scheduling system', 'confirmed', ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      email,
      slot.preferredDate,
      slot.preferredTime,
      reference,
      crypto.randomUUID(),
      clientId,
      contactId,
      now,
      now,
    )
    .run()
  return { reference, slot }
}

const post = (path: string, cookie: string, fields: Record<string, string>) =>
  call(path, { ...formPost(fields), headers: { ...formPost({}).headers, Cookie: cookie } })

describe('consultations in the portal', () => {
  it('shows the time in Central, and cancels under the manage link’s rules; another client gets 404', async () => {
    const a = await seedClient('meet-a')
    const b = await seedClient('meet-b')
    const { reference } = await seedConsultation(a.clientId, a.contactId, a.email)
    const cookieA = await portalCookie(a.contactId)
    const cookieB = await portalCookie(b.contactId)

    const home = await (await call('/portal', { headers: { Cookie: cookieA } })).text()
    expect(home).toContain('Central Time')
    const page = await call(`/portal/requests/${reference}`, { headers: { Cookie: cookieA } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Move my consultation')
    expect(html).toContain('Cancel this consultation')

    // Another client's consultation: 404 for reading, moving and cancelling, and it stays confirmed.
    expect((await call(`/portal/requests/${reference}`, { headers: { Cookie: cookieB } })).status).toBe(404)
    expect((await post(`/portal/requests/${reference}`, cookieB, { intent: 'cancel' })).status).toBe(404)
    expect(
      (await post(`/portal/requests/${reference}`, cookieB, { intent: 'move', slot: '2031-01-14|09:00' }))
        .status,
    ).toBe(404)
    const status = () =>
      env.DB.prepare('select status from consultations where reference = ?')
        .bind(reference)
        .first<{ status: string }>()
    expect((await status())!.status).toBe('confirmed')

    // A slot off the list is a field error; nothing moves.
    const bad = await post(`/portal/requests/${reference}`, cookieA, { intent: 'move', slot: 'never|25:00' })
    expect(bad.status).toBe(400)

    const cancelled = await post(`/portal/requests/${reference}`, cookieA, { intent: 'cancel' })
    expect(cancelled.status).toBe(200)
    expect(await cancelled.text()).toContain('Your consultation is cancelled')
    expect((await status())!.status).toBe('cancelled')
    // Once cancelled, the same rules as the manage link: no second change.
    expect((await post(`/portal/requests/${reference}`, cookieA, { intent: 'cancel' })).status).toBe(400)
  })
})

describe('the consultation block in the portal (the manage link’s, issue 28)', () => {
  it('asks before cancelling, then passes the optional reason to the owner as the manage link does', async () => {
    const a = await seedClient('meet-reason')
    const { reference } = await seedConsultation(a.clientId, a.contactId, a.email)
    const cookie = await portalCookie(a.contactId)
    const path = `/portal/requests/${reference}`
    const status = async () =>
      (await env.DB.prepare('select status from consultations where reference = ?')
        .bind(reference)
        .first<{ status: string }>())!.status

    const asked = await post(path, cookie, { intent: 'cancel-ask' })
    expect(asked.status).toBe(200)
    const askHtml = await asked.text()
    expect(askHtml).toContain('Confirm cancellation')
    expect(askHtml).toContain('Reason (optional, sent to the consultant)')
    expect(await status()).toBe('confirmed')

    const tooLong = await post(path, cookie, { intent: 'cancel', reason: 'x'.repeat(1001) })
    expect(tooLong.status).toBe(400)
    expect(await tooLong.text()).toContain('Keep the reason under 1000 characters')
    expect(await status()).toBe('confirmed')

    const reason = 'We hired someone in-house, thank you.'
    const done = await post(path, cookie, { intent: 'cancel', reason })
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('Your consultation is cancelled')
    expect(await status()).toBe('cancelled')
    // The owner's calendar copy names the reason, and it is the client's message in the thread.
    const ownerCopy = await env.DB.prepare(
      'select text_body from mail_outbox where recipient = ? and text_body like ? order by id desc',
    )
      .bind(env.NOTIFY_EMAIL, `%${reference}%`)
      .first<{ text_body: string }>()
    expect(ownerCopy!.text_body).toContain(`Reason: ${reason}`)
    const thread = await env.DB.prepare(
      'select m.direction, m.body from request_messages m join consultations c on c.id = m.consultation_id where c.reference = ?',
    )
      .bind(reference)
      .all<{ direction: string; body: string }>()
    expect(thread.results).toEqual([{ direction: 'in', body: `Cancelled by the visitor. Reason: ${reason}` }])
  })

  it('offers days first, then the chosen day’s times; a day that is not one is said so (garbage: 400)', async () => {
    const a = await seedClient('meet-days')
    const { reference, slot } = await seedConsultation(a.clientId, a.contactId, a.email)
    const cookie = await portalCookie(a.contactId)
    const get = (query: string) =>
      call(`/portal/requests/${reference}${query}`, { headers: { Cookie: cookie } })
    const offered = (html: string) =>
      new Set([...html.matchAll(/value="(\d{4}-\d{2}-\d{2})\|\d{2}:\d{2}"/g)].map((m) => m[1]))
    const html = await (await get('')).text()
    const days = [...html.matchAll(/\?day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]!)
    expect(days.length).toBeGreaterThan(1)
    // Weekdays only, each once.
    expect(days.filter((d) => [0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()))).toEqual([])
    expect(offered(html).size).toBe(1)
    const other = days.find((d) => d !== businessDate(new Date(slot.preferredDate)))!
    const chosen = await get(`?day=${other}`)
    expect(chosen.status).toBe(200)
    expect(offered(await chosen.text())).toEqual(new Set([other]))
    const junk = await get('?day=not-a-day')
    expect(junk.status).toBe(400)
    const junkHtml = await junk.text()
    expect(junkHtml).toContain('That is not a day in the list')
    expect(offered(junkHtml).size).toBe(0)
  })
})

describe('a new support request from the portal', () => {
  it('goes through the intake with the signed-in contact’s own address', async () => {
    const a = await seedClient('new-req')
    const cookie = await portalCookie(a.contactId)
    const form = await call('/portal/requests/new', { headers: { Cookie: cookie } })
    expect(form.status).toBe(200)
    expect(await form.text()).toContain('value="618-555-0100"')

    const res = await post('/portal/requests/new', cookie, {
      phone: '618-555-0100',
      businessName: '',
      issueType: 'software',
      urgency: 'low',
      preferredContact: 'email',
      description: `Portal request ${a.email}`,
      // A forged address is ignored: the request is the contact's.
      email: 'someone-else@example.com',
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toMatch(/^\/portal\/requests\/S-\d+$/)
    const row = await env.DB.prepare('select email, name from support_requests where description = ?')
      .bind(`Portal request ${a.email}`)
      .first()
    expect(row).toEqual({ email: a.email, name: 'new-req Person' })
  })

  it('comes back with field errors and stores nothing on bad input', async () => {
    const a = await seedClient('new-bad')
    const cookie = await portalCookie(a.contactId)
    const before = await count('select count(*) as n from support_requests')
    const res = await post('/portal/requests/new', cookie, {
      phone: 'x',
      issueType: 'nope',
      urgency: '',
      preferredContact: 'email',
      description: '',
    })
    expect(res.status).toBe(400)
    const html = await res.text()
    for (const field of ['phone', 'issueType', 'urgency', 'description'])
      expect(html).toMatch(new RegExp(`id="${field}-error"[^>]*>[^<]+<`))
    expect(await count('select count(*) as n from support_requests')).toBe(before)
  })
})

describe('the per-client file quota', () => {
  it('refuses an upload past it with a field error and stores nothing', async () => {
    const a = await seedClient('quota')
    const now = Date.now()
    await env.DB.prepare(
      `insert into client_files (client_id, key, name, type, size, uploaded_by, created_at, updated_at)
       values (?, ?, 'big.pdf', 'application/pdf', ?, 'owner', ?, ?)`,
    )
      .bind(
        a.clientId,
        `clients/${a.clientId}/${crypto.randomUUID()}`,
        PORTAL_CLIENT_QUOTA_BYTES - 10,
        now,
        now,
      )
      .run()
    const form = new FormData()
    form.set('file', new File(['more than ten bytes of notes'], 'notes.txt', { type: 'text/plain' }))
    const res = await call('/portal/files', {
      method: 'POST',
      body: form,
      headers: { Cookie: await portalCookie(a.contactId) },
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain(QUOTA_MESSAGE.replace(/'/g, '&#x27;'))
    expect(await count('select count(*) as n from client_files where client_id = ?', a.clientId)).toBe(1)
  })
})

/** The DB binding with every round trip counted: a statement run, or a batch. */
function countingDb(db: D1Database) {
  const counter = { trips: 0 }
  const wrapStatement = (s: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(s, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target)
        if (prop === 'bind') return (...args: unknown[]) => wrapStatement(value.apply(target, args))
        if (['all', 'first', 'run', 'raw'].includes(String(prop)))
          return (...args: unknown[]) => {
            counter.trips++
            return value.apply(target, args)
          }
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  const proxy = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target)
      if (prop === 'prepare') return (sql: string) => wrapStatement(target.prepare(sql))
      if (prop === 'batch')
        return (statements: D1PreparedStatement[]) => {
          counter.trips++
          return target.batch(statements)
        }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { db: proxy, counter }
}

describe('the D1 budget', () => {
  it('is at most 4 round trips for each portal page', async () => {
    const a = await seedClient('budget')
    const { reference } = await seedConsultation(a.clientId, a.contactId, a.email)
    const cookie = await portalCookie(a.contactId)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now())
    try {
      for (const path of [
        '/portal',
        `/portal/requests/${a.reference}`,
        `/portal/requests/${reference}`,
        '/portal/files',
      ]) {
        const trips: number[] = []
        // The second view: the site-wide reads the root loader keeps in the edge cache are warm then;
        // the third a minute later, when the session's last-seen time is written too.
        for (const minutes of [0, 0, 2]) {
          vi.setSystemTime(Date.now() + minutes * 60_000)
          const { db, counter } = countingDb(env.DB)
          const res = await app.request(
            `${ORIGIN}${path}`,
            { headers: { Cookie: cookie } },
            { ...env, DB: db },
          )
          expect(res.status).toBe(200)
          await res.text()
          trips.push(counter.trips)
        }
        for (const n of trips.slice(1)) expect(n, path).toBeLessThanOrEqual(4)
        expect(trips[1], path).toBeGreaterThan(0)
      }
    } finally {
      vi.useRealTimers()
    }
  })
})
