// Money (issues 25 and 26): every amount is an integer number of cents, and
// every total (quote, invoice, deposit, time) is computed here and nowhere else,
// with one rounding rule: to the nearest cent, halves away from zero. The admin,
// the portal, the e-mails and the PDFs all show what these functions return,
// formatted by formatCents.

import { madeOnFirstUse } from './made-on-first-use'

/** Largest quantity and unit price accepted, so every product stays an exact integer in a double. */
export const MAX_QUANTITY = 10_000
export const MAX_UNIT_PRICE_CENTS = 100_000_000 // $1,000,000.00
export const MAX_LINES = 100

/** Rounds a rational amount of cents (numerator / denominator, both integers) to whole cents, halves away from zero. */
export function roundCents(numerator: number, denominator = 1): number {
  const sign = Math.sign(numerator) * Math.sign(denominator) || 1
  const n = Math.abs(numerator)
  const d = Math.abs(denominator)
  return sign * Math.floor((2 * n + d) / (2 * d))
}

/** A quantity in thousandths of a unit (1.5 -> 1500); quantities have at most three decimals. */
export const toQuantityMilli = (quantity: number): number => Math.round(quantity * 1000)
export const fromQuantityMilli = (milli: number): number => milli / 1000

/** One line's amount: quantity x unit price, rounded once. */
export const lineAmountCents = (quantityMilli: number, unitPriceCents: number): number =>
  roundCents(quantityMilli * unitPriceCents, 1000)

/**
 * A document line. A time line also carries its minutes: its quantity is the
 * hours to three decimals (for display) and its unit price the hourly rate, but
 * its amount comes from the exact minutes (timeLine), so 95 minutes at $120.00
 * an hour is $190.00 and not 1.583 x $120.00 = $189.96.
 */
export type MoneyLine = { quantityMilli: number; unitPriceCents: number; minutes?: number | null }

/** A line's amount: a time line's from its minutes, any other line's from quantity x unit price. */
export const moneyLineCents = (l: MoneyLine): number =>
  l.minutes != null
    ? timeLine(l.minutes, l.unitPriceCents).amountCents
    : lineAmountCents(l.quantityMilli, l.unitPriceCents)

export interface TotalsInput {
  lines: readonly MoneyLine[]
  /** A fixed discount, capped at the subtotal. */
  discountCents?: number
  /** Tax rate in basis points (825 = 8.25 %), applied after the discount. */
  taxRateBp?: number
}

export interface Totals {
  subtotalCents: number
  discountCents: number
  taxCents: number
  totalCents: number
}

/** The totals of a document from its lines: the only place a total is computed. */
export function computeTotals({ lines, discountCents = 0, taxRateBp = 0 }: TotalsInput): Totals {
  const subtotalCents = lines.reduce((sum, l) => sum + moneyLineCents(l), 0)
  const discount = Math.min(Math.max(0, discountCents), Math.max(0, subtotalCents))
  const taxable = subtotalCents - discount
  const taxCents = roundCents(taxable * taxRateBp, 10_000)
  return { subtotalCents, discountCents: discount, taxCents, totalCents: taxable + taxCents }
}

/** A deposit as a whole percentage of a total. */
export const depositCents = (totalCents: number, percent: number): number =>
  roundCents(totalCents * percent, 100)

/** Minutes rounded up to the client's increment (0: none; 6 or 15). */
export const roundMinutes = (minutes: number, increment: number): number =>
  increment > 0 ? Math.ceil(minutes / increment) * increment : minutes

/** Time at an hourly rate, as an invoice line's quantity (hours, in thousandths) and amount. */
export function timeLine(minutes: number, rateCents: number): { quantityMilli: number; amountCents: number } {
  // Hours to three decimals for display; the amount is exact from the minutes.
  return { quantityMilli: roundCents(minutes * 1000, 60), amountCents: roundCents(minutes * rateCents, 60) }
}

const usd = madeOnFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }))

/**
 * An integer count of hundredths as exact decimal text: 280000 -> "2800.00",
 * -5 -> "-0.05". The digits come from integer arithmetic, never from a float
 * division, so no amount is ever shown a cent off.
 */
function hundredthsText(hundredths: number): string {
  const whole = Math.round(hundredths)
  const abs = Math.abs(whole)
  const cents = abs % 100
  return `${whole < 0 ? '-' : ''}${(abs - cents) / 100}.${String(cents).padStart(2, '0')}`
}

/**
 * The one way an amount becomes text. `display` (the default): "$2,800.00"
 * and "-$10.00", for people (pages, e-mails, PDFs). `plain`: "2800.00" and
 * "-10.00", what a form field holds and the accountant's CSV writes (no
 * symbol, no grouping), and what parseCents reads back.
 */
export function formatCents(cents: number, style: 'display' | 'plain' = 'display'): string {
  const plain = hundredthsText(cents)
  if (style === 'plain') return plain
  // Intl formats a decimal string exactly (Intl.NumberFormat v3); an older engine reads it as a number.
  return usd().format(plain as Intl.StringNumericLiteral)
}

/** The tax line's label from its rate in basis points: 825 -> "Tax (8.25%)"; every view shows this one. */
export const taxLabel = (taxRateBp: number): string => `Tax (${hundredthsText(taxRateBp)}%)`

/**
 * Parses what the owner types as an amount of dollars into cents, exactly
 * (digit by digit, no float): "2,800.00", "$2800", "120.5", "-10". Null when
 * it is not an amount: more than two decimals ("12.345" is refused, not
 * rounded: a price is typed to the cent), misplaced commas ("1,20"), letters,
 * or more than a safe integer of cents. "-0" is 0.
 */
export function parseCents(text: string): number | null {
  const m = /^\s*(-)?\s*\$?\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!m) return null
  const [, minus, whole = '', fraction = ''] = m
  const cents = Number(whole.replaceAll(',', '')) * 100 + Number(fraction.padEnd(2, '0'))
  if (!Number.isSafeInteger(cents)) return null
  return minus && cents !== 0 ? -cents : cents
}

// An invoice's balance is not computed here: it is the database view invoice_balances,
// read through worker/services/balance.ts (issue 34), so the triggers check the same figure.
