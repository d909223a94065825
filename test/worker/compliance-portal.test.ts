// Issue 39, point 3: the portal shows a client its BAA and the notices sent
// to it (never a draft, never another client's), at /portal/compliance.
import { describe, expect, it } from 'vitest'
import { asOwner, json } from './billing-fixtures'
import { call } from './helpers'
import { portalCookie, seedClient } from './portal-fixtures'

describe('compliance in the portal', () => {
  it("shows the client's own BAA and sent notices only", async () => {
    const a = await seedClient('compliance-a')
    const b = await seedClient('compliance-b')
    await asOwner('/api/baas', {
      method: 'POST',
      json: {
        clientId: a.clientId,
        effectiveDate: '2026-02-01',
        notificationDays: 10,
        notificationDayKind: 'business',
      },
    })
    const inc = await json<{ id: number; reference: string }>(
      await asOwner('/api/incidents', {
        method: 'POST',
        json: {
          title: 'Misdirected fax',
          discoveredAt: '2026-11-02T08:15:00-06:00',
          description: 'A lab result was faxed to the wrong number.',
          clientIds: [a.clientId, b.clientId],
          ephiInvolved: 'yes',
          individualsAffected: 1,
        },
      }),
    )
    const na = await json<{ id: number }>(
      await asOwner(`/api/incidents/${inc.id}/notices`, { method: 'POST', json: { clientId: a.clientId } }),
    )
    await asOwner(`/api/incidents/${inc.id}/notices`, { method: 'POST', json: { clientId: b.clientId } })
    expect((await asOwner(`/api/incident-notices/${na.id}/send`, { method: 'POST', json: {} })).status).toBe(
      200,
    )

    const pageA = await call('/portal/compliance', { headers: { Cookie: await portalCookie(a.contactId) } })
    expect(pageA.status).toBe(200)
    const htmlA = await pageA.text()
    expect(htmlA).toContain('breach notice within 10 business days')
    expect(htmlA).toContain(inc.reference)
    // Reached from every portal page's menu.
    expect(htmlA).toMatch(/<a[^>]+href="\/portal\/compliance"[^>]*>Compliance<\/a>/)

    const pageB = await call('/portal/compliance', { headers: { Cookie: await portalCookie(b.contactId) } })
    const htmlB = await pageB.text()
    // B's notice is still a draft, and A's record is never B's.
    expect(htmlB).not.toContain(inc.reference)
    expect(htmlB).toContain('No BAA is on file yet.')
    // The owner's REST routes are not the portal's: a portal session gets no notice PDF.
    const pdf = await call(`/api/incident-notices/${na.id}/pdf`, {
      headers: { Cookie: await portalCookie(b.contactId) },
    })
    expect(pdf.status).toBe(401)
  })
})
