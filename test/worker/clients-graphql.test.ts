// The admin's GraphQL for clients (issue 24): the client page's data, create,
// edit, contacts, merge, archive, portal invitations and ending sessions.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { CLIENT_MESSAGES } from '../../worker/services/clients'
import { gql } from './admin-helpers'
import { consultation, freshEmail, send, supportRequest } from './requests-fixtures'

const count = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n

const CLIENT_FIELDS = `id name domains notes status contactCount requestCount
  contacts { id name email phone role portalSessions }
  requests { kind id reference status subject name contactId when }
  files { id name }`

type ClientData = {
  id: string
  name: string
  status: string
  contactCount: number
  requestCount: number
  contacts: { id: string; name: string; email: string; portalSessions: number }[]
  requests: { kind: string; id: string; reference: string; status: string; contactId: string }[]
}

async function createClient(name: string, email = freshEmail('c')) {
  const { body } = await gql<{ createClient: ClientData }>(
    `mutation ($input: ClientInput!) { createClient(input: $input) { ${CLIENT_FIELDS} } }`,
    { input: { name, domains: ['example.com'], contacts: [{ name: 'Grace Park', email }] } },
  )
  expect(body.errors).toBeUndefined()
  return body.data!.createClient
}

describe('clients over GraphQL', () => {
  it('a client page has its contacts and every request and booking with status and reference', async () => {
    const email = freshEmail('page')
    const client = await createClient('Riverside Family Clinic', email)
    expect((await send('/api/consultation', { json: supportRequest({ email }) })).status).toBe(201)
    expect((await send('/api/consultations', { json: consultation({ email }) })).status).toBe(201)
    const { body } = await gql<{ client: ClientData }>(
      `query ($id: ID!) { client(id: $id) { ${CLIENT_FIELDS} } }`,
      {
        id: client.id,
      },
    )
    const page = body.data!.client
    expect(page).toMatchObject({
      name: 'Riverside Family Clinic',
      contactCount: 1,
      requestCount: 2,
      status: 'ACTIVE',
    })
    expect(page.requests.map((r) => [r.kind, r.status, r.contactId])).toEqual(
      expect.arrayContaining([
        ['SUPPORT', 'pending', client.contacts[0]!.id],
        ['CONSULTATION', 'pending', client.contacts[0]!.id],
      ]),
    )
    for (const r of page.requests) expect(r.reference).toMatch(/^[CS]-\d+$/)

    const [support] = page.requests.filter((r) => r.kind === 'SUPPORT')
    // The inbox's "Open client" reads the request's own clientId.
    const open = await gql<{ supportRequests: { id: string; clientId: string | null }[] }>(
      '{ supportRequests { id clientId } }',
    )
    expect(open.body.data!.supportRequests.find((r) => r.id === support!.id)?.clientId).toBe(client.id)
  })

  it('lists with search and the archived filter; edits, archives and adds contacts', async () => {
    const tag = crypto.randomUUID().slice(0, 8)
    const client = await createClient(`Lakeside Dental ${tag}`)
    const list = async (vars: Record<string, unknown>) =>
      (
        await gql<{ clients: { id: string }[] }>(
          'query ($search: String, $status: ClientStatus) { clients(search: $search, status: $status) { id } }',
          vars,
        )
      ).body.data!.clients.map((c) => c.id)
    expect(await list({ search: tag })).toEqual([client.id])
    const archived = await gql<{ archiveClient: { status: string } }>(
      'mutation ($id: ID!) { archiveClient(id: $id, archived: true) { status } }',
      { id: client.id },
    )
    expect(archived.body.data!.archiveClient.status).toBe('ARCHIVED')
    expect(await list({ search: tag })).toEqual([])
    expect(await list({ search: tag, status: 'ARCHIVED' })).toEqual([client.id])

    const edited = await gql<{ updateClient: { name: string; notes: string | null } }>(
      'mutation ($id: ID!, $input: ClientPatch!) { updateClient(id: $id, input: $input) { name notes } }',
      { id: client.id, input: { name: `Lakeside Dental & Ortho ${tag}`, notes: 'Two offices.' } },
    )
    expect(edited.body.data!.updateClient).toEqual({
      name: `Lakeside Dental & Ortho ${tag}`,
      notes: 'Two offices.',
    })

    const added = await gql<{ addContact: { name: string; email: string } }>(
      'mutation ($id: ID!, $input: ContactInput!) { addContact(clientId: $id, input: $input) { name email } }',
      { id: client.id, input: { name: 'Sam Lee', email: 'Sam.Lee@Lakeside.example' } },
    )
    expect(added.body.data!.addContact).toEqual({ name: 'Sam Lee', email: 'sam.lee@lakeside.example' })
  })

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = await count('select count(*) as n from clients')
    const bad = await gql('mutation ($input: ClientInput!) { createClient(input: $input) { id } }', {
      input: { name: '', contacts: [{ name: 'X', email: 'not-an-email' }] },
    })
    expect(bad.status).toBe(400)
    // The nested contact is checked first (Pothos validates inner inputs before the outer one).
    expect(bad.body.errors![0]!.extensions!.errors).toEqual({ contacts: 'Enter a valid email address' })
    const noName = await gql('mutation { createClient(input: { name: " ", domains: ["x"] }) { id } }')
    expect(noName.status).toBe(400)
    expect(noName.body.errors![0]!.extensions!.errors).toEqual({
      name: 'Name is required',
      domains: 'Enter domains like clinic.example',
    })
    const taken = await createClient('Taken Co')
    const dup = await gql(
      'mutation ($id: ID!, $input: ContactInput!) { addContact(clientId: $id, input: $input) { id } }',
      { id: taken.id, input: { name: 'Dup', email: taken.contacts[0]!.email.toUpperCase() } },
    )
    expect(dup.body.errors![0]!.extensions!.errors).toEqual({ email: CLIENT_MESSAGES.emailTaken })
    expect(await count('select count(*) as n from clients')).toBe(before + 1)
    const missing = await gql('query { client(id: 999999) { id } }')
    expect(missing.body.errors![0]!.extensions!.code).toBe('NOT_FOUND')
  })

  it('merges two clients into one', async () => {
    const a = await createClient('Target')
    const b = await createClient('Source')
    const { body } = await gql<{ mergeClients: ClientData }>(
      `mutation ($t: ID!, $s: ID!) { mergeClients(targetId: $t, sourceId: $s) { ${CLIENT_FIELDS} } }`,
      { t: a.id, s: b.id },
    )
    expect(body.data!.mergeClients.contacts.map((k) => k.id)).toEqual([a.contacts[0]!.id, b.contacts[0]!.id])
    const gone = await gql('query ($id: ID!) { client(id: $id) { id } }', { id: b.id })
    expect(gone.body.errors![0]!.extensions!.code).toBe('NOT_FOUND')
  })

  it('invites to the portal by e-mail or as a link to copy, and ends a contact’s sessions', async () => {
    const client = await createClient('Portal Co')
    const contact = client.contacts[0]!
    const copy = await gql<{ inviteToPortal: { url: string | null; mailed: boolean } }>(
      'mutation ($id: ID!) { inviteToPortal(contactId: $id, send: false) { url mailed } }',
      { id: contact.id },
    )
    expect(copy.body.data!.inviteToPortal.mailed).toBe(false)
    expect(copy.body.data!.inviteToPortal.url).toMatch(/\/portal\/sign-in\/[A-Za-z0-9_-]{43}$/)
    expect(
      await count('select count(*) as n from portal_links where contact_id = ?', Number(contact.id)),
    ).toBe(1)

    const mailed = await gql<{ inviteToPortal: { url: string | null; mailed: boolean } }>(
      'mutation ($id: ID!) { inviteToPortal(contactId: $id, send: true) { url mailed } }',
      { id: contact.id },
    )
    expect(mailed.body.data!.inviteToPortal).toEqual({ url: null, mailed: true })
    const mail = await env.DB.prepare(
      `select text_body from mail_outbox where kind = 'portal-invite' and recipient = ?`,
    )
      .bind(contact.email)
      .first<{ text_body: string }>()
    expect(mail!.text_body).toMatch(/\/portal\/sign-in\/[A-Za-z0-9_-]{43}/)

    const now = Date.now()
    for (const id of ['s1', 's2'])
      await env.DB.prepare(
        'insert into portal_sessions (id, contact_id, client_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?, ?)',
      )
        .bind(`${id}-${contact.id}`, Number(contact.id), Number(client.id), now, now, now + 60_000)
        .run()
    const ended = await gql<{ endContactSessions: number }>(
      'mutation ($id: ID!) { endContactSessions(contactId: $id) }',
      {
        id: contact.id,
      },
    )
    expect(ended.body.data!.endContactSessions).toBe(2)
    expect(
      await count('select count(*) as n from portal_sessions where contact_id = ?', Number(contact.id)),
    ).toBe(0)
  })

  it('every clients operation needs the owner', async () => {
    for (const query of [
      'query { clients { id } }',
      'query { client(id: 1) { id } }',
      'mutation { createClient(input: { name: "X" }) { id } }',
      'mutation { mergeClients(targetId: 1, sourceId: 2) { id } }',
      'mutation { inviteToPortal(contactId: 1, send: false) { url } }',
      'mutation { endContactSessions(contactId: 1) }',
    ]) {
      const res = await gql(query, {}, false)
      expect(res.status, query).toBe(401)
    }
    expect(await count(`select count(*) as n from clients where name = 'X'`)).toBe(0)
  })
})
