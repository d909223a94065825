// US federal holidays (5 U.S.C. 6103), computed: no library and no list to
// keep up to date. Consultations are not offered on them unless the owner
// unblocks a day (issue 28). Shared by the Worker's slot rules and the admin's
// Availability page, so both name the same days.
//
// The observed-date rule (OPM): a holiday on a Saturday is observed on the
// Friday before, one on a Sunday on the Monday after. Both days are blocked:
// the holiday itself (in case the owner opens weekends) and the weekday off.
// New Year's Day on a Saturday is observed on December 31 of the year before
// (Jan 1 2028 -> Fri Dec 31 2027).

export type Holiday = { date: string; name: string }

const iso = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`

const weekday = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDay()

/** The n-th (1-based) given weekday (0 Sunday) of a month. */
function nthWeekday(y: number, m: number, day: number, n: number) {
  const first = weekday(y, m, 1)
  return iso(y, m, 1 + ((day - first + 7) % 7) + (n - 1) * 7)
}

/** The last given weekday of a month. */
function lastWeekday(y: number, m: number, day: number) {
  const lastDate = new Date(Date.UTC(y, m, 0)).getUTCDate()
  const last = weekday(y, m, lastDate)
  return iso(y, m, lastDate - ((last - day + 7) % 7))
}

function shifted(date: string, days: number) {
  const d = new Date(`${date}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The fixed-date holidays of a year with their observed day when that differs. */
function fixed(y: number, m: number, d: number, name: string): Holiday[] {
  const date = iso(y, m, d)
  const wd = weekday(y, m, d)
  if (wd === 6)
    return [
      { date, name },
      { date: shifted(date, -1), name: `${name} (observed)` },
    ]
  if (wd === 0)
    return [
      { date, name },
      { date: shifted(date, 1), name: `${name} (observed)` },
    ]
  return [{ date, name }]
}

/** A year's federal holidays as calendar dates (some observed days fall in the year before). */
export function federalHolidaysOf(y: number): Holiday[] {
  return [
    ...fixed(y, 1, 1, "New Year's Day"),
    { date: nthWeekday(y, 1, 1, 3), name: 'Martin Luther King Jr. Day' },
    { date: nthWeekday(y, 2, 1, 3), name: "Presidents' Day" },
    { date: lastWeekday(y, 5, 1), name: 'Memorial Day' },
    ...fixed(y, 6, 19, 'Juneteenth'),
    ...fixed(y, 7, 4, 'Independence Day'),
    { date: nthWeekday(y, 9, 1, 1), name: 'Labor Day' },
    { date: nthWeekday(y, 10, 1, 2), name: 'Columbus Day' },
    ...fixed(y, 11, 11, 'Veterans Day'),
    { date: nthWeekday(y, 11, 4, 4), name: 'Thanksgiving Day' },
    ...fixed(y, 12, 25, 'Christmas Day'),
  ]
}

/** The holidays from `from` to `to` (inclusive YYYY-MM-DD dates), in date order. */
export function federalHolidaysBetween(from: string, to: string): Holiday[] {
  const first = Number(from.slice(0, 4))
  const last = Number(to.slice(0, 4))
  const out: Holiday[] = []
  // The next year too: its New Year's Day may be observed on December 31.
  for (let y = first; y <= last + 1; y++)
    for (const h of federalHolidaysOf(y)) if (from <= h.date && h.date <= to) out.push(h)
  return out.sort((a, b) => a.date.localeCompare(b.date))
}

/**
 * The holidays of the coming year from `today` (a YYYY-MM-DD date), for the
 * admin's list. The booking horizon is at most 365 days, so a year covers every
 * bookable day; counted by calendar year rather than by adding days, so the
 * admin needs no date arithmetic from slot-time.ts (which the public forms
 * share with it: every export it uses there costs their 120 KB budget bytes).
 */
export const federalHolidaysOfComingYear = (today: string): Holiday[] =>
  federalHolidaysBetween(today, `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`)

/** The holiday's name on a date, or null. */
export function federalHolidayOn(date: string): string | null {
  return federalHolidaysBetween(date, date)[0]?.name ?? null
}
