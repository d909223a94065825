// Issue 28, "replies cannot be missed": a requester's e-mail reply tells the
// owner by mail (within the hourly cap, else in the digest), marks the request
// "Customer replied" until the owner opens it, and the mark goes when opened.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import { queueDigest } from '../../worker/mail/outbox'
import { replyAddress } from '../../worker/mail/reply-address'
import { replyMail } from '../../worker/mail/templates'
import { recordCustomerReply } from '../../worker/services/customer-replies'
import { gql } from './admin-helpers'
import { freshEmail, send, supportRequest } from './requests-fixtures'

afterEach(() => vi.restoreAllMocks())

async function submitSupport() {
  const email = freshEmail()
  const res = await send('/api/consultation', { json: supportRequest({ email }) })
  expect(res.status).toBe(201)
  const { reference } = (await res.json()) as { reference: string }
  const row = await env.DB.prepare('select id from support_requests where email = ?')
    .bind(email)
    .first<{ id: number }>()
  return { email, reference, id: row!.id }
}

/** Delivers a plain-text reply through the Worker's own email() handler; returns the rejection, if any. */
async function deliverReply(to: string, from: string, body: string) {
  const raw = new TextEncoder().encode(
    [`From: Visitor <${from}>`, `To: ${to}`, 'Subject: Re: your request', '', body, ''].join('\r\n'),
  )
  let rejected: string | null = null
  const message = {
    from,
    to,
    raw: new Response(raw).body!,
    rawSize: raw.byteLength,
    headers: new Headers(),
    setReject: (reason: string) => {
      rejected = reason
    },
  }
  await worker.email(message as unknown as ForwardableEmailMessage, env)
  return rejected as string | null
}

const LIST = `{ supportRequests { id customerRepliedAt } }`
const repliedAt = async (id: number) => {
  const { body } = await gql<{ supportRequests: { id: string; customerRepliedAt: string | null }[] }>(LIST)
  return body.data!.supportRequests.find((r) => r.id === String(id))!.customerRepliedAt
}

describe('a customer reply by e-mail', () => {
  it("mails the owner, marks the request until it is opened, and the owner's answer clears it too", async () => {
    const { email, reference, id } = await submitSupport()
    const spy = vi.spyOn(env.MAIL, 'send')
    const to = (await replyAddress(env, 'support', id))!
    expect(await repliedAt(id)).toBeNull()

    expect(await deliverReply(to, email, 'The printer is offline again.')).toBeNull()
    expect(spy).toHaveBeenCalledTimes(1)
    const notice = spy.mock.calls[0]![0] as unknown as { to: string; subject: string; text: string }
    expect(notice.to).toBe(env.NOTIFY_EMAIL)
    expect(notice.subject).toContain(reference)
    expect(notice.subject).toContain('replied')
    expect(notice.text).toContain('The printer is offline again.')
    expect(await repliedAt(id)).not.toBeNull()

    const seen = await gql<{ markSupportRequestSeen: { customerRepliedAt: string | null } }>(
      'mutation($id: ID!) { markSupportRequestSeen(id: $id) { customerRepliedAt } }',
      { id: String(id) },
    )
    expect(seen.body.errors).toBeUndefined()
    expect(seen.body.data!.markSupportRequestSeen.customerRepliedAt).toBeNull()
    expect(await repliedAt(id)).toBeNull()

    // Another reply marks it again; answering it is reading it.
    expect(await deliverReply(to, email, 'Still offline.')).toBeNull()
    expect(await repliedAt(id)).not.toBeNull()
    const answer = await gql(
      'mutation($id: ID!) { replyToSupportRequest(id: $id, body: "On my way.") { id } }',
      {
        id: String(id),
      },
    )
    expect(answer.body.errors).toBeUndefined()
    expect(await repliedAt(id)).toBeNull()
  })

  it('answers NOT_FOUND for marking an unknown request seen', async () => {
    const res = await gql('mutation { markSupportRequestSeen(id: "999999") { id } }')
    expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
  })

  it('shares the hourly cap with new requests: past it, the notice waits for the digest', async () => {
    const db = createDb(env.DB)
    const capped = { ...env, NOTIFY_HOURLY_CAP: '1' } as Env
    // An hour of its own, far ahead, so nothing else stored in this file counts against it.
    const now = Date.UTC(2031, 0, 6, 15)
    const a = await submitSupport()
    const b = await submitSupport()
    const reply = { body: 'Any news?', attachments: [] }
    const first = await recordCustomerReply(
      db,
      capped,
      { kind: 'support', id: a.id },
      { ...reply, author: a.email },
      now,
    )
    const second = await recordCustomerReply(
      db,
      capped,
      { kind: 'support', id: b.id },
      { ...reply, author: b.email },
      now,
    )
    expect(first.outboxId).not.toBeNull()
    expect(second.outboxId).toBeNull()
    const held = await env.DB.prepare(
      "select status from mail_outbox where support_request_id = ? and kind = 'customer_reply'",
    )
      .bind(b.id)
      .first<{ status: string }>()
    expect(held!.status).toBe('held')
    const digestId = await queueDigest(db, capped, now)
    expect(digestId).not.toBeNull()
    const digest = await env.DB.prepare('select text_body from mail_outbox where id = ?')
      .bind(digestId)
      .first<{ text_body: string }>()
    expect(digest!.text_body).toContain(`[${b.reference}]`)
    // Both requests are marked, held notice or not.
    expect(await repliedAt(a.id)).not.toBeNull()
    expect(await repliedAt(b.id)).not.toBeNull()
  })
})

describe("the owner's reply mail (issue 28, broken point 8)", () => {
  const owner = { ...env, OWNER_NAME: 'Alex Morgan' } as Env
  const reply = (body: string) => replyMail(owner, { reference: 'S-1001', name: 'Grace Support', body })

  it('adds the greeting and the name to a bare reply', () => {
    const { text } = reply('The fix is in.')
    expect(text.startsWith('Hello Grace Support,\n\nThe fix is in.\n\nAlex Morgan\n')).toBe(true)
  })

  it('adds neither when the reply already greets and signs, so nothing reads twice', () => {
    const { text, html } = reply('Hi Grace,\n\nThe fix is in.\n\nThanks,\nAlex')
    expect(text.startsWith('Hi Grace,\n\nThe fix is in.\n\nThanks,\nAlex\n\nReference: S-1001')).toBe(true)
    expect(text).not.toContain('Hello Grace Support')
    expect(text).not.toContain('Alex Morgan')
    expect(html).not.toContain('Hello Grace Support')
  })

  it('adds only what is missing', () => {
    expect(reply('Dear Grace, done.').text).toContain('Dear Grace, done.\n\nAlex Morgan')
    expect(
      reply('Done.\n\n- Alex Morgan').text.startsWith(
        'Hello Grace Support,\n\nDone.\n\n- Alex Morgan\n\nReference',
      ),
    ).toBe(true)
  })
})
