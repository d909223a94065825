// Satisfaction ratings (issue 40, ADR 160): the e-mail on resolve, the signed
// link that works once (also under parallel posts), wrong and expired links,
// bad input, the portal's own-client rule, GET /api/ratings and the service's
// figures for the monthly report and the overview's follow-ups.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db'
import {
  markRatingHandled,
  rateRequest,
  ratingCounts,
  ratingFollowUps,
  ratingToken,
} from '../../worker/services/ratings'
import { call } from './helpers'
import { formPost, portalCookie, seedClient } from './portal-fixtures'
import { send } from './requests-fixtures'
import { ownerCookie } from './session-helpers'

const db = () => createDb(env.DB)
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n
const ratingsOf = (requestId: number) =>
  count('select count(*) as n from request_ratings where support_request_id = ?', requestId)

const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  call(path, {
    ...formPost(fields),
    headers: { ...formPost({}).headers, ...(cookie ? { Cookie: cookie } : {}) },
  })

async function resolve(requestId: number, status = 'resolved') {
  const res = await send(`/api/support-requests/${requestId}`, {
    method: 'PATCH',
    json: { status },
    headers: { Cookie: await ownerCookie() },
  })
  expect(res.status).toBe(200)
}

/** The rating e-mails of a request, and the token of their links. */
async function ratingMail(requestId: number) {
  const { results } = await env.DB.prepare(
    "select recipient, text_body as text, html_body as html from mail_outbox where support_request_id = ? and kind = 'rating'",
  )
    .bind(requestId)
    .all<{ recipient: string; text: string; html: string }>()
  const token = /\/rate\/([^?\s]+)\?rating=good/.exec(results[0]?.text ?? '')?.[1]
  return { mails: results, token }
}

describe('the rating e-mail and its link', () => {
  it('is sent once on resolve; the GET records nothing; the POST records once, without sign-in', async () => {
    const a = await seedClient('rate-link')
    await resolve(a.requestId)
    const { mails, token } = await ratingMail(a.requestId)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.recipient).toBe(a.email)
    for (const r of ['good', 'okay', 'poor']) expect(mails[0]!.html).toContain(`?rating=${r}`)
    expect(token).toBeTruthy()
    // Reopened and closed again: no second e-mail.
    await resolve(a.requestId, 'in_progress')
    await resolve(a.requestId, 'closed')
    expect((await ratingMail(a.requestId)).mails).toHaveLength(1)

    // A link scanner's GET shows the choice and stores nothing.
    const page = await call(`/rate/${token}?rating=poor`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Send rating')
    expect(html).toMatch(/value="poor"[^>]*checked|checked[^>]*value="poor"/)
    expect(await ratingsOf(a.requestId)).toBe(0)

    const done = await post(`/rate/${token}`, { intent: 'rate', rating: 'okay' })
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('Thank you for your rating.')
    const again = await post(`/rate/${token}`, { intent: 'rate', rating: 'good' })
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('already been rated')
    const row = await env.DB.prepare(
      'select rating, source, comment from request_ratings where support_request_id = ?',
    )
      .bind(a.requestId)
      .first()
    expect(row).toEqual({ rating: 'okay', source: 'email', comment: null })

    // The comment page: once.
    expect((await post(`/rate/${token}`, { intent: 'comment', comment: '' })).status).toBe(400)
    expect((await post(`/rate/${token}`, { intent: 'comment', comment: 'Quick and kind' })).status).toBe(200)
    expect((await post(`/rate/${token}`, { intent: 'comment', comment: 'Changed my mind' })).status).toBe(409)
    const comment = await env.DB.prepare('select comment from request_ratings where support_request_id = ?')
      .bind(a.requestId)
      .first<{ comment: string }>()
    expect(comment!.comment).toBe('Quick and kind')
  })

  it('works once when the link is posted many times at the same moment', async () => {
    const a = await seedClient('rate-parallel')
    await resolve(a.requestId)
    const { token } = await ratingMail(a.requestId)
    const answers = await Promise.all(
      ['good', 'okay', 'poor', 'good', 'poor', 'okay'].map((rating) =>
        post(`/rate/${token}`, { intent: 'rate', rating }),
      ),
    )
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409])
    expect(await ratingsOf(a.requestId)).toBe(1)
    // And the database holds the rule even for a direct second insert.
    await expect(
      env.DB.prepare(
        "insert into request_ratings (support_request_id, rating, source, rated_at) values (?, 'good', 'portal', 1)",
      )
        .bind(a.requestId)
        .run(),
    ).rejects.toThrow(/UNIQUE/)
  })

  it('refuses a wrong or expired link, bad input and a request not yet resolved, storing nothing', async () => {
    const a = await seedClient('rate-bad')
    await resolve(a.requestId)
    const { token } = await ratingMail(a.requestId)
    // A signature that differs for certain: its first character changed (a fixed ending such as
    // "AA" is the real one now and then; a 43-character signature ends in A one time in four).
    const at = token!.lastIndexOf('~') + 1
    const forged = `${token!.slice(0, at)}${token![at] === 'A' ? 'B' : 'A'}${token!.slice(at + 1)}`
    expect((await call(`/rate/${forged}?rating=good`)).status).toBe(404)
    expect((await post(`/rate/${forged}`, { intent: 'rate', rating: 'good' })).status).toBe(404)
    // Another request's id under this signature.
    const other = token!.replace(/^\d+/, String(a.requestId + 1))
    expect((await post(`/rate/${other}`, { intent: 'rate', rating: 'good' })).status).toBe(404)
    const expired = await ratingToken(env, a.requestId, Date.now() - 1000)
    expect((await call(`/rate/${expired}`)).status).toBe(404)
    expect((await post(`/rate/${expired}`, { intent: 'rate', rating: 'good' })).status).toBe(404)

    const bad = await post(`/rate/${token}`, { intent: 'rate', rating: 'great' })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Choose good, okay or poor')
    const long = await post(`/rate/${token}`, { intent: 'rate', rating: 'good', comment: 'x'.repeat(2001) })
    expect(long.status).toBe(400)
    expect(await long.text()).toContain('At most 2000 characters')
    expect(await ratingsOf(a.requestId)).toBe(0)

    // The service names the field for the APIs too.
    await expect(rateRequest(db(), a.requestId, 'email', { rating: 'great' })).rejects.toMatchObject({
      errors: { rating: 'Choose good, okay or poor' },
    })
    // Not resolved yet: a valid link for an open request is refused.
    const open = await seedClient('rate-open')
    const openToken = await ratingToken(env, open.requestId, Date.now() + 60_000)
    expect((await post(`/rate/${openToken}`, { intent: 'rate', rating: 'good' })).status).toBe(409)
    expect(await ratingsOf(open.requestId)).toBe(0)
  })
})

