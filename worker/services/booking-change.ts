// A change to a booked consultation as a page shows it: the public manage link
// (/booking/{token}, worker/pages.ts) and the portal's request page
// (portal-requests.ts) say the same words and refuse the same way, written once.
import { rescheduleInput } from '../../schema/payloads'
import { Conflict, DomainError, Invalid } from './errors'

/** What each change says when it is done. */
export const BOOKING_DONE = {
  cancelled: 'Your consultation is cancelled. The time is free again for others.',
  moved: 'Your consultation has moved. An updated invitation is on its way.',
  confirmCancel: 'Do you want to cancel this consultation?',
} as const

/** A consultation change as the page shows it (the manage link's words). */
export type BookingChange =
  | { ok: true; message: string }
  | {
      ok: false
      message: string
      errors: Record<string, string>
      freeSlots?: { date: string; slots: string[] }
    }

/** The new time a move asks for, or the field's refusal. */
export function rescheduleSlot(date: string, time: string): { preferredDate: string; preferredTime: string } {
  const slot = rescheduleInput.safeParse({ preferredDate: date, preferredTime: time })
  if (!slot.success) throw new Invalid({ preferredTime: 'Choose a free time from the list' })
  return slot.data
}

/** Runs a change: done with its words, or refused with the service's message (and the free times). */
export async function bookingChange(change: () => Promise<string>): Promise<BookingChange> {
  try {
    return { ok: true, message: await change() }
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    const details =
      err instanceof Conflict ? (err.details as { date?: string; freeSlots?: string[] }) : undefined
    return {
      ok: false,
      message: err.message,
      errors: err.errors ?? {},
      ...(details?.date && details.freeSlots
        ? { freeSlots: { date: details.date, slots: details.freeSlots } }
        : {}),
    }
  }
}
