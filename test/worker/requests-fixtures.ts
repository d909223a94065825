// Shared by the requests and mail tests: valid payloads, and a way to call the
// Worker with a controllable execution context (to await its waitUntil work).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { federalHolidayOn } from '../../schema/holidays'
import { TIME_SLOTS } from '../../schema/request-options'
import { addDays, businessToday, slotInstant, weekdayOf } from '../../schema/slot-time'
import worker from '../../worker/index'
import { freshIp, ORIGIN } from './helpers'

const DAY = 24 * 60 * 60 * 1000

/** A unique visitor address, to find this test's rows and e-mails among the file's others. */
export const freshEmail = (tag = 'visitor') => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`

/** 09:00 Central on a summer day (CDT, UTC-5), as the form builds it. */
export const SUMMER_SLOT = { preferredDate: '2030-07-15T14:00:00.000Z', preferredTime: '09:00' }
/** 15:00 Central on a winter day (CST, UTC-6). */
export const WINTER_SLOT = { preferredDate: '2031-01-14T21:00:00.000Z', preferredTime: '15:00' }

export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString()

/**
 * A different bookable slot on each call (issue 17: one booking per slot):
 * weekdays (not federal holidays) from three days ahead, through the seven default slot times, well
 * inside the default notice and horizon.
 */
let slotCursor = 0
export function nextFreeSlot(): { preferredDate: string; preferredTime: string } {
  const times = TIME_SLOTS.map((s) => s.value)
  const today = businessToday(new Date())
  for (;;) {
    const day = Math.floor(slotCursor / times.length)
    const time = times[slotCursor % times.length]!
    slotCursor++
    const date = addDays(today, 3 + day)
    const weekday = weekdayOf(date)
    // US federal holidays are blocked by default (issue 28).
    if (weekday === 0 || weekday === 6 || federalHolidayOn(date)) continue
    return { preferredDate: slotInstant(date, time)!, preferredTime: time }
  }
}

export const consultation = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jordan Lee',
  email: freshEmail(),
  phone: '(618) 555-0199',
  company: 'Lee Family Clinic',
  projectType: 'web-application',
  budget: '5k-15k',
  description: 'We need a scheduling system for our clinic.',
  ...nextFreeSlot(),
  ...overrides,
})

export const supportRequest = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sam Rivera',
  email: freshEmail(),
  phone: '618-555-0142',
  businessName: 'Rivera Dental',
  issueType: 'network',
  urgency: 'high',
  description: 'The office Wi-Fi drops every hour.',
  preferredContact: 'phone',
  preferredTime: 'morning',
  ...overrides,
})

type Init = {
  json?: unknown
  body?: BodyInit
  headers?: Record<string, string>
  ip?: string
  method?: string
}

/**
 * POSTs (or any method) to the Worker's fetch handler with a fresh execution
 * context, then waits for everything it deferred with waitUntil (the e-mail).
 * `bindings` replaces some of the test bindings for this call.
 */
export async function send(path: string, init: Init = {}, bindings: Partial<Env> = {}) {
  const headers = new Headers({
    Origin: ORIGIN,
    'Sec-Fetch-Site': 'same-origin',
    'cf-connecting-ip': init.ip ?? freshIp(),
    ...init.headers,
  })
  if (init.json !== undefined) headers.set('Content-Type', 'application/json')
  const request = new Request(`${ORIGIN}${path}`, {
    method: init.method ?? 'POST',
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  })
  const ctx = createExecutionContext()
  const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, ...bindings }, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

export const countRows = async (table: 'consultations' | 'support_requests' | 'mail_outbox') =>
  (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())!.n

export type OutboxRow = {
  id: number
  consultation_id: number | null
  support_request_id: number | null
  recipient: string
  reply_to: string | null
  subject: string
  text_body: string
  html_body: string
  ics: string | null
  status: string
  attempts: number
  next_attempt_at: number
  last_error: string | null
  sent_at: number | null
}

export const outboxFor = (visitorEmail: string) =>
  env.DB.prepare('select * from mail_outbox where reply_to = ?').bind(visitorEmail).first<OutboxRow>()

/**
 * Opens the booking horizon far enough for the fixed 2030/2031 slots (the DST
 * checks of the invitation), keeping the other default rules.
 */
export async function openHorizon() {
  await env.DB.prepare(
    `insert or replace into availability_settings
       (id, weekly_hours, blocked, min_notice_minutes, horizon_days, meeting_minutes, change_cutoff_hours)
     values (1, ?, '[]', 120, 4000, 30, 24)`,
  )
    .bind(
      JSON.stringify({
        0: [],
        1: SLOT_VALUES,
        2: SLOT_VALUES,
        3: SLOT_VALUES,
        4: SLOT_VALUES,
        5: SLOT_VALUES,
        6: [],
      }),
    )
    .run()
  // The free-slot answer is cached; the next read must see the wider horizon.
  await (await caches.open('public-reads')).delete(new Request('https://public-read.cache/api/availability'))
}
const SLOT_VALUES = TIME_SLOTS.map((s) => s.value)
