// Issue 38, point 3: what expires within 30 / 60 / 90 days across clients
// (retired assets left out, soonest first), the cron's owner e-mail once per
// item at 60 and at 14 days (runs twice and at once), "Renew" as a quote line,
// and the asset words kept by the database as the lists and GraphQL say.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { ASSET_KINDS, ASSET_STATUSES, EPHI_ANSWERS, RENEWAL_WHATS } from '../../schema/assets'
import { enumName } from '../../schema/graphql-enums'
import { addDays, businessDate } from '../../schema/slot-time'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import { queueRenewalNotices } from '../../worker/services/assets'
import { gql } from './admin-helpers'
import { asOwner, countRows, json, makeClient } from './billing-fixtures'

async function runCron(at: Date) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at.getTime() }), env, ctx)
  await waitOnExecutionContext(ctx)
}

const NOW = new Date('2027-01-10T15:00:00Z')
const TODAY = businessDate(NOW)

async function asset(clientId: number, body: Record<string, unknown>) {
  const res = await asOwner(`/api/clients/${clientId}/assets`, { method: 'POST', json: body })
  expect(res.status).toBe(201)
  return (await json<{ id: number }>(res)).id
}

const renewalMail = () =>
  env.DB.prepare("select subject from mail_outbox where kind = 'renewal' order by id").all<{
    subject: string
  }>()

describe('asset renewals', () => {
  it('lists warranty ends and renewal dates within the window, soonest first, retired left out', async () => {
    const c = await makeClient()
    const d = await makeClient()
    const today = businessDate(new Date())
    const cert = await asset(c.clientId, {
      kind: 'certificate',
      name: 'TLS',
      renewalDate: addDays(today, 20),
    })
    const pc = await asset(d.clientId, {
      kind: 'workstation',
      name: 'PC',
      warrantyEnd: addDays(today, 5),
      renewalDate: addDays(today, 75),
    })
    await asset(c.clientId, { kind: 'domain', name: 'Far', renewalDate: addDays(today, 120) })
    const old = await asset(c.clientId, { kind: 'domain', name: 'Old', renewalDate: addDays(today, 10) })
    await asOwner(`/api/assets/${old}`, { method: 'DELETE' })

    const list = async (days: number) =>
      json<{ assetId: number; what: string; date: string; clientName: string }[]>(
        await asOwner(`/api/assets/renewals?days=${days}`),
      )
    const ninety = await list(90)
    expect(ninety.map((r) => [r.assetId, r.what])).toEqual([
      [pc, 'warranty'],
      [cert, 'renewal'],
      [pc, 'renewal'],
    ])
    expect(ninety[0]).toMatchObject({ clientId: d.clientId, kind: 'workstation', name: 'PC' })
    expect((await list(30)).map((r) => r.assetId)).toEqual([pc, cert])
    const bad = await asOwner('/api/assets/renewals?days=45')
    expect(bad.status).toBe(400)
    expect(Object.keys((await json<{ errors: object }>(bad)).errors)).toEqual(['days'])
  })

  it('e-mails the owner once per item at 60 and at 14 days, however often the cron runs', async () => {
    // The file's storage is shared by its tests: the assets of the others are out of this one's way.
    await env.DB.prepare("update assets set status = 'retired'").run()
    const c = await makeClient()
    const id = await asset(c.clientId, {
      kind: 'software_licence',
      name: 'EHR licence',
      renewalDate: addDays(TODAY, 59),
    })
    await asset(c.clientId, { kind: 'laptop', name: 'Soon laptop', warrantyEnd: addDays(TODAY, 10) })
    await asset(c.clientId, { kind: 'laptop', name: 'Later laptop', warrantyEnd: addDays(TODAY, 61) })

    await runCron(NOW)
    await runCron(NOW)
    const first = (await renewalMail()).results.map((m) => m.subject)
    expect(first, first.join(' | ')).toHaveLength(2)
    expect(first.some((s) => s.startsWith('Renewal in 59 days: EHR licence'))).toBe(true)
    expect(first.some((s) => s.startsWith('Renewal in 10 days: Soon laptop'))).toBe(true)

    // At once: four runs 45 days later queue the 14-day notice of the licence once (and the laptop's 60-day one).
    const later = new Date(NOW.getTime() + 45 * 86_400_000)
    const db = createDb(env.DB)
    const queued = await Promise.all(Array.from({ length: 4 }, () => queueRenewalNotices(db, env, later)))
    expect(queued.reduce((a, b) => a + b, 0)).toBe(2)
    await runCron(later)
    expect(await countRows('select count(*) as n from asset_renewal_notices where asset_id = ?', id)).toBe(2)
    expect((await renewalMail()).results).toHaveLength(4)
    // The database itself refuses a second notice of the same item and lead.
    await expect(
      env.DB.prepare(
        "insert into asset_renewal_notices (asset_id, what, due_date, lead_days) values (?, 'renewal', ?, 60)",
      )
        .bind(id, addDays(TODAY, 59))
        .run(),
    ).rejects.toThrow(/UNIQUE/)
  })

  it('makes a renewal a line of a new draft quote in one click', async () => {
    const c = await makeClient()
    const id = await asset(c.clientId, {
      kind: 'software_licence',
      name: 'Microsoft 365',
      renewalDate: '2027-02-01',
      seats: 12,
    })
    const res = await asOwner(`/api/assets/${id}/renewal-quote`, {
      method: 'POST',
      json: { what: 'renewal' },
    })
    expect(res.status).toBe(201)
    const quote = await json<{ id: number; status: string }>(res)
    expect(quote.status).toBe('draft')
    const line = await env.DB.prepare(
      'select q.client_id as clientId, l.description, l.quantity_milli as q from quote_lines l join quotes q on q.id = l.quote_id where q.id = ?',
    )
      .bind(quote.id)
      .first<{ clientId: number; description: string; q: number }>()
    expect(line).toMatchObject({ clientId: c.clientId, q: 12_000 })
    expect(line!.description).toMatch(/^Renewal: Microsoft 365 .*2027-02-01/)
    const none = await asOwner(`/api/assets/${id}/renewal-quote`, {
      method: 'POST',
      json: { what: 'warranty' },
    })
    expect(none.status).toBe(400)
    expect(Object.keys((await json<{ errors: object }>(none)).errors)).toEqual(['what'])
  })
})

