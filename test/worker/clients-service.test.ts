// The clients service (issue 24) against real local D1: matching at intake,
// new clients from a company or a person, duplicate addresses refused, merge.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { clientInput } from '../../schema/client-payloads'
import { createDb } from '../../worker/db'
import {
  addContact,
  CLIENT_MESSAGES,
  clientOf,
  createClient,
  listClients,
  matchOrCreateContact,
  mergeClients,
  requestsOf,
} from '../../worker/services/clients'
import { Conflict, Invalid } from '../../worker/services/errors'
import { consultation, freshEmail, send, supportRequest } from './requests-fixtures'

const db = createDb(env.DB)
const actor = { userId: null, username: 'owner' }
const count = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n

const newClient = (name: string, contacts: { name: string; email: string }[] = []) =>
  createClient(db, clientInput.parse({ name, contacts }))

describe('matchOrCreateContact', () => {
  it('matches an existing contact by exact e-mail address, whatever its case', async () => {
    const email = freshEmail('grace')
    const client = await newClient('Riverside Family Clinic', [{ name: 'Grace Hopper', email }])
    const match = await matchOrCreateContact(db, { name: 'G. Hopper', email: email.toUpperCase() })
    expect(match).toEqual({ clientId: client.id, contactId: client.contacts[0]!.id, created: false })
    expect(await count('select count(*) as n from contacts where email = ?', email)).toBe(1)
  })

  it('makes a new client named after the organisation, else after the person', async () => {
    const withOrg = await matchOrCreateContact(db, {
      name: 'Ada Lovelace',
      email: freshEmail('ada'),
      phone: ' 618-555-0100 ',
      organisation: 'Analytical Engines LLC',
    })
    expect(withOrg.created).toBe(true)
    const first = await clientOf(db, withOrg.clientId)
    expect(first.name).toBe('Analytical Engines LLC')
    expect(first.contacts).toMatchObject([
      { id: withOrg.contactId, name: 'Ada Lovelace', phone: '618-555-0100' },
    ])

    const person = await matchOrCreateContact(db, {
      name: 'Solo Person',
      email: freshEmail('solo'),
      organisation: ' ',
    })
    expect((await clientOf(db, person.clientId)).name).toBe('Solo Person')
    expect(person.clientId).not.toBe(withOrg.clientId)
  })

  it('two requests from one new address at once make one client and contact', async () => {
    const email = freshEmail('twice')
    const [a, b] = await Promise.all([
      matchOrCreateContact(db, { name: 'Twice', email }),
      matchOrCreateContact(db, { name: 'Twice', email }),
    ])
    expect(a.contactId).toBe(b.contactId)
    expect(a.clientId).toBe(b.clientId)
    expect(await count('select count(*) as n from contacts where email = ?', email)).toBe(1)
  })
})

describe('request intake links every new request to its contact', () => {
  it('a support request from a known contact joins that client', async () => {
    const email = freshEmail('known')
    const client = await newClient('Lakeside Dental', [{ name: 'Dana Smile', email }])
    const res = await send('/api/consultation', { json: supportRequest({ email: email.toUpperCase() }) })
    expect(res.status).toBe(201)
    const row = await env.DB.prepare(
      'select client_id, contact_id from support_requests where lower(email) = ?',
    )
      .bind(email)
      .first<{ client_id: number; contact_id: number }>()
    expect(row).toEqual({ client_id: client.id, contact_id: client.contacts[0]!.id })
  })

  it('a consultation from a new address makes a client from the company name', async () => {
    const email = freshEmail('new')
    const res = await send('/api/consultations', {
      json: consultation({ email, company: 'Harbor Pediatrics' }),
    })
    expect(res.status).toBe(201)
    const row = await env.DB.prepare(
      `select c.name as client, k.name as contact, k.email, r.client_id = k.client_id as same
         from consultations r join contacts k on k.id = r.contact_id join clients c on c.id = r.client_id
        where r.email = ?`,
    )
      .bind(email)
      .first()
    expect(row).toEqual({ client: 'Harbor Pediatrics', contact: 'Jordan Lee', email, same: 1 })
  })

  it('a refused request stores no client or contact', async () => {
    const email = freshEmail('refused')
    const res = await send('/api/consultation', { json: supportRequest({ email, urgency: 'whenever' }) })
    expect(res.status).toBe(400)
    expect(await count('select count(*) as n from contacts where email = ?', email)).toBe(0)
  })
})

describe('contacts', () => {
  it('refuses an address another contact has (any case), and one given twice, storing nothing', async () => {
    const email = freshEmail('dup')
    const client = await newClient('First Co', [{ name: 'One', email }])
    await expect(
      addContact(db, client.id, { name: 'Two', email, phone: null, role: null }),
    ).rejects.toMatchObject({
      errors: { email: CLIENT_MESSAGES.emailTaken },
    })
    const before = await count('select count(*) as n from clients')
    const twice = freshEmail('twice')
    const error = await newClient('Second Co', [
      { name: 'A', email: twice },
      { name: 'B', email: twice.toUpperCase() },
    ]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Invalid)
    expect((error as Invalid).errors).toEqual({ contacts: CLIENT_MESSAGES.emailTwice })
    expect(await count('select count(*) as n from clients')).toBe(before)
  })

  it('a concurrent duplicate is a 409 conflict naming the field', async () => {
    const client = await newClient('Race Co')
    const email = freshEmail('race')
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) => addContact(db, client.id, { name: `N${n}`, email, phone: null, role: null })),
    )
    const rejected = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason)
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const reason of rejected) {
      expect(reason instanceof Conflict || reason instanceof Invalid).toBe(true)
      expect(reason.errors).toEqual({ email: CLIENT_MESSAGES.emailTaken })
    }
  })
})

