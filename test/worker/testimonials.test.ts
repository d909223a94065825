// Testimonials with consent (issue 40, ADR 160): only after a good rating,
// consent recorded with its words, shown on / and /about once approved, and
// gone from the cached pages at once when withdrawn in the portal.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { CONSENT_WORDING } from '../../schema/ratings'
import { createDb } from '../../worker/db'
import { rateRequest, ratingToken } from '../../worker/services/ratings'
import { reviewTestimonial } from '../../worker/services/testimonials'
import { gql } from './admin-helpers'
import { call } from './helpers'
import { formPost, portalCookie, seedClient } from './portal-fixtures'
import { send } from './requests-fixtures'

const db = () => createDb(env.DB)
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  call(path, {
    ...formPost(fields),
    headers: { ...formPost({}).headers, ...(cookie ? { Cookie: cookie } : {}) },
  })
const testimonialsOf = async (email: string) =>
  (
    await env.DB.prepare('select * from testimonials where email = ?')
      .bind(email.toLowerCase())
      .all<Record<string, unknown>>()
  ).results

async function resolved(tag: string) {
  const a = await seedClient(tag)
  await env.DB.prepare("update support_requests set status = 'resolved', closed_at = ? where id = ?")
    .bind(Date.now(), a.requestId)
    .run()
  const token = await ratingToken(env, a.requestId, Date.now() + 60_000)
  return { ...a, token: token! }
}

describe('testimonials with consent', () => {
  it('are asked for only after a good rating, name each missing field, and keep the consent wording', async () => {
    const okay = await resolved('quote-okay')
    await rateRequest(db(), okay.requestId, 'email', { rating: 'okay' })
    const refused = await post(`/rate/${okay.token}`, {
      intent: 'quote',
      quote: 'Great',
      displayName: 'A. B.',
      practiceName: 'X',
      consent: 'yes',
    })
    expect(refused.status).toBe(409)
    expect(await testimonialsOf(okay.email)).toHaveLength(0)

    const good = await resolved('quote-good')
    const rated = await post(`/rate/${good.token}`, { intent: 'rate', rating: 'good' })
    expect(await rated.text()).toContain('May we quote you?')
    const bad = await post(`/rate/${good.token}`, { intent: 'quote', quote: '  ', displayName: 'J. D.' })
    expect(bad.status).toBe(400)
    const text = await bad.text()
    expect(text).toContain('Enter the words we may quote')
    expect(text).toContain('Enter the practice name')
    expect(text).toContain('Tick the box to give your consent')
    expect(await testimonialsOf(good.email)).toHaveLength(0)

    const before = Date.now()
    const given = await post(`/rate/${good.token}`, {
      intent: 'quote',
      quote: 'Fixed our printers before the morning clinic.',
      displayName: 'J. D.',
      practiceName: 'Quote Good Clinic',
      consent: 'yes',
    })
    expect(given.status).toBe(200)
    const [row] = await testimonialsOf(good.email)
    expect(row).toMatchObject({ status: 'pending', consent_wording: CONSENT_WORDING, display_name: 'J. D.' })
    expect(row!.consented_at as number).toBeGreaterThanOrEqual(before)
    // Once per rating; and the consent as given cannot be rewritten.
    const twice = await post(`/rate/${good.token}`, {
      intent: 'quote',
      quote: 'Again',
      displayName: 'J. D.',
      practiceName: 'Q',
      consent: 'yes',
    })
    expect(twice.status).toBe(409)
    await expect(
      env.DB.prepare("update testimonials set quote = 'other words' where id = ?").bind(row!.id).run(),
    ).rejects.toThrow(/consent is kept as given/)
  })

  it('appear on / and /about once approved, and leave the cached pages at once when withdrawn', async () => {
    const a = await resolved('quote-pages')
    const b = await seedClient('quote-other')
    await rateRequest(db(), a.requestId, 'email', { rating: 'good' })
    const words = `Calm, clear and quick ${crypto.randomUUID().slice(0, 8)}`
    await post(`/rate/${a.token}`, {
      intent: 'quote',
      quote: words,
      displayName: 'R. M.',
      practiceName: 'Pages Clinic',
      consent: 'yes',
    })
    const [row] = await testimonialsOf(a.email)
    const id = row!.id as number
    expect(await (await send('/', { method: 'GET' })).text()).not.toContain(words)

    await reviewTestimonial(db(), id, 'approved')
    // send waits for the deferred work: the rendered page is stored in the page cache.
    expect(await (await send('/', { method: 'GET' })).text()).toContain(words)
    expect(await (await send('/about', { method: 'GET' })).text()).toContain(words)
    // Proof that / is now served from the cache: a change behind the service's back is not seen.
    await env.DB.prepare("update testimonials set status = 'rejected' where id = ?").bind(id).run()
    expect(await (await call('/')).text()).toContain(words)
    await env.DB.prepare("update testimonials set status = 'approved' where id = ?").bind(id).run()

    // Another contact cannot withdraw it (404), and it stays.
    const cookieB = await portalCookie(b.contactId)
    expect((await post('/portal/testimonials', { id: String(id) }, cookieB)).status).toBe(404)
    expect(await (await call('/')).text()).toContain(words)

    // Without a session: the sign-in form, which comes back here.
    const anonymous = await call('/portal/testimonials', { redirect: 'manual' })
    expect(anonymous.headers.get('location')).toBe(
      `/portal?next=${encodeURIComponent('/portal/testimonials')}`,
    )
    const cookieA = await portalCookie(a.contactId)
    const list = await (await call('/portal/testimonials', { headers: { Cookie: cookieA } })).text()
    expect(list).toContain(words)
    expect(list).toContain('Withdraw')
    const withdrawn = await post('/portal/testimonials', { id: String(id) }, cookieA)
    expect(withdrawn.status).toBe(200)
    expect(await withdrawn.text()).toContain('no longer shown on the website')
    expect(await (await call('/')).text()).not.toContain(words)
    expect(await (await call('/about')).text()).not.toContain(words)
    const [after] = await testimonialsOf(a.email)
    expect(after).toMatchObject({ status: 'withdrawn' })
    expect(after!.withdrawn_at).toBeTruthy()
  })
})

