// The owner's availability settings (issues 17 and 28): one rule per column the
// owner may write, derived into its payload in payloads.server.ts (ADR 102).
// Apart from payloads.ts because only the admin and the Worker need it: the
// public forms' chunks import payloads.ts, and the holiday calendar this
// validates against would cost them bytes of their 120 KB budget.
import { z } from 'zod'
import { valuesOf } from './constants'
import { federalHolidayOn } from './holidays'
import { calendarDate, oneOf, optional, type PayloadOf } from './payloads'
import { TIME_SLOTS } from './request-options'
import { isHttpUrl } from './url'

const slotTimes = z
  .array(oneOf(valuesOf(TIME_SLOTS), 'Choose times from the list'), {
    error: 'Hours must be a list of times',
  })
  .max(TIME_SLOTS.length)
  .transform((times) => [...new Set(times)].sort())

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)

export const MEETING_LOCATION_KINDS = ['none', 'phone', 'video'] as const
export type MeetingLocationKind = (typeof MEETING_LOCATION_KINDS)[number]

/** Why join details do not fit their kind (a phone number's shape, an https link), or null. */
export function meetingLocationProblem(kind: string, value: string | null): string | null {
  if (
    kind === 'phone' &&
    !(value && /^\+?[0-9().\- ]{7,40}$/.test(value) && value.replace(/\D/g, '').length >= 7)
  )
    return 'Enter the phone number to call, e.g. +1 618 555 0199'
  if (kind === 'video' && !(value && /^https:\/\/[^\s]+$/.test(value) && isHttpUrl(value)))
    return 'Enter the video link, starting with https://'
  return null
}

/** One rule per availability column the owner may write; derived into its payload like the project's (ADR 102). */
export const availabilityRules = {
  weeklyHours: z.object(
    {
      '0': slotTimes.default([]),
      '1': slotTimes.default([]),
      '2': slotTimes.default([]),
      '3': slotTimes.default([]),
      '4': slotTimes.default([]),
      '5': slotTimes.default([]),
      '6': slotTimes.default([]),
    },
    { error: 'Weekly hours are required' },
  ),
  blocked: z
    .array(
      z
        .object({ from: calendarDate('From'), to: calendarDate('To'), note: optional('Note', 200) })
        .refine((b) => b.from <= b.to, {
          message: 'A blocked range must end on or after its start',
          path: ['to'],
        }),
      { error: 'Blocked dates must be a list' },
    )
    .max(200, 'At most 200 blocked ranges'),
  minNoticeMinutes: wholeNumber('Minimum notice', 0, 60 * 24 * 30),
  horizonDays: wholeNumber('Booking horizon', 1, 365),
  meetingMinutes: wholeNumber('Meeting length', 15, 60),
  changeCutoffHours: wholeNumber('Change cut-off', 0, 24 * 14),
  // Join details (issue 28); absent means none, so older clients of this PUT keep working.
  meetingLocationKind: oneOf(MEETING_LOCATION_KINDS, 'Choose how the meeting happens').default('none'),
  meetingLocation: optional('Join details', 500),
  // Federal holidays opened for bookings (issue 28); absent means none, so every holiday stays blocked.
  unblockedHolidays: z
    .array(
      calendarDate('Holiday').refine(
        (v) => federalHolidayOn(v) !== null,
        'That date is not a US federal holiday',
      ),
      { error: 'Unblocked holidays must be a list' },
    )
    .max(200, 'At most 200 unblocked holidays')
    .default([])
    .transform((dates) => [...new Set(dates)].sort()),
}
export type AvailabilityInput = PayloadOf<typeof availabilityRules>
