// The shapes of the public booking reads, written once for the Worker's
// services (worker/services/availability.ts, booking.ts) and the pages that
// show them (web/lib/site-server.ts).

/** One bookable day and its free slot start times (Central). */
export type FreeDay = { date: string; slots: string[] }

/** The public availability answer (GET /api/availability): free slots only. */
export type PublicAvailability = {
  timeZone: string
  meetingMinutes: number
  /** Online changes close this many hours before a meeting: the form says so before a booking is sent. */
  changeCutoffHours: number
  days: FreeDay[]
}

/** What the visitor's manage page shows of their booking (and nothing of anyone else's). */
export type ManagedBooking = {
  reference: string
  status: string
  date: string
  time: string
  /** The meeting's start as an instant (ISO), for the visitor's own zone. */
  start: string
  /** "Monday, November 23, 2026" */
  dateLabel: string
  meetingMinutes: number
  /** Until when the visitor may still cancel or move it (ISO), and whether that is now. */
  changeUntil: string
  changeable: boolean
  /** Free days to move to (empty when it cannot be changed). */
  freeDays: FreeDay[]
  /** How to meet (issue 28), as the mails and the invitation say it; null when the owner set none. */
  joinDetails: string | null
}

/** The longest reason for a cancellation the manage page takes (read by a person, in a mail and the thread). */
export const CANCEL_REASON_MAX = 1000

/**
 * Whether a slot is already inside the change cut-off when booked at `nowMs`:
 * with a cut-off longer than the booking notice (issue 28, "change rules that
 * add up"), such a booking can never be changed online, and the visitor is to
 * be told before sending it.
 */
export function lockedOnceBooked(slotStartIso: string | undefined, cutoffHours: number, nowMs: number) {
  if (!slotStartIso) return false
  return Date.parse(slotStartIso) - cutoffHours * 3_600_000 < nowMs
}
