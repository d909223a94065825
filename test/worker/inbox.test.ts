// Issue 15: one inbox for every request. References, the support workflow and
// its due clock, replies out through the outbox with a tokened Reply-To, mail
// in through the Worker's email() handler, and the filtered CSV export.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REJECTIONS, stripQuoted } from '../../worker/inbound-mail'
import worker from '../../worker/index'
import { addBusinessTime, businessTimeBetween, dueAfter, dueRemaining } from '../../worker/mail/business-time'
import { replyAddress, verifyReplyAddress } from '../../worker/mail/reply-address'
import { dueClock } from '../../worker/services/requests'
import { gql, rest } from './admin-helpers'
import { consultation, freshEmail, send, supportRequest } from './requests-fixtures'

const HOUR = 3_600_000

afterEach(() => vi.restoreAllMocks())

/** Submits a support request (no mail spy needed: the local binding accepts it) and returns its row. */
async function submitSupport(overrides: Record<string, unknown> = {}) {
  const email = freshEmail()
  const res = await send('/api/consultation', { json: supportRequest({ email, ...overrides }) })
  expect(res.status).toBe(201)
  const { reference } = (await res.json()) as { reference: string }
  const row = await env.DB.prepare('select * from support_requests where email = ?')
    .bind(email)
    .first<{ id: number; reference: string; due_at: number | null; status: string; created_at: number }>()
  return { email, reference, row: row! }
}

/** A raw RFC 5322 message, as Email Routing hands it to the handler. */
function rawMail(to: string, from: string, body: string, extraParts = '') {
  const boundary = 'b0undary'
  const text = [
    `From: Visitor <${from}>`,
    `To: ${to}`,
    'Subject: Re: your request',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    extraParts,
    `--${boundary}--`,
    '',
  ].join('\r\n')
  return new TextEncoder().encode(text)
}

/** Delivers a raw message through the Worker's own email() handler; returns the rejection reason, if any. */
async function deliverMail(to: string, from: string, raw: Uint8Array<ArrayBuffer>) {
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
    forward: async () => ({ messageId: 'x' }),
    reply: async () => ({ messageId: 'x' }),
  }
  await worker.email(message as unknown as ForwardableEmailMessage, env)
  return rejected as string | null
}

const threadOf = async (id: number) =>
  (await (await rest('GET', `/api/support-requests/${id}/messages`)).json()) as {
    direction: string
    body: string
    author: string
    delivery: string | null
    attachments: { name: string; key: string }[]
  }[]

describe('references', () => {
  it('gives every request a unique reference, shown to the visitor and in the notification subject', async () => {
    const spy = vi.spyOn(env.MAIL, 'send')
    const email = freshEmail()
    const res = await send('/api/consultations', { json: consultation({ email }) })
    const { reference } = (await res.json()) as { reference: string }
    expect(reference).toMatch(/^C-\d{4,}$/)
    expect(spy.mock.calls[0]![0].subject).toContain(`[${reference}]`)
    const support = await submitSupport()
    expect(support.reference).toMatch(/^S-\d{4,}$/)
    expect(support.row.reference).toBe(support.reference)
    // One numbering for both kinds, in order of arrival.
    expect(Number(support.reference.slice(2))).toBeGreaterThan(Number(reference.slice(2)))
  })
})

