// The consultation block's data as the server prepares it (issue 28): every
// label (days with weekday names, times, status, deadlines) is made here, in
// the loaders, so the browser gets words and not the date arithmetic: the
// block's own code stays small enough for the portal's JavaScript budget.
import type { ManagedBooking } from '../../schema/booking'
import { BUSINESS_TIME_ZONE } from '../../schema/request-options'
import { BOOKING_STATUS_LABELS } from '../../schema/request-statuses'
import { formatSlotTime, slotInstant } from '../../schema/slot-time'
import { type DayChoice, formatDay } from './days'

export type ConsultationView = {
  /**
   * The details as label and value, in the mails' words and order (Reference,
   * Time, Status, How to meet), so page, mail and invitation say the same.
   */
  rows: [string, string][]
  /** The cancel confirmation's question, naming the time. */
  cancelQuestion: string
  /** The start as an instant, for the visitor's own zone. */
  start: string
  changeable: boolean
  /** Why it cannot be changed online, when it cannot. */
  note: string | null
  /** "Changes are possible until Sunday, December 13, 2026 at 9:00 AM Central Time." */
  changeUntil: string
  /** The days to move to: "Tue, Nov 24" seen, "Tuesday, November 24" heard. */
  days: { date: string; short: string; long: string }[]
  /** The chosen day and its free times (each value "date|time", as the move posts it). */
  day: { date: string; long: string; times: { value: string; label: string; start: string }[] } | null
  /** Why no day's times are shown: ?day= asked for one that is not offered, or none is free. */
  problem: string | null
}

const deadline = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'full',
  timeStyle: 'short',
})

export function consultationView(b: ManagedBooking, choice: DayChoice): ConsultationView {
  const chosen = b.freeDays.find((d) => d.date === choice.day)
  const when = `${b.dateLabel} at ${formatSlotTime(b.time)} Central Time`
  const rows: [string, string][] = [
    ['Reference', b.reference],
    ['Time', `${when} (${b.meetingMinutes} minutes)`],
    ['Status', BOOKING_STATUS_LABELS[b.status] ?? b.status],
  ]
  if (b.joinDetails) rows.push(['How to meet', b.joinDetails])
  return {
    rows,
    cancelQuestion: `Cancel your consultation on ${when}? The time is then free for others.`,
    start: b.start,
    changeable: b.changeable,
    note: b.changeable
      ? null
      : b.status === 'cancelled' || b.status === 'completed'
        ? 'This consultation can no longer be changed.'
        : 'Online changes are closed for this consultation; please reply to your e-mail to change it.',
    changeUntil: `Changes are possible until ${deadline.format(new Date(b.changeUntil))} Central Time.`,
    days: b.freeDays.map((d) => ({ date: d.date, ...formatDay(d.date) })),
    day: chosen
      ? {
          date: chosen.date,
          long: formatDay(chosen.date).long,
          times: chosen.slots.map((time) => ({
            value: `${chosen.date}|${time}`,
            label: formatSlotTime(time),
            start: slotInstant(chosen.date, time) ?? '',
          })),
        }
      : null,
    problem: b.changeable && !b.freeDays.length ? 'No other times are free at the moment.' : choice.problem,
  }
}
