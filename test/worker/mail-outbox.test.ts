import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OUTBOX_MAX_ATTEMPTS } from '../../schema/constants'
import worker from '../../worker/index'
import { foldLine } from '../../worker/mail/ics'
import { retryDelayMs } from '../../worker/mail/outbox'
import { call } from './helpers'
import {
  consultation,
  freshEmail,
  outboxFor,
  SUMMER_SLOT,
  send,
  supportRequest,
  WINTER_SLOT,
} from './requests-fixtures'
import { ownerCookie } from './session-helpers'

afterEach(() => vi.restoreAllMocks())

/** The builder-form message as the spy receives it. */
type Sent = {
  from: string
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
  attachments?: { filename: string; type: string; content: string; disposition: string }[]
}

const MINUTE = 60_000

/** Spies on the send_email binding; messages replying to `failFor` fail with an error. */
function spyMail(failFor?: string) {
  const spy = vi.spyOn(env.MAIL, 'send').mockImplementation(async (message) => {
    if (failFor && (message as unknown as Sent).replyTo === failFor) throw new Error('mail relay unavailable')
    return { messageId: crypto.randomUUID() }
  })
  const sentTo = (visitor: string) =>
    spy.mock.calls.map(([m]) => m as unknown as Sent).filter((m) => m.replyTo === visitor)
  return { spy, sentTo }
}

async function runCron(at: number) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at }), env, ctx)
  await waitOnExecutionContext(ctx)
}

describe('the consultation notification', () => {
  it('goes to the owner, says what it is, replies to the visitor and escapes what they typed', async () => {
    const { sentTo } = spyMail()
    const email = freshEmail()
    const payload = consultation({
      email,
      name: 'Eve <script>alert(1)</script>',
      company: 'Acme "quotes" & Sons',
      description: 'Line one\n<img src=x onerror=alert(2)> "quoted"',
    })
    expect((await send('/api/consultations', { json: payload })).status).toBe(201)

    const [mail] = sentTo(email)
    expect(sentTo(email)).toHaveLength(1)
    expect(mail!.to).toBe(env.NOTIFY_EMAIL)
    expect(mail!.from).toBe(env.MAIL_FROM)
    expect(mail!.replyTo).toBe(email)
    // The reference first (issue 15), then what it is.
    expect(mail!.subject).toMatch(
      /^\[C-\d{4,}\] New consultation request from Eve <script>alert\(1\)<\/script> for Monday, July 15, 2030 at 9:00 AM Central Time$/,
    )
    // HTML: every visitor-typed value is escaped.
    expect(mail!.html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail!.html).toContain('Acme &quot;quotes&quot; &amp; Sons')
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(2)&gt; &quot;quoted&quot;')
    expect(mail!.html).not.toMatch(/<script|<img|"quotes"/)
    // Text: the values as typed, with the labels of the chosen options.
    expect(mail!.text).toContain('Name: Eve <script>alert(1)</script>')
    expect(mail!.text).toContain('Project type: Web Application')
    expect(mail!.text).toContain('Budget: $5,000 - $15,000')
    expect(mail!.text).toContain('Preferred meeting time: Monday, July 15, 2030 at 9:00 AM Central Time')
    expect(mail!.text).toContain('Line one\n<img src=x onerror=alert(2)> "quoted"')
  })

  it('keeps line breaks a visitor typed out of the subject header', async () => {
    const { sentTo } = spyMail()
    const email = freshEmail()
    // A name is one line (schema/text.ts): a line break is refused at the door...
    const refused = await send('/api/consultations', {
      json: consultation({ email, name: 'Eve\r\nBcc: victim@example.com' }),
    })
    expect(refused.status).toBe(400)
    expect(sentTo(email)).toEqual([])
    // ...and whatever else reaches the subject loses its control characters.
    await send('/api/consultations', {
      json: consultation({ email, name: 'Eve\u0000\u001bBcc: victim@example.com' }),
    })
    const [mail] = sentTo(email)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
    expect(mail!.subject).not.toMatch(/[\u0000-\u001f]/)
    expect(mail!.subject).toContain('EveBcc: victim@example.com')
  })

  it('carries an .ics invitation for the slot in US Central time (summer: CDT)', async () => {
    const { sentTo } = spyMail()
    const email = freshEmail()
    await send('/api/consultations', {
      json: consultation({ email, name: 'Lee, Jordan; MD', ...SUMMER_SLOT }),
    })
    const [mail] = sentTo(email)
    expect(mail!.attachments).toHaveLength(1)
    const [ics] = mail!.attachments!
    expect(ics).toMatchObject({
      filename: 'consultation.ics',
      type: 'text/calendar',
      disposition: 'attachment',
    })
    const body = ics!.content
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true)
    // Every line ends in CRLF and is at most 75 octets (RFC 5545 §3.1).
    for (const line of body.slice(0, -2).split('\r\n')) {
      expect(line).not.toContain('\n')
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    }
    const unfolded = body.replace(/\r\n /g, '')
    expect(unfolded).toContain('METHOD:PUBLISH')
    expect(unfolded).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Chicago\r\n')
    expect(unfolded).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU')
    expect(unfolded).toContain('DTSTART;TZID=America/Chicago:20300715T090000\r\n')
    expect(unfolded).toContain('DTEND;TZID=America/Chicago:20300715T093000\r\n')
    expect(unfolded).toMatch(/\r\nUID:consultation-[0-9a-f-]{36}@localhost\r\n/)
    expect(unfolded).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/)
    // TEXT values escape commas and semicolons.
    expect(unfolded).toContain('SUMMARY:Consultation with Lee\\, Jordan\\; MD (Web Application)\r\n')
    expect(unfolded).toContain(`ORGANIZER;CN="${env.OWNER_NAME}":mailto:${env.NOTIFY_EMAIL}`)
    // The stored copy is the one that was sent, for the retries.
    expect((await outboxFor(email))!.ics).toBe(body)
  })

  it('places a winter slot on the Central date chosen (CST)', async () => {
    const { sentTo } = spyMail()
    const email = freshEmail()
    await send('/api/consultations', { json: consultation({ email, ...WINTER_SLOT }) })
    const body = sentTo(email)[0]!.attachments![0]!.content.replace(/\r\n /g, '')
    expect(body).toContain('DTSTART;TZID=America/Chicago:20310114T150000\r\n')
    expect(body).toContain('DTEND;TZID=America/Chicago:20310114T153000\r\n')
  })

  it('folds long lines without splitting a multi-byte character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`
    const folded = foldLine(line)
    const parts = folded.split('\r\n ')
    expect(parts.length).toBeGreaterThan(1)
    expect(parts.join('')).toBe(line)
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75)
  })
})

