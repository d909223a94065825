// Issue 39: a quote carrying the BAA template puts a BAA on file when
// accepted; a client with ePHI assets and no BAA is flagged; the cron reminds
// the owner of renewals and incident deadlines once each (run twice); and no
// retention purge touches the incident record, even years later.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, businessDate } from '../../schema/slot-time'
import worker from '../../worker/index'
import { clientsMissingBaa } from '../../worker/services/compliance/baas'
import { asOwner, countRows, json, makeClient } from './billing-fixtures'
import { acceptAs, clientWithContact, db, seedBaaTemplate, sent } from './quotes-fixtures'

async function runCron(at: Date) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at.getTime() }), env, ctx)
  await waitOnExecutionContext(ctx)
}

const complianceMail = () =>
  env.DB.prepare("select subject from mail_outbox where kind = 'compliance' order by id").all<{
    subject: string
  }>()

beforeAll(seedBaaTemplate)

describe('compliance desk: BAAs from quotes, flags, cron, retention', () => {
  it('adds a BAA when a quote carrying the BAA template is accepted, once', async () => {
    const scope = await clientWithContact('Lakeside Family Practice')
    const q = await sent(scope)
    await acceptAs(scope, q.id as number)
    const baas = await json<{ clientId: number; source: string; documentSha256: string | null }[]>(
      await asOwner('/api/baas'),
    )
    const mine = baas.filter((b) => b.clientId === scope.clientId)
    expect(mine).toHaveLength(1)
    const sig = await env.DB.prepare('select pdf_sha256 from signatures where quote_id = ?')
      .bind(q.id)
      .first<{ pdf_sha256: string }>()
    expect(mine[0]).toMatchObject({ source: 'quote', documentSha256: sig!.pdf_sha256 })
  })

  it('flags a client with an ePHI asset and no BAA', async () => {
    const c = await makeClient()
    await asOwner(`/api/clients/${c.clientId}/assets`, {
      method: 'POST',
      json: { kind: 'workstation', name: 'Front desk PC', ephi: 'yes' },
    })
    expect((await clientsMissingBaa(db())).map((r) => r.id)).toContain(c.clientId)
    await asOwner('/api/baas', {
      method: 'POST',
      json: { clientId: c.clientId, effectiveDate: '2026-01-01' },
    })
    expect((await clientsMissingBaa(db())).map((r) => r.id)).not.toContain(c.clientId)
  })

  it('flags a healthcare practice and a client that asked for the BAA, with the reasons; not others', async () => {
    const marked = await makeClient()
    const asked = await makeClient()
    const plain = await makeClient()
    const flagged = async () => new Map((await clientsMissingBaa(db())).map((r) => [r.id, r]))
    expect((await flagged()).has(marked.clientId)).toBe(false)

    const res = await asOwner(`/api/clients/${marked.clientId}`, {
      method: 'PATCH',
      json: { handlesPhi: true },
    })
    expect(res.status).toBe(200)
    expect(await json(res)).toMatchObject({ handlesPhi: true })
    // The trust page's words, reworded by the visitor: the abbreviation still counts.
    await env.DB.prepare('update support_requests set description = ? where id = ?')
      .bind('Could you send over your BAA before Monday?', asked.requestId)
      .run()
    await env.DB.prepare('update support_requests set description = ? where id = ?')
      .bind('The baazaar printer is jammed', plain.requestId)
      .run()

    const now = await flagged()
    expect(now.get(marked.clientId)).toMatchObject({ handlesPhi: true, ephiAssets: 0, baaRequests: 0 })
    expect(now.get(asked.clientId)).toMatchObject({ handlesPhi: false, baaRequests: 1 })
    expect(now.has(plain.clientId)).toBe(false)

    // A bad value is refused naming the field, and nothing changes.
    const bad = await asOwner(`/api/clients/${plain.clientId}`, {
      method: 'PATCH',
      json: { handlesPhi: 'yes' },
    })
    expect(bad.status).toBe(400)
    expect(await json(bad)).toMatchObject({ errors: { handlesPhi: expect.any(String) } })
    expect((await flagged()).has(plain.clientId)).toBe(false)

    // An archived client is no longer flagged.
    await asOwner(`/api/clients/${marked.clientId}`, { method: 'PATCH', json: { status: 'archived' } })
    expect((await flagged()).has(marked.clientId)).toBe(false)
  })

  it('reminds of a BAA renewal and an incident deadline once each, run twice', async () => {
    const now = new Date('2032-03-02T15:00:00Z')
    const c = await makeClient()
    await asOwner('/api/baas', {
      method: 'POST',
      json: {
        clientId: c.clientId,
        effectiveDate: '2031-03-20',
        renewalDate: addDays(businessDate(now), 50),
      },
    })
    const inc = await json<{ id: number; reference: string }>(
      await asOwner('/api/incidents', {
        method: 'POST',
        json: {
          title: 'Phishing',
          // 52 days before: past half-time of 60 days, 8 left (7-day mark not yet).
          discoveredAt: '2032-01-10T10:00:00-06:00',
          description: 'A mailbox was opened by a phishing link.',
          clientIds: [c.clientId],
          ephiInvolved: 'yes',
        },
      }),
    )
    const before = (await complianceMail()).results.length
    await runCron(now)
    await runCron(now)
    await Promise.all([runCron(now), runCron(now)])
    const subjects = (await complianceMail()).results.slice(before).map((r) => r.subject)
    expect(subjects.filter((s) => s.startsWith('BAA renewal in 50 days'))).toHaveLength(1)
    expect(subjects.filter((s) => s.includes(inc.reference))).toHaveLength(1)
    expect(
      await countRows(
        "select count(*) as n from incident_reminders where incident_id = ? and mark = 'half'",
        inc.id,
      ),
    ).toBe(1)
    // Two days later the 7-day mark: one more e-mail.
    await runCron(new Date('2032-03-04T15:00:00Z'))
    await runCron(new Date('2032-03-04T15:00:00Z'))
    const later = (await complianceMail()).results.slice(before).map((r) => r.subject)
    expect(later.filter((s) => s.includes(inc.reference))).toHaveLength(2)
  })

  it('keeps incidents, their timeline and notices through every purge, years later', async () => {
    const c = await makeClient()
    const inc = await json<{ id: number }>(
      await asOwner('/api/incidents', {
        method: 'POST',
        json: {
          title: 'Old incident',
          discoveredAt: '2026-02-01T10:00:00-06:00',
          description: 'Kept six years at least.',
          clientIds: [c.clientId],
          ephiInvolved: 'no',
        },
      }),
    )
    await asOwner(`/api/incidents/${inc.id}/notices`, { method: 'POST', json: { clientId: c.clientId } })
    // Close the client's request so the request purge has something to take.
    await env.DB.prepare("update support_requests set status = 'closed' where id = ?").bind(c.requestId).run()
    const count = async () => [
      await countRows('select count(*) as n from incidents where id = ?', inc.id),
      await countRows('select count(*) as n from incident_timeline where incident_id = ?', inc.id),
      await countRows('select count(*) as n from incident_clients where incident_id = ?', inc.id),
      await countRows('select count(*) as n from incident_notices where incident_id = ?', inc.id),
    ]
    const before = await count()
    expect(before).toEqual([1, 2, 1, 1])
    await runCron(new Date('2033-06-01T12:00:00Z'))
    expect(await count()).toEqual(before)
  })
})
