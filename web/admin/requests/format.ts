// How the admin shows request values: option labels, the slot in Central
// time, and the tone of a status or delivery badge.

import { formatBusinessDateTime } from '../../../schema/business-time'
import { labelOf } from '../../../schema/constants'
import { madeOnFirstUse } from '../../../schema/made-on-first-use'
import { BUSINESS_TIME_ZONE, TIME_SLOTS } from '../../../schema/request-options'
import { CLOSED_STATUSES, SUPPORT_STATUS_LABELS, type SupportStatus } from '../../../schema/request-statuses'
import { businessDate, slotInstant } from '../../../schema/slot-time'

const slotDate = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIME_ZONE,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }),
)

/** "Mon, Jul 15, 2030 at 9:00 AM CT": the slot as the visitor chose it (Central time). */
export function formatSlot(preferredDate: string, preferredTime: string): string {
  const date = new Date(preferredDate)
  const day = Number.isNaN(date.getTime()) ? preferredDate : slotDate().format(date)
  return `${day} at ${labelOf(TIME_SLOTS, preferredTime)} CT`
}

/** When a request or message arrived, as the portal shows it: in the business's zone (issue 36). */
export const formatReceived = (createdAt: string): string => formatBusinessDateTime(createdAt)

export type Tone = 'pending' | 'confirmed' | 'completed' | 'destructive'

/** pending, confirmed and completed have their own look; anything else is the destructive (cancelled) style (SPEC §3). */
export function statusTone(status: string): Tone {
  return status === 'pending' || status === 'confirmed' || status === 'completed' ? status : 'destructive'
}

export const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

export const DELIVERY_LABELS: Record<string, string> = {
  pending: 'E-mail pending',
  sent: 'E-mail sent',
  failed: 'E-mail failed',
}

/** A support status's label ("Waiting on requester"); an unknown one as it is. */
export const supportStatusLabel = (status: string) =>
  SUPPORT_STATUS_LABELS[status as SupportStatus] ?? capitalise(status)

/**
 * Any request's status in words, a consultation's or a support request's,
 * whether it comes as the stored value ("in_progress") or as GraphQL's enum
 * name ("IN_PROGRESS"): "In progress", "Confirmed" (issue 52.7: never
 * "in progress" or "IN PROGRESS" from a replace of the underscore).
 */
export const requestStatusLabel = (status: string) => supportStatusLabel(status.toLowerCase())

export type SupportTone = 'pending' | 'active' | 'waiting' | 'done'

/** The help-desk workflow's tones: pending as a consultation's, then active, waiting, done. */
export function supportTone(status: string): SupportTone {
  if (status === 'pending') return 'pending'
  if (status === 'waiting') return 'waiting'
  if ((CLOSED_STATUSES as readonly string[]).includes(status)) return 'done'
  return 'active'
}

const relative = madeOnFirstUse(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }))
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** "5 minutes ago", "yesterday", "in 2 hours"; "just now" under a minute. */
export function formatRelative(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now
  if (Number.isNaN(diff)) return iso
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative().format(Math.round(diff / ms), unit)
  }
  return 'just now'
}

/** Due within this much counts as "due soon" (issue 15). */
export const DUE_SOON_MS = 2 * 3_600_000

/** An open support request's due state: overdue, due within 2 hours, or nothing to flag. */
export function dueState(dueAt: string | null, status: string, now = Date.now()): 'overdue' | 'soon' | null {
  if (!dueAt || (CLOSED_STATUSES as readonly string[]).includes(status) || status === 'waiting') return null
  const left = new Date(dueAt).getTime() - now
  if (left < 0) return 'overdue'
  return left <= DUE_SOON_MS ? 'soon' : null
}

const icsStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
const icsText = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n')

/**
 * When the slot starts: the stored instant's calendar day in Central time at
 * the chosen slot time, as formatSlot shows it and the Worker's own invitation
 * reads it (older rows hold the day at midnight UTC, not the slot's instant).
 */
export function slotStart(preferredDate: string, preferredTime: string): Date | null {
  const instant = new Date(preferredDate)
  if (Number.isNaN(instant.getTime())) return null
  const start = slotInstant(businessDate(instant), preferredTime)
  return start ? new Date(start) : instant
}

/**
 * A calendar file for a consultation's preferred slot (the free 30-minute
 * consultation), in UTC. The title is neutral, the reference only: a calendar
 * or a lock screen shows it to anyone nearby (ADR 060); who and why stay in
 * the admin, the description carries only how to reach the visitor.
 */
export function consultationIcs(c: {
  reference: string
  name: string
  email: string
  preferredDate: string
  preferredTime: string
}): string | null {
  const start = slotStart(c.preferredDate, c.preferredTime)
  if (!start) return null
  const end = new Date(start.getTime() + 30 * 60_000)
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//portfolio admin//requests//EN',
    'BEGIN:VEVENT',
    `UID:${c.reference}@admin`,
    `DTSTAMP:${icsStamp(new Date())}`,
    `DTSTART:${icsStamp(start)}`,
    `DTEND:${icsStamp(end)}`,
    `SUMMARY:${icsText(`Consultation ${c.reference}`)}`,
    `DESCRIPTION:${icsText(`${c.name}\n${c.email}`)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}
