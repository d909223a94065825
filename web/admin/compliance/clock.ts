// The incident clock (issue 39): per incident, the time left to its earliest
// open deadline (a client whose notice is not sent yet), read by people in
// the business time zone. Pure, so the Compliance page, the incident page and
// the overview show the same words, and a unit test pins them.
import { formatBusinessDateTime } from '../../../schema/business-time'
import { businessInstant } from '../../../schema/slot-time'

export type ClockDeadline = { clientName: string; dueAt: string; notifiedAt: string | null }

export type Clock =
  | { state: 'open' | 'overdue'; dueAt: string; clientName: string; text: string }
  | { state: 'sent' | 'none'; text: string }

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** "12 days 4 hours", "5 hours", "under an hour". */
export function formatSpan(ms: number): string {
  const days = Math.floor(ms / DAY)
  const hours = Math.floor((ms % DAY) / HOUR)
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`
  if (days > 0) return hours ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day')
  return hours > 0 ? plural(hours, 'hour') : 'under an hour'
}

/** The clock of an incident at `now`: the earliest deadline whose notice is not sent. */
export function incidentClock(deadlines: readonly ClockDeadline[], now = Date.now()): Clock {
  if (!deadlines.length) return { state: 'none', text: 'No affected client' }
  const open = deadlines
    .filter((d) => d.notifiedAt == null)
    .sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt))[0]
  if (!open) return { state: 'sent', text: 'All notices sent: the clock is stopped' }
  const left = Date.parse(open.dueAt) - now
  const due = formatBusinessDateTime(open.dueAt)
  return left >= 0
    ? {
        state: 'open',
        dueAt: open.dueAt,
        clientName: open.clientName,
        text: `${formatSpan(left)} left to notify ${open.clientName} (due ${due})`,
      }
    : {
        state: 'overdue',
        dueAt: open.dueAt,
        clientName: open.clientName,
        text: `Overdue by ${formatSpan(-left)}: notify ${open.clientName} (was due ${due})`,
      }
}

/** One client's clock, for the incident page. */
export function clientClock(d: ClockDeadline, now = Date.now()): Clock {
  if (d.notifiedAt) return { state: 'sent', text: `Notice sent ${formatBusinessDateTime(d.notifiedAt)}` }
  return incidentClock([d], now)
}

/** A datetime-local value read as business time ("2026-11-23T09:00") -> an ISO instant, or null. */
export function businessLocalToIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})$/.exec(value.trim())
  if (!m) return null
  const [y, mo, d, h, min] = m.slice(1).map(Number) as [number, number, number, number, number]
  return new Date(businessInstant(y, mo, d, h, min)).toISOString()
}
