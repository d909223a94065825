// Issue 27, audit finding 3: a reply by mail is taken only from the request's
// own address, while it is open or closed under 30 days, at most 20 a day, with
// no SVG or HTML attachment and no failed DMARC; every refusal is a bounce
// with its reason (setReject), and nothing is stored.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { REJECTIONS } from '../../worker/inbound-mail'
import worker from '../../worker/index'
import { replyAddress } from '../../worker/mail/reply-address'
import { INBOUND_DAILY_LIMIT } from '../../worker/services/requests'
import { freshEmail, send, supportRequest } from './requests-fixtures'

async function submitSupport() {
  const email = freshEmail()
  const res = await send('/api/consultation', { json: supportRequest({ email }) })
  expect(res.status).toBe(201)
  const row = await env.DB.prepare('select id from support_requests where email = ?')
    .bind(email)
    .first<{ id: number }>()
  const to = (await replyAddress(env, 'support', row!.id))!
  return { id: row!.id, email, to }
}

function rawMail(to: string, from: string, body: string, { headers = [] as string[], parts = '' } = {}) {
  return new TextEncoder().encode(
    [
      ...headers,
      `From: <${from}>`,
      `To: ${to}`,
      'Subject: Re: your request',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b0undary"',
      '',
      '--b0undary',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      parts,
      '--b0undary--',
      '',
    ].join('\r\n'),
  )
}

const attachment = (name: string, type: string, content: string) =>
  [
    '--b0undary',
    `Content-Type: ${type}; name="${name}"`,
    `Content-Disposition: attachment; filename="${name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    btoa(content),
  ].join('\r\n')

async function deliver(
  to: string,
  envelopeFrom: string,
  raw: Uint8Array<ArrayBuffer>,
  headers = new Headers(),
) {
  let rejected: string | null = null
  await worker.email(
    {
      from: envelopeFrom,
      to,
      raw: new Response(raw).body!,
      rawSize: raw.byteLength,
      headers,
      setReject: (reason: string) => {
        rejected = reason
      },
      forward: async () => ({ messageId: 'x' }),
      reply: async () => ({ messageId: 'x' }),
    } as unknown as ForwardableEmailMessage,
    env,
  )
  return rejected as string | null
}

const inboundCount = async (id: number) =>
  (await env.DB.prepare(
    "select count(*) as n from request_messages where support_request_id = ? and direction = 'in'",
  )
    .bind(id)
    .first<{ n: number }>())!.n

describe('inbound replies (audit finding 3)', () => {
  it('bounces a reply from another sender, even with the requester (or owner) in From:', async () => {
    const { id, email, to } = await submitSupport()
    const raw = rawMail(to, 'owner@example.com', 'I am the owner, honest')
    expect(await deliver(to, 'attacker@evil.example', raw)).toBe(REJECTIONS.wrongSender)
    expect(await deliver(to, 'attacker@evil.example', rawMail(to, email, 'Hi'))).toBe(REJECTIONS.wrongSender)
    expect(await inboundCount(id)).toBe(0)
    // The requester's own address, in any case, is accepted and stored as its author.
    expect(await deliver(to, email.toUpperCase(), rawMail(to, email, 'Thanks'))).toBeNull()
    const row = await env.DB.prepare('select author from request_messages where support_request_id = ?')
      .bind(id)
      .first<{ author: string }>()
    expect(row!.author.toLowerCase()).toBe(email)
  })

  it('takes replies up to 30 days after the close, then bounces them', async () => {
    const { id, email, to } = await submitSupport()
    const closeAt = (daysAgo: number) =>
      env.DB.prepare("update support_requests set status = 'closed', closed_at = ? where id = ?")
        .bind(Date.now() - daysAgo * 86_400_000, id)
        .run()
    await closeAt(29)
    expect(await deliver(to, email, rawMail(to, email, 'One more thing'))).toBeNull()
    await closeAt(31)
    expect(await deliver(to, email, rawMail(to, email, 'And another'))).toBe(REJECTIONS.closed)
    expect(await inboundCount(id)).toBe(1)
  })

  it(`takes at most ${INBOUND_DAILY_LIMIT} replies a day per request`, async () => {
    const { id, email, to } = await submitSupport()
    for (let i = 0; i < INBOUND_DAILY_LIMIT; i++) {
      expect(await deliver(to, email, rawMail(to, email, `Message ${i}`))).toBeNull()
    }
    expect(await deliver(to, email, rawMail(to, email, 'One too many'))).toBe(REJECTIONS.quota)
    expect(await inboundCount(id)).toBe(INBOUND_DAILY_LIMIT)
  })

  it.each([
    [
      'drawing.svg',
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ],
    ['page.html', 'text/html', '<html><body><script>alert(1)</script></body></html>'],
    ['notes.txt', 'text/plain', '<!DOCTYPE html><html><script>alert(1)</script></html>'],
  ])('bounces an attachment %s (%s)', async (name, type, content) => {
    const { id, email, to } = await submitSupport()
    const raw = rawMail(to, email, 'See attached', { parts: attachment(name, type, content) })
    expect(await deliver(to, email, raw)).toBe(REJECTIONS.activeContent)
    expect(await inboundCount(id)).toBe(0)
  })

  it('bounces a message whose authentication results say DMARC failed', async () => {
    const { id, email, to } = await submitSupport()
    const failed = 'mx.cloudflare.net; spf=fail smtp.mailfrom=x; dmarc=fail header.from=example.com'
    expect(
      await deliver(to, email, rawMail(to, email, 'Hi'), new Headers({ 'Authentication-Results': failed })),
    ).toBe(REJECTIONS.dmarc)
    expect(
      await deliver(to, email, rawMail(to, email, 'Hi', { headers: [`Authentication-Results: ${failed}`] })),
    ).toBe(REJECTIONS.dmarc)
    expect(await inboundCount(id)).toBe(0)
    const passed = 'mx.cloudflare.net; dmarc=pass header.from=example.com'
    expect(
      await deliver(to, email, rawMail(to, email, 'Hi', { headers: [`Authentication-Results: ${passed}`] })),
    ).toBeNull()
  })
})
