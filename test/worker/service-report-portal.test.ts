// The monthly service report in the portal (issue 40): /portal/reports shows
// the session's client's ended months only, worded as the PDF words them; the
// PDF is the session client's (401 without a session, 404 for a month that is
// not one of theirs); the contact turns the monthly e-mail on and off; nothing
// of another client is ever on the page.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { businessInstant } from '../../schema/slot-time'
import { makeClient } from './billing-fixtures'
import { call } from './helpers'
import { pdfText } from './pdf-text'
import { formPost, portalCookie } from './portal-fixtures'

async function clientSince(period: string) {
  const c = await makeClient()
  const [y, m] = period.split('-').map(Number) as [number, number]
  await env.DB.prepare('update clients set created_at = ? where id = ?')
    .bind(businessInstant(y, m, 3, 9), c.clientId)
    .run()
  const name = (await env.DB.prepare('select name from clients where id = ?')
    .bind(c.clientId)
    .first<{ name: string }>())!.name
  return { ...c, name, cookie: await portalCookie(c.contactId) }
}

describe('/portal/reports', () => {
  it("shows the client's own months and figures, the PDF, and nobody else's", async () => {
    const a = await clientSince('2025-06')
    const b = await clientSince('2025-06')
    const res = await call('/portal/reports?month=2025-07', { headers: { Cookie: a.cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/no-store|private/)
    const html = await res.text()
    expect(html).toContain('Service report: July 2025')
    expect(html).toContain('Requests opened')
    expect(html).toContain('June 2025')
    expect(html).not.toContain('May 2025')
    expect(html).not.toContain(b.name)
    expect(html).toContain('/portal/reports/2025-07.pdf')

    const pdf = await call('/portal/reports/2025-07.pdf', { headers: { Cookie: a.cookie } })
    expect(pdf.status).toBe(200)
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(text).toContain(a.name)
    expect(text).not.toContain(b.name)
    // Before the client began, a month not yet ended, no session.
    expect((await call('/portal/reports/2025-05.pdf', { headers: { Cookie: a.cookie } })).status).toBe(404)
    expect((await call('/portal/reports/2999-01.pdf', { headers: { Cookie: a.cookie } })).status).toBe(400)
    expect((await call('/portal/reports/2025-07.pdf')).status).toBe(401)
    // A client's session never opens the owner's report routes, its own client's included.
    for (const path of [
      `/api/clients/${a.clientId}/reports/2025-07`,
      `/api/clients/${b.clientId}/reports/2025-07.pdf`,
    ])
      expect((await call(path, { headers: { Cookie: a.cookie } })).status).toBe(401)
    const away = await call('/portal/reports?month=2025-07', { redirect: 'manual' })
    expect(away.status).toBeGreaterThanOrEqual(300)
    expect(away.status).toBeLessThan(400)
    expect(away.headers.get('location')).toBe(
      `/portal?next=${encodeURIComponent('/portal/reports?month=2025-07')}`,
    )
  })

  it('turns the monthly e-mail on and off for the contact only, and refuses anything else', async () => {
    const a = await clientSince('2025-06')
    const optIn = async () =>
      (await env.DB.prepare('select report_opt_in as v from contacts where id = ?')
        .bind(a.contactId)
        .first<{ v: number }>())!.v
    const post = (value: string) =>
      call('/portal/reports', {
        ...formPost({ reportMail: value }),
        headers: { ...formPost({}).headers, Cookie: a.cookie },
      })
    const on = await post('on')
    expect(on.status).toBe(200)
    expect(await on.text()).toContain('You will get the report by e-mail each month.')
    expect(await optIn()).toBe(1)
    const bad = await post('maybe')
    expect(bad.status).toBe(400)
    expect(await optIn()).toBe(1)
    await post('off')
    expect(await optIn()).toBe(0)
  })
})
