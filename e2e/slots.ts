import type { APIRequestContext, Page, TestInfo } from '@playwright/test'
import { slotInstant } from '../schema/slot-time'

// Issue 17: the schedule form offers free days and slots only, and one slot
// takes one booking, so each test (and each browser project running it) books
// a slot of its own: a day picked by a hash of the test's title and project.

/**
 * The seeded change cut-off (DEFAULT_AVAILABILITY.changeCutoffHours in
 * worker/services/availability.ts): a booking closer than this can no longer be
 * moved or cancelled online. The minimum notice is two hours, so the first days
 * offered can fall inside it, depending on the hour the test runs.
 */
const SEEDED_CUTOFF_MS = 24 * 3_600_000

/** Every time of this day is past the seeded cut-off: a booking on it can still change online. */
export const changeableDay = (date: string, now = Date.now()) =>
  Date.parse(slotInstant(date, '00:00')!) - now > SEEDED_CUTOFF_MS

/** A stable number for this test in this project. */
export function seedOf(testInfo: TestInfo, salt = ''): number {
  let h = 0
  for (const ch of `${testInfo.project.name}|${testInfo.titlePath.join('|')}|${salt}`)
    h = (h * 31 + ch.charCodeAt(0)) >>> 0
  return h
}

/**
 * Chooses a free day (by the seed, among those offered past the seeded cut-off)
 * and a free time on it (the given label when offered, else one by the seed), as
 * a visitor does; returns the values the form will send (YYYY-MM-DD and HH:MM).
 */
export async function chooseFreeSlot(
  page: Page,
  seed: number,
  /** firstDay: keep the day offered first (without scripts its times are the ones listed). */
  { timeLabel, firstDay = false }: { timeLabel?: string; firstDay?: boolean } = {},
) {
  const date = page.getByRole('combobox', { name: /Preferred Date/ })
  const dates = await date
    .locator('option:not([value=""])')
    .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))
  const changeable = dates.filter((d) => changeableDay(d))
  const chosen = firstDay ? dates[0]! : changeable[seed % changeable.length]!
  await date.selectOption(chosen)
  const time = page.getByRole('combobox', { name: /Preferred Time/ })
  const times = await time
    .locator('option:not([value=""])')
    .evaluateAll((els) =>
      els.map((e) => ({ value: (e as HTMLOptionElement).value, label: e.textContent ?? '' })),
    )
  const pick = times.find((t) => t.label === timeLabel) ?? times[(seed >>> 8) % times.length]!
  await time.selectOption(pick.value)
  return { date: chosen, time: pick.value, label: pick.label }
}

/** A free slot past the seeded cut-off from the public availability answer, as the form would send it (for API-booked requests). */
export async function freeSlotPayload(request: APIRequestContext, seed: number) {
  const { days: offered } = (await (await request.get('/api/availability')).json()) as {
    days: { date: string; slots: string[] }[]
  }
  const days = offered.filter((d) => changeableDay(d.date))
  const day = days[seed % days.length]!
  const time = day.slots[(seed >>> 8) % day.slots.length]!
  return { preferredDate: slotInstant(day.date, time)!, preferredTime: time }
}