describe('ratings in the portal', () => {
  it("asks on the client's own resolved request; another client's request is a 404", async () => {
    const a = await seedClient('rate-pa')
    const b = await seedClient('rate-pb')
    await resolve(a.requestId)
    await resolve(b.requestId)
    const cookieA = await portalCookie(a.contactId)
    const page = await call(`/portal/requests/${a.reference}`, { headers: { Cookie: cookieA } })
    expect(await page.text()).toContain('How did we do?')
    expect((await call(`/portal/requests/${b.reference}`, { headers: { Cookie: cookieA } })).status).toBe(404)
    const foreign = await post(`/portal/requests/${b.reference}`, { intent: 'rate', rating: 'poor' }, cookieA)
    expect(foreign.status).toBe(404)
    expect(await ratingsOf(b.requestId)).toBe(0)

    const own = await post(`/portal/requests/${a.reference}`, { intent: 'rate', rating: 'poor' }, cookieA)
    expect(own.status).toBe(200)
    const row = await env.DB.prepare(
      'select rating, source from request_ratings where support_request_id = ?',
    )
      .bind(a.requestId)
      .first()
    expect(row).toEqual({ rating: 'poor', source: 'portal' })
  })
})

describe('GET /api/ratings and the service figures', () => {
  it("lists a client's ratings for the owner, names a bad clientId, and counts per month", async () => {
    const a = await seedClient('rate-api')
    const b = await seedClient('rate-api-b')
    await resolve(a.requestId)
    await resolve(b.requestId)
    const at = Date.UTC(2026, 9, 15, 12)
    await rateRequest(db(), a.requestId, 'portal', { rating: 'poor', comment: 'Slow' }, at)
    await rateRequest(db(), b.requestId, 'portal', { rating: 'good' }, at)

    expect((await call(`/api/ratings?clientId=${a.clientId}`)).status).toBe(401)
    const cookie = await ownerCookie()
    const res = await call(`/api/ratings?clientId=${a.clientId}`, { headers: { Cookie: cookie } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      { requestReference: a.reference, rating: 'poor', comment: 'Slow', at: new Date(at).toISOString() },
    ])
    // A read token will do; a billing token is refused.
    const tokenOf = async (scope: string) => {
      const made = await call('/api/security/tokens', {
        method: 'POST',
        json: { name: `ratings ${scope}`, scope, expiresInDays: 30 },
        headers: { Cookie: cookie },
      })
      expect(made.status).toBe(201)
      return ((await made.json()) as { token: string }).token
    }
    const read = await call(`/api/ratings?clientId=${a.clientId}`, {
      headers: { Authorization: `Bearer ${await tokenOf('read')}` },
    })
    expect(read.status).toBe(200)
    expect(await read.json()).toHaveLength(1)
    const billing = await call('/api/ratings', {
      headers: { Authorization: `Bearer ${await tokenOf('billing')}` },
    })
    expect(billing.status).toBe(403)
    const bad = await call('/api/ratings?clientId=abc', { headers: { Cookie: cookie } })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toHaveProperty('clientId')

    const october = await ratingCounts(
      db(),
      a.clientId,
      new Date(Date.UTC(2026, 9, 1)),
      new Date(Date.UTC(2026, 10, 1)),
    )
    expect(october).toEqual({ good: 0, okay: 0, poor: 1 })
    const november = await ratingCounts(
      db(),
      a.clientId,
      new Date(Date.UTC(2026, 10, 1)),
      new Date(Date.UTC(2026, 11, 1)),
    )
    expect(november).toEqual({ good: 0, okay: 0, poor: 0 })

    const followUps = await ratingFollowUps(db())
    const mine = followUps.find((f) => f.requestReference === a.reference)
    expect(mine).toMatchObject({ rating: 'poor', comment: 'Slow', clientId: a.clientId })
    expect(followUps.some((f) => f.requestReference === b.reference)).toBe(false)
    await markRatingHandled(db(), mine!.id)
    expect((await ratingFollowUps(db())).some((f) => f.requestReference === a.reference)).toBe(false)
  })
})