describe('due times (ADR 053)', () => {
  // Monday 2026-11-23 10:00 Central (CST, UTC-6) = 16:00 UTC.
  const monday10 = Date.UTC(2026, 10, 23, 16)

  it('counts business hours only, Monday-Friday 9-5 Central, across the weekend', () => {
    expect(addBusinessTime(monday10, 4 * HOUR)).toBe(Date.UTC(2026, 10, 23, 20))
    // Friday 16:00 Central + 4 business hours = Monday 12:00 Central.
    const friday16 = Date.UTC(2026, 10, 27, 22)
    expect(addBusinessTime(friday16, 4 * HOUR)).toBe(Date.UTC(2026, 10, 30, 18))
    expect(businessTimeBetween(friday16, Date.UTC(2026, 10, 30, 18))).toBe(4 * HOUR)
    // Saturday evening starts on Monday at 9.
    expect(addBusinessTime(Date.UTC(2026, 10, 29, 1), HOUR)).toBe(Date.UTC(2026, 10, 30, 16))
  })

  it('runs critical around the clock and the others on business hours', () => {
    const saturday = Date.UTC(2026, 10, 28, 3)
    expect(dueAfter('critical', saturday)).toBe(saturday + 4 * HOUR)
    expect(dueAfter('high', monday10)).toBe(monday10 + 4 * HOUR)
    expect(dueAfter('medium', monday10)).toBe(Date.UTC(2026, 10, 25, 16)) // two business days
    expect(dueAfter('low', monday10)).toBe(Date.UTC(2026, 10, 26, 16)) // three
  })

  it('keeps exactly what was left at the 2-hour mark across a pause, in business or wall time', () => {
    // High, received Monday 15:00 Central (21:00 UTC): 2 business hours today, 2 tomorrow, due Tuesday 11:00.
    const monday15 = Date.UTC(2026, 10, 23, 21)
    const tuesday11 = Date.UTC(2026, 10, 24, 17)
    expect(dueAfter('high', monday15)).toBe(tuesday11)
    // At Monday 17:00 Central two business hours are left (18 on the wall clock).
    const monday17 = Date.UTC(2026, 10, 23, 23)
    expect(dueRemaining('high', tuesday11, monday17)).toBe(2 * HOUR)
    const paused = dueClock(
      { status: 'in_progress', urgency: 'high', dueAt: new Date(tuesday11), dueRemainingMs: null },
      'waiting',
      monday17,
    )
    expect(paused).toEqual({ dueAt: null, dueRemainingMs: 2 * HOUR })
    // Resumed Friday 16:00 Central: one hour on Friday, one on Monday, due Monday 10:00 Central.
    const resumed = dueClock(
      { status: 'waiting', urgency: 'high', dueAt: null, dueRemainingMs: 2 * HOUR },
      'in_progress',
      Date.UTC(2026, 10, 27, 22),
    )
    expect(resumed).toEqual({ dueAt: new Date(Date.UTC(2026, 10, 30, 16)), dueRemainingMs: null })

    // Critical runs on the wall clock: 2 hours left at a Saturday 02:00, resumed a day later, 2 hours on.
    const saturday = Date.UTC(2026, 10, 28, 8)
    expect(dueRemaining('critical', saturday + 2 * HOUR, saturday)).toBe(2 * HOUR)
    const critical = dueClock(
      { status: 'waiting', urgency: 'critical', dueAt: null, dueRemainingMs: 2 * HOUR },
      'in_progress',
      saturday + 24 * HOUR,
    )
    expect(critical.dueAt).toEqual(new Date(saturday + 26 * HOUR))
    // An overdue request paused keeps nothing negative: it resumes overdue at once.
    expect(dueRemaining('critical', saturday - HOUR, saturday)).toBe(0)
  })

  it('pauses while waiting on the requester and resumes with what was left', async () => {
    const { row } = await submitSupport({ urgency: 'critical' })
    expect(row.due_at).toBe(row.created_at + 4 * HOUR)
    const waiting = await rest('PATCH', `/api/support-requests/${row.id}`, { status: 'waiting' })
    expect(((await waiting.json()) as { dueAt: string | null }).dueAt).toBeNull()
    const resumed = await rest('PATCH', `/api/support-requests/${row.id}`, { status: 'in_progress' })
    const dueAt = new Date(((await resumed.json()) as { dueAt: string }).dueAt).getTime()
    // Resumed from now with (nearly all of) the 4 hours left.
    expect(dueAt - Date.now()).toBeGreaterThan(3.9 * HOUR)
    expect(dueAt - Date.now()).toBeLessThanOrEqual(4 * HOUR)
  })

  it('refuses a consultation status on a support request', async () => {
    const { row } = await submitSupport()
    const res = await rest('PATCH', `/api/support-requests/${row.id}`, { status: 'confirmed' })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: Record<string, string> }).errors.status).toBe('Choose a status')
  })
})

