// Payloads of managed-service plans (issue 37), shared by the REST routes
// (which publish them in the OpenAPI document), GraphQL and the admin's forms.
import { z } from 'zod'
import { calendarDate } from './billing-payloads.server'
import { MAX_QUANTITY, MAX_UNIT_PRICE_CENTS } from './money'
import { PERIOD_PATTERN, PLAN_ROLLOVER, SLA_URGENCIES } from './plans'
import { singleLine } from './text'

/** Most unit lines on a plan or subscription. */
export const MAX_UNIT_LINES = 20
/** A period's included time is at most a month of days and nights. */
export const MAX_INCLUDED_MINUTES = 31 * 24 * 60
/** An SLA target is at most 30 days. */
export const MAX_SLA_HOURS = 720

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .positive(`${label} is required`)
const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount in cents` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_UNIT_PRICE_CENTS, `${label} is too large`)

const unitLine = z
  .object({ description: singleLine('Description', 200), unitPriceCents: cents('Unit price') })
  .strict()

const slaHour = (label: string) =>
  z
    .number({ error: `${label} target must be a number of hours` })
    .int(`${label} target must be whole hours`)
    .min(1, `${label} target must be at least 1 hour`)
    .max(MAX_SLA_HOURS, `${label} target must be at most ${MAX_SLA_HOURS} hours`)
    .nullable()

export const slaHoursInput = z
  .object(
    Object.fromEntries(
      SLA_URGENCIES.map((u) => [u, slaHour(u[0]!.toUpperCase() + u.slice(1)).optional()]),
    ) as {
      [K in (typeof SLA_URGENCIES)[number]]: z.ZodOptional<ReturnType<typeof slaHour>>
    },
  )
  .strict()

const planFields = {
  name: singleLine('Name', 120),
  monthlyFeeCents: cents('Monthly fee'),
  includedMinutes: z
    .number({ error: 'Included minutes must be a number' })
    .int('Included minutes must be a whole number')
    .min(0, 'Included minutes cannot be negative')
    .max(MAX_INCLUDED_MINUTES, `Included minutes must be at most ${MAX_INCLUDED_MINUTES}`),
  overageRateCents: cents('Overage rate'),
  rollover: z.enum(PLAN_ROLLOVER, { error: 'Rollover is none or next' }),
  units: z.array(unitLine).max(MAX_UNIT_LINES, `At most ${MAX_UNIT_LINES} unit lines`),
  slaHours: slaHoursInput,
  autoSend: z.boolean({ error: 'Send automatically is true or false' }),
}

/** POST /api/plans. */
export const planInput = z
  .object({
    ...planFields,
    rollover: planFields.rollover.optional(),
    units: planFields.units.optional(),
    slaHours: planFields.slaHours.optional(),
    autoSend: planFields.autoSend.optional(),
  })
  .strict()
export type PlanPayload = z.output<typeof planInput>

/** PATCH /api/plans/{id}: any field; units, when given, replace the plan's. Prices apply from the next period. */
export const planPatch = z
  .object(
    Object.fromEntries(Object.entries(planFields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof planFields]: z.ZodOptional<(typeof planFields)[K]>
    },
  )
  .strict()
export type PlanPatchPayload = z.output<typeof planPatch>

const subscriptionUnit = unitLine
  .extend({
    quantity: z
      .number({ error: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(0, 'Quantity cannot be negative')
      .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`),
  })
  .strict()

/** POST /api/subscriptions. Units default to the plan's, each with quantity 0. */
export const subscriptionInput = z
  .object({
    clientId: id('Client'),
    planId: id('Plan'),
    startDate: calendarDate('Start date'),
    units: z.array(subscriptionUnit).max(MAX_UNIT_LINES, `At most ${MAX_UNIT_LINES} unit lines`).optional(),
    autopay: z.boolean({ error: 'Autopay is true or false' }).optional(),
    alertContactId: id('Alert contact').nullish(),
  })
  .strict()
export type SubscriptionPayload = z.output<typeof subscriptionInput>

/** PATCH /api/subscriptions/{id}: quantities, autopay, who gets the usage alerts. */
export const subscriptionPatch = subscriptionInput
  .pick({ units: true, autopay: true, alertContactId: true })
  .strict()
export type SubscriptionPatchPayload = z.output<typeof subscriptionPatch>

export const periodText = z
  .string({ error: 'Period must be a month (YYYY-MM)' })
  .regex(PERIOD_PATTERN, 'Period must be a month (YYYY-MM)')

/** POST /api/subscriptions/{id}/invoices. */
export const billPeriodInput = z.object({ period: periodText }).strict()
