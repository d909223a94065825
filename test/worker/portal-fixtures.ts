// Two clients with a contact each, and requests of each, for the portal tests.
import { env } from 'cloudflare:test'
import { createDb } from '../../worker/db'
import { createPortalSession } from '../../worker/services/portal-sessions'

export const db = () => createDb(env.DB)

let seq = 0
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${crypto.randomUUID().slice(0, 6)}`

/** A client with one contact, one support request (with a reply and a note) and one closed request. */
export async function seedClient(tag: string) {
  const u = unique()
  const now = Date.now()
  const client = await env.DB.prepare(
    'insert into clients (name, created_at, updated_at) values (?, ?, ?) returning id',
  )
    .bind(`${tag} Clinic ${u}`, now, now)
    .first<{ id: number }>()
  const email = `${tag}-${u}@example.com`
  const contact = await env.DB.prepare(
    'insert into contacts (client_id, name, email, phone, created_at, updated_at) values (?, ?, ?, ?, ?, ?) returning id',
  )
    .bind(client!.id, `${tag} Person`, email, '618-555-0100', now, now)
    .first<{ id: number }>()
  const number = await env.DB.prepare(
    "insert into request_numbers (kind) values ('support') returning id",
  ).first<{
    id: number
  }>()
  const reference = `S-${1000 + number!.id}`
  const request = await env.DB.prepare(
    `insert into support_requests (name, email, phone, issue_type, urgency, description, preferred_contact, status,
      notes, reference, client_id, contact_id, created_at, updated_at)
     values (?, ?, '618-555-0100', 'network', 'medium', ?, 'email', 'in_progress', ?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(
      `${tag} Person`,
      email,
      `The ${tag} printer is offline`,
      `INTERNAL NOTE ${u}`,
      reference,
      client!.id,
      contact!.id,
      now,
      now,
    )
    .first<{ id: number }>()
  await env.DB.prepare(
    `insert into request_messages (support_request_id, direction, author, body, created_at, updated_at)
     values (?, 'out', 'noreply@example.com', ?, ?, ?)`,
  )
    .bind(request!.id, `Owner answer for ${tag}`, now, now)
    .run()
  return {
    clientId: client!.id,
    contactId: contact!.id,
    email,
    reference,
    requestId: request!.id,
    note: `INTERNAL NOTE ${u}`,
  }
}

export type Seeded = Awaited<ReturnType<typeof seedClient>>

/** A portal session cookie for the contact (the local, plain-http cookie name). */
export async function portalCookie(contactId: number): Promise<string> {
  const session = await createPortalSession(db(), contactId)
  return `portal_session=${session!.token}`
}

export const formPost = (fields: Record<string, string>) => ({
  method: 'POST',
  redirect: 'manual' as const,
  body: new URLSearchParams(fields).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
})