describe('replies and mail in', () => {
  it('sends the reply to the visitor through the outbox with a tokened Reply-To, and threads the answer', async () => {
    const spy = vi.spyOn(env.MAIL, 'send')
    const { email, reference, row } = await submitSupport()
    spy.mockClear()
    const res = await send(`/api/support-requests/${row.id}/messages`, {
      json: { body: 'Hello Sam,\n\nPlease restart the router.' },
      headers: { Cookie: await ownerCookieValue() },
    })
    expect(res.status).toBe(201)
    expect(spy).toHaveBeenCalledTimes(1)
    const mail = spy.mock.calls[0]![0] as {
      to: string
      from: string
      replyTo: string
      subject: string
      text: string
    }
    expect(mail.to).toBe(email)
    expect(mail.from).toBe(env.MAIL_FROM)
    expect(mail.subject).toContain(reference)
    expect(mail.text).toContain('Please restart the router.')
    expect(mail.replyTo).toMatch(new RegExp(`^reply-s${row.id}-[0-9a-f]{24}@example\\.com$`))
    expect(await verifyReplyAddress(env, mail.replyTo)).toEqual({ kind: 'support', id: row.id })
    const outbox = await env.DB.prepare(
      "select status, kind from mail_outbox where recipient = ? and kind = 'reply'",
    )
      .bind(email)
      .first<{ status: string }>()
    expect(outbox!.status).toBe('sent')
    // Replying moved the pending request on; now the owner waits on the requester.
    await rest('PATCH', `/api/support-requests/${row.id}`, { status: 'waiting' })

    const rejected = await deliverMail(
      mail.replyTo,
      email,
      rawMail(
        mail.replyTo,
        email,
        'It works again, thanks!\r\n\r\nSam\r\n-- \r\nSam Rivera, Rivera Dental\r\n\r\nOn Mon, Nov 23, 2026 at 10:00 AM Alex wrote:\r\n> Please restart the router.',
      ),
    )
    expect(rejected).toBeNull()
    const thread = await threadOf(row.id)
    expect(thread.map((m) => m.direction)).toEqual(['out', 'in'])
    expect(thread[0]!.delivery).toBe('sent')
    expect(thread[1]!.body).toBe('It works again, thanks!\n\nSam')
    expect(thread[1]!.author).toBe(email)
    const after = await env.DB.prepare('select status, due_at from support_requests where id = ?')
      .bind(row.id)
      .first<{ status: string; due_at: number | null }>()
    expect(after!.status).toBe('in_progress')
    expect(after!.due_at).not.toBeNull()
  })

  it('stores a reply without e-mailing it when visitor mail is off', async () => {
    const spy = vi.spyOn(env.MAIL, 'send')
    const { row } = await submitSupport()
    spy.mockClear()
    const res = await send(
      `/api/support-requests/${row.id}/messages`,
      { json: { body: 'Noted.' }, headers: { Cookie: await ownerCookieValue() } },
      { VISITOR_MAIL: 'off' },
    )
    expect(res.status).toBe(201)
    expect(((await res.json()) as { delivery: string }).delivery).toBe('not_sent')
    expect(spy).not.toHaveBeenCalled()
  })

  it('rejects mail to a forged, foreign or malformed address, storing nothing', async () => {
    const { row, email } = await submitSupport()
    const genuine = (await replyAddress(env, 'support', row.id))!
    const forged = genuine.replace(/-[0-9a-f]{24}@/, `-${'0'.repeat(24)}@`)
    const otherRequest = genuine.replace(`reply-s${row.id}-`, `reply-s${row.id + 1}-`)
    for (const to of [
      forged,
      otherRequest,
      `reply-s${row.id}@example.com`,
      genuine.replace('@example.com', '@evil.test'),
    ]) {
      expect(await deliverMail(to, email, rawMail(to, email, 'Hi'))).toBe(REJECTIONS.unknownAddress)
    }
    expect(await threadOf(row.id)).toEqual([])
  })

  it('stores an allowed attachment in R2 and refuses a disallowed one with a reason', async () => {
    const { row, email } = await submitSupport()
    const to = (await replyAddress(env, 'support', row.id))!
    const part = (name: string, type: string, content: string) =>
      [
        '--b0undary',
        `Content-Type: ${type}; name="${name}"`,
        `Content-Disposition: attachment; filename="${name}"`,
        'Content-Transfer-Encoding: base64',
        '',
        btoa(content),
      ].join('\r\n')
    expect(
      await deliverMail(
        to,
        email,
        rawMail(to, email, 'Log attached.', part('log.txt', 'text/plain', 'error 42\n')),
      ),
    ).toBeNull()
    const [message] = await threadOf(row.id)
    expect(message!.attachments.map((a) => a.name)).toEqual(['log.txt'])
    expect(await (await env.FILES.get(message!.attachments[0]!.key))!.text()).toBe('error 42\n')

    const exe = part('setup.exe', 'application/octet-stream', 'MZ\x90\x00 not allowed')
    expect(await deliverMail(to, email, rawMail(to, email, 'Installer', exe))).toBe(REJECTIONS.attachmentType)
    expect(await threadOf(row.id)).toHaveLength(1)

    // Erasing the request on the visitor's demand takes the stored attachment with it.
    expect((await rest('DELETE', `/api/support-requests/${row.id}`)).status).toBe(204)
    expect(await env.FILES.get(message!.attachments[0]!.key)).toBeNull()
  })

  it('refuses an oversized message and too many attachments, with their reasons', async () => {
    const { row, email } = await submitSupport()
    const to = (await replyAddress(env, 'support', row.id))!
    // The declared size is checked before anything is read.
    let rejected: string | null = null
    await worker.email(
      {
        from: email,
        to,
        raw: new Response('x').body!,
        rawSize: 16 * 1024 * 1024,
        setReject: (reason: string) => {
          rejected = reason
        },
      } as unknown as ForwardableEmailMessage,
      env,
    )
    expect(rejected).toBe(REJECTIONS.tooLarge)
    const six = Array.from({ length: 6 }, (_, i) =>
      [
        '--b0undary',
        `Content-Type: text/plain; name="note-${i}.txt"`,
        `Content-Disposition: attachment; filename="note-${i}.txt"`,
        '',
        `note ${i}`,
      ].join('\r\n'),
    ).join('\r\n')
    expect(await deliverMail(to, email, rawMail(to, email, 'Notes', six))).toBe(REJECTIONS.tooManyAttachments)
    expect(await threadOf(row.id)).toEqual([])
  })

  it('fails closed: outside local development the reply key must come from REPLY_TOKEN_SECRET', async () => {
    const local = (await replyAddress(env, 'support', 5))!
    const production = { ...env, ENVIRONMENT: 'production' }
    expect(await replyAddress(production, 'support', 5)).toBeNull()
    expect(await verifyReplyAddress(production, local)).toBeNull()
    const keyed = { ...production, REPLY_TOKEN_SECRET: 'a-long-random-production-secret' }
    const address = (await replyAddress(keyed, 'support', 5))!
    expect(address).not.toBe(local)
    expect(await verifyReplyAddress(keyed, address)).toEqual({ kind: 'support', id: 5 })
    // The built-in local key's addresses mean nothing once a real key is set.
    expect(await verifyReplyAddress(keyed, local)).toBeNull()
  })

  it('strips quoted history and signatures where it recognises them', () => {
    expect(stripQuoted('Yes.\n\n-----Original Message-----\nFrom: x')).toBe('Yes.')
    expect(stripQuoted('Thanks\nOn Tue, Jan 5, 2027, Alex <a@b.c>\nwrote:\n> old')).toBe('Thanks')
    expect(stripQuoted('> only quoted')).toBe('> only quoted')
  })
})

