// Creating an invoice: its lines, number and billed time in one D1 batch (see index.ts).
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { QuotePart } from '../../../schema/billing-words'
import { computeTotals, moneyLineCents } from '../../../schema/money'
import { addDays, businessDate } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { tables } from '../../db'
import { invoiceBalance, moneyRefusal } from '../balance'
import { chunkedInserts, idChunks } from '../chunks'
import { Conflict } from '../errors'
import { raiseCounter, takenNumber } from '../numbering'
import { billedGuard, clientOrThrow } from '../time'
import {
  ALREADY_INVOICED,
  blockLines,
  type CreateInvoiceInput,
  creditCap,
  creditForDraft,
  creditLines,
  creditTooLarge,
  type DraftLine,
  isBlockRaceLoss,
  isQuoteRaceLoss,
  manualLines,
  quoteLines,
  timeLines,
} from './lines'
import { getInvoice } from './read'
import { settleStatement } from './status'

/** Creates a draft invoice; returns it with its lines. */
export async function createInvoice(db: Db, input: CreateInvoiceInput, now = new Date()) {
  const client = await clientOrThrow(db, input.clientId)
  let lines: DraftLine[]
  let entryIds: number[] = []
  let quotePart: QuotePart | null = null
  // Time a plan covers is left out of an invoice from time, and the answer says so (issue 52).
  let planTimeLeftOut: string | null = null
  switch (input.source) {
    case 'time':
      ;({
        lines,
        entryIds,
        leftOut: planTimeLeftOut,
      } = await timeLines(db, client.id, client.roundingMinutes, input))
      break
    case 'quote':
      ;({ lines, part: quotePart } = await quoteLines(db, client.id, input))
      break
    case 'block':
      lines = await blockLines(db, client.id, input)
      break
    case 'manual':
      lines = manualLines(input.lines, 1)
      break
    case 'credit':
      lines = await creditLines(db, client.id, input)
      break
  }
  const totals = computeTotals({
    lines,
    discountCents: input.discountCents ?? 0,
    taxRateBp: input.taxRateBp ?? 0,
  })
  if (input.source === 'credit') await creditCap(db, input.creditForId!, totals.totalCents)
  const [contact] = await db
    .select({ id: tables.contacts.id })
    .from(tables.contacts)
    .where(
      and(
        eq(tables.contacts.clientId, client.id),
        input.contactId ? eq(tables.contacts.id, input.contactId) : undefined,
      ),
    )
    .orderBy(asc(tables.contacts.id))
    .limit(1)
  const issueDate = businessDate(now)
  const year = Number(issueDate.slice(0, 4))
  const number = takenNumber('invoice', year)
  const quoteId = input.source === 'quote' ? input.quoteId! : null
  const invoiceId = sql`(select ${tables.invoices.id} from ${tables.invoices} where ${tables.invoices.number} = ${number})`
  const results = await billedGuard(
    () =>
      db.batch([
        raiseCounter(db, 'invoice', year),
        db
          .insert(tables.invoices)
          .values({
            clientId: client.id,
            contactId: contact?.id ?? null,
            number,
            source: input.source,
            quoteId,
            quotePart,
            blockId: input.source === 'block' ? input.blockId : null,
            creditForId: input.source === 'credit' ? input.creditForId : null,
            issueDate,
            dueDate: addDays(issueDate, client.paymentTermsDays),
            termsDays: client.paymentTermsDays,
            roundingMinutes: client.roundingMinutes,
            notes: input.notes ?? null,
            ...totals,
            taxRateBp: input.taxRateBp ?? 0,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: tables.invoices.id }),
        ...chunkedInserts(
          db,
          tables.invoiceLines,
          lines.map((l, i) => ({
            invoiceId,
            position: i + 1,
            description: l.description,
            quantityMilli: l.quantityMilli,
            unit: l.unit,
            unitPriceCents: l.unitPriceCents,
            amountCents: moneyLineCents(l),
            timeEntryId: l.timeEntryId ?? null,
          })),
        ),
        // No "invoice_id is null" condition on purpose: an entry billed since it
        // was read makes the trigger abort this whole batch.
        ...idChunks(entryIds).map((ids) =>
          db.update(tables.timeEntries).set({ invoiceId }).where(inArray(tables.timeEntries.id, ids)),
        ),
        ...(input.inBatch?.(invoiceId) ?? []),
        // A credit note may settle what is left of the invoice it corrects.
        ...(input.source === 'credit' && input.creditForId
          ? [settleStatement(db, input.creditForId, now)]
          : []),
      ] as const),
    'Some of this time was invoiced meanwhile: nothing was created',
  ).catch((err) => {
    if (isQuoteRaceLoss(err)) throw new Conflict(ALREADY_INVOICED, { part: 'Already invoiced meanwhile' })
    if (isBlockRaceLoss(err))
      throw new Conflict('This block is already invoiced', { blockId: 'Already invoiced meanwhile' })
    // The invoice went back to draft or was voided meanwhile (ADR 183's trigger).
    if (/credit note: invoice not sent/.test(`${err} ${(err as { cause?: unknown })?.cause ?? ''}`))
      throw creditForDraft()
    if (moneyRefusal(err) === 'credit')
      return invoiceBalance(db, input.creditForId!).then((b) => {
        throw creditTooLarge(b.balanceCents)
      })
    throw err
  })
  const created = results[1][0]!
  const detail = await getInvoice(db, created.id)
  return planTimeLeftOut ? { ...detail, planTimeLeftOut } : detail
}
