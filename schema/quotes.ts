// Quotes and agreements (issue 25): the payloads, the statuses and the pure
// rules shared by the Worker, the admin (live totals in the browser) and the
// PDF: which lines count, the merge fields of agreements, and the exact text a
// client is shown, whose SHA-256 the signature records.
import { z } from 'zod'
import {
  computeTotals,
  depositCents,
  formatCents,
  fromQuantityMilli,
  lineAmountCents,
  MAX_LINES,
  MAX_QUANTITY,
  MAX_UNIT_PRICE_CENTS,
  type Totals,
  taxLabel,
  toQuantityMilli,
} from './money'
import type { PayloadOf } from './payloads'
import { multiLine, optionalText, singleLine } from './text'

export const QUOTE_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
  'superseded',
] as const
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
  superseded: 'Superseded',
}

/** A quote's status as the client reads it: "Sent" and "Viewed" are the owner's words (issue 52). */
export const CLIENT_QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  ...QUOTE_STATUS_LABELS,
  sent: 'Awaiting your answer',
  viewed: 'Awaiting your answer',
  superseded: 'Replaced by a newer version',
}

/** Statuses in which the client may still accept or decline. */
export const OPEN_QUOTE_STATUSES = ['sent', 'viewed'] as const satisfies readonly QuoteStatus[]

export const AGREEMENT_KINDS = ['service', 'baa', 'custom'] as const

/** A quote is valid for this many days unless the owner says otherwise. */
export const DEFAULT_VALID_DAYS = 30
/** One reminder goes to a client who has not opened the quote this many days before it expires. */
export const REMINDER_DAYS_BEFORE_EXPIRY = 3
export const MAX_AGREEMENTS = 10
export const MAX_DISCOUNT_CENTS = 100_000_000
export const INTRO_MAX = 20_000
export const AGREEMENT_MAX = 100_000

const calendarDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => {
      const d = new Date(`${v}T12:00:00Z`)
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v)
    }, `${label} must be a real date`)

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)

