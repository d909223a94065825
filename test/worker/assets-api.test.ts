// Issue 38, points 1 and 2: the assets REST contract (create, list with
// filters and the renewal sort, patch with history, retire), requests and
// time entries naming an asset of the same client only, the assets token
// scope, and bad input refused with the field named and nothing stored.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db'
import { createApiToken } from '../../worker/services/api-tokens'
import { asOwner, countRows, json, makeClient } from './billing-fixtures'
import { call } from './helpers'

type AssetBody = Record<string, unknown> & { id: number; status: string }

const post = (clientId: number, body: unknown) =>
  asOwner(`/api/clients/${clientId}/assets`, { method: 'POST', json: body })

describe('assets over REST', () => {
  it('creates, lists with filters and the renewal sort, patches with history and retires', async () => {
    const c = await makeClient()
    const laptop = await post(c.clientId, {
      kind: 'laptop',
      name: 'Front desk laptop',
      serial: 'SN-1',
      warrantyEnd: '2027-03-01',
      ephi: 'yes',
      notes: 'Internal: BIOS password in vault',
    })
    expect(laptop.status).toBe(201)
    const a1 = await json<AssetBody>(laptop)
    expect(a1).toMatchObject({ kind: 'laptop', status: 'in_use', ephi: 'yes', clientId: c.clientId })
    const a2 = await json<AssetBody>(
      await post(c.clientId, {
        kind: 'domain',
        name: 'clinic.example',
        renewalDate: '2027-01-15',
        ephi: 'no',
      }),
    )
    await post(c.clientId, { kind: 'printer', name: 'Lobby printer' })

    const list = async (q = '') =>
      (await json<AssetBody[]>(await asOwner(`/api/clients/${c.clientId}/assets${q}`))).map((a) => a.name)
    expect(await list()).toEqual(['clinic.example', 'Front desk laptop', 'Lobby printer'])
    expect(await list('?sort=renewal')).toEqual(['clinic.example', 'Front desk laptop', 'Lobby printer'])
    expect(await list('?kind=laptop')).toEqual(['Front desk laptop'])
    expect(await list('?ephi=unknown')).toEqual(['Lobby printer'])

    const patched = await asOwner(`/api/assets/${a1.id}`, {
      method: 'PATCH',
      json: { location: 'Front desk', serial: 'SN-2', name: 'Front desk laptop' },
    })
    expect(patched.status).toBe(200)
    expect(await json(patched)).toMatchObject({ location: 'Front desk', serial: 'SN-2' })

    const retired = await asOwner(`/api/assets/${a2.id}`, { method: 'DELETE' })
    expect(retired.status).toBe(200)
    expect((await json<AssetBody>(retired)).status).toBe('retired')
    expect(await list()).toEqual(['Front desk laptop', 'Lobby printer'])
    expect(await list('?status=retired')).toEqual(['clinic.example'])
    expect(await countRows('select count(*) as n from assets where id = ?', a2.id)).toBe(1)

    const detail = await json<{ history: { action: string; actor: string; changes: unknown }[] }>(
      await asOwner(`/api/assets/${a1.id}`),
    )
    expect(detail.history.map((h) => h.action)).toEqual(['updated', 'created'])
    // Only what changed, as [before, after]; the unchanged name is not in it.
    expect(detail.history[0]).toMatchObject({
      actor: 'owner',
      changes: { location: [null, 'Front desk'], serial: ['SN-1', 'SN-2'] },
    })
    const gone = await json<{ history: { action: string; changes: unknown }[] }>(
      await asOwner(`/api/assets/${a2.id}`),
    )
    expect(gone.history[0]).toMatchObject({ action: 'retired', changes: { status: ['in_use', 'retired'] } })
  })

  it('refuses bad input with the field named and stores nothing', async () => {
    const c = await makeClient()
    const cases: [unknown, string][] = [
      [{ name: 'No kind' }, 'kind'],
      [{ kind: 'toaster', name: 'x' }, 'kind'],
      [{ kind: 'laptop' }, 'name'],
      [{ kind: 'laptop', name: 'x', warrantyEnd: '2027-02-30' }, 'warrantyEnd'],
      [{ kind: 'laptop', name: 'x', purchaseDate: '03/01/2027' }, 'purchaseDate'],
      [{ kind: 'laptop', name: 'x', ephi: 'maybe' }, 'ephi'],
      [{ kind: 'laptop', name: 'x', seats: -1 }, 'seats'],
      [{ kind: 'laptop', name: 'x', status: 'lost' }, 'status'],
      [{ kind: 'laptop', name: 'x', colour: 'red' }, '_'],
    ]
    for (const [body, field] of cases) {
      const res = await post(c.clientId, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      const answer = await json<{ message: string; errors: Record<string, string> }>(res)
      if (field !== '_') expect(Object.keys(answer.errors), JSON.stringify(body)).toContain(field)
    }
    expect(await countRows('select count(*) as n from assets where client_id = ?', c.clientId)).toBe(0)
    expect((await post(999_999, { kind: 'laptop', name: 'x' })).status).toBe(404)
    expect((await asOwner('/api/assets/999999', { method: 'PATCH', json: { name: 'y' } })).status).toBe(404)
    const a = await json<AssetBody>(await post(c.clientId, { kind: 'laptop', name: 'Kept' }))
    const bad = await asOwner(`/api/assets/${a.id}`, { method: 'PATCH', json: { renewalDate: 'soon' } })
    expect(bad.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(bad)).errors.renewalDate).toMatch(/YYYY-MM-DD/)
    expect(await countRows('select count(*) as n from asset_changes where asset_id = ?', a.id)).toBe(1)
    expect((await call(`/api/clients/${c.clientId}/assets`)).status).toBe(401)
  })

  it("lets requests and time entries name only their own client's asset", async () => {
    const c = await makeClient()
    const other = await makeClient()
    const mine = await json<AssetBody>(await post(c.clientId, { kind: 'server', name: 'File server' }))
    const theirs = await json<AssetBody>(await post(other.clientId, { kind: 'server', name: 'Their server' }))

    const link = (requestId: number, assetId: number | null) =>
      asOwner(`/api/support-requests/${requestId}/asset`, { method: 'PUT', json: { assetId } })
    const refused = await link(c.requestId, theirs.id)
    expect(refused.status).toBe(400)
    expect(Object.keys((await json<{ errors: object }>(refused)).errors)).toEqual(['assetId'])
    expect((await link(c.requestId, mine.id)).status).toBe(200)

    const entry = (assetId: number) =>
      asOwner('/api/time-entries', {
        method: 'POST',
        json: { clientId: c.clientId, minutes: 30, description: 'Disk replaced', assetId },
      })
    const wrong = await entry(theirs.id)
    expect(wrong.status).toBe(400)
    expect(Object.keys((await json<{ errors: object }>(wrong)).errors)).toEqual(['assetId'])
    expect(await countRows('select count(*) as n from time_entries where client_id = ?', c.clientId)).toBe(0)
    const made = await entry(mine.id)
    expect(made.status).toBe(201)
    const { id: entryId } = await json<{ id: number }>(made)
    const moved = await asOwner(`/api/time-entries/${entryId}`, {
      method: 'PATCH',
      json: { assetId: theirs.id },
    })
    expect(moved.status).toBe(400)
    expect(Object.keys((await json<{ errors: object }>(moved)).errors)).toEqual(['assetId'])

    const detail = await json<{ requests: { reference: string }[]; time: { minutes: number }[] }>(
      await asOwner(`/api/assets/${mine.id}`),
    )
    expect(detail.requests.map((r) => r.reference)).toEqual([c.reference])
    expect(detail.time.map((t) => t.minutes)).toEqual([30])
  })

  it('opens the asset routes to an assets token and nothing else', async () => {
    const c = await makeClient()
    await asOwner('/api/auth/me')
    const ownerId = (await env.DB.prepare('select id from users limit 1').first<{ id: number }>())!.id
    const { token } = await createApiToken(createDb(env.DB), ownerId, {
      name: 'inventory sync',
      scope: 'assets',
      expiresInDays: 30,
    })
    const bearer = { Authorization: `Bearer ${token}` }
    const made = await call(`/api/clients/${c.clientId}/assets`, {
      method: 'POST',
      headers: bearer,
      json: { kind: 'phone', name: 'Reception phone' },
    })
    expect(made.status).toBe(201)
    const a = await json<AssetBody>(made)
    const detail = await json<{ history: { actor: string }[] }>(
      await call(`/api/assets/${a.id}`, { headers: bearer }),
    )
    expect(detail.history[0]!.actor).toBe('token:inventory sync')
    expect((await call('/api/assets/renewals?days=30', { headers: bearer })).status).toBe(200)
    expect((await call('/api/invoices', { headers: bearer })).status).toBe(403)
    expect((await call('/api/clients', { headers: bearer })).status).toBe(403)
  })
})