describe('listClients', () => {
  it('searches names, domains and contacts, and keeps archived clients apart', async () => {
    const tag = crypto.randomUUID().slice(0, 6)
    const a = await createClient(
      db,
      clientInput.parse({
        name: `Searchable ${tag}`,
        domains: [`${tag}.example`],
        contacts: [{ name: `Person ${tag}`, email: `p@${tag}.example` }],
      }),
    )
    const names = async (q: string, status?: 'active' | 'archived' | 'all') =>
      (await listClients(db, { q, status })).map((r) => r.id)
    expect(await names(`searchable ${tag}`)).toEqual([a.id])
    expect(await names(`${tag}.EXAMPLE`)).toEqual([a.id])
    expect(await names(`person ${tag}`)).toEqual([a.id])
    expect(await names('no-such-client-anywhere')).toEqual([])
    // Wildcards in the search are literal.
    expect(await names('%')).not.toContain(a.id)
    await db.run(`update clients set status = 'archived' where id = ${a.id}`)
    expect(await names(tag)).toEqual([])
    expect(await names(tag, 'archived')).toEqual([a.id])
    expect(await names(tag, 'all')).toEqual([a.id])
  })
})

describe('mergeClients', () => {
  it('moves contacts, requests, files, quotes, invoices, blocks and time of B into A, deletes B, audits', async () => {
    const a = await newClient('Target Clinic', [{ name: 'Anna', email: freshEmail('anna') }])
    const bEmail = freshEmail('bert')
    const b = await newClient('Source Clinic', [{ name: 'Bert', email: bEmail }])
    await db.run(`update clients set domains = '["source.example"]', notes = 'Pays late' where id = ${b.id}`)
    expect((await send('/api/consultation', { json: supportRequest({ email: bEmail }) })).status).toBe(201)
    const now = Date.now()
    await env.DB.batch([
      env.DB.prepare(
        `insert into client_files (client_id, key, name, type, size, uploaded_by) values (?, ?, 'a.pdf', 'application/pdf', 10, 'owner')`,
      ).bind(b.id, `client-files/${crypto.randomUUID()}`),
      env.DB.prepare(
        `insert into quotes (client_id, number, title, valid_until) values (?, ?, 'Website', '2030-01-01')`,
      ).bind(b.id, `Q-T-${crypto.randomUUID().slice(0, 6)}`),
      env.DB.prepare(
        `insert into invoices (client_id, number, source, issue_date, due_date, subtotal_cents, total_cents, status)
         values (?, ?, 'time', '2026-11-01', '2026-11-16', 5000, 5000, 'sent')`,
      ).bind(b.id, `INV-T-${crypto.randomUUID().slice(0, 6)}`),
      env.DB.prepare(
        `insert into prepaid_blocks (client_id, minutes, price_cents) values (?, 600, 100000)`,
      ).bind(b.id),
      env.DB.prepare(
        `insert into time_entries (client_id, date, minutes, description, rate_cents) values (?, '2026-11-01', 30, 'Unbilled', 10000)`,
      ).bind(b.id),
      // A billed entry follows its invoice (the billed-time lock allows only that).
      env.DB.prepare(
        `insert into time_entries (client_id, date, minutes, description, rate_cents, invoice_id)
         values (?, '2026-11-01', 30, 'Billed', 10000, (select max(id) from invoices))`,
      ).bind(b.id),
      env.DB.prepare(
        `insert into portal_sessions (id, contact_id, client_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?, ?)`,
      ).bind(crypto.randomUUID(), b.contacts[0]!.id, b.id, now, now, now + 60_000),
    ])

    const merged = await mergeClients(db, { targetId: a.id, sourceId: b.id }, actor)
    expect(merged.contacts.map((k) => k.name)).toEqual(['Anna', 'Bert'])
    expect(merged.domains).toEqual(['source.example'])
    expect(merged.notes).toBe('From Source Clinic: Pays late')
    for (const table of [
      'contacts',
      'support_requests',
      'client_files',
      'quotes',
      'invoices',
      'prepaid_blocks',
      'time_entries',
      'portal_sessions',
    ]) {
      expect(await count(`select count(*) as n from ${table} where client_id = ?`, b.id), table).toBe(0)
      expect(
        await count(`select count(*) as n from ${table} where client_id = ?`, a.id),
        table,
      ).toBeGreaterThan(0)
    }
    expect((await requestsOf(db, a.id)).supportRequests).toHaveLength(1)
    expect(await count('select count(*) as n from clients where id = ?', b.id)).toBe(0)
    expect(
      await count(
        `select count(*) as n from audit_log where action = 'merge client' and record like ?`,
        `${b.id} %`,
      ),
    ).toBe(1)
  })

  it('refuses merging a client into itself or an unknown one, changing nothing', async () => {
    const a = await newClient('Alone')
    await expect(mergeClients(db, { targetId: a.id, sourceId: a.id }, actor)).rejects.toBeInstanceOf(Invalid)
    await expect(mergeClients(db, { targetId: a.id, sourceId: 999_999 }, actor)).rejects.toMatchObject({
      kind: 'not-found',
    })
    expect(await count('select count(*) as n from clients where id = ?', a.id)).toBe(1)
  })
})
