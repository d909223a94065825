// Issue 14: what a visitor types is stored clean, single-line fields refuse
// line breaks, and the e-mail and the .ics built from it carry no control
// character (the .ics is read back with a real iCalendar parser).
import { env } from 'cloudflare:test'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import {
  consultation,
  countRows,
  openHorizon,
  outboxFor,
  SUMMER_SLOT,
  send,
  supportRequest,
} from './requests-fixtures'

const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/

const DIRTY_DESCRIPTION =
  'Line one\u0000\u000b\r\nLine two \u001b[31mred\u001b[0m\u2028Line three \u202eevil\u202c\u200b'
const CLEAN_DESCRIPTION = 'Line one\nLine two [31mred[0m\nLine three evil'

describe('requests are stored clean', () => {
  it('a consultation with control characters: clean row, clean e-mail, a valid .ics', async () => {
    await openHorizon()
    const input = consultation({
      ...SUMMER_SLOT,
      name: '\u202eJordan\u200b Lee\u0007',
      company: 'Lee\u0000 Clinic\u2066',
      description: DIRTY_DESCRIPTION,
    })
    const res = await send('/api/consultations', { json: input })
    expect(res.status).toBe(201)
    const row = await env.DB.prepare('select * from consultations where email = ?')
      .bind(input.email)
      .first<{ name: string; company: string; description: string }>()
    expect(row).toMatchObject({ name: 'Jordan Lee', company: 'Lee Clinic', description: CLEAN_DESCRIPTION })

    const mail = (await outboxFor(input.email))!
    expect(mail.text_body).not.toMatch(CONTROL)
    expect(mail.html_body).not.toMatch(CONTROL)
    expect(mail.ics!.replaceAll('\r\n', '')).not.toMatch(CONTROL)

    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(mail.ics!)).getFirstSubcomponent('vevent')!)
    expect(event.description).toContain(CLEAN_DESCRIPTION)
    expect(event.summary).toContain('Jordan Lee')
    expect(event.startDate.toString()).toBe('2030-07-15T09:00:00')
  })

  it('a support request with control characters is stored clean', async () => {
    const input = supportRequest({ businessName: '\u200b\u200b', description: DIRTY_DESCRIPTION })
    expect((await send('/api/consultation', { json: input })).status).toBe(201)
    const row = await env.DB.prepare(
      'select business_name, description from support_requests where email = ?',
    )
      .bind(input.email)
      .first()
    expect(row).toEqual({ business_name: null, description: CLEAN_DESCRIPTION })
    expect((await outboxFor(input.email))!.text_body).not.toMatch(CONTROL)
  })
})

describe('bad text is refused with a field error and nothing is stored', () => {
  it.each([
    [
      '/api/consultations',
      consultation({ name: 'Jordan\nEmail: attacker@example.com' }),
      'name',
      'Name must be on one line',
    ],
    ['/api/consultations', consultation({ company: 'A\rB' }), 'company', 'Company must be on one line'],
    ['/api/consultations', consultation({ phone: '618 555\n0199' }), 'phone', 'Phone must be on one line'],
    ['/api/consultations', consultation({ name: '\u200b\u200d\u202e' }), 'name', 'Name is required'],
    [
      '/api/consultations',
      consultation({ description: '\u0000\u200b \n' }),
      'description',
      'Description is required',
    ],
    ['/api/consultation', supportRequest({ name: 'Sam\u2028Rivera' }), 'name', 'Name must be on one line'],
    [
      '/api/consultation',
      supportRequest({ businessName: 'X\nY' }),
      'businessName',
      'Business name must be on one line',
    ],
  ])('%s %#', async (path, json, field, message) => {
    const before = [
      await countRows('consultations'),
      await countRows('support_requests'),
      await countRows('mail_outbox'),
    ]
    const res = await send(path, { json })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { message: string; errors: Record<string, string> }
    expect(body.errors[field]).toBe(message)
    expect([
      await countRows('consultations'),
      await countRows('support_requests'),
      await countRows('mail_outbox'),
    ]).toEqual(before)
  })
})
