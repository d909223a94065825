// Issue 38, point 5: a client's contacts see their assets (no internal notes,
// no retired ones) and the renewals coming up at /portal/assets; "Report a
// problem" opens the new-request form with the asset named and the request
// carries asset_id. Another client's asset is a 404 on every route: the
// portal pages and the REST routes (which a portal session never opens).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { addDays, businessDate, formatCalendarDate } from '../../schema/slot-time'
import { asOwner, json } from './billing-fixtures'
import { call } from './helpers'
import { formPost, portalCookie, seedClient } from './portal-fixtures'

const post = (path: string, cookie: string, fields: Record<string, string>) =>
  call(path, { ...formPost(fields), headers: { ...formPost({}).headers, Cookie: cookie } })

async function asset(clientId: number, body: Record<string, unknown>) {
  const res = await asOwner(`/api/clients/${clientId}/assets`, { method: 'POST', json: body })
  expect(res.status).toBe(201)
  return (await json<{ id: number }>(res)).id
}

const REQUEST = {
  phone: '618-555-0100',
  businessName: '',
  issueType: 'hardware',
  urgency: 'medium',
  preferredContact: 'email',
}

describe('assets in the portal', () => {
  it("lists the client's own assets and renewals, without notes or retired ones", async () => {
    const a = await seedClient('assets-a')
    const b = await seedClient('assets-b')
    const soon = addDays(businessDate(new Date()), 20)
    await asset(a.clientId, {
      kind: 'laptop',
      name: 'Exam room laptop',
      warrantyEnd: soon,
      ephi: 'yes',
      notes: 'SECRET INTERNAL NOTE',
    })
    const retired = await asset(a.clientId, { kind: 'printer', name: 'Old printer' })
    await asOwner(`/api/assets/${retired}`, { method: 'DELETE' })
    await asset(b.clientId, { kind: 'server', name: 'Other clinic server' })

    const page = await call('/portal/assets', { headers: { Cookie: await portalCookie(a.contactId) } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Exam room laptop')
    // Dates in words (issue 52), never the ISO date.
    expect(html).toContain(`Warranty ends: ${formatCalendarDate(soon)}`)
    expect(html).not.toContain(soon)
    expect(html).not.toContain('SECRET INTERNAL NOTE')
    expect(html).not.toContain('Old printer')
    expect(html).not.toContain('Other clinic server')
    const signedOut = await call('/portal/assets', { redirect: 'manual' })
    expect(signedOut.headers.get('location')).toBe('/portal?next=%2Fportal%2Fassets')
  })

  it('reports a problem with an asset as a request linked to it; another client’s asset is a 404', async () => {
    const a = await seedClient('report-a')
    const b = await seedClient('report-b')
    const mine = await asset(a.clientId, { kind: 'workstation', name: 'Front desk PC' })
    const theirs = await asset(b.clientId, { kind: 'workstation', name: 'Their PC' })
    const retired = await asset(a.clientId, { kind: 'workstation', name: 'Gone PC' })
    await asOwner(`/api/assets/${retired}`, { method: 'DELETE' })
    const cookie = await portalCookie(a.contactId)

    const form = await call(`/portal/requests/new?asset=${mine}`, { headers: { Cookie: cookie } })
    expect(form.status).toBe(200)
    const html = await form.text()
    expect(html).toContain('About: Front desk PC')
    expect(html).toContain(`name="assetId" value="${mine}"`)
    for (const id of [theirs, retired, 999_999, 'x'])
      expect((await call(`/portal/requests/new?asset=${id}`, { headers: { Cookie: cookie } })).status).toBe(
        404,
      )

    const count = async () =>
      (await env.DB.prepare('select count(*) as n from support_requests').first<{ n: number }>())!.n
    const before = await count()
    const forged = await post('/portal/requests/new', cookie, {
      ...REQUEST,
      description: 'Forged asset',
      assetId: String(theirs),
    })
    expect(forged.status).toBe(404)
    expect(await count()).toBe(before)

    const res = await post('/portal/requests/new', cookie, {
      ...REQUEST,
      description: 'The PC will not boot',
      assetId: String(mine),
    })
    expect(res.status).toBe(302)
    const reference = res.headers.get('Location')!.split('/').pop()
    const row = await env.DB.prepare(
      'select asset_id as assetId, client_id as clientId from support_requests where reference = ?',
    )
      .bind(reference)
      .first()
    expect(row).toEqual({ assetId: mine, clientId: a.clientId })
    const detail = await json<{ requests: { reference: string }[] }>(await asOwner(`/api/assets/${mine}`))
    expect(detail.requests.map((r) => r.reference)).toEqual([reference])
  })

  it('never opens the REST asset routes to a portal session', async () => {
    const a = await seedClient('rest-a')
    const b = await seedClient('rest-b')
    const theirs = await asset(b.clientId, { kind: 'domain', name: 'b.example' })
    const headers = { Cookie: await portalCookie(a.contactId) }
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/clients/${b.clientId}/assets`],
      ['GET', `/api/clients/${a.clientId}/assets`],
      ['POST', `/api/clients/${b.clientId}/assets`, { kind: 'laptop', name: 'x' }],
      ['GET', `/api/clients/${b.clientId}/assets/export.csv`],
      ['GET', `/api/clients/${b.clientId}/assets/inventory.pdf`],
      ['GET', `/api/assets/${theirs}`],
      ['PATCH', `/api/assets/${theirs}`, { name: 'mine now' }],
      ['DELETE', `/api/assets/${theirs}`],
      ['POST', `/api/assets/${theirs}/renewal-quote`, { what: 'renewal' }],
      ['GET', '/api/assets/renewals?days=90'],
      ['PUT', `/api/support-requests/${a.requestId}/asset`, { assetId: theirs }],
    ]
    for (const [method, path, body] of routes) {
      const res = await call(path, { method, headers, ...(body ? { json: body } : {}) })
      expect(res.status, `${method} ${path}`).toBe(401)
    }
    const imported = await call(`/api/clients/${b.clientId}/assets/import`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'text/csv' },
      body: 'kind,name\nlaptop,x\n',
    })
    expect(imported.status).toBe(401)
    const row = await env.DB.prepare('select name, status from assets where id = ?').bind(theirs).first()
    expect(row).toEqual({ name: 'b.example', status: 'in_use' })
  })
})
