// Busy times from an iCalendar file (issue 56, point 2): the owner's Google,
// Apple or Outlook calendar read by a real parser (ical.js), recurring events
// expanded (RRULE, RDATE, EXDATE, and moved or cancelled occurrences by
// RECURRENCE-ID), all-day events as whole days in the business zone, times in
// the zone their TZID names (the file's VTIMEZONE, else the IANA name), and
// cancelled or transparent ("free") events left out. Only the window asked for
// is expanded, and only so many occurrences: a feed cannot make the Worker spin.
import ICAL from 'ical.js'
import { BUSINESS_TIME_ZONE } from '../../schema/request-options'
import type { BusyInterval } from '../../schema/tables'
import { mergeIntervals, NotICalendar } from './busy-intervals'

/** At most this many busy intervals from one file, and this many occurrences tried per recurring event. */
export const MAX_INTERVALS = 5_000
const MAX_OCCURRENCES = 2_000

const wallFormat = new Map<string, Intl.DateTimeFormat>()
function formatIn(zone: string) {
  let f = wallFormat.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    wallFormat.set(zone, f)
  }
  return f
}

const validZone = (zone: string) => {
  try {
    formatIn(zone)
    return true
  } catch {
    return false
  }
}

/** The instant of a wall-clock time in an IANA zone, daylight saving included (two passes settle the offset). */
export function zonedInstant(zone: string, y: number, m: number, d: number, h = 0, min = 0, s = 0): number {
  const wall = Date.UTC(y, m - 1, d, h, min, s)
  const offset = (instant: number) => {
    const p = Object.fromEntries(
      formatIn(zone)
        .formatToParts(instant)
        .map((x) => [x.type, Number(x.value)]),
    )
    return (
      Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) -
      Math.floor(instant / 1000) * 1000
    )
  }
  const first = wall - offset(wall)
  return wall - offset(first)
}

/**
 * An ICAL.Time as an instant. UTC is UTC; a zone the file defines (VTIMEZONE)
 * is placed by ical.js; a TZID the file does not define is read as an IANA
 * name (Google writes those); a floating time is the business's wall clock.
 */
function instantOf(t: ICAL.Time, tzid: string | null): number {
  if (t.zone === ICAL.Timezone.utcTimezone || t.zone?.tzid === 'UTC') return t.toUnixTime() * 1000
  const zone = t.zone?.tzid
  if (zone && zone !== 'floating' && ICAL.TimezoneService.has(zone)) return t.toUnixTime() * 1000
  const named = tzid && validZone(tzid) ? tzid : BUSINESS_TIME_ZONE
  return zonedInstant(
    named,
    t.year,
    t.month,
    t.day,
    t.isDate ? 0 : t.hour,
    t.isDate ? 0 : t.minute,
    t.isDate ? 0 : t.second,
  )
}

/** A DATE (all-day) value: midnight in the business zone, where the owner's bookings are. */
const dayStart = (t: ICAL.Time) => zonedInstant(BUSINESS_TIME_ZONE, t.year, t.month, t.day)

const tzidOf = (event: ICAL.Event, prop: 'dtstart' | 'dtend') =>
  (event.component.getFirstProperty(prop)?.getParameter('tzid') as string | undefined) ?? null

const isFree = (event: ICAL.Event) => {
  const status = String(event.component.getFirstPropertyValue('status') ?? '').toUpperCase()
  const transp = String(event.component.getFirstPropertyValue('transp') ?? '').toUpperCase()
  return status === 'CANCELLED' || transp === 'TRANSPARENT'
}

function intervalOf(event: ICAL.Event, start: ICAL.Time, end: ICAL.Time | null): BusyInterval | null {
  if (start.isDate) {
    const from = dayStart(start)
    const to = end && end.compare(start) > 0 ? dayStart(end) : from + 86_400_000
    return to > from ? [from, to] : null
  }
  const from = instantOf(start, tzidOf(event, 'dtstart'))
  const to = end ? instantOf(end, tzidOf(event, 'dtend') ?? tzidOf(event, 'dtstart')) : from
  // An event with no length (DTSTART only) blocks nothing; one that ends before it starts is read as its start.
  return to > from ? [from, to] : null
}

/** The busy intervals of an iCalendar text that overlap [from, to) (UTC ms), merged. */
export function busyIntervals(text: string, from: number, to: number): BusyInterval[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new NotICalendar()
  let root: ICAL.Component
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[])
  } catch {
    throw new NotICalendar()
  }
  for (const vtz of root.getAllSubcomponents('vtimezone')) {
    const tz = new ICAL.Timezone(vtz)
    // A feed's own definition wins over an earlier feed's of the same name only if none was known.
    if (tz.tzid && !ICAL.TimezoneService.has(tz.tzid)) ICAL.TimezoneService.register(tz, tz.tzid)
  }
  const vevents = root.getAllSubcomponents('vevent')
  const masters = new Map<string, ICAL.Event>()
  const exceptions: ICAL.Event[] = []
  for (const v of vevents) {
    const event = new ICAL.Event(v)
    if (event.isRecurrenceException()) exceptions.push(event)
    else masters.set(event.uid, event)
  }
  for (const ex of exceptions) {
    const master = masters.get(ex.uid)
    if (master) master.relateException(ex)
    else masters.set(`${ex.uid}#${ex.recurrenceId?.toString()}`, ex)
  }
  const out: BusyInterval[] = []
  const keep = (i: BusyInterval | null) => {
    if (i && i[0] < to && i[1] > from && out.length < MAX_INTERVALS) out.push(i)
  }
  for (const event of masters.values()) {
    if (!event.startDate) continue
    if (!event.isRecurring()) {
      if (!isFree(event)) keep(intervalOf(event, event.startDate, event.endDate))
      continue
    }
    const it = event.iterator()
    for (let n = 0; n < MAX_OCCURRENCES; n++) {
      const next = it.next()
      if (!next) break
      const natural = next.isDate ? dayStart(next) : instantOf(next, tzidOf(event, 'dtstart'))
      // Occurrences come in order: past the window (and a day's margin for a moved one), stop.
      if (natural >= to + 86_400_000) break
      const details = event.getOccurrenceDetails(next)
      const item = details.item
      keep(isFree(item) ? null : intervalOf(item, details.startDate, details.endDate))
    }
  }
  return mergeIntervals(out)
}
