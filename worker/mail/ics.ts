// An RFC 5545 calendar invitation for a consultation slot. Slots are US
// Central wall-clock times, so the event is written with TZID=BUSINESS_TIME_ZONE
// and carries its VTIMEZONE (calendar clients need the definition to place a
// TZID time; the US rules have been these since 2007).
// https://www.rfc-editor.org/rfc/rfc5545
import { BUSINESS_TIME_ZONE } from '../../schema/request-options'
import { cleanText } from '../../schema/text'

/** The free consultation lasts 30 minutes (SPEC §1). */
export const CONSULTATION_MINUTES = 30

/** The business zone's definition, for any calendar file that names it by TZID. */
export const CHICAGO_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${BUSINESS_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0600',
  'TZOFFSETTO:-0500',
  'TZNAME:CDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0600',
  'TZNAME:CST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
]

/**
 * TEXT value escaping (RFC 5545 §3.3.11). Control characters are not allowed
 * in a TEXT value (§3.1 "CONTROL"), so they are dropped first: a last guard,
 * since stored request fields are already clean (schema/text.ts).
 */
export const escapeIcsText = (value: string) =>
  cleanText(value, 'multi')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')

/** A quoted parameter value cannot hold quotes or control characters (RFC 5545 §3.2). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const paramValue = (value: string) => `"${value.replace(/["\u0000-\u001f\u007f]/g, '')}"`

const encoder = new TextEncoder()

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const out: string[] = []
  let current = ''
  let octets = 0
  for (const ch of line) {
    const size = encoder.encode(ch).length
    // Continuation lines start with a space, which counts toward their 75.
    const limit = out.length === 0 ? 75 : 74
    if (octets + size > limit) {
      out.push(current)
      current = ''
      octets = 0
    }
    current += ch
    octets += size
  }
  out.push(current)
  return out.join('\r\n ')
}

/** YYYYMMDDTHHMMSS (a local "floating" form, qualified by TZID where used). */
export const localStamp = (date: string, time: string) =>
  `${date.replaceAll('-', '')}T${time.replace(':', '')}00`

export const utcStamp = (d: Date) => `${d.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`

export function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number]
  const total = h * 60 + m + minutes
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}

export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL'

export type ConsultationEvent = {
  uid: string
  /** Calendar date in the business time zone, YYYY-MM-DD. */
  date: string
  /** Slot start, HH:MM, business time zone. */
  time: string
  summary: string
  description: string
  organizerEmail: string
  organizerName: string
  visitorName: string
  visitorEmail: string
  createdAt: Date
  /**
   * PUBLISH (default): the owner's own copy of a request, no RSVP round trip.
   * REQUEST: the invitation the visitor gets (and its updates); CANCEL: its withdrawal.
   */
  method?: IcsMethod
  /** Raised on every change, so calendars replace the earlier version (RFC 5546 §2.1.4). */
  sequence?: number
  /** The meeting length; the owner's setting, CONSULTATION_MINUTES by default. */
  minutes?: number
  /**
   * A REQUEST's STATUS: TENTATIVE while the booking awaits the owner's
   * confirmation, CONFIRMED once confirmed (issue 28: the word agrees with the
   * manage page and the mail). CONFIRMED when not given.
   */
  status?: 'TENTATIVE' | 'CONFIRMED'
  /** How to meet (a phone number or a video link), when the owner has set one. */
  location?: string | null
}

export function consultationIcs(event: ConsultationEvent): string {
  const tz = BUSINESS_TIME_ZONE
  const method = event.method ?? 'PUBLISH'
  const minutes = event.minutes ?? CONSULTATION_MINUTES
  const organizer = `ORGANIZER;CN=${paramValue(event.organizerName)}:mailto:${cleanText(event.organizerEmail, 'single')}`
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Portfolio//Consultation requests//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...CHICAGO_VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${utcStamp(event.createdAt)}`,
    `DTSTART;TZID=${tz}:${localStamp(event.date, event.time)}`,
    `DTEND;TZID=${tz}:${localStamp(event.date, addMinutes(event.time, minutes))}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    organizer,
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    ...(method === 'PUBLISH'
      ? [`CONTACT:${escapeIcsText(`${event.visitorName} <${event.visitorEmail}>`)}`, 'STATUS:TENTATIVE']
      : [
          // The visitor is the one attendee; the owner organises (RFC 5546 §3.2.2).
          `ATTENDEE;CN=${paramValue(event.visitorName)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${cleanText(event.visitorEmail, 'single')}`,
          method === 'CANCEL' ? 'STATUS:CANCELLED' : `STATUS:${event.status ?? 'CONFIRMED'}`,
        ]),
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  // Every value above is escaped or fixed; this keeps any control character out
  // of the file whatever a future field brings (only the CRLF line ends remain).
  return `${lines.map((l) => foldLine(cleanText(l, 'single'))).join('\r\n')}\r\n`
}
