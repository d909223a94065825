import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { enumValue, type GraphQLEnumName } from '../../schema/graphql-enums'
import { call } from './helpers'
import { consultation, freshEmail, send, supportRequest } from './requests-fixtures'
import { ownerCookie } from './session-helpers'

let cookie: string
beforeAll(async () => {
  cookie = await ownerCookie()
})

const owner = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  call(path, { ...init, headers: { Cookie: cookie, ...init.headers } })

type GqlBody = {
  data?: Record<string, Row & Row[]>
  errors?: { message: string; extensions: Record<string, unknown> }[]
}

type Row = { id: number; email: string; status: string; notes: string | null; delivery: string }

const gql = async (query: string, variables: Record<string, unknown> = {}, withCookie = true) => {
  const res = await call('/graphql', {
    method: 'POST',
    json: { query, variables },
    headers: { 'x-graphql-yoga-csrf': '1', ...(withCookie ? { Cookie: cookie } : {}) },
  })
  return { status: res.status, body: (await res.json()) as GqlBody }
}

const CONSULTATION_FIELDS = `id reference name email phone company projectType budget preferredDate preferredTime
  description notes status createdAt updatedAt closedAt delivery clientId contactId customerRepliedAt`
const SUPPORT_FIELDS = `id reference name email phone businessName issueType urgency description preferredContact
  preferredTime notes status dueAt createdAt updatedAt closedAt delivery clientId contactId customerRepliedAt assetId quoteId`

type Kind = 'consultations' | 'support-requests'
const ENUM_FIELDS: Record<string, GraphQLEnumName> = {
  status: 'RequestStatus',
  delivery: 'Delivery',
  projectType: 'ProjectType',
  budget: 'Budget',
  issueType: 'IssueType',
  urgency: 'Urgency',
  preferredContact: 'ContactMethod',
}

/** A request read through GraphQL, in REST's terms: numeric id, stored values instead of enum names. */
function inRestTerms(kind: Kind, row: Record<string, unknown>) {
  const enums = {
    ...ENUM_FIELDS,
    preferredTime: kind === 'consultations' ? 'TimeSlot' : 'ContactTime',
    status: kind === 'consultations' ? 'RequestStatus' : 'SupportStatus',
  } as const
  const out: Record<string, unknown> = { ...row, id: Number(row.id) }
  // The client and contact (issue 24) are IDs in GraphQL, numbers in REST.
  for (const field of ['clientId', 'contactId']) if (row[field] != null) out[field] = Number(row[field])
  for (const [field, name] of Object.entries(enums)) {
    if (typeof row[field] === 'string') out[field] = enumValue(name, row[field])
  }
  return out
}

/** Submits through the public form and returns the stored row as the owner sees it. */
async function submitted(kind: 'consultations' | 'support-requests', overrides = {}) {
  const email = freshEmail('admin')
  const path = kind === 'consultations' ? '/api/consultations' : '/api/consultation'
  const payload =
    kind === 'consultations' ? consultation({ email, ...overrides }) : supportRequest({ email, ...overrides })
  expect((await send(path, { json: payload })).status).toBe(201)
  const list = (await (await owner(`/api/${kind}`)).json()) as Row[]
  return list.find((r) => r.email === email)!
}

