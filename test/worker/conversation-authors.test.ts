// A conversation knows who wrote (issue 36.2): a second contact's portal reply
// reaches the owner in her name, the owner's answer goes to whoever wrote
// last, greeting them by name, with the client's other contacts offered as
// copies (and only them).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db'
import { recordCustomerReply } from '../../worker/services/customer-replies'
import { clientScope, portalRequest } from '../../worker/services/portal'
import { gql } from './admin-helpers'
import { asOwner, json, makeClient } from './billing-fixtures'
import { freshEmail } from './requests-fixtures'

const db = () => createDb(env.DB)

const outboxTo = (email: string) =>
  env.DB.prepare('select subject, text_body as text, kind from mail_outbox where recipient = ? order by id')
    .bind(email)
    .all<{ subject: string; text: string; kind: string }>()
    .then((r) => r.results)

/** Tom's client (his request, fixture name "Dana Ruiz" renamed Tom Becker) with Maria as a second contact. */
async function practice() {
  const c = await makeClient()
  await env.DB.prepare('update contacts set name = ? where id = ?').bind('Tom Becker', c.contactId).run()
  await env.DB.prepare('update support_requests set name = ? where id = ?')
    .bind('Tom Becker', c.requestId)
    .run()
  const maria = freshEmail('maria')
  await env.DB.prepare('insert into contacts (client_id, name, email) values (?, ?, ?)')
    .bind(c.clientId, 'Maria Lopez', maria)
    .run()
  return { ...c, tom: c.email, maria }
}

describe('who wrote a message', () => {
  it("names the second contact, not the request's sender, in the thread and the owner's notice", async () => {
    const p = await practice()
    const { message } = await recordCustomerReply(
      db(),
      env,
      { kind: 'support', id: p.requestId },
      { author: p.maria, body: 'The printer is still offline.', attachments: [] },
    )
    expect(message).toMatchObject({ author: p.maria, authorName: 'Maria Lopez' })
    const notices = (await outboxTo(env.NOTIFY_EMAIL)).filter((m) => m.kind === 'customer_reply')
    expect(notices.at(-1)!.subject).toBe(`[${p.reference}] Maria Lopez replied`)
    expect(notices.at(-1)!.text).toContain(`Maria Lopez (${p.maria})`)
    const rest = await json<{ authorName: string | null; author: string }[]>(
      await asOwner(`/api/support-requests/${p.requestId}/messages`),
    )
    expect(rest.at(-1)).toMatchObject({ author: p.maria, authorName: 'Maria Lopez' })
    // The portal shows the same conversation to both contacts, each message by its writer's name.
    const portal = await portalRequest(db(), clientScope(p.clientId), p.reference, env)
    expect(portal.page.thread.at(-1)!.author).toBe('Maria Lopez')
  })
})

describe("the owner's reply", () => {
  it('goes to the person who wrote last, greeting them, with the other contacts offered as copies', async () => {
    const p = await practice()
    await recordCustomerReply(
      db(),
      env,
      { kind: 'support', id: p.requestId },
      { author: p.maria, body: 'Any news?', attachments: [] },
    )
    const recipients = await json<{ to: { email: string; name: string }; copies: { email: string }[] }>(
      await asOwner(`/api/support-requests/${p.requestId}/recipients`),
    )
    expect(recipients.to).toEqual({ email: p.maria, name: 'Maria Lopez' })
    expect(recipients.copies.map((c) => c.email)).toEqual([p.tom])

    const res = await asOwner(`/api/support-requests/${p.requestId}/messages`, {
      method: 'POST',
      json: { body: 'It is back online.', cc: [p.tom] },
    })
    expect(res.status).toBe(201)
    const [toMaria] = await outboxTo(p.maria)
    expect(toMaria!.text).toMatch(/^Hello Maria Lopez,/)
    const toTom = (await outboxTo(p.tom)).filter((m) => m.kind === 'reply')
    expect(toTom).toHaveLength(1)
    expect(toTom[0]!.text).toMatch(/^Hello Tom Becker,/)
  })

  it('refuses a copy to anyone who is not a contact of the client, and stores nothing', async () => {
    const p = await practice()
    const before = await env.DB.prepare('select count(*) as n from request_messages').first<{ n: number }>()
    const res = await asOwner(`/api/support-requests/${p.requestId}/messages`, {
      method: 'POST',
      json: { body: 'Hello', cc: ['stranger@example.net'] },
    })
    expect(res.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(res)).errors.cc).toBeTruthy()
    const after = await env.DB.prepare('select count(*) as n from request_messages').first<{ n: number }>()
    expect(after!.n).toBe(before!.n)
    expect(await outboxTo('stranger@example.net')).toHaveLength(0)
  })

  it('copies over GraphQL too', async () => {
    const p = await practice()
    const result = await gql<{ replyToSupportRequest: { authorName: string } }>(
      'mutation($id: ID!, $body: String!, $cc: [String!]) { replyToSupportRequest(id: $id, body: $body, cc: $cc) { authorName } }',
      { id: String(p.requestId), body: 'Fixed.', cc: [p.maria] },
    )
    expect(result.body.errors).toBeUndefined()
    expect(result.body.data?.replyToSupportRequest.authorName).toBe(env.OWNER_NAME)
    expect((await outboxTo(p.tom)).filter((m) => m.kind === 'reply')[0]!.text).toMatch(/^Hello Tom Becker,/)
    expect((await outboxTo(p.maria))[0]!.text).toMatch(/^Hello Maria Lopez,/)
  })
})
