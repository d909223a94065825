// Payloads of recurring maintenance (issue 40), shared by the REST routes
// (which publish them in the OpenAPI document), GraphQL and the admin's forms.
import { z } from 'zod'
import { calendarDate } from './billing-payloads.server'
import { MAINTENANCE_FREQS, SCHEDULE_STATUSES, TASK_FILTERS } from './maintenance'
import { MAINTENANCE_TEMPLATES } from './maintenance-templates'
import { optionalText, singleLine } from './text'

export const MAX_CHECKLIST_ITEMS = 50
export const MAX_INTERVAL = 12
export const MAX_ESTIMATED_MINUTES = 24 * 60
export const MAX_LINKED_ASSETS = 50
/** How far ahead one generate may reach (two years): a typo in `until` cannot make thousands of tasks. */
export const MAX_GENERATE_DAYS = 731

const WEEKDAY_PATTERN = /^(?:(-1|[1-4]))?(MO|TU|WE|TH|FR|SA|SU)$/

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .positive(`${label} is required`)

export const recurrenceInput = z
  .object({
    freq: z.enum(MAINTENANCE_FREQS, { error: 'Frequency is weekly, monthly, quarterly or yearly' }),
    interval: z
      .number({ error: 'Interval must be a number' })
      .int('Interval must be a whole number')
      .min(1, 'Interval must be at least 1')
      .max(MAX_INTERVAL, `Interval must be at most ${MAX_INTERVAL}`)
      .optional(),
    byMonthDay: z
      .number({ error: 'Day of the month must be a number' })
      .int('Day of the month must be a whole number')
      .min(1, 'Day of the month must be 1 to 31')
      .max(31, 'Day of the month must be 1 to 31')
      .nullish(),
    byWeekday: z
      .string({ error: 'Weekday must be text like TU or 2TU' })
      .trim()
      .toUpperCase()
      .regex(WEEKDAY_PATTERN, 'Weekday looks like TU, or 2TU for the 2nd Tuesday (-1FR: the last Friday)')
      .nullish(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.byMonthDay != null && r.byWeekday != null)
      ctx.addIssue({
        code: 'custom',
        path: ['byWeekday'],
        message: 'Give a day of the month or a weekday, not both',
      })
    if (r.freq === 'weekly' && r.byMonthDay != null)
      ctx.addIssue({
        code: 'custom',
        path: ['byMonthDay'],
        message: 'A weekly schedule has no day of the month',
      })
    if (r.freq === 'weekly' && r.byWeekday && /^-?\d/.test(r.byWeekday))
      ctx.addIssue({
        code: 'custom',
        path: ['byWeekday'],
        message: 'A weekly schedule takes a weekday without a number',
      })
  })
export type RecurrencePayload = z.output<typeof recurrenceInput>

const scheduleFields = {
  title: singleLine('Title', 200),
  checklist: z
    .array(singleLine('Checklist item', 300), { error: 'Checklist must be a list of items' })
    .min(1, 'Checklist needs at least one item')
    .max(MAX_CHECKLIST_ITEMS, `At most ${MAX_CHECKLIST_ITEMS} checklist items`),
  recurrence: recurrenceInput,
  startDate: calendarDate('Start date'),
  estimatedMinutes: z
    .number({ error: 'Estimated minutes must be a number' })
    .int('Estimated minutes must be a whole number')
    .min(1, 'Estimated minutes must be at least 1')
    .max(MAX_ESTIMATED_MINUTES, `Estimated minutes must be at most ${MAX_ESTIMATED_MINUTES}`)
    .nullish(),
  assetIds: z
    .array(id('Asset'), { error: 'Assets must be a list of asset ids' })
    .max(MAX_LINKED_ASSETS, `At most ${MAX_LINKED_ASSETS} assets`)
    .optional(),
  templateKey: z
    .enum(MAINTENANCE_TEMPLATES.map((t) => t.key) as [string, ...string[]], {
      error: 'Template is not one of the seeded templates',
    })
    .nullish(),
}

/** POST /api/maintenance-schedules. */
export const scheduleInput = z.object({ clientId: id('Client'), ...scheduleFields }).strict()
export type SchedulePayload = z.output<typeof scheduleInput>

/** PATCH /api/maintenance-schedules/{id}: any field but the client; status pauses or resumes. */
export const schedulePatch = z
  .object({
    ...(Object.fromEntries(Object.entries(scheduleFields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof scheduleFields]: z.ZodOptional<(typeof scheduleFields)[K]>
    }),
    status: z.enum(SCHEDULE_STATUSES, { error: 'Status is active or paused' }).optional(),
  })
  .strict()
export type SchedulePatchPayload = z.output<typeof schedulePatch>

/** POST /api/maintenance/generate. */
export const generateInput = z.object({ until: calendarDate('Until') }).strict()

export const taskQuery = z.object({
  clientId: id('Client').optional(),
  status: z.enum(TASK_FILTERS, { error: 'Status is open, done or overdue' }).optional(),
})
export type TaskQuery = z.output<typeof taskQuery>

/** PATCH /api/maintenance-tasks/{id}: items in checklist order (all of them, or the first few); done closes it. */
export const taskPatch = z
  .object({
    items: z
      .array(
        z
          .object({
            done: z.boolean({ error: 'Done is true or false' }),
            // Absent keeps the note; null or empty clears it.
            note: optionalText('Note', 2000, 'multi').optional(),
          })
          .strict(),
        { error: 'Items must be a list' },
      )
      .max(MAX_CHECKLIST_ITEMS, `At most ${MAX_CHECKLIST_ITEMS} items`)
      .optional(),
    status: z.enum(['done', 'open'], { error: 'Status is done or open' }).optional(),
  })
  .strict()
export type TaskPatchPayload = z.output<typeof taskPatch>

/** POST /api/maintenance-tasks/{id}/time: logged for the task's client, against its plan. */
export const taskTimeInput = z
  .object({
    minutes: z
      .number({ error: 'Minutes must be a number' })
      .int('Minutes must be a whole number')
      .min(1, 'Minutes must be at least 1')
      .max(MAX_ESTIMATED_MINUTES, `Minutes must be at most ${MAX_ESTIMATED_MINUTES}`),
    description: singleLine('Description', 500).optional(),
    date: calendarDate('Date').optional(),
  })
  .strict()
export type TaskTimePayload = z.output<typeof taskTimeInput>
