// Busy intervals as the booking reads them (issue 56), apart from the iCalendar
// parser (ical-busy.ts): the parser is loaded only when a calendar is read (a
// job), so the Worker does not evaluate ical.js at start-up for every request.
import type { BusyInterval } from '../../schema/tables'

export class NotICalendar extends Error {
  constructor() {
    super('The address did not answer with an iCalendar file (BEGIN:VCALENDAR)')
  }
}

/** Sorted, merged intervals. */
export function mergeIntervals(intervals: BusyInterval[]): BusyInterval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0])
  const out: BusyInterval[] = []
  for (const [s, e] of sorted) {
    const last = out.at(-1)
    if (last && s <= last[1]) last[1] = Math.max(last[1], e)
    else out.push([s, e])
  }
  return out
}
