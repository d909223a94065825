// Issue 39 at the database: incidents are never deleted, the timeline is
// append-only, a sent notice is never rewritten, and the words are kept by
// triggers that name the same lists as schema/compliance.ts.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { makeClient } from './billing-fixtures'

let n = 0
async function incident() {
  const row = await env.DB.prepare(
    `insert into incidents (reference, title, discovered_at, discovered_at_ms, description)
     values (?, 'Lost laptop', '2026-11-20T09:00:00-06:00', ?, 'A laptop was left in a cab') returning id`,
  )
    .bind(`INC-2099-${String(++n).padStart(4, '0')}`, Date.parse('2026-11-20T15:00:00Z'))
    .first<{ id: number }>()
  return row!.id
}

describe('compliance tables', () => {
  it('refuses UPDATE and DELETE of a timeline row and DELETE of an incident', async () => {
    const id = await incident()
    const t = await env.DB.prepare(
      "insert into incident_timeline (incident_id, actor, action) values (?, 'owner', 'created') returning id",
    )
      .bind(id)
      .first<{ id: number }>()
    await expect(
      env.DB.prepare("update incident_timeline set actor = 'someone' where id = ?").bind(t!.id).run(),
    ).rejects.toThrow(/append-only/)
    await expect(
      env.DB.prepare('delete from incident_timeline where id = ?').bind(t!.id).run(),
    ).rejects.toThrow(/append-only/)
    await expect(env.DB.prepare('delete from incidents where id = ?').bind(id).run()).rejects.toThrow(
      /never deleted/,
    )
    const left = await env.DB.prepare('select count(*) as n from incident_timeline where incident_id = ?')
      .bind(id)
      .first<{ n: number }>()
    expect(left!.n).toBe(1)
  })

  it('lets a draft notice change and freezes a sent one', async () => {
    const id = await incident()
    const c = await makeClient()
    const notice = await env.DB.prepare(
      "insert into incident_notices (incident_id, client_id, subject, body) values (?, ?, 'Notice', 'Draft') returning id",
    )
      .bind(id, c.clientId)
      .first<{ id: number }>()
    await env.DB.prepare("update incident_notices set body = 'Edited' where id = ?").bind(notice!.id).run()
    await env.DB.prepare(
      "update incident_notices set status = 'sent', sent_at = 1, pdf_key = 'k', pdf_sha256 = 'h' where id = ?",
    )
      .bind(notice!.id)
      .run()
    await expect(
      env.DB.prepare("update incident_notices set body = 'Rewritten' where id = ?").bind(notice!.id).run(),
    ).rejects.toThrow(/never rewritten/)
    await expect(
      env.DB.prepare('delete from incident_notices where id = ?').bind(notice!.id).run(),
    ).rejects.toThrow(/never deleted/)
  })

  it('keeps the words', async () => {
    await expect(
      env.DB.prepare(
        `insert into incidents (reference, title, discovered_at, discovered_at_ms, description, ephi_involved)
         values ('INC-2098-0001', 't', 'x', 1, 'd', 'maybe')`,
      ).run(),
    ).rejects.toThrow(/invalid/)
    const c = await makeClient()
    await expect(
      env.DB.prepare(
        "insert into baas (client_id, source, effective_date, notification_day_kind) values (?, 'recorded', '2026-01-01', 'weekly')",
      )
        .bind(c.clientId)
        .run(),
    ).rejects.toThrow(/invalid/)
  })
})
