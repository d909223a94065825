// The booking's e-mails (issue 17): to the visitor (request received,
// confirmed, moved, cancelled, reminder) and the owner's calendar copies of
// changes and reminders. Titles name only the meeting ("Consultation with
// {owner}"), never the visitor's project: a calendar or a lock screen shows
// them to anyone nearby (docs/decisions/060-booking-links.md).

import { BOOKING_STATUS_LABELS } from '../../schema/request-statuses'
import { businessDate } from '../../schema/slot-time'
import type { Consultation } from '../../schema/tables'
import { consultationIcs, type IcsMethod } from './ics'
import { letterHtml } from './letter-html'
import type { OutboxMessage } from './outbox'
import { describeSlot, headerSafe } from './templates'

/** The owner's join details (availability settings, issue 28). */
export type MeetingPlace = { meetingLocationKind: string; meetingLocation: string | null }
/**
 * The join details as the invitation and the mails give them (issue 28): the
 * LOCATION line and a sentence for the description, or nulls when none is set.
 */
export function joinDetails(a: MeetingPlace) {
  if (!a.meetingLocation) return { location: null, instructions: null }
  if (a.meetingLocationKind === 'phone')
    return {
      location: `Phone call: ${a.meetingLocation}`,
      instructions: `Phone call: please call ${a.meetingLocation} at the meeting time.`,
    }
  if (a.meetingLocationKind === 'video')
    return {
      location: a.meetingLocation,
      instructions: `Video call: join at ${a.meetingLocation}`,
    }
  return { location: null, instructions: null }
}

export type BookingMailKind = 'received' | 'confirmed' | 'moved' | 'cancelled' | 'reminder'

/** The neutral meeting title used in subjects and invitations. */
export const meetingTitle = (env: Env) => `Consultation with ${env.OWNER_NAME}`

type Booking = Pick<
  Consultation,
  | 'id'
  | 'uid'
  | 'reference'
  | 'name'
  | 'email'
  | 'preferredDate'
  | 'preferredTime'
  | 'sequence'
  | 'createdAt'
  | 'status'
>

const LEADS: Record<
  BookingMailKind,
  (title: string, confirmed: boolean) => { subject: string; lead: string }
> = {
  received: (t) => ({
    subject: `${t}: request received`,
    lead: 'Thank you, your consultation request has arrived. You will hear back within 24 hours; the time is held for you meanwhile. The attached invitation is marked tentative until the time is confirmed.',
  }),
  confirmed: (t) => ({
    subject: `${t} confirmed`,
    lead: 'Your consultation is confirmed. The calendar invitation is attached.',
  }),
  moved: (t, confirmed) => ({
    subject: `${t}: new time`,
    lead: confirmed
      ? 'Your consultation has moved to a new time. The updated invitation is attached.'
      : 'Your consultation request has moved to a new time; it is still awaiting confirmation. The updated invitation (tentative until confirmed) is attached.',
  }),
  cancelled: (t) => ({
    subject: `${t} cancelled`,
    lead: 'Your consultation has been cancelled. The attachment removes it from your calendar.',
  }),
  reminder: (t) => ({
    subject: `Reminder: ${t} tomorrow`,
    lead: 'A reminder of your consultation tomorrow.',
  }),
}

const METHOD: Record<BookingMailKind, IcsMethod | null> = {
  // The visitor's calendar holds the time at once, as tentative (issue 28).
  received: 'REQUEST',
  confirmed: 'REQUEST',
  moved: 'REQUEST',
  cancelled: 'CANCEL',
  reminder: null,
}

/** The invitation for a booking as it stands (its uid and sequence). */
export function bookingIcs(
  env: Env,
  booking: Booking,
  method: IcsMethod,
  minutes: number,
  now: Date,
  place: MeetingPlace | null = null,
) {
  const join = place ? joinDetails(place) : { location: null, instructions: null }
  return consultationIcs({
    uid: `${booking.uid}@${new URL(env.SITE_URL).hostname}`,
    date: businessDate(new Date(booking.preferredDate)),
    time: booking.preferredTime,
    summary: meetingTitle(env),
    description: [`Free consultation with ${env.OWNER_NAME}.`, join.instructions].filter(Boolean).join('\n'),
    organizerEmail: env.NOTIFY_EMAIL,
    organizerName: env.OWNER_NAME,
    visitorName: booking.name,
    visitorEmail: booking.email,
    createdAt: now,
    method,
    sequence: booking.sequence,
    minutes,
    status: booking.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
    location: join.location,
  })
}

/**
 * One booking e-mail. `to` is the visitor, or the owner (whose copy carries the
 * same invitation for their calendar and names the visitor, and no link).
 */
export function bookingMail(
  env: Env,
  kind: BookingMailKind,
  booking: Booking,
  opts: {
    to: 'visitor' | 'owner'
    manageUrl: string | null
    /** The request's tokened reply address (issue 15), when one is configured. */
    replyTo?: string | null
    minutes: number
    now: Date
    /** The visitor's reason for cancelling (the owner's copy shows it). */
    reason?: string | null
    /** How to meet, from the availability settings; in every mail but a cancellation. */
    place?: MeetingPlace | null
  },
): OutboxMessage {
  const title = meetingTitle(env)
  const { subject, lead } = LEADS[kind](title, booking.status === 'confirmed')
  const when = describeSlot(booking.preferredDate, booking.preferredTime)
  // The visitor's reference (issue 15: assigned at insert, C-1042).
  const reference = booking.reference ?? ''
  const forOwner = opts.to === 'owner'
  const join = opts.place ? joinDetails(opts.place) : { location: null, instructions: null }
  const lines: [string, string][] = [
    ['Reference', reference],
    ['Time', when],
    ['Status', BOOKING_STATUS_LABELS[booking.status] ?? booking.status],
    ...(forOwner ? ([['Visitor', `${booking.name} <${booking.email}>`]] as [string, string][]) : []),
    ...(forOwner && opts.reason ? ([['Reason', opts.reason]] as [string, string][]) : []),
    ...(join.instructions && kind !== 'cancelled'
      ? ([['How to meet', join.instructions]] as [string, string][])
      : []),
  ]
  // Every visitor mail says how to change or cancel (issue 28): the link while it
  // works, and a reply to this e-mail (which reaches the owner) whatever the time.
  const manage =
    forOwner || kind === 'cancelled'
      ? null
      : opts.manageUrl
        ? `To cancel or pick another time (up to the cut-off before the meeting): ${opts.manageUrl}\nAfter the cut-off, or for anything else, reply to this e-mail.`
        : 'To change or cancel, reply to this e-mail.'
  const text = [
    forOwner ? `Calendar copy: ${lead}` : lead,
    '',
    ...lines.map(([k, v]) => `${k}: ${v}`),
    '',
    manage,
  ]
    .filter((l) => l !== null)
    .join('\n')
  const html = letterHtml({
    paragraphs: [forOwner ? `Calendar copy: ${lead}` : lead],
    rows: lines,
    link:
      manage && opts.manageUrl ? { href: opts.manageUrl, text: 'Cancel or pick another time' } : undefined,
  })
  const method = METHOD[kind]
  return {
    recipient: forOwner ? env.NOTIFY_EMAIL : booking.email,
    replyTo: forOwner ? booking.email : (opts.replyTo ?? env.NOTIFY_EMAIL),
    subject: headerSafe(subject, 200),
    textBody: text,
    htmlBody: html,
    ics: method ? bookingIcs(env, booking, method, opts.minutes, opts.now, opts.place ?? null) : null,
  }
}
