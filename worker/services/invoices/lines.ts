// What an invoice is made of: unbilled time, a quote's part, a prepaid block, manual lines, a credit.
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { InvoiceSource, QuotePart } from '../../../schema/billing-words'
import {
  depositCents,
  formatCents,
  type MoneyLine,
  roundMinutes,
  timeLine,
  toQuantityMilli,
} from '../../../schema/money'
import type { Db } from '../../db'
import { tables } from '../../db'
import { invoiceBalance, isUniqueRefusal } from '../balance'
import { idChunks } from '../chunks'
import { Conflict, Invalid } from '../errors'
import { planTimeLeftOut, unbilledTime } from '../time'
import { getInvoiceRow } from './read'

export type LineInput = {
  description: string
  quantity: number
  unit?: string | null
  unitPriceCents: number
  /** A time line's minutes: its amount is then exact from them (schema/money.ts timeLine). */
  minutes?: number | null
}

export type CreateInvoiceInput = {
  clientId: number
  source: InvoiceSource
  /** Time: the date range (inclusive, YYYY-MM-DD), and one line per entry or per request. */
  from?: string | null
  to?: string | null
  grouping?: 'entry' | 'request'
  /** Quote: which part of an accepted quote. */
  quoteId?: number | null
  part?: QuotePart
  blockId?: number | null
  /** Manual and credit lines (a credit note's are given positive and stored negative). */
  lines?: LineInput[]
  creditForId?: number | null
  /** Whom it is addressed to (a contact of the client; the first one when absent). */
  contactId?: number | null
  taxRateBp?: number
  discountCents?: number
  notes?: string | null
  /**
   * Statements that must commit with the invoice or not at all (a plan's
   * period row, the time it covers), given the new invoice's id as SQL.
   */
  inBatch?: (invoiceId: SQL) => BatchItem<'sqlite'>[]
}

export type DraftLine = MoneyLine & { description: string; unit: string | null; timeEntryId?: number | null }

const minutesText = (m: number) => `${m} min`

/** One line per entry, or one per request (and rate), each entry rounded by the client's rule first. */
export async function timeLines(db: Db, clientId: number, rounding: number, input: CreateInvoiceInput) {
  const [entries, leftOut] = await Promise.all([
    unbilledTime(db, clientId, input.from, input.to),
    planTimeLeftOut(db, clientId, input.from, input.to),
  ])
  if (!entries.length)
    throw new Conflict(
      leftOut
        ? `No unbilled time outside the plan for this client in that period: ${leftOut}`
        : 'No unbilled time for this client in that period',
      { from: 'No unbilled time' },
    )
  const refs = await requestReferences(db, entries)
  const lines: DraftLine[] = []
  if (input.grouping === 'request') {
    const groups = new Map<string, typeof entries>()
    for (const e of entries) {
      const key = `${refs.get(e.id) ?? ''}|${e.rateCents}`
      groups.set(key, [...(groups.get(key) ?? []), e])
    }
    for (const group of groups.values()) {
      const first = group[0]!
      const minutes = group.reduce((sum, e) => sum + roundMinutes(e.minutes, rounding), 0)
      const ref = refs.get(first.id)
      const what = ref ? `Request ${ref}` : 'Other work'
      lines.push({
        description: `${what}: ${group.length} ${group.length === 1 ? 'entry' : 'entries'}, ${minutesText(minutes)}${rounding ? ` (each rounded up to ${rounding} min)` : ''}`,
        unit: 'h',
        ...timeLine(minutes, first.rateCents),
        unitPriceCents: first.rateCents,
        minutes,
      })
    }
  } else {
    for (const e of entries) {
      const minutes = roundMinutes(e.minutes, rounding)
      const ref = refs.get(e.id)
      const rounded =
        minutes !== e.minutes
          ? `${minutesText(e.minutes)} rounded up to ${minutesText(minutes)}`
          : minutesText(minutes)
      lines.push({
        description: `${e.date}${ref ? ` ${ref}` : ''}: ${e.description} (${rounded})`,
        unit: 'h',
        ...timeLine(minutes, e.rateCents),
        unitPriceCents: e.rateCents,
        minutes,
        timeEntryId: e.id,
      })
    }
  }
  return { lines, entryIds: entries.map((e) => e.id), leftOut }
}