describe.each([
  {
    kind: 'consultations' as const,
    fields: CONSULTATION_FIELDS,
    list: 'consultations',
    update: 'updateConsultation',
    // Statuses as stored and as GraphQL names them (support requests have the
    // help-desk workflow, docs/decisions/053-support-statuses-and-due-times.md).
    open: 'confirmed',
    done: 'completed',
    statusEnum: 'RequestStatus',
    openName: 'CONFIRMED',
    cancelName: 'CANCELLED',
  },
  {
    kind: 'support-requests' as const,
    fields: SUPPORT_FIELDS,
    list: 'supportRequests',
    update: 'updateSupportRequest',
    open: 'in_progress',
    done: 'resolved',
    statusEnum: 'SupportStatus',
    openName: 'IN_PROGRESS',
    cancelName: 'CLOSED',
  },
])('/api/$kind', ({ kind, fields, list, update, open, done, statusEnum, openName, cancelName }) => {
  it('is for the owner only', async () => {
    expect((await call(`/api/${kind}`)).status).toBe(401)
    const row = await submitted(kind)
    const res = await call(`/api/${kind}/${row.id}`, { method: 'PATCH', json: { status: open } })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'Authentication required' })
    expect((await gql(`{ ${list} { id } }`, {}, false)).status).toBe(401)
  })

  it('lists newest first, each with its delivery state, never cached', async () => {
    const older = await submitted(kind)
    const newer = await submitted(kind)
    const res = await owner(`/api/${kind}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const rows = (await res.json()) as Row[]
    const ids = rows.map((r) => r.id)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
    expect(newer).toMatchObject({ status: 'pending', notes: null, delivery: 'sent' })
    for (const r of rows) expect(['pending', 'sent', 'failed']).toContain(r.delivery)
  })

  it('gives the same list through REST and GraphQL', async () => {
    await submitted(kind)
    const rest = await (await owner(`/api/${kind}`)).json()
    const { status, body } = await gql(`{ ${list} { ${fields} } }`)
    expect(status).toBe(200)
    expect(body.errors).toBeUndefined()
    expect(
      (body.data![list] as unknown as Record<string, unknown>[]).map((r) => inRestTerms(kind, r)),
    ).toEqual(rest)
  })

  it('updates the status and notes; absent fields stay, null notes clear', async () => {
    const row = await submitted(kind)
    let res = await owner(`/api/${kind}/${row.id}`, {
      method: 'PATCH',
      json: { status: open, notes: 'Call on Tuesday' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: row.id, status: open, notes: 'Call on Tuesday' })

    res = await owner(`/api/${kind}/${row.id}`, { method: 'PATCH', json: { status: done } })
    expect(await res.json()).toMatchObject({
      status: done,
      notes: 'Call on Tuesday',
      delivery: 'sent',
    })

    res = await owner(`/api/${kind}/${row.id}`, { method: 'PATCH', json: { notes: null } })
    expect(await res.json()).toMatchObject({ status: done, notes: null })

    const stored = (await (await owner(`/api/${kind}`)).json()) as Row[]
    expect(stored.find((r) => r.id === row.id)).toMatchObject({ status: done, notes: null })
  })

  it('gives the same update result through GraphQL', async () => {
    const row = await submitted(kind)
    const { status, body } = await gql(
      `mutation ($id: ID!, $status: ${statusEnum}, $notes: String) { ${update}(id: $id, status: $status, notes: $notes) { ${fields} } }`,
      { id: row.id, status: cancelName, notes: 'Client postponed' },
    )
    expect(status).toBe(200)
    expect(body.data![update]).toMatchObject({
      id: String(row.id),
      status: cancelName,
      notes: 'Client postponed',
    })
    const rest = (await (await owner(`/api/${kind}`)).json()) as Row[]
    expect(rest.find((r) => r.id === row.id)).toEqual(
      inRestTerms(kind, body.data![update] as unknown as Record<string, unknown>),
    )
  })

  it('refuses an unknown status (REST: the field message; GraphQL: the enum refuses it)', async () => {
    const row = await submitted(kind)
    const res = await owner(`/api/${kind}/${row.id}`, { method: 'PATCH', json: { status: 'archived' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { status: 'Choose a status' },
    })

    const { status, body } = await gql(
      `mutation ($id: ID!) { ${update}(id: $id, status: ARCHIVED) { id } }`,
      {
        id: row.id,
      },
    )
    expect(status).toBe(400)
    expect(body.errors).toHaveLength(1)
    expect(body.errors![0]!.message).toMatch(new RegExp(`"ARCHIVED" does not exist in "${statusEnum}" enum`))
    const stored = (await (await owner(`/api/${kind}`)).json()) as Row[]
    expect(stored.find((r) => r.id === row.id)!.status).toBe('pending')
  })

  it.each(['abc', '-1', '0', '1.5', '99999999999999999999'])('refuses the id %s with 400', async (id) => {
    const res = await owner(`/api/${kind}/${id}`, { method: 'PATCH', json: { status: open } })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { id: 'Id must be a positive whole number' },
    })
  })

  it('answers 404 for an id that does not exist (REST and GraphQL)', async () => {
    const res = await owner(`/api/${kind}/987654`, { method: 'PATCH', json: { status: open } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Not found' })
    const { status, body } = await gql(`mutation { ${update}(id: 987654, status: ${openName}) { id } }`)
    expect(status).toBe(404)
    expect(body.errors![0]).toMatchObject({ message: 'Not found', extensions: { code: 'NOT_FOUND' } })
  })

  it('refuses a negative id through GraphQL too', async () => {
    const { status, body } = await gql(`mutation { ${update}(id: -1, notes: "x") { id } }`)
    expect(status).toBe(400)
    expect(body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: { id: 'Id must be a positive whole number' },
    })
  })
})

describe('delivery state', () => {
  it('shows pending while the notification waits for a retry', async () => {
    const email = freshEmail('pending')
    // The binding refuses, so the notification stays pending for the cron.
    const res = await send(
      '/api/consultations',
      { json: consultation({ email }) },
      {
        MAIL: {
          send: async () => {
            throw new Error('down')
          },
        } as unknown as SendEmail,
      },
    )
    expect(res.status).toBe(201)
    const rows = (await (await owner('/api/consultations')).json()) as Row[]
    expect(rows.find((r) => r.email === email)!.delivery).toBe('pending')
    const { body } = await gql('{ consultations { email delivery } }')
    expect(body.data!.consultations!.find((r) => r.email === email)!.delivery).toBe('PENDING')
  })

  it('lists a stored status outside the list as CANCELLED instead of failing the whole list', async () => {
    await env.DB.prepare(
      `insert into consultations (name, email, project_type, preferred_date, preferred_time, description, status)
       values ('Odd', 'odd-status@example.com', 'other', '2030-01-01T15:00:00.000Z', '09:00', 'imported', 'archived')`,
    ).run()
    const { status, body } = await gql('{ consultations { email status } }')
    expect(status).toBe(200)
    expect(body.data!.consultations!.find((r) => r.email === 'odd-status@example.com')!.status).toBe(
      'CANCELLED',
    )
  })

  it('shows failed for a request that has no notification at all', async () => {
    await env.DB.prepare(
      `insert into consultations (name, email, project_type, preferred_date, preferred_time, description)
       values ('Legacy', 'legacy@example.com', 'other', '2030-01-01T15:00:00.000Z', '09:00', 'imported')`,
    ).run()
    const rows = (await (await owner('/api/consultations')).json()) as Row[]
    expect(rows.find((r) => r.email === 'legacy@example.com')!.delivery).toBe('failed')
  })
})

describe('the audit trail names the reference and the new status (issue 28)', () => {
  const lastAudit = (action: string) =>
    env.DB.prepare('select record, state, outcome from audit_log where action = ? order by id desc limit 1')
      .bind(action)
      .first<{ record: string; state: string | null; outcome: string }>()

  it('REST and GraphQL status changes are recorded with the reference and the state set', async () => {
    const c = consultation()
    const made = await send('/api/consultations', { json: c })
    const { reference: cRef } = (await made.json()) as { reference: string }
    const s = supportRequest()
    const { reference: sRef } = (await (await send('/api/consultation', { json: s })).json()) as {
      reference: string
    }
    const idOf = async (table: string, reference: string) =>
      (await env.DB.prepare(`select id from ${table} where reference = ?`)
        .bind(reference)
        .first<{ id: number }>())!.id
    const cId = await idOf('consultations', cRef)
    const sId = await idOf('support_requests', sRef)

    const rest = await owner(`/api/consultations/${cId}`, { method: 'PATCH', json: { status: 'confirmed' } })
    expect(rest.status).toBe(200)
    expect(await lastAudit('PATCH /api/consultations/:id')).toEqual({
      record: cRef,
      state: 'confirmed',
      outcome: 'success',
    })

    // The admin's own mutation selects no reference; the entry names it all the same.
    const closed = await gql(`mutation { updateSupportRequest(id: ${sId}, status: CLOSED) { id status } }`)
    expect(closed.body.errors).toBeUndefined()
    expect(await lastAudit('graphql updateSupportRequest')).toEqual({
      record: sRef,
      state: 'closed',
      outcome: 'success',
    })

    // A notes-only change names the reference and no state.
    await gql(`mutation { updateConsultation(id: ${cId}, notes: "Call first") { id } }`)
    expect(await lastAudit('graphql updateConsultation')).toEqual({
      record: cRef,
      state: null,
      outcome: 'success',
    })

    // A refused write keeps naming what it was asked for, with no state.
    await owner('/api/support-requests/987654', { method: 'PATCH', json: { status: 'closed' } })
    expect(await lastAudit('PATCH /api/support-requests/:id')).toEqual({
      record: '987654',
      state: null,
      outcome: 'failure',
    })
  })
})