describe('the admin GraphQL', () => {
  it('reviews testimonials and marks poor ratings handled, for the owner only', async () => {
    const a = await resolved('quote-gql')
    await rateRequest(db(), a.requestId, 'email', { rating: 'good' })
    await post(`/rate/${a.token}`, {
      intent: 'quote',
      quote: 'Through GraphQL',
      displayName: 'G. Q.',
      practiceName: 'GQL Clinic',
      consent: 'yes',
    })
    const [row] = await testimonialsOf(a.email)
    const mutation = `mutation ($id: ID!) { reviewTestimonial(id: $id, decision: APPROVED) { id status } }`
    const anonymous = await gql(mutation, { id: String(row!.id) }, false)
    expect(anonymous.status).toBe(401)
    expect((await testimonialsOf(a.email))[0]).toMatchObject({ status: 'pending' })
    const approved = await gql<{ reviewTestimonial: { status: string } }>(mutation, { id: String(row!.id) })
    expect(approved.body.data?.reviewTestimonial.status).toBe('APPROVED')
    const list = await gql<{ testimonials: { id: string; consentWording: string }[] }>(
      '{ testimonials { id consentWording } }',
    )
    expect(list.body.data?.testimonials.find((t) => t.id === String(row!.id))?.consentWording).toBe(
      CONSENT_WORDING,
    )

    const p = await resolved('poor-gql')
    await rateRequest(db(), p.requestId, 'portal', { rating: 'poor', comment: 'Took too long' })
    const followUps = await gql<{ ratingFollowUps: { id: string; requestReference: string }[] }>(
      '{ ratingFollowUps { id requestReference } }',
    )
    const mine = followUps.body.data?.ratingFollowUps.find((f) => f.requestReference === p.reference)
    expect(mine).toBeTruthy()
    await gql('mutation ($id: ID!) { markRatingHandled(id: $id) { id handledAt } }', { id: mine!.id })
    const after = await gql<{ ratingFollowUps: { requestReference: string }[] }>(
      '{ ratingFollowUps { requestReference } }',
    )
    expect(after.body.data?.ratingFollowUps.some((f) => f.requestReference === p.reference)).toBe(false)
    const perClient = await gql<{ ratings: { rating: string; comment: string }[] }>(
      'query ($c: ID) { ratings(clientId: $c) { rating comment } }',
      { c: String(p.clientId) },
    )
    expect(perClient.body.data?.ratings).toEqual([{ rating: 'POOR', comment: 'Took too long' }])
  })
})