/** A raw message with one body of the given type (no multipart), as a mail client sends it. */
function singlePartMail(to: string, from: string, contentType: string, body: string) {
  const text = [
    `From: Sam Rivera <${from}>`,
    `To: ${to}`,
    'Subject: RE: [S-1001] Your support request',
    'Date: Mon, 23 Nov 2026 16:20:00 +0000',
    'Message-ID: <single-part@example.com>',
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}`,
    'Content-Transfer-Encoding: quoted-printable',
    '',
    body,
    '',
  ].join('\r\n')
  return new TextEncoder().encode(text)
}

describe("quoted history in real clients' replies, through email()", () => {
  async function deliverToRequest(contentType: string, body: string) {
    const { email, row } = await submitSupport()
    const to = (await replyAddress(env, 'support', row.id))!
    const rejected = await deliverMail(to, email, singlePartMail(to, email, contentType, body))
    expect(rejected).toBeNull()
    const thread = await threadOf(row.id)
    expect(thread).toHaveLength(1)
    return thread[0]!.body
  }

  it("drops an Outlook reply's From:/Sent: header block and everything under it (plain text)", async () => {
    const body = await deliverToRequest(
      'text/plain; charset="us-ascii"',
      [
        'Thanks, the printer prints again.',
        '',
        'Sam',
        '',
        'From: Alex Example <noreply@example.com>',
        'Sent: Monday, November 23, 2026 10:15 AM',
        'To: Sam Rivera <sam@example.com>',
        'Subject: [S-1001] Your support request',
        '',
        'Hello Sam,',
        '',
        'Please restart the printer and tell me if it helps.',
      ].join('\r\n'),
    )
    expect(body).toBe('Thanks, the printer prints again.\n\nSam')
  })

  it('reads an HTML-only Outlook reply: the text without the header block, markup or entities', async () => {
    // Outlook desktop's Word HTML: no marker element, just the bordered "From:"/"Sent:" paragraph.
    const html = [
      '<html xmlns:o=3D"urn:schemas-microsoft-com:office:office"><head>',
      '<meta http-equiv=3D"Content-Type" content=3D"text/html; charset=3Dutf-8">',
      '<style><!-- p.MsoNormal {margin:0cm; font-size:11.0pt} --></style></head>',
      '<body lang=3D"EN-US"><div class=3D"WordSection1">',
      '<p class=3D"MsoNormal">Thanks &#8211; it&#8217;s working now &amp; the=',
      ' scanner too.<o:p></o:p></p>',
      '<p class=3D"MsoNormal"><o:p>&nbsp;</o:p></p>',
      '<p class=3D"MsoNormal">Sam<o:p></o:p></p>',
      '<div style=3D"border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm">',
      '<p class=3D"MsoNormal"><b>From:</b> Alex Example &lt;noreply@example.com&gt;=',
      ' <br>',
      '<b>Sent:</b> Monday, November 23, 2026 10:15 AM<br>',
      '<b>To:</b> Sam Rivera &lt;sam@example.com&gt;<br>',
      '<b>Subject:</b> [S-1001] Your support request<o:p></o:p></p></div>',
      '<p class=3D"MsoNormal">Hello Sam, please restart the printer.<o:p></o:p></p>',
      '</div></body></html>',
    ].join('\r\n')
    const body = await deliverToRequest('text/html; charset="utf-8"', html)
    expect(body).toBe('Thanks \u2013 it\u2019s working now & the scanner too.\n\nSam')
  })

  it('reads an HTML-only Gmail reply without its quoted blockquote', async () => {
    const html = [
      '<div dir=3D"ltr">Restarted it,<br>all good now.</div><br>',
      '<div class=3D"gmail_quote"><div dir=3D"ltr" class=3D"gmail_attr">On Mon, N=',
      'ov 23, 2026 at 10:15=E2=80=AFAM Alex Example &lt;noreply@example.com&gt; wrote:<br></div>',
      '<blockquote class=3D"gmail_quote" style=3D"margin:0px 0px 0px 0.8ex">Hello Sam, please restart =',
      'the router.</blockquote></div>',
    ].join('\r\n')
    const body = await deliverToRequest('text/html; charset="UTF-8"', html)
    expect(body).toBe('Restarted it,\nall good now.')
  })
})

describe('the one list', () => {
  it('exports the filtered rows as CSV: kind, urgency and a search over the e-mail', async () => {
    const critical = await submitSupport({ urgency: 'critical' })
    const low = await submitSupport({ urgency: 'low' })
    const res = await rest('GET', `/api/requests/export.csv?q=${encodeURIComponent(critical.email)}`)
    expect(res.status).toBe(200)
    const lines = (await res.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'reference,kind,createdAt,status,urgency,dueAt,name,email,phone,company,type,preferredDate,preferredTime,description,notes',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(critical.reference)
    const byUrgency = await (await rest('GET', '/api/requests/export.csv?kind=support&urgency=low')).text()
    expect(byUrgency).toContain(low.reference)
    expect(byUrgency).not.toContain(critical.reference)
    expect(byUrgency).not.toContain('consultation,')
    expect((await rest('GET', '/api/requests/export.csv', undefined, false)).status).toBe(401)
  })

  it('answers the admin with references, due times, the support workflow and the thread', async () => {
    const { row, reference } = await submitSupport({ urgency: 'critical' })
    const { body } = await gql<{
      supportRequests: { id: string; reference: string; status: string; dueAt: string; thread: unknown[] }[]
    }>('{ supportRequests { id reference status dueAt thread { id incoming body delivery } } }')
    const mine = body.data!.supportRequests.find((r) => r.id === String(row.id))!
    expect(mine).toMatchObject({ reference, status: 'PENDING', thread: [] })
    expect(new Date(mine.dueAt).getTime()).toBe(row.due_at)
    const reply = await gql<{ replyToSupportRequest: { incoming: boolean; delivery: string; body: string } }>(
      'mutation($id: ID!, $body: String!) { replyToSupportRequest(id: $id, body: $body) { incoming delivery body } }',
      { id: row.id, body: 'On my way.' },
    )
    // The e-mail goes out after the answer, as over REST (ADR 103): the answer says pending,
    // and the thread says sent once the request's waitUntil work has run.
    expect(reply.body.data!.replyToSupportRequest).toEqual({
      incoming: false,
      delivery: 'PENDING',
      body: 'On my way.',
    })
    await vi.waitFor(async () => {
      const { body: after } = await gql<{ supportRequestThread: { body: string; delivery: string }[] }>(
        'query($id: ID!) { supportRequestThread(id: $id) { body delivery } }',
        { id: row.id },
      )
      expect(after.data!.supportRequestThread).toEqual([{ body: 'On my way.', delivery: 'SENT' }])
    })
    const anonymous = await gql('{ supportRequests { id thread { body } } }', {}, false)
    expect(anonymous.body.data ?? null).toBeNull()
  })
})

async function ownerCookieValue() {
  const { owner } = await import('./admin-helpers')
  return owner()
}