/** The reference (S-1043 / C-1042) of each entry's request, by entry id. */
async function requestReferences(
  db: Db,
  entries: { id: number; supportRequestId: number | null; consultationId: number | null }[],
) {
  const s = tables.supportRequests
  const c = tables.consultations
  const sIds = [...new Set(entries.flatMap((e) => (e.supportRequestId ? [e.supportRequestId] : [])))]
  const cIds = [...new Set(entries.flatMap((e) => (e.consultationId ? [e.consultationId] : [])))]
  const sRefs = (
    await Promise.all(
      idChunks(sIds).map((ids) =>
        db.select({ id: s.id, ref: s.reference }).from(s).where(inArray(s.id, ids)),
      ),
    )
  ).flat()
  const cRefs = (
    await Promise.all(
      idChunks(cIds).map((ids) =>
        db.select({ id: c.id, ref: c.reference }).from(c).where(inArray(c.id, ids)),
      ),
    )
  ).flat()
  const byS = new Map(sRefs.map((r) => [r.id, r.ref]))
  const byC = new Map(cRefs.map((r) => [r.id, r.ref]))
  const out = new Map<number, string>()
  for (const e of entries) {
    const ref =
      (e.supportRequestId && byS.get(e.supportRequestId)) || (e.consultationId && byC.get(e.consultationId))
    if (ref) out.set(e.id, ref)
  }
  return out
}

export function manualLines(lines: LineInput[] | undefined, sign: 1 | -1): DraftLine[] {
  if (!lines?.length) throw new Invalid({ lines: 'Add at least one line' })
  return lines.map((l) => ({
    description: l.description,
    unit: l.unit ?? null,
    quantityMilli: toQuantityMilli(l.quantity),
    unitPriceCents: sign * l.unitPriceCents,
    ...(l.minutes != null ? { minutes: l.minutes } : {}),
  }))
}

/** Invoices of a quote or block that still count (not void). */
const liveInvoices = (
  db: Db,
  column: typeof tables.invoices.quoteId | typeof tables.invoices.blockId,
  id: number,
) =>
  db
    .select({ id: tables.invoices.id, totalCents: tables.invoices.totalCents })
    .from(tables.invoices)
    .where(and(eq(column, id), ne(tables.invoices.status, 'void')))

/** A quote's invoice line, and how many live invoices the quote had when it was read (the insert re-checks it). */
export async function quoteLines(
  db: Db,
  clientId: number,
  input: CreateInvoiceInput,
): Promise<{ lines: DraftLine[]; part: QuotePart }> {
  if (!input.quoteId) throw new Invalid({ quoteId: 'Choose an accepted quote' })
  const q = tables.quotes
  const [quote] = await db.select().from(q).where(eq(q.id, input.quoteId)).limit(1)
  if (!quote || quote.clientId !== clientId) throw new Invalid({ quoteId: 'No such quote of this client' })
  if (quote.status !== 'accepted')
    throw new Conflict('Only an accepted quote can be invoiced', { quoteId: 'Not accepted' })
  const deposit = depositCents(quote.totalCents, quote.depositPercent)
  const part = input.part ?? (quote.depositPercent > 0 ? 'deposit' : 'full')
  const existing = await liveInvoices(db, tables.invoices.quoteId, quote.id)
  // A deposit or the whole first; the remainder only after a deposit invoice.
  if (part === 'remainder' ? existing.length !== 1 || quote.depositPercent === 0 : existing.length > 0)
    throw new Conflict(part === 'remainder' ? 'Invoice the deposit first' : ALREADY_INVOICED, {
      part: 'Already invoiced or not yet possible',
    })
  const amount =
    part === 'deposit' ? deposit : part === 'remainder' ? quote.totalCents - deposit : quote.totalCents
  const label =
    part === 'deposit'
      ? `Deposit (${quote.depositPercent}%)`
      : part === 'remainder'
        ? `Remainder after the ${quote.depositPercent}% deposit`
        : 'Total'
  return {
    lines: [
      {
        description: `${label} of quote ${quote.number}: ${quote.title}`,
        unit: null,
        quantityMilli: 1000,
        unitPriceCents: amount,
      },
    ],
    part,
  }
}

