// Issue 39 through REST: BAAs, incidents with their reference and deadlines,
// the append-only history, the notice drafted, edited, sent once as a PDF
// whose stored SHA-256 is the served one, and bad input refused with nothing stored.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../schema/quotes'
import { createDb } from '../../worker/db'
import { createApiToken } from '../../worker/services/api-tokens'
import { asOwner, countRows, json, makeClient } from './billing-fixtures'
import { call } from './helpers'
import { pdfText } from './pdf-text'

type Deadline = { clientId: number; dueAt: string; basis: string; notifiedAt: string | null }
type IncidentBody = {
  id: number
  reference: string
  deadlines: Deadline[]
  timeline: { actor: string; action: string; changes: Record<string, unknown> }[]
  determination: string
}

const incidentInput = (clientIds: number[], extra: Record<string, unknown> = {}) => ({
  title: 'Laptop stolen from a car',
  discoveredAt: '2026-11-23T09:00:00-06:00',
  description: 'The front-desk laptop was stolen; the disk is encrypted.',
  clientIds,
  ephiInvolved: 'unknown',
  individualsAffected: null,
  ...extra,
})

describe('compliance REST', () => {
  it('records a BAA and gives each affected client the earlier deadline', async () => {
    const withBaa = await makeClient()
    const without = await makeClient()
    const baa = await asOwner('/api/baas', {
      method: 'POST',
      json: {
        clientId: withBaa.clientId,
        effectiveDate: '2026-01-01',
        renewalDate: '2027-01-01',
        notificationDays: 10,
        notificationDayKind: 'business',
      },
    })
    expect(baa.status).toBe(201)
    expect(await json(baa)).toMatchObject({ source: 'recorded', notificationDays: 10, documentSha256: null })
    const made = await asOwner('/api/incidents', {
      method: 'POST',
      json: incidentInput([withBaa.clientId, without.clientId]),
    })
    expect(made.status).toBe(201)
    const i = await json<IncidentBody>(made)
    expect(i.reference).toMatch(/^INC-2026-\d{4}$/)
    const byClient = Object.fromEntries(i.deadlines.map((d) => [d.clientId, d]))
    // 10 business days from Mon Nov 23 2026 (Thanksgiving, two weekends): Tue Dec 8, 23:59 CST.
    expect(byClient[withBaa.clientId]).toMatchObject({ basis: 'contract', dueAt: '2026-12-09T05:59:00.000Z' })
    expect(byClient[without.clientId]).toMatchObject({ basis: 'statute', dueAt: '2027-01-23T05:59:00.000Z' })
    expect(i.timeline.map((t) => t.action)).toEqual(['created'])
  })

  it('numbers concurrent incidents without a gap or a repeat', async () => {
    const c = await makeClient()
    const made = await Promise.all(
      Array.from({ length: 5 }, () =>
        asOwner('/api/incidents', {
          method: 'POST',
          json: incidentInput([c.clientId], { discoveredAt: '2031-02-01T10:00:00Z' }),
        }),
      ),
    )
    const refs = (await Promise.all(made.map((r) => json<IncidentBody>(r)))).map((r) => r.reference).sort()
    expect(refs).toEqual([
      'INC-2031-0001',
      'INC-2031-0002',
      'INC-2031-0003',
      'INC-2031-0004',
      'INC-2031-0005',
    ])
  })

  it('appends every change to the timeline and never deletes', async () => {
    const c = await makeClient()
    const i = await json<IncidentBody>(
      await asOwner('/api/incidents', { method: 'POST', json: incidentInput([c.clientId]) }),
    )
    const patched = await asOwner(`/api/incidents/${i.id}`, {
      method: 'PATCH',
      json: {
        determination: 'not_breach',
        mitigation: 'Remote wipe confirmed',
        note: 'Four factors reviewed',
      },
    })
    expect(patched.status).toBe(200)
    const after = await json<IncidentBody>(patched)
    expect(after.determination).toBe('not_breach')
    expect(after.timeline.at(-1)).toMatchObject({
      actor: 'owner',
      action: 'updated',
      changes: { determination: ['undetermined', 'not_breach'], mitigation: [null, 'Remote wipe confirmed'] },
    })
    const del = await asOwner(`/api/incidents/${i.id}`, { method: 'DELETE' })
    expect(del.status).toBe(405)
    expect(await countRows('select count(*) as n from incidents where id = ?', i.id)).toBe(1)
    expect(await countRows('select count(*) as n from incident_timeline where incident_id = ?', i.id)).toBe(2)
  })

  it('drafts, edits and sends a notice once; the served PDF is the stored one', async () => {
    const c = await makeClient()
    const i = await json<IncidentBody>(
      await asOwner('/api/incidents', { method: 'POST', json: incidentInput([c.clientId]) }),
    )
    const draftRes = await asOwner(`/api/incidents/${i.id}/notices`, {
      method: 'POST',
      json: { clientId: c.clientId },
    })
    expect(draftRes.status).toBe(201)
    const draft = await json<{ id: number; body: string; status: string }>(draftRes)
    expect(draft.status).toBe('draft')
    expect(draft.body).toContain('## Types of PHI involved')
    expect(draft.body).toContain('## How to reach us')
    const edited = await asOwner(`/api/incident-notices/${draft.id}`, {
      method: 'PATCH',
      json: { body: `${draft.body}\n\nReset your portal password.` },
    })
    expect(edited.status).toBe(200)
    // Sequential: two PDFs drawn at once share the font cache across requests, which workerd's test pool refuses.
    const first = await asOwner(`/api/incident-notices/${draft.id}/send`, { method: 'POST', json: {} })
    expect(first.status).toBe(200)
    const again = await asOwner(`/api/incident-notices/${draft.id}/send`, { method: 'POST', json: {} })
    expect(again.status).toBe(409)
    const sent = await json<{ sentAt: string; sha256: string }>(first)
    const pdf = await asOwner(`/api/incident-notices/${draft.id}/pdf`)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const bytes = new Uint8Array(await pdf.arrayBuffer())
    expect(await sha256Hex(bytes)).toBe(sent.sha256)
    const text = await pdfText(bytes)
    expect(text).toContain(i.reference)
    expect(text).toContain('Nov 23, 2026')
    const detail = await json<IncidentBody>(await asOwner(`/api/incidents/${i.id}`))
    expect(detail.deadlines[0]!.notifiedAt).toBe(sent.sentAt)
    expect(detail.timeline.map((t) => t.action)).toEqual(['created', 'notice_drafted', 'notice_sent'])
    const frozen = await asOwner(`/api/incident-notices/${draft.id}`, {
      method: 'PATCH',
      json: { body: 'changed' },
    })
    expect(frozen.status).toBe(409)
    expect(
      await countRows(
        "select count(*) as n from mail_outbox where kind = 'incident-notice' and recipient = ?",
        c.email,
      ),
    ).toBe(1)
  })

  it('refuses bad input naming the field, storing nothing', async () => {
    const c = await makeClient()
    const before = await countRows('select count(*) as n from incidents')
    const cases: [Record<string, unknown>, string][] = [
      [incidentInput([c.clientId], { discoveredAt: '2026-11-23 09:00' }), 'discoveredAt'],
      [incidentInput([c.clientId], { ephiInvolved: 'maybe' }), 'ephiInvolved'],
      [incidentInput([]), 'clientIds'],
      [incidentInput([999_999]), 'clientIds'],
      [incidentInput([c.clientId], { individualsAffected: -1 }), 'individualsAffected'],
    ]
    for (const [body, field] of cases) {
      const res = await asOwner('/api/incidents', { method: 'POST', json: body })
      expect(res.status, field).toBe(400)
      expect(Object.keys((await json<{ errors: Record<string, string> }>(res)).errors)).toContain(field)
    }
    expect(await countRows('select count(*) as n from incidents')).toBe(before)
    const bad = await asOwner('/api/baas', {
      method: 'POST',
      json: { clientId: c.clientId, effectiveDate: '2026-05-01', renewalDate: '2026-01-01' },
    })
    expect(bad.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(bad)).errors).toHaveProperty('renewalDate')
    expect(await countRows('select count(*) as n from baas where client_id = ?', c.clientId)).toBe(0)
  })

  it('opens the compliance routes to a compliance token and nothing else', async () => {
    await asOwner('/api/auth/me')
    const ownerId = (await env.DB.prepare('select id from users limit 1').first<{ id: number }>())!.id
    const { token } = await createApiToken(createDb(env.DB), ownerId, {
      name: 'desk',
      scope: 'compliance',
      expiresInDays: 30,
    })
    const bearer = { Authorization: `Bearer ${token}` }
    expect((await call('/api/incidents', { headers: bearer })).status).toBe(200)
    expect((await call('/api/baas', { headers: bearer })).status).toBe(200)
    expect((await call('/api/invoices', { headers: bearer })).status).toBe(403)
    expect((await call('/api/incidents')).status).toBe(401)
  })
})
