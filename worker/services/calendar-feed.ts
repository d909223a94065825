// The owner's private feed of bookings (issue 56, point 3): /cal/{token}.ics
// carries the confirmed consultations (and, by a setting, the maintenance
// tasks) for any calendar app to subscribe to. The token is a password: only
// its SHA-256 is stored, so the address is shown once, when it is made, and
// making a new one turns the old address into a 404. "Busy only" (the default)
// leaves out every name and detail: the feed may sit in a shared calendar.
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { and, asc, eq, gte } from 'drizzle-orm'
import { BUSINESS_TIME_ZONE } from '../../schema/request-options'
import { addDays, businessDate, businessToday } from '../../schema/slot-time'
import { cleanText } from '../../schema/text'
import type { Db } from '../db'
import { tables } from '../db'
import { addMinutes, CHICAGO_VTIMEZONE, escapeIcsText, foldLine, localStamp, utcStamp } from '../mail/ics'
import { getAvailability } from './availability'

export type FeedSettings = { busyOnly: boolean; includeMaintenance: boolean }
export type FeedState = (FeedSettings & { createdAt: Date }) | null

const sha256Hex = async (text: string) =>
  encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))))

/** A token's shape: 32 random bytes, base64url. Anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** Makes a new address (the old one stops working) and returns it: the only time it is shown. */
export async function regenerateFeed(db: Db, env: Env, settings: FeedSettings): Promise<{ url: string }> {
  const token = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)))
  const values = { tokenHash: await sha256Hex(token), ...settings, createdAt: new Date() }
  const t = tables.calendarFeed
  await db
    .insert(t)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: t.id, set: values })
  return { url: new URL(`/cal/${token}.ics`, env.SITE_URL).toString() }
}

/** Whether there is a feed, and its settings (never its address). */
export async function feedState(db: Db): Promise<FeedState> {
  const [row] = await db.select().from(tables.calendarFeed).where(eq(tables.calendarFeed.id, 1))
  return row
    ? { busyOnly: row.busyOnly, includeMaintenance: row.includeMaintenance, createdAt: row.createdAt }
    : null
}

/** Stops the feed: its address answers 404 until a new one is made. */
export async function revokeFeed(db: Db): Promise<void> {
  await db.delete(tables.calendarFeed).where(eq(tables.calendarFeed.id, 1))
}

/** The feed of a token, or null (an unknown or old token is a 404 to the caller). */
export async function feedIcs(db: Db, token: string, now = new Date()): Promise<string | null> {
  if (!TOKEN.test(token)) return null
  const [row] = await db.select().from(tables.calendarFeed).where(eq(tables.calendarFeed.id, 1))
  if (!row) return null
  // Hashes of a 256-bit token: compared in constant time all the same (it costs nothing).
  const given = await sha256Hex(token)
  let diff = given.length ^ row.tokenHash.length
  for (let i = 0; i < given.length; i++) diff |= given.charCodeAt(i) ^ row.tokenHash.charCodeAt(i)
  if (diff !== 0) return null
  return calendarOf(db, row, now)
}

async function calendarOf(db: Db, feed: FeedSettings, now: Date): Promise<string> {
  // From a month back (so today's calendar still shows the week's past meetings), everything ahead.
  const from = addDays(businessToday(now), -31)
  // A consultation's slot is stored as its UTC instant (canonicalSlot), which compares as text.
  const since = new Date(now.getTime() - 31 * 86_400_000).toISOString()
  const c = tables.consultations
  const [bookings, availability] = await Promise.all([
    db
      .select()
      .from(c)
      .where(and(eq(c.status, 'confirmed'), gte(c.preferredDate, since)))
      .orderBy(asc(c.preferredDate), asc(c.preferredTime)),
    getAvailability(db),
  ])
  const stamp = utcStamp(now)
  const events: string[][] = bookings.map((b) => {
    const day = businessDate(new Date(b.preferredDate))
    return [
      'BEGIN:VEVENT',
      `UID:${b.uid ?? `consultation-${b.id}`}@portfolio`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=${BUSINESS_TIME_ZONE}:${localStamp(day, b.preferredTime)}`,
      `DTEND;TZID=${BUSINESS_TIME_ZONE}:${localStamp(day, addMinutes(b.preferredTime, availability.meetingMinutes))}`,
      `SUMMARY:${escapeIcsText(feed.busyOnly ? 'Busy' : `Consultation: ${b.name}${b.company ? ` (${b.company})` : ''}`)}`,
      ...(feed.busyOnly
        ? ['CLASS:PRIVATE']
        : [
            `DESCRIPTION:${escapeIcsText(`${b.reference ?? ''} ${b.projectType}\n${b.email}${b.phone ? `, ${b.phone}` : ''}`)}`,
          ]),
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ]
  })
  if (feed.includeMaintenance) {
    const m = tables.maintenanceTasks
    const tasks = await db
      .select({ task: m, clientName: tables.clients.name })
      .from(m)
      .innerJoin(tables.clients, eq(tables.clients.id, m.clientId))
      .where(and(eq(m.status, 'open'), gte(m.dueDate, from)))
      .orderBy(asc(m.dueDate))
    for (const { task, clientName } of tasks)
      events.push([
        'BEGIN:VEVENT',
        `UID:maintenance-${task.id}@portfolio`,
        `DTSTAMP:${stamp}`,
        // A task is due on a day, not at an hour: an all-day event that does not block the day.
        `DTSTART;VALUE=DATE:${task.dueDate.replaceAll('-', '')}`,
        `DTEND;VALUE=DATE:${addDays(task.dueDate, 1).replaceAll('-', '')}`,
        `SUMMARY:${escapeIcsText(feed.busyOnly ? 'Maintenance due' : `Maintenance due: ${task.title} (${clientName})`)}`,
        'TRANSP:TRANSPARENT',
        'END:VEVENT',
      ])
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Portfolio//Bookings feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${feed.busyOnly ? 'Bookings (busy only)' : 'Bookings'}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
    ...CHICAGO_VTIMEZONE,
    ...events.flat(),
    'END:VCALENDAR',
  ]
  return `${lines.map((l) => foldLine(cleanText(l, 'single'))).join('\r\n')}\r\n`
}