describe('the support-request notification', () => {
  it('goes to the owner with urgency in the subject, Reply-To the visitor, escaped, no attachment', async () => {
    const { sentTo } = spyMail()
    const email = freshEmail()
    const payload = supportRequest({ email, businessName: '<b>Bold</b> "Dental"', urgency: 'critical' })
    expect((await send('/api/consultation', { json: payload })).status).toBe(201)
    const [mail] = sentTo(email)
    expect(mail!.to).toBe(env.NOTIFY_EMAIL)
    expect(mail!.replyTo).toBe(email)
    expect(mail!.subject).toMatch(
      /^\[S-\d{4,}\] IT support request \(Critical urgency, Network\) from Sam Rivera$/,
    )
    expect(mail!.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &quot;Dental&quot;')
    expect(mail!.html).not.toContain('<b>Bold')
    expect(mail!.text).toContain('Urgency: Critical (emergency)')
    expect(mail!.text).toContain('Preferred contact: Phone')
    expect(mail!.text).toContain('Preferred time: Morning (8am-12pm)')
    expect(mail!.attachments).toBeUndefined()
  })
})

describe('delivery and retries', () => {
  it('marks a message sent after the first attempt succeeds', async () => {
    spyMail()
    const email = freshEmail()
    await send('/api/consultations', { json: consultation({ email }) })
    expect(await outboxFor(email)).toMatchObject({ status: 'sent', attempts: 1, last_error: null })
    expect((await outboxFor(email))!.sent_at).toEqual(expect.any(Number))
  })

  it('keeps a failed send pending, and the cron retries it after the backoff, then marks it sent', async () => {
    const email = freshEmail()
    const failing = spyMail(email)
    const before = Date.now()
    await send('/api/consultations', { json: consultation({ email }) })
    const afterFirst = (await outboxFor(email))!
    expect(afterFirst).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'Error: mail relay unavailable',
    })
    // First retry waits 2 minutes.
    expect(afterFirst.next_attempt_at).toBeGreaterThanOrEqual(before + 2 * MINUTE)
    expect(afterFirst.next_attempt_at).toBeLessThanOrEqual(Date.now() + 2 * MINUTE)
    expect(failing.sentTo(email)).toHaveLength(1)

    // Not yet due: the cron leaves it alone.
    await runCron(afterFirst.next_attempt_at - 1000)
    expect(failing.sentTo(email)).toHaveLength(1)

    vi.restoreAllMocks()
    const working = spyMail()
    await runCron(afterFirst.next_attempt_at + 1000)
    expect(working.sentTo(email)).toHaveLength(1)
    expect(working.sentTo(email)[0]!.subject).toBe(afterFirst.subject)
    expect(await outboxFor(email)).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: null,
      sent_at: afterFirst.next_attempt_at + 1000,
    })

    // A sent message is never sent again.
    await runCron(afterFirst.next_attempt_at + 24 * 60 * MINUTE)
    expect(working.sentTo(email)).toHaveLength(1)

    // The admin shows the delivery state.
    const list = (await (
      await call('/api/consultations', { headers: { Cookie: await ownerCookie() } })
    ).json()) as { email: string; delivery: string }[]
    expect(list.find((c) => c.email === email)!.delivery).toBe('sent')
  })

  it(`marks a message failed after ${OUTBOX_MAX_ATTEMPTS} failed attempts, backing off exponentially`, async () => {
    const email = freshEmail()
    const { sentTo } = spyMail(email)
    await send('/api/consultation', { json: supportRequest({ email }) })
    let row = (await outboxFor(email))!
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })

    const waits: number[] = []
    let clock = row.next_attempt_at
    for (let attempt = 2; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      await runCron(clock)
      row = (await outboxFor(email))!
      expect(row.attempts).toBe(attempt)
      waits.push(row.next_attempt_at - clock)
      clock = row.next_attempt_at
    }
    expect(row.status).toBe('failed')
    expect(sentTo(email)).toHaveLength(OUTBOX_MAX_ATTEMPTS)
    // 2^n minutes after the n-th failure.
    expect(waits.slice(0, -1).map((ms) => ms / MINUTE)).toEqual([4, 8, 16, 32, 64, 128])

    // Failed for good: later runs do not try again.
    await runCron(clock + 7 * 24 * 60 * MINUTE)
    expect(sentTo(email)).toHaveLength(OUTBOX_MAX_ATTEMPTS)

    const list = (await (
      await call('/api/support-requests', { headers: { Cookie: await ownerCookie() } })
    ).json()) as { email: string; delivery: string }[]
    expect(list.find((r) => r.email === email)!.delivery).toBe('failed')
  })

  it('caps the backoff at 6 hours', () => {
    expect([1, 2, 3, 8].map((n) => retryDelayMs(n) / MINUTE)).toEqual([2, 4, 8, 256])
    expect(retryDelayMs(9)).toBe(6 * 60 * MINUTE)
    expect(retryDelayMs(30)).toBe(6 * 60 * MINUTE)
  })

  it('lets only one invocation send a message that is due (claim with a lease)', async () => {
    const email = freshEmail()
    const failing = spyMail(email)
    await send('/api/consultations', { json: consultation({ email }) })
    const due = (await outboxFor(email))!.next_attempt_at
    expect(failing.sentTo(email)).toHaveLength(1)
    vi.restoreAllMocks()
    const { sentTo } = spyMail()
    // Two overlapping cron runs (or a cron run and a request) at the same moment.
    await Promise.all([runCron(due), runCron(due)])
    expect(sentTo(email)).toHaveLength(1)
    expect(await outboxFor(email)).toMatchObject({ status: 'sent', attempts: 2 })
  })
})