export const quoteLineInput = z.object({
  description: singleLine('Description', 500),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .positive('Quantity must be more than 0')
    .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`)
    // Stored in thousandths: more decimals would be silently rounded.
    .refine(
      (q) => Math.abs(toQuantityMilli(q) - q * 1000) < 1e-6,
      'Quantity can have at most three decimals',
    ),
  unit: optionalText('Unit', 30),
  unitPriceCents: wholeNumber('Unit price', 0, MAX_UNIT_PRICE_CENTS),
  optional: z.boolean({ error: 'Optional must be true or false' }).default(false),
})
export type QuoteLineInput = z.output<typeof quoteLineInput>

/** The quote as the owner writes it (POST /api/quotes, the admin's editor). */
export const quoteInput = z.object({
  clientId: wholeNumber('Client', 1, Number.MAX_SAFE_INTEGER),
  contactId: wholeNumber('Contact', 1, Number.MAX_SAFE_INTEGER).nullish(),
  consultationId: wholeNumber('Consultation', 1, Number.MAX_SAFE_INTEGER).nullish(),
  title: singleLine('Title', 200),
  intro: optionalText('Introduction', INTRO_MAX, 'multi'),
  lines: z
    .array(quoteLineInput, { error: 'Lines must be a list' })
    .min(1, 'A quote needs at least one line')
    .max(MAX_LINES, `A quote can have at most ${MAX_LINES} lines`),
  discountCents: wholeNumber('Discount', 0, MAX_DISCOUNT_CENTS).default(0),
  // A percentage with at most two decimals (8.25), stored in basis points.
  taxRatePercent: z
    .number({ error: 'Tax rate must be a number' })
    .min(0, 'Tax rate must be at least 0')
    .max(100, 'Tax rate must be at most 100')
    .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, 'Tax rate can have at most two decimals')
    .default(0),
  depositPercent: wholeNumber('Deposit', 0, 100).default(0),
  paymentTerms: optionalText('Payment terms', 500),
  validUntil: calendarDate('Valid until').nullish(),
  agreementTemplateIds: z
    .array(wholeNumber('Agreement', 1, Number.MAX_SAFE_INTEGER), {
      error: 'Agreements must be a list of ids',
    })
    .max(MAX_AGREEMENTS, `A quote can carry at most ${MAX_AGREEMENTS} agreements`)
    .default([]),
})
export type QuoteInput = z.output<typeof quoteInput>

/** What the owner may write of an agreement template; its payload is derived from the table (payloads.server.ts, ADR 102). */
export const agreementTemplateRules = {
  kind: z.enum(AGREEMENT_KINDS, { error: 'Kind must be service, baa or custom' }).default('custom'),
  name: singleLine('Name', 200),
  body: multiLine('Text', AGREEMENT_MAX),
  needsLegalReview: z.boolean({ error: 'Needs legal review must be true or false' }).default(false),
}
export type AgreementTemplateInput = PayloadOf<typeof agreementTemplateRules>

/** What the client sends to accept: their typed name, "I agree", the options ticked and the hash of what they read. */
export const acceptInput = z.object({
  signerName: singleLine('Full name', 200).refine((v) => v.length >= 2, 'Type your full name'),
  agree: z.literal(true, { error: 'Tick "I agree" to accept' }),
  chosenLineIds: z
    .array(wholeNumber('Option', 1, Number.MAX_SAFE_INTEGER))
    .max(MAX_LINES)
    .default([]),
  documentHash: z
    .string({ error: 'The document version is missing' })
    .regex(/^[0-9a-f]{64}$/, 'The document version is missing'),
})
export type AcceptInput = z.output<typeof acceptInput>

export const declineInput = z.object({ reason: optionalText('Reason', 2000, 'multi') })

/** The client's "Ask for changes" on a sent quote (issue 36). */
export const changeRequestInput = z.object({ message: multiLine('Message', 4000) })

/**
 * Field messages with the full path (`lines.2.quantity`), so the editor can
 * put a message on the very line; the project's error shape is unchanged.
 */
export function quoteFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_'
    out[field] ??= issue.message
  }
  return out
}

// ---------- Totals ----------

export type PricedLine = {
  id?: number
  quantityMilli: number
  unitPriceCents: number
  optional: boolean
}

/** The lines that count: every fixed line and the optional lines the client chose. */
export const countedLines = <L extends PricedLine>(lines: readonly L[], chosen: readonly number[] = []) =>
  lines.filter((l) => !l.optional || (l.id !== undefined && chosen.includes(l.id)))

/** A quote's totals with the chosen options (schema/money.ts computes them). */
export function quoteTotals(
  q: { lines: readonly PricedLine[]; discountCents: number; taxRateBp: number },
  chosen: readonly number[] = [],
): Totals {
  return computeTotals({
    lines: countedLines(q.lines, chosen),
    discountCents: q.discountCents,
    taxRateBp: q.taxRateBp,
  })
}

export const taxRateBp = (percent: number) => Math.round(percent * 100)

// ---------- Merge fields ----------

export const MERGE_FIELDS = [
  'client.name',
  'contact.name',
  'contact.email',
  'quote.number',
  'quote.title',
  'quote.total',
  'quote.deposit',
  'quote.validUntil',
  'owner.name',
  'today',
] as const
export type MergeValues = Partial<Record<(typeof MERGE_FIELDS)[number], string>>

/** Fills `{{ field }}` placeholders; an unknown field stays as written, so the owner sees it in the preview. */
export const fillMergeFields = (body: string, values: MergeValues): string =>
  body.replace(/\{\{\s*([a-zA-Z.]+)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? (values[key as keyof MergeValues] ?? whole) : whole,
  )

// ---------- The document text a client reads and signs ----------

export type QuoteDocument = {
  number: string
  revision: number
  title: string
  clientName: string
  intro: string | null
  lines: readonly (PricedLine & { id: number; description: string; unit: string | null })[]
  discountCents: number
  taxRateBp: number
  depositPercent: number
  paymentTerms: string | null
  validUntil: string
  currency: string
}

export const quoteLabel = (number: string, revision: number) =>
  revision > 1 ? `${number} rev ${revision}` : number

const quantityText = (milli: number) => String(fromQuantityMilli(milli))

/**
 * The quote as plain text, in a fixed layout: the exact content the client is
 * shown and signs. With `chosen`, optional lines are marked chosen or not and
 * the totals count the chosen ones; without it (null), they are listed as
 * options, which is the version the accept form carries the hash of.
 */
export function quoteDocumentText(q: QuoteDocument, chosen: readonly number[] | null): string {
  const totals = quoteTotals(q, chosen ?? [])
  const lines = q.lines.map((l, i) => {
    const mark = !l.optional
      ? ''
      : chosen === null
        ? ' [option]'
        : chosen.includes(l.id)
          ? ' [option: chosen]'
          : ' [option: not chosen]'
    const unit = l.unit ? ` ${l.unit}` : ''
    return `${i + 1}. ${l.description}${mark}: ${quantityText(l.quantityMilli)}${unit} x ${formatCents(l.unitPriceCents)} = ${formatCents(lineAmountCents(l.quantityMilli, l.unitPriceCents))}`
  })
  return [
    `Quote ${quoteLabel(q.number, q.revision)}`,
    `Title: ${q.title}`,
    `Client: ${q.clientName}`,
    `Currency: ${q.currency}`,
    `Valid until: ${q.validUntil}`,
    '',
    q.intro ?? '',
    '',
    'Lines:',
    ...lines,
    '',
    `Subtotal: ${formatCents(totals.subtotalCents)}`,
    `Discount: ${formatCents(totals.discountCents)}`,
    `${taxLabel(q.taxRateBp)}: ${formatCents(totals.taxCents)}`,
    `Total: ${formatCents(totals.totalCents)}`,
    `Deposit (${q.depositPercent}%): ${formatCents(depositOf(totals.totalCents, q.depositPercent))}`,
    `Payment terms: ${q.paymentTerms ?? ''}`,
  ].join('\n')
}

export const depositOf = (totalCents: number, percent: number) => depositCents(totalCents, percent)

/** The version of the whole offer (quote with its options, then each agreement) the accept form carries. */
export const offerText = (q: QuoteDocument, agreements: readonly { name: string; body: string }[]) =>
  [quoteDocumentText(q, null), ...agreements.map((a) => `\n\n=== ${a.name} ===\n\n${a.body}`)].join('')

/** SHA-256 as lower-case hex (Web Crypto: the Worker, Node and the browser). */
export async function sha256Hex(data: string | Uint8Array | ArrayBuffer): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data
  const digest = await crypto.subtle.digest('SHA-256', bytes as BufferSource)
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
