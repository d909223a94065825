// Shared by the booking tests: the fixed clock, the availability and settings helpers.
import { env } from 'cloudflare:test'
import ICAL from 'ical.js'
import { expect, vi } from 'vitest'
import { slotInstant } from '../../schema/slot-time'
import { consultation, send } from './requests-fixtures'
import { ownerCookie } from './session-helpers'

export const SUNDAY_NOON = Date.parse('2026-11-22T18:36:00Z') // 12:36 PM CST
export const at = (iso: string) => vi.setSystemTime(new Date(iso))

type Day = { date: string; slots: string[] }
export const SLOTS = ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00']

export async function availability(): Promise<{ days: Day[]; meetingMinutes: number; timeZone: string }> {
  return (await send('/api/availability', { method: 'GET' })).json()
}

export const book = (date: string, time: string, extra: Record<string, unknown> = {}) =>
  send('/api/consultations', {
    json: consultation({ preferredDate: slotInstant(date, time), preferredTime: time, ...extra }),
  })

export async function owner(method: string, path: string, json?: unknown) {
  return send(path, { method, json, headers: { Cookie: await ownerCookie() } })
}

export const DEFAULTS = {
  weeklyHours: { 0: [], 1: SLOTS, 2: SLOTS, 3: SLOTS, 4: SLOTS, 5: SLOTS, 6: [] },
  blocked: [] as { from: string; to: string; note: string | null }[],
  minNoticeMinutes: 120,
  horizonDays: 60,
  meetingMinutes: 30,
  changeCutoffHours: 24,
}

export async function settings(overrides: Partial<typeof DEFAULTS> = {}) {
  const res = await owner('PUT', '/api/availability/settings', { ...DEFAULTS, ...overrides })
  expect(res.status).toBe(200)
}

export const outboxTo = (recipient: string) =>
  env.DB.prepare('select * from mail_outbox where recipient = ? order by id')
    .bind(recipient)
    .all<{ subject: string; text_body: string; ics: string | null; kind: string; reply_to: string | null }>()
    .then((r) => r.results)

export const parseIcs = (ics: string) => {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  // The invitation carries its own VTIMEZONE; the parser places TZID times with it.
  ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!)
  const vevent = calendar.getFirstSubcomponent('vevent')!
  return { calendar, vevent, event: new ICAL.Event(vevent) }
}

/** The consultation a reference names (references are numbered across both kinds, issue 15). */
export const idOf = async (reference: string) =>
  (await env.DB.prepare('select id from consultations where reference = ?')
    .bind(reference)
    .first<{ id: number }>())!.id

export const linkIn = (text: string) => /\/booking\/([^\s]+)/.exec(text)?.[1]