describe('the asset words', () => {
  it('are refused by the database outside their lists; assets are never deleted, history never rewritten', async () => {
    const c = await makeClient()
    const id = await asset(c.clientId, { kind: 'other', name: 'Words' })
    const set = (column: string, value: string) =>
      env.DB.prepare(`update assets set ${column} = ? where id = ?`).bind(value, id).run()
    for (const kind of ASSET_KINDS) await set('kind', kind)
    for (const status of ASSET_STATUSES) await set('status', status)
    for (const ephi of EPHI_ANSWERS) await set('ephi', ephi)
    await expect(set('kind', 'toaster')).rejects.toThrow(/invalid/)
    await expect(set('status', 'lost')).rejects.toThrow(/invalid/)
    await expect(set('ephi', 'maybe')).rejects.toThrow(/invalid/)
    await expect(
      env.DB.prepare("insert into assets (client_id, kind, name) values (?, 'toaster', 'x')")
        .bind(c.clientId)
        .run(),
    ).rejects.toThrow(/invalid/)
    await expect(env.DB.prepare('delete from assets where id = ?').bind(id).run()).rejects.toThrow(/retired/)
    await expect(
      env.DB.prepare("update asset_changes set actor = 'x' where asset_id = ?").bind(id).run(),
    ).rejects.toThrow(/append-only/)
    await expect(
      env.DB.prepare('delete from asset_changes where asset_id = ?').bind(id).run(),
    ).rejects.toThrow(/append-only/)
    const notice = (what: string, lead: number) =>
      env.DB.prepare(
        'insert into asset_renewal_notices (asset_id, what, due_date, lead_days) values (?, ?, ?, ?)',
      )
        .bind(id, what, `2027-01-${10 + lead}`, lead)
        .run()
    for (const what of RENEWAL_WHATS) await notice(what, 14)
    await expect(notice('lease', 14)).rejects.toThrow(/invalid/)
    await expect(notice('renewal', 30)).rejects.toThrow(/invalid/)
  })

  it('are GraphQL enums generated from the same lists', async () => {
    const q = 'query($name: String!) { __type(name: $name) { enumValues { name } } }'
    const names = async (name: string) =>
      (await gql<{ __type: { enumValues: { name: string }[] } }>(q, { name })).body
        .data!.__type.enumValues.map((v) => v.name)
        .sort()
    expect(await names('AssetKind')).toEqual(ASSET_KINDS.map((v) => enumName('AssetKind', v)).sort())
    expect(await names('AssetStatus')).toEqual(ASSET_STATUSES.map((v) => enumName('AssetStatus', v)).sort())
    expect(await names('EphiAnswer')).toEqual(EPHI_ANSWERS.map((v) => enumName('EphiAnswer', v)).sort())
    expect(await names('RenewalWhat')).toEqual(RENEWAL_WHATS.map((v) => enumName('RenewalWhat', v)).sort())
  })
})
