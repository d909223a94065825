// The compliance desk over GraphQL (issue 39, point 6): the admin's API, the
// owner's only; the same services as REST, so a bad input names its field and
// stores nothing, every incident change joins the timeline, and a sent notice
// stops its client's clock.
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../schema/quotes'
import { gql } from './admin-helpers'
import { asOwner, countRows, makeClient } from './billing-fixtures'
import { call } from './helpers'

const RECORD =
  'mutation ($input: BaaInput!) { recordBaa(input: $input) { id clientName source documentUrl } }'
const CREATE =
  'mutation ($input: IncidentInput!) { createIncident(input: $input) { id reference deadlines { clientId basis dueAt notifiedAt } } }'
const UPDATE =
  'mutation ($id: ID!, $input: IncidentPatchInput!) { updateIncident(id: $id, input: $input) { determination timeline { action actor changes } } }'

const incident = (clientIds: number[]) => ({
  title: 'Phishing e-mail opened',
  discoveredAt: '2026-11-23T09:00:00-06:00',
  description: 'A receptionist entered her password on a fake page.',
  clientIds,
  ephiInvolved: 'unknown',
})

type Deadline = { clientId: string; basis: string; dueAt: string; notifiedAt: string | null }

describe('compliance GraphQL', () => {
  it('records a BAA, creates and assesses an incident, drafts and sends a notice', async () => {
    const a = await makeClient()
    const b = await makeClient()
    const baa = await gql<{ recordBaa: { id: string; clientName: string; source: string } }>(RECORD, {
      input: {
        clientId: a.clientId,
        effectiveDate: '2026-01-01',
        notificationDays: 10,
        notificationDayKind: 'business',
      },
    })
    expect(baa.body.errors).toBeUndefined()
    expect(baa.body.data!.recordBaa).toMatchObject({ source: 'recorded', documentUrl: null })
    const listed = await gql<{ baas: { id: string; clientName: string }[] }>(
      'query ($c: ID) { baas(clientId: $c) { id clientName } }',
      { c: String(a.clientId) },
    )
    expect(listed.body.data!.baas).toEqual([
      { id: baa.body.data!.recordBaa.id, clientName: baa.body.data!.recordBaa.clientName },
    ])

    const made = await gql<{ createIncident: { id: string; reference: string; deadlines: Deadline[] } }>(
      CREATE,
      {
        input: incident([a.clientId, b.clientId]),
      },
    )
    expect(made.body.errors).toBeUndefined()
    const inc = made.body.data!.createIncident
    expect(inc.reference).toMatch(/^INC-2026-\d{4}$/)
    // The contract's 10 business days (Thanksgiving, two weekends) beat the statute's 60 days.
    expect(inc.deadlines[0]).toMatchObject({
      clientId: String(a.clientId),
      basis: 'contract',
      notifiedAt: null,
    })
    expect(inc.deadlines[1]).toMatchObject({ clientId: String(b.clientId), basis: 'statute' })

    const assessed = await gql<{
      updateIncident: { determination: string; timeline: { action: string; changes: string }[] }
    }>(UPDATE, { id: inc.id, input: { phiNature: 'Names and appointment dates', determination: 'breach' } })
    expect(assessed.body.errors).toBeUndefined()
    const timeline = assessed.body.data!.updateIncident.timeline
    expect(timeline.map((t) => t.action)).toEqual(['created', 'updated'])
    expect(JSON.parse(timeline[1]!.changes)).toEqual({
      phiNature: [null, 'Names and appointment dates'],
      determination: ['undetermined', 'breach'],
    })

    const draft = await gql<{ draftIncidentNotice: { id: string; status: string; body: string } }>(
      'mutation ($i: ID!, $c: ID!) { draftIncidentNotice(incidentId: $i, clientId: $c) { id status body } }',
      { i: inc.id, c: String(a.clientId) },
    )
    expect(draft.body.data!.draftIncidentNotice.body).toContain('Names and appointment dates')
    const noticeId = draft.body.data!.draftIncidentNotice.id
    const edited = await gql<{ updateIncidentNotice: { body: string } }>(
      'mutation ($id: ID!, $input: IncidentNoticePatchInput!) { updateIncidentNotice(id: $id, input: $input) { body } }',
      { id: noticeId, input: { body: 'Edited notice text.' } },
    )
    expect(edited.body.data!.updateIncidentNotice.body).toBe('Edited notice text.')

    const preview = await gql<{
      incidentNoticeSendPreview: {
        recipients: { contactId: number; selected: boolean }[]
        documentUrl: string
      }
    }>(
      'query ($id: ID!) { incidentNoticeSendPreview(id: $id) { recipients { contactId selected } documentUrl } }',
      { id: noticeId },
    )
    const p = preview.body.data!.incidentNoticeSendPreview
    expect(p.recipients).toEqual([{ contactId: a.contactId, selected: true }])
    const drawn = await asOwner(p.documentUrl)
    expect(drawn.headers.get('content-type')).toBe('application/pdf')

    // Another client's contact is refused, naming the field, and nothing is sent.
    const wrong = await gql(
      'mutation ($id: ID!, $to: [ID!]) { sendIncidentNotice(id: $id, recipientContactIds: $to) { id } }',
      { id: noticeId, to: [String(b.contactId)] },
    )
    expect(wrong.body.errors?.[0]?.extensions?.errors).toHaveProperty('recipientContactIds')
    expect(
      await countRows("select count(*) n from incident_notices where id = ? and status = 'sent'", noticeId),
    ).toBe(0)

    const sent = await gql<{ sendIncidentNotice: { status: string; sha256: string; pdfUrl: string } }>(
      'mutation ($id: ID!, $to: [ID!]) { sendIncidentNotice(id: $id, recipientContactIds: $to) { status sha256 pdfUrl } }',
      { id: noticeId, to: [String(a.contactId)] },
    )
    expect(sent.body.errors).toBeUndefined()
    const s = sent.body.data!.sendIncidentNotice
    expect(s.status).toBe('sent')
    const pdf = new Uint8Array(await (await asOwner(s.pdfUrl)).arrayBuffer())
    expect(await sha256Hex(pdf)).toBe(s.sha256)

    const after = await gql<{ incident: { deadlines: Deadline[]; notices: { status: string }[] } }>(
      'query ($id: ID!) { incident(id: $id) { deadlines { clientId notifiedAt } notices { status } } }',
      { id: inc.id },
    )
    const clocks = Object.fromEntries(
      after.body.data!.incident.deadlines.map((d) => [d.clientId, d.notifiedAt]),
    )
    expect(clocks[String(a.clientId)]).not.toBeNull()
    expect(clocks[String(b.clientId)]).toBeNull()
    const mine = await gql<{ incidents: { id: string }[] }>(
      'query ($c: ID) { incidents(clientId: $c) { id } }',
      {
        c: String(b.clientId),
      },
    )
    expect(mine.body.data!.incidents.map((i) => i.id)).toContain(inc.id)
  })

  it("serves a recorded BAA's uploaded PDF, the bytes whose SHA-256 the register shows", async () => {
    const a = await makeClient()
    const made = await gql<{ recordBaa: { id: string } }>(RECORD, {
      input: { clientId: a.clientId, effectiveDate: '2026-03-01' },
    })
    const id = made.body.data!.recordBaa.id
    expect(await asOwner(`/api/baas/${id}/document`).then((r) => r.status)).toBe(404)
    const bytes = new TextEncoder().encode('%PDF-1.4\n% signed BAA\n%%EOF\n')
    const put = await asOwner(`/api/baas/${id}/document`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: bytes,
    })
    expect(put.status).toBe(200)
    const listed = await gql<{ baas: { documentSha256: string; documentUrl: string }[] }>(
      'query ($c: ID) { baas(clientId: $c) { documentSha256 documentUrl } }',
      { c: String(a.clientId) },
    )
    const [baa] = listed.body.data!.baas
    expect(baa!.documentUrl).toBe(`/api/baas/${id}/document`)
    const served = new Uint8Array(await (await asOwner(baa!.documentUrl)).arrayBuffer())
    expect(served).toEqual(bytes)
    expect(baa!.documentSha256).toBe(await sha256Hex(bytes))

    // The filed PDF is kept as filed: a second upload is refused and changes nothing.
    const again = await asOwner(`/api/baas/${id}/document`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: new TextEncoder().encode('%PDF-1.4\n% another file\n%%EOF\n'),
    })
    expect(again.status).toBe(409)
    expect(new Uint8Array(await (await asOwner(baa!.documentUrl)).arrayBuffer())).toEqual(bytes)

    // Its dates and notice period can still be corrected, named field by field when wrong.
    const UPDATE =
      'mutation ($id: ID!, $input: BaaPatchInput!) { updateBaa(id: $id, input: $input) { id renewalDate notificationDays notificationDayKind } }'
    const edited = await gql<{ updateBaa: Record<string, unknown> }>(UPDATE, {
      id,
      input: { renewalDate: '2027-03-01', notificationDays: 10, notificationDayKind: 'business' },
    })
    expect(edited.body.data!.updateBaa).toMatchObject({
      renewalDate: '2027-03-01',
      notificationDays: 10,
      notificationDayKind: 'business',
    })
    const wrong = await gql(UPDATE, { id, input: { notificationDays: 0 } })
    expect(wrong.body.errors?.[0]?.extensions?.errors).toHaveProperty('notificationDays')
  })

  it('names the bad field and stores nothing; no session, no data', async () => {
    const a = await makeClient()
    const before = await countRows('select count(*) n from incidents')
    const bad = await gql(CREATE, { input: { ...incident([a.clientId]), discoveredAt: '2026-11-23 09:00' } })
    expect(bad.body.errors?.[0]?.extensions?.errors).toHaveProperty('discoveredAt')
    const noClient = await gql(CREATE, { input: { ...incident([]) } })
    expect(noClient.body.errors?.[0]?.extensions?.errors).toHaveProperty('clientIds')
    expect(await countRows('select count(*) n from incidents')).toBe(before)

    const badBaa = await gql(RECORD, {
      input: { clientId: a.clientId, effectiveDate: '2026-06-01', renewalDate: '2026-01-01' },
    })
    expect(badBaa.body.errors?.[0]?.extensions?.errors).toHaveProperty('renewalDate')
    const badKind = await gql(RECORD, {
      input: { clientId: a.clientId, effectiveDate: '2026-06-01', notificationDayKind: 'lunar' },
    })
    expect(badKind.body.errors?.[0]?.extensions?.errors).toHaveProperty('notificationDayKind')
    expect(await countRows('select count(*) n from baas where client_id = ?', a.clientId)).toBe(0)

    for (const query of ['{ baas { id } }', '{ clientsMissingBaa { clientId } }', '{ incidents { id } }']) {
      const anonymous = await gql(query, {}, false)
      expect(anonymous.status).toBe(401)
    }
    for (const path of ['/api/baas/1/document', '/api/incident-notices/1/preview'])
      expect((await call(path)).status, path).toBe(401)
    const anonymousWrite = await gql(
      RECORD,
      { input: { clientId: a.clientId, effectiveDate: '2026-06-01' } },
      false,
    )
    expect(anonymousWrite.status).toBe(401)
  })
})
