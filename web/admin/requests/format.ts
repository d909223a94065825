// How the admin shows request values: option labels, the slot in Central
// time, and the tone of a status or delivery badge.
import { labelOf } from '../../../schema/constants'
import { BUSINESS_TIME_ZONE, TIME_SLOTS } from '../../../schema/request-options'

const slotDate = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

/** "Mon, Jul 15, 2030 at 9:00 AM CT": the slot as the visitor chose it (Central time). */
export function formatSlot(preferredDate: string, preferredTime: string): string {
  const date = new Date(preferredDate)
  const day = Number.isNaN(date.getTime()) ? preferredDate : slotDate.format(date)
  return `${day} at ${labelOf(TIME_SLOTS, preferredTime)} CT`
}

const received = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

export function formatReceived(createdAt: string): string {
  const date = new Date(createdAt)
  return Number.isNaN(date.getTime()) ? createdAt : received.format(date)
}

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
