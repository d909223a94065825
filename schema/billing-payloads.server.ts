// Payloads of time and money (issue 26), shared by the REST routes (which also
// publish them in the OpenAPI document), GraphQL and the admin's forms. The
// stored columns come from the tables through drizzle-zod, so a column's name
// and type are written once; the rules a person's input must meet are added here.
import { createInsertSchema } from 'drizzle-zod'
import { z } from 'zod'
import { INVOICE_SOURCES, MANUAL_PAYMENT_METHODS, QUOTE_PARTS } from './billing-words'
import { MAX_LINES, MAX_QUANTITY, MAX_UNIT_PRICE_CENTS } from './money'
import { LATE_TIME_CHOICES } from './plans'
import { payments, prepaidBlocks, timeEntries } from './tables'
import { optionalText, singleLine } from './text'

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** Where time logged into an invoiced plan period goes (issue 52): 'next' plan invoice, or 'none' (not billed). */
const lateTime = z.enum(LATE_TIME_CHOICES, {
  error: 'Late time goes to "next" (the next plan invoice) or "none" (not billed)',
})
export const calendarDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .regex(DATE, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => {
      const d = new Date(`${v}T12:00:00Z`)
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v)
    }, `${label} must be a real date`)

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .positive(`${label} is required`)
const cents = (label: string, min = 0) =>
  z
    .number({ error: `${label} must be an amount in cents` })
    .int(`${label} must be whole cents`)
    .min(min, min > 0 ? `${label} must be more than zero` : `${label} cannot be negative`)
    .max(MAX_UNIT_PRICE_CENTS, `${label} is too large`)

/** A day's worth of minutes at most per entry. */
export const MAX_ENTRY_MINUTES = 24 * 60

const entryColumns = createInsertSchema(timeEntries, {
  clientId: () => id('Client'),
  date: () => calendarDate('Date'),
  minutes: (s) =>
    s
      .int('Minutes must be a whole number')
      .min(1, 'Minutes must be at least 1')
      .max(MAX_ENTRY_MINUTES, `Minutes must be at most ${MAX_ENTRY_MINUTES}`),
  description: () => singleLine('Description', 500),
  rateCents: () => cents('Rate'),
})

/** POST /api/time-entries: rateCents is per hour; the client's default rate when absent. */
export const timeEntryInput = entryColumns
  .pick({ clientId: true, minutes: true, description: true })
  .extend({
    requestReference: z
      .string()
      .trim()
      .regex(/^[CcSs]-\d+$/, 'Reference looks like S-1043 or C-1042')
      .nullish(),
    date: entryColumns.shape.date.nullish(),
    billable: z.boolean({ error: 'Billable is true or false' }).optional(),
    rateCents: cents('Rate').nullish(),
    // The asset the work was on (issue 38): one of the client's.
    assetId: id('Asset').nullish(),
    lateTime: lateTime.nullish(),
  })
  .strict()
export type TimeEntryPayload = z.output<typeof timeEntryInput>

/** PATCH /api/time-entries/{id}: any of the editable fields. */
export const timeEntryPatch = z
  .object({
    date: entryColumns.shape.date.optional(),
    minutes: entryColumns.shape.minutes.optional(),
    description: entryColumns.shape.description.optional(),
    billable: z.boolean({ error: 'Billable is true or false' }).optional(),
    rateCents: cents('Rate').optional(),
    assetId: id('Asset').nullable().optional(),
    lateTime: lateTime.optional(),
  })
  .strict()

export const timerInput = z
  .object({
    clientId: id('Client').nullish(),
    requestReference: timeEntryInput.shape.requestReference,
    rateCents: cents('Rate').nullish(),
    description: optionalText('Description', 500),
    lateTime: lateTime.nullish(),
  })
  .strict()

export const blockInput = createInsertSchema(prepaidBlocks, {
  clientId: () => id('Client'),
  minutes: (s) =>
    s.int('Minutes must be a whole number').min(60, 'A block is at least one hour').max(100_000),
  priceCents: () => cents('Price'),
  validUntil: () => calendarDate('Valid until').nullish(),
})
  .pick({ clientId: true, minutes: true, priceCents: true, validUntil: true })
  .strict()

const lineInput = z.object({
  description: singleLine('Description', 500),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .positive('Quantity must be more than zero')
    .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`)
    .refine(
      (q) => Number.isInteger(Math.round(q * 1000)) && Math.abs(q * 1000 - Math.round(q * 1000)) < 1e-6,
      'At most three decimals',
    ),
  unit: optionalText('Unit', 20),
  unitPriceCents: cents('Unit price'),
})

/** POST /api/invoices. */
export const invoiceInput = z
  .object({
    clientId: id('Client'),
    source: z.enum(INVOICE_SOURCES, { error: `Source is one of ${INVOICE_SOURCES.join(', ')}` }),
    from: calendarDate('From').nullish(),
    to: calendarDate('To').nullish(),
    grouping: z.enum(['entry', 'request'], { error: 'Grouping is entry or request' }).optional(),
    quoteId: id('Quote').nullish(),
    part: z.enum(QUOTE_PARTS, { error: `Part is one of ${QUOTE_PARTS.join(', ')}` }).optional(),
    blockId: id('Block').nullish(),
    creditForId: id('Invoice').nullish(),
    lines: z.array(lineInput).max(MAX_LINES, `At most ${MAX_LINES} lines`).optional(),
    taxRateBp: z
      .number()
      .int('Tax rate is whole basis points')
      .min(0)
      .max(10_000, 'Tax rate is at most 100%')
      .optional(),
    discountCents: cents('Discount').optional(),
    notes: optionalText('Notes', 2000),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must not be before From' })
  })
export type InvoicePayload = z.output<typeof invoiceInput>

/** POST /api/invoices/{id}/payments (a manual payment; Stripe's come from the webhook). */
export const paymentInput = createInsertSchema(payments, {
  amountCents: () => cents('Amount', 1),
  date: () => calendarDate('Date').nullish(),
  method: () => z.enum(MANUAL_PAYMENT_METHODS, { error: 'Choose how it was paid' }),
  currency: () =>
    z
      .string({ error: 'Currency is a three-letter code' })
      .regex(/^[A-Za-z]{3}$/, 'Currency is a three-letter code')
      .nullish(),
  reference: () => optionalText('Reference', 200),
})
  .pick({ amountCents: true, date: true, method: true, reference: true, currency: true })
  .strict()
