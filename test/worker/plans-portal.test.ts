// The client's plan in the portal (issue 37): /portal/plan shows the session's
// client's plan, this period's hours, the response targets and the period
// invoices once sent; a client with no plan gets a 404, and nothing of another
// client's plan is ever on the page.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db'
import { billPeriod } from '../../worker/services/plan-billing'
import { createPlan } from '../../worker/services/plans'
import { createSubscription } from '../../worker/services/subscriptions'
import { asOwner, makeClient } from './billing-fixtures'
import { call } from './helpers'
import { portalCookie } from './portal-fixtures'

const db = () => createDb(env.DB)

async function subscribed(name: string, urgentHours: number) {
  const c = await makeClient()
  const plan = await createPlan(db(), {
    name,
    monthlyFeeCents: 50_000,
    includedMinutes: 600,
    overageRateCents: 15_000,
    slaHours: { urgent: urgentHours },
  })
  const sub = await createSubscription(db(), {
    clientId: c.clientId,
    planId: plan.id,
    startDate: '2025-01-01',
  })
  return { c, plan, sub, cookie: await portalCookie(c.contactId) }
}

describe('/portal/plan', () => {
  it("shows the client's own plan, hours, targets and sent period invoices only", async () => {
    const a = await subscribed('Alpha Care', 2)
    const b = await subscribed('Bravo Care', 3)
    await asOwner('/api/time-entries', {
      method: 'POST',
      json: { clientId: a.c.clientId, minutes: 90, description: 'Server patching' },
    })
    const sent = await billPeriod(db(), a.sub.id, '2025-02', new Date('2025-03-01T18:00:00Z'))
    expect((await asOwner(`/api/invoices/${sent.id}/send`, { method: 'POST' })).status).toBe(200)
    const draft = await billPeriod(db(), a.sub.id, '2025-03', new Date('2025-04-01T18:00:00Z'))
    const bDraft = await billPeriod(db(), b.sub.id, '2025-02', new Date('2025-03-01T18:00:00Z'))

    const res = await call('/portal/plan', { headers: { Cookie: a.cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/no-store|private/)
    const html = await res.text()
    expect(html).toContain('Alpha Care')
    expect(html).toContain('1.5 h') // used this period
    expect(html).toContain('8.5 h') // remaining of 10 h
    expect(html).toContain('within 2 h')
    expect(html).toContain(sent.number)
    expect(html).not.toContain(draft.number)
    expect(html).not.toContain('Bravo Care')
    expect(html).not.toContain(bDraft.number)

    const earlier = await (
      await call('/portal/plan?period=2025-02', { headers: { Cookie: a.cookie } })
    ).text()
    expect(earlier).toContain('Hours in February 2025')
  })

  it('is a 404 for a client with no plan, and the sign-in form without a session', async () => {
    const none = await makeClient()
    const res = await call('/portal/plan', { headers: { Cookie: await portalCookie(none.contactId) } })
    expect(res.status).toBe(404)
    // The sign-in form, whose new link leads back here (issue 36), as from every portal page.
    const anonymous = await call('/portal/plan?period=2026-10', { redirect: 'manual' })
    expect([302, 303]).toContain(anonymous.status)
    expect(anonymous.headers.get('location')).toBe(
      `/portal?next=${encodeURIComponent('/portal/plan?period=2026-10')}`,
    )
  })
})