export const ALREADY_INVOICED = 'This quote is already invoiced'

/**
 * Of two invoices for one part of a quote (the acceptance issuing the deposit
 * while the owner makes it by hand), or for one block, made at once, the unique
 * indexes of migration 0017 let one batch through; the other rolls back whole,
 * counter raise included.
 */
export const isQuoteRaceLoss = (err: unknown) => isUniqueRefusal(err, 'invoices.quote_part')
export const isBlockRaceLoss = (err: unknown) => isUniqueRefusal(err, 'invoices.block_id')

export async function blockLines(db: Db, clientId: number, input: CreateInvoiceInput): Promise<DraftLine[]> {
  if (!input.blockId) throw new Invalid({ blockId: 'Choose a prepaid block' })
  const b = tables.prepaidBlocks
  const [block] = await db.select().from(b).where(eq(b.id, input.blockId)).limit(1)
  if (!block || block.clientId !== clientId) throw new Invalid({ blockId: 'No such block of this client' })
  if ((await liveInvoices(db, tables.invoices.blockId, block.id)).length)
    throw new Conflict('This block is already invoiced', { blockId: 'Already invoiced' })
  const hours = block.minutes / 60
  return [
    {
      description: `Prepaid block of ${hours} hours${block.validUntil ? `, valid until ${block.validUntil}` : ''}`,
      unit: null,
      quantityMilli: 1000,
      unitPriceCents: block.priceCents,
    },
  ]
}

/** The invoice (not void) that bills a prepaid block, if any: the client page shows it by the block. */
export async function blockInvoice(db: Db, blockId: number) {
  const [row] = await db
    .select({ id: tables.invoices.id, number: tables.invoices.number })
    .from(tables.invoices)
    .where(and(eq(tables.invoices.blockId, blockId), ne(tables.invoices.status, 'void')))
    .limit(1)
  return row ?? null
}

export async function creditLines(db: Db, clientId: number, input: CreateInvoiceInput) {
  if (!input.creditForId) throw new Invalid({ creditForId: 'Choose the invoice this credit note corrects' })
  const original = await getInvoiceRow(db, input.creditForId).catch(() => null)
  if (!original || original.clientId !== clientId || original.source === 'credit')
    throw new Invalid({ creditForId: 'No such invoice of this client' })
  if (original.status === 'void')
    throw new Conflict('A void invoice needs no credit note', { creditForId: 'Void' })
  // A draft was never sent: change or delete it instead. The trigger of
  // migration 0031 refuses it in the insert too (ADR 183).
  if (original.status === 'draft') throw creditForDraft()
  return manualLines(input.lines, -1)
}

/**
 * The credit cap, as the person reads it: at most what is still owed (total,
 * less earlier credits and payments), tax included. The trigger of migration
 * 0017 enforces the same figure in the insert itself, so parallel credit
 * notes cannot pass together; this early check only words the answer.
 */
export async function creditCap(db: Db, creditForId: number, totalCents: number) {
  const { balanceCents } = await invoiceBalance(db, creditForId)
  if (balanceCents + totalCents < 0) throw creditTooLarge(balanceCents)
}

export const creditForDraft = () =>
  new Conflict('A draft invoice cannot be credited: change the draft instead, or send it first', {
    creditForId: 'Not sent yet',
  })

export const creditTooLarge = (balanceCents: number) =>
  new Invalid({
    lines: `A credit note can credit at most what is still owed: ${formatCents(Math.max(0, balanceCents))}, tax included`,
  })
