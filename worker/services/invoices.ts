// Invoices (issue 26): made from unbilled time, a quote's deposit or
// remainder, a prepaid block, manual lines, or as a credit note. Numbers come
// from the counter raised in the same D1 batch as the insert (numbering.ts);
// the chosen time entries are marked billed in that batch too, so when two
// invoices take the same entries at once the triggers of migration 0010 abort
// the second batch whole: no invoice, no number, nothing billed twice.
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import {
  type InvoiceSource,
  type InvoiceStatus,
  invoiceStatusLabel,
  isOpenStatus,
  OPEN_STATUSES,
  type PaymentMethod,
  type QuotePart,
  type UnmatchedReason,
} from '../../schema/billing-words'
import {
  computeTotals,
  depositCents,
  formatCents,
  type MoneyLine,
  moneyLineCents,
  roundMinutes,
  timeLine,
  toQuantityMilli,
} from '../../schema/money'
import { addDays, businessDate } from '../../schema/slot-time'
import type { Invoice, InvoiceLine, Payment } from '../../schema/tables'
import type { Db } from '../db'
import { tables } from '../db'
import { letterHtml } from '../mail/letter-html'
import { enqueueMessages } from '../mail/outbox'
import { headerSafe } from '../mail/templates'
import { visitorMailEnabled } from '../mail/visitor'
import { stripeCheckoutEnabled } from '../payments/stripe'
import {
  balanceColumns,
  balanceJoin,
  type InvoiceBalance,
  invoiceBalance,
  isUniqueRefusal,
  moneyRefusal,
} from './balance'
import { getBillingSettings } from './billing-settings'
import { chunkedInserts, idChunks } from './chunks'
import { csvLines } from './csv'
import { Conflict, Invalid, NotFound } from './errors'
import { raiseCounter, takenNumber } from './numbering'
import { createSignInLink } from './portal-links'
import { chosenRecipients, recipientOptions, type SendPreview } from './send-step'
import { billedGuard, clientOrThrow, unbilledTime } from './time'

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

type DraftLine = MoneyLine & { description: string; unit: string | null; timeEntryId?: number | null }

const minutesText = (m: number) => `${m} min`

/** One line per entry, or one per request (and rate), each entry rounded by the client's rule first. */
async function timeLines(db: Db, clientId: number, rounding: number, input: CreateInvoiceInput) {
  const entries = await unbilledTime(db, clientId, input.from, input.to)
  if (!entries.length)
    throw new Conflict('No unbilled time for this client in that period', { from: 'No unbilled time' })
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
  return { lines, entryIds: entries.map((e) => e.id) }
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

function manualLines(lines: LineInput[] | undefined, sign: 1 | -1): DraftLine[] {
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
async function quoteLines(
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

const ALREADY_INVOICED = 'This quote is already invoiced'

/**
 * Of two invoices for one part of a quote (the acceptance issuing the deposit
 * while the owner makes it by hand), or for one block, made at once, the unique
 * indexes of migration 0017 let one batch through; the other rolls back whole,
 * counter raise included.
 */
const isQuoteRaceLoss = (err: unknown) => isUniqueRefusal(err, 'invoices.quote_part')
const isBlockRaceLoss = (err: unknown) => isUniqueRefusal(err, 'invoices.block_id')

async function blockLines(db: Db, clientId: number, input: CreateInvoiceInput): Promise<DraftLine[]> {
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

async function creditLines(db: Db, clientId: number, input: CreateInvoiceInput) {
  if (!input.creditForId) throw new Invalid({ creditForId: 'Choose the invoice this credit note corrects' })
  const original = await getInvoiceRow(db, input.creditForId).catch(() => null)
  if (!original || original.clientId !== clientId || original.source === 'credit')
    throw new Invalid({ creditForId: 'No such invoice of this client' })
  if (original.status === 'void')
    throw new Conflict('A void invoice needs no credit note', { creditForId: 'Void' })
  return manualLines(input.lines, -1)
}

/**
 * The credit cap, as the person reads it: at most what is still owed (total,
 * less earlier credits and payments), tax included. The trigger of migration
 * 0017 enforces the same figure in the insert itself, so parallel credit
 * notes cannot pass together; this early check only words the answer.
 */
async function creditCap(db: Db, creditForId: number, totalCents: number) {
  const { balanceCents } = await invoiceBalance(db, creditForId)
  if (balanceCents + totalCents < 0) throw creditTooLarge(balanceCents)
}

const creditTooLarge = (balanceCents: number) =>
  new Invalid({
    lines: `A credit note can credit at most what is still owed: ${formatCents(Math.max(0, balanceCents))}, tax included`,
  })

/** Creates a draft invoice; returns it with its lines. */
export async function createInvoice(db: Db, input: CreateInvoiceInput, now = new Date()) {
  const client = await clientOrThrow(db, input.clientId)
  let lines: DraftLine[]
  let entryIds: number[] = []
  let quotePart: QuotePart | null = null
  switch (input.source) {
    case 'time':
      ;({ lines, entryIds } = await timeLines(db, client.id, client.roundingMinutes, input))
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
    if (moneyRefusal(err) === 'credit')
      return invoiceBalance(db, input.creditForId!).then((b) => {
        throw creditTooLarge(b.balanceCents)
      })
    throw err
  })
  const created = results[1][0]!
  return getInvoice(db, created.id)
}

// ---------- Reading ----------

export async function getInvoiceRow(db: Db, id: number): Promise<Invoice> {
  const [row] = await db.select().from(tables.invoices).where(eq(tables.invoices.id, id)).limit(1)
  if (!row) throw new NotFound('Invoice not found')
  return row
}

/** An invoice with its lines, payments and its balance (services/balance.ts: the one figure every view shows). */
export type InvoiceDetail = Invoice & InvoiceBalance & { lines: InvoiceLine[]; payments: Payment[] }

export async function getInvoice(db: Db, id: number): Promise<InvoiceDetail> {
  const invoice = await getInvoiceRow(db, id)
  const [lines, payments, [balance]] = await db.batch([
    db
      .select()
      .from(tables.invoiceLines)
      .where(eq(tables.invoiceLines.invoiceId, id))
      .orderBy(asc(tables.invoiceLines.position)),
    db
      .select()
      .from(tables.payments)
      .where(eq(tables.payments.invoiceId, id))
      .orderBy(asc(tables.payments.date), asc(tables.payments.id)),
    db.select(balanceColumns).from(tables.invoiceBalances).where(eq(tables.invoiceBalances.invoiceId, id)),
  ])
  return { ...invoice, lines, payments, ...balance! }
}

export type InvoiceFilter = { clientId?: number; status?: InvoiceStatus }

export function listInvoices(db: Db, filter: InvoiceFilter = {}) {
  const i = tables.invoices
  return db
    .select({ invoice: i, clientName: tables.clients.name, ...balanceColumns })
    .from(i)
    .innerJoin(tables.clients, eq(tables.clients.id, i.clientId))
    .innerJoin(tables.invoiceBalances, balanceJoin)
    .where(
      and(
        filter.clientId ? eq(i.clientId, filter.clientId) : undefined,
        filter.status ? eq(i.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(i.issueDate), desc(i.id))
}

// ---------- Status changes ----------

/**
 * The statement that brings an invoice's status in line with what was paid
 * and credited: paid, partially paid, or as it was. A void invoice stays void.
 * Placed in the same batch as the payment it follows.
 */
export function settleStatement(db: Db, invoiceId: number, now: Date) {
  const i = tables.invoices
  // From the one balance (the view), qualified: inside a subquery an unqualified "id" would be the view's.
  const paid = sql`(select bb.paid_cents from invoice_balances bb where bb.invoice_id = "invoices"."id")`
  const settled = sql`(select bb.balance_cents from invoice_balances bb where bb.invoice_id = "invoices"."id") <= 0`
  return db
    .update(i)
    .set({
      // A paid invoice whose credit note was voided owes again: back to sent.
      status: sql`case when ${settled} then 'paid' when ${paid} > 0 then 'partially_paid' when ${i.status} in ('paid', 'partially_paid') then 'sent' else ${i.status} end`,
      paidAt: sql`case when ${settled} then coalesce(${i.paidAt}, ${now.getTime()}) else null end`,
      updatedAt: now,
    })
    .where(and(eq(i.id, invoiceId), ne(i.status, 'void'), ne(i.status, 'draft'), ne(i.source, 'credit')))
}

export type SendResult = { invoice: InvoiceDetail; outboxIds: number[]; mailed: boolean; link: string }

/** The portal page of an invoice (the portal asks the contact to sign in first). */
export const invoiceLink = (env: Env, id: number) =>
  new URL(`/portal/invoices/${id}`, env.SITE_URL).toString()

/** The send step's choice (issue 36): whom to send it to; the default recipient when absent. */
export type SendInvoiceOptions = { recipientContactIds?: readonly number[] | null }

/**
 * Sends (or sends again) an invoice or a credit note to the chosen contacts
 * (the default one when none are chosen): a draft becomes sent and its totals
 * stay as they are. Each recipient gets the e-mail with their own sign-in link
 * when visitor mail is on; otherwise the owner passes the link on.
 */
export async function sendInvoice(
  db: Db,
  env: Env,
  id: number,
  options: SendInvoiceOptions = {},
  now = new Date(),
): Promise<SendResult> {
  const invoice = await getInvoiceRow(db, id)
  if (invoice.status === 'void') throw new Conflict('A void invoice cannot be sent')
  // Checked before anything changes: another client's contact is refused with nothing sent.
  const recipients = await chosenRecipients(
    db,
    invoice.clientId,
    options.recipientContactIds,
    invoice.contactId,
  ).catch((err) => {
    // No contact at all: sent without e-mail, as before (the owner passes the link on).
    if (err instanceof Conflict && !options.recipientContactIds?.length) return []
    throw err
  })
  await db
    .update(tables.invoices)
    .set({ status: 'sent', sentAt: now, updatedAt: now })
    .where(and(eq(tables.invoices.id, id), eq(tables.invoices.status, 'draft')))
  const detail = await getInvoice(db, id)
  const link = invoiceLink(env, id)
  if (!recipients.length || !visitorMailEnabled(env))
    return { invoice: detail, outboxIds: [], mailed: false, link }
  const extras = await invoiceMailExtras(db, env, detail)
  const attachment = await storeSentPdf(db, env, id, now)
  const messages = []
  for (const contact of recipients) {
    // The e-mail carries a sign-in link that leads to the invoice (single use, 15 minutes;
    // after that the portal's sign-in page sends a fresh one).
    const signIn = await createSignInLink(
      db,
      env,
      { contactId: contact.id, next: `/portal/invoices/${id}` },
      now.getTime(),
    )
    const mail = invoiceMail(env, detail, contact.name, signIn, 'sent', extras)
    messages.push({ recipient: contact.email, ...mail, attachments: [attachment] })
  }
  const outboxIds = await enqueueMessages(db, 'billing', messages, now)
  return { invoice: detail, outboxIds, mailed: true, link }
}

/**
 * What Send will do with an invoice or credit note (the send dialog): the
 * client's contacts (the default ticked), the e-mail as the client reads it,
 * the PDF and the warnings (no way to pay shown; sent before).
 */
export async function invoiceSendPreview(db: Db, env: Env, id: number): Promise<SendPreview> {
  const detail = await getInvoice(db, id)
  if (detail.status === 'void') throw new Conflict('A void invoice cannot be sent')
  const recipients = await recipientOptions(db, detail.clientId, detail.contactId)
  const first = recipients.find((r) => r.selected)
  const extras = await invoiceMailExtras(db, env, detail)
  const mail = invoiceMail(
    env,
    detail,
    first?.name ?? '',
    '(a one-time sign-in link for each recipient)',
    'sent',
    extras,
  )
  const warnings: string[] = []
  if (!recipients.length)
    warnings.push('The client has no contact yet: the invoice is sent without an e-mail.')
  if (detail.source !== 'credit' && !extras.paymentInstructions && !stripeCheckoutEnabled(env))
    warnings.push(
      'No payment instructions are set and Stripe is off: the client sees no way to pay. Set them under Billing settings.',
    )
  if (detail.status !== 'draft')
    warnings.push(`Already sent: this sends it again (${invoiceStatusLabel(detail.status)}).`)
  return {
    recipients,
    subject: mail.subject,
    textBody: mail.textBody,
    warnings,
    documentUrl: `/api/invoices/${id}/pdf`,
  }
}

/** What the invoice e-mail adds besides the invoice: how to pay, and for a credit note the invoice it corrects. */
export async function invoiceMailExtras(db: Db, _env: Env, invoice: Invoice): Promise<InvoiceMailExtras> {
  const { paymentInstructions } = await getBillingSettings(db)
  const corrected = invoice.creditForId ? await getInvoice(db, invoice.creditForId) : null
  return {
    paymentInstructions,
    creditFor: corrected ? { number: corrected.number, balanceCents: corrected.balanceCents } : null,
  }
}

/**
 * The PDF as it stands when sent, put in R2 for the outbox (which holds keys,
 * not bytes, and reads the file when it delivers, retries included). Each
 * sending stores its own copy: "send again" after a payment mails the PDF with
 * that payment, and a retried earlier message still finds the copy it named.
 */
async function storeSentPdf(db: Db, env: Env, id: number, now: Date) {
  const pdf = await invoicePdfFor(db, env, id, stripeCheckoutEnabled(env))
  const key = `invoices/${id}/${now.getTime()}-${crypto.randomUUID()}/${pdf.filename}`
  await env.FILES.put(key, pdf.bytes, { httpMetadata: { contentType: 'application/pdf' } })
  return { key, filename: pdf.filename, type: 'application/pdf' }
}

/** Whom an invoice is addressed to: its contact, else the client's first. */
export async function contactOf(db: Db, invoice: Invoice) {
  const c = tables.contacts
  const [contact] = await db
    .select()
    .from(c)
    .where(invoice.contactId ? eq(c.id, invoice.contactId) : eq(c.clientId, invoice.clientId))
    .orderBy(asc(c.id))
    .limit(1)
  return contact ?? null
}

export type InvoiceMailKind = 'sent' | 'before' | 'due' | 'overdue'

/** What the invoice e-mail says besides the invoice itself (services read it once per sending). */
export type InvoiceMailExtras = {
  /** The owner's payment instructions (bank transfer, check), if set. */
  paymentInstructions: string | null
  /** For a credit note: the invoice it corrects, and what is left to pay on it now. */
  creditFor: { number: string; balanceCents: number } | null
}

/**
 * The invoice e-mail and the reminders: number, total, balance, due date, how
 * to pay and the portal link (the sent e-mail also attaches the PDF). A credit
 * note's e-mail names the invoice it corrects instead of asking for payment.
 */
export function invoiceMail(
  env: Env,
  invoice: InvoiceDetail,
  name: string,
  link: string,
  kind: InvoiceMailKind,
  extras: InvoiceMailExtras = { paymentInstructions: null, creditFor: null },
): { subject: string; textBody: string; htmlBody: string } {
  const credit = invoice.source === 'credit'
  const what = credit ? 'Credit note' : 'Invoice'
  const subject = {
    sent: `${what} ${invoice.number} from ${env.OWNER_NAME}`,
    before: `Reminder: invoice ${invoice.number} is due on ${invoice.dueDate}`,
    due: `Invoice ${invoice.number} is due today`,
    overdue: `Invoice ${invoice.number} is overdue`,
  }[kind]
  const lead = credit
    ? `please find credit note ${invoice.number} for ${formatCents(-invoice.totalCents)}${extras.creditFor ? `, which reduces what is owed on invoice ${extras.creditFor.number}` : ''}.`
    : {
        sent: `please find ${what.toLowerCase()} ${invoice.number} for ${formatCents(invoice.totalCents)}, due on ${invoice.dueDate}.`,
        before: `a friendly reminder that invoice ${invoice.number} is due on ${invoice.dueDate}.`,
        due: `invoice ${invoice.number} is due today.`,
        overdue: `invoice ${invoice.number} was due on ${invoice.dueDate} and is not yet paid in full.`,
      }[kind]
  const balance = credit
    ? extras.creditFor
      ? `Left to pay on invoice ${extras.creditFor.number}: ${formatCents(Math.max(0, extras.creditFor.balanceCents))}. The PDF is attached; it is also in your client portal at the link below.`
      : 'The PDF is attached; it is also in your client portal at the link below.'
    : kind === 'sent'
      ? `Balance: ${formatCents(invoice.balanceCents)}. The PDF is attached; read it and pay at the link below.`
      : `Balance: ${formatCents(invoice.balanceCents)}. Read it, download the PDF and pay at the link below.`
  const howToPay =
    !credit && invoice.balanceCents > 0 && extras.paymentInstructions
      ? [`How to pay by bank transfer or check (quote ${invoice.number}):\n${extras.paymentInstructions}`]
      : []
  const paragraphs = [
    `Hello ${name},`,
    `${lead.charAt(0).toUpperCase()}${lead.slice(1)}`,
    balance,
    ...howToPay,
  ]
  return {
    subject: headerSafe(subject),
    textBody: [...paragraphs, link, '', env.OWNER_NAME].join('\n\n'),
    htmlBody: letterHtml({
      paragraphs: [...paragraphs, env.OWNER_NAME],
      link: { href: link, text: `${what} ${invoice.number}` },
    }),
  }
}

/** The client opened a sent invoice in the portal. */
export async function markViewed(db: Db, id: number, now = new Date()) {
  await db
    .update(tables.invoices)
    .set({ status: 'viewed', viewedAt: now, updatedAt: now })
    .where(and(eq(tables.invoices.id, id), eq(tables.invoices.status, 'sent')))
}

/**
 * Voids an invoice: it keeps its number, and its time returns to unbilled
 * (the status changes first in the batch: the trigger only lets time go from
 * a void invoice). An invoice with payments is corrected by a credit note.
 */
export async function voidInvoice(db: Db, id: number, now = new Date()) {
  const invoice = await getInvoiceRow(db, id)
  if (invoice.status === 'void') throw new Conflict('This invoice is already void')
  const i = tables.invoices
  const [[voided]] = await db.batch([
    db
      .update(i)
      .set({ status: 'void', voidedAt: now, updatedAt: now })
      .where(
        and(
          eq(i.id, id),
          ne(i.status, 'void'),
          sql`not exists (select 1 from payments pp where pp.invoice_id = "invoices"."id")`,
        ),
      )
      .returning({ id: i.id }),
    db
      .update(tables.timeEntries)
      .set({ invoiceId: null })
      .where(
        and(
          eq(tables.timeEntries.invoiceId, id),
          sql`(select status from invoices where id = ${id}) = 'void'`,
        ),
      ),
    // A voided credit note no longer lowers what the invoice it corrected owes.
    ...(invoice.creditForId ? [settleStatement(db, invoice.creditForId, now)] : []),
  ])
  if (!voided) throw new Conflict('This invoice has payments: correct it with a credit note')
  return getInvoice(db, id)
}

// ---------- Payments ----------

export type PaymentInput = {
  amountCents: number
  date?: string | null
  method: PaymentMethod
  reference?: string | null
  /** ISO 4217; the invoice's currency when absent. */
  currency?: string | null
}

/**
 * Why a payment cannot be recorded on this invoice, or null when it can: the
 * invoice must be sent and unpaid (not a draft, paid, void or a credit note),
 * in its currency, and the amount more than zero and at most what is left.
 * The webhook keeps a refused payment as unmatched with this reason; a manual
 * payment is answered with it. The payment triggers of migration 0017 check
 * the same inside the insert (for payments arriving at once).
 */
export function paymentRefusal(
  invoice: Pick<InvoiceDetail, 'status' | 'source' | 'currency' | 'balanceCents'>,
  amountCents: number,
  currency: string,
): UnmatchedReason | null {
  if (invoice.source === 'credit' || !isOpenStatus(invoice.status)) return 'not_open'
  if (currency.toUpperCase() !== invoice.currency.toUpperCase()) return 'wrong_currency'
  if (amountCents <= 0) return 'not_positive'
  if (amountCents > invoice.balanceCents) return 'exceeds_balance'
  return null
}

/** A refusal as a person reads it, on the field it concerns. */
function paymentRefusalError(reason: UnmatchedReason, invoice: InvoiceDetail) {
  switch (reason) {
    case 'not_open':
      return new Conflict(
        invoice.source === 'credit'
          ? 'A credit note takes no payment'
          : invoice.status === 'draft'
            ? 'A draft invoice takes no payment: send it first'
            : invoice.status === 'void'
              ? 'A void invoice takes no payment'
              : 'This invoice is paid',
        { invoiceId: invoiceStatusLabel(invoice.source === 'credit' ? 'void' : invoice.status) },
      )
    case 'wrong_currency':
      return new Invalid({ currency: `This invoice is in ${invoice.currency}` })
    case 'not_positive':
      return new Invalid({ amountCents: 'Amount must be more than zero' })
    default:
      return new Invalid({
        amountCents: `At most ${formatCents(Math.max(0, invoice.balanceCents))} is left to pay on this invoice`,
      })
  }
}

/**
 * Records a payment on an invoice: THE way a payment is recorded (manual
 * payments, GraphQL, and the services to come call it). A partial one leaves a
 * balance; more than what is left, a draft, a paid, void or credit-note
 * invoice, or another currency is refused (Invalid or Conflict, field named).
 * Its receipt and the owner's notice: services/payment-notices.ts
 * (recordPaymentAndNotify), which the edges call.
 */
export async function recordPayment(db: Db, invoiceId: number, input: PaymentInput, now = new Date()) {
  const invoice = await getInvoice(db, invoiceId)
  const currency = (input.currency ?? invoice.currency).toUpperCase()
  const refusal = paymentRefusal(invoice, input.amountCents, currency)
  if (refusal) throw paymentRefusalError(refusal, invoice)
  let paymentId: number
  try {
    const [[inserted]] = await db.batch([
      db
        .insert(tables.payments)
        .values({
          invoiceId,
          amountCents: input.amountCents,
          currency,
          date: input.date ?? businessDate(now),
          method: input.method,
          reference: input.reference ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: tables.payments.id }),
      settleStatement(db, invoiceId, now),
    ])
    paymentId = inserted!.id
  } catch (err) {
    // Another payment landed meanwhile: the trigger measured against the balance as it now is.
    const reason = moneyRefusal(err)
    if (reason && reason !== 'credit' && reason !== 'block')
      throw paymentRefusalError(reason, await getInvoice(db, invoiceId))
    throw err
  }
  return { ...(await getInvoice(db, invoiceId)), paymentId }
}

/** Payments kept for the owner instead of being recorded on an invoice (with the reason), newest first. */
export function unmatchedPayments(db: Db) {
  return db
    .select()
    .from(tables.payments)
    .where(isNull(tables.payments.invoiceId))
    .orderBy(desc(tables.payments.id))
}

/** Attaches an unmatched payment to an invoice, under the same rules as recordPayment. */
export async function matchPayment(db: Db, paymentId: number, invoiceId: number, now = new Date()) {
  const invoice = await getInvoice(db, invoiceId)
  const [payment] = await db
    .select()
    .from(tables.payments)
    .where(and(eq(tables.payments.id, paymentId), isNull(tables.payments.invoiceId)))
    .limit(1)
  if (!payment) throw new NotFound('No such unmatched payment')
  const refusal = paymentRefusal(invoice, payment.amountCents, payment.currency)
  if (refusal) throw paymentRefusalError(refusal, invoice)
  try {
    const [[matched]] = await db.batch([
      db
        .update(tables.payments)
        .set({ invoiceId, unmatchedReason: null, updatedAt: now })
        .where(and(eq(tables.payments.id, paymentId), isNull(tables.payments.invoiceId)))
        .returning({ id: tables.payments.id }),
      settleStatement(db, invoiceId, now),
    ])
    if (!matched) throw new NotFound('No such unmatched payment')
  } catch (err) {
    const reason = moneyRefusal(err)
    if (reason && reason !== 'credit' && reason !== 'block')
      throw paymentRefusalError(reason, await getInvoice(db, invoiceId))
    throw err
  }
  return getInvoice(db, invoiceId)
}

// ---------- The owner's overview and the accountant's CSV ----------

export async function billingOverview(db: Db, now = new Date()) {
  const today = businessDate(now)
  const e = tables.timeEntries
  const unbilled = await db
    .select({ entry: e, clientName: tables.clients.name, rounding: tables.clients.roundingMinutes })
    .from(e)
    .innerJoin(tables.clients, eq(tables.clients.id, e.clientId))
    .where(and(isNull(e.invoiceId), isNull(e.blockId), eq(e.billable, true)))
  const perClient = new Map<
    number,
    { clientId: number; clientName: string; minutes: number; amountCents: number }
  >()
  for (const { entry, clientName, rounding } of unbilled) {
    const row = perClient.get(entry.clientId) ?? {
      clientId: entry.clientId,
      clientName,
      minutes: 0,
      amountCents: 0,
    }
    const minutes = roundMinutes(entry.minutes, rounding)
    row.minutes += minutes
    row.amountCents += timeLine(minutes, entry.rateCents).amountCents
    perClient.set(entry.clientId, row)
  }
  // A credit note is never outstanding; it shows as the lower balance of the invoice it corrects.
  const open = (await listInvoices(db)).filter(
    ({ invoice, balanceCents }) =>
      invoice.source !== 'credit' && isOpenStatus(invoice.status) && balanceCents > 0,
  )
  const outstanding = open.map(({ invoice, clientName, balanceCents }) => ({
    id: invoice.id,
    number: invoice.number,
    clientName,
    dueDate: invoice.dueDate,
    status: invoice.status,
    balanceCents,
    overdue: invoice.dueDate < today,
  }))
  const p = tables.payments
  const paidSince = async (from: string) =>
    (
      await db
        .select({ total: sql<number>`coalesce(sum(${p.amountCents}), 0)` })
        .from(p)
        .where(and(isNotNull(p.invoiceId), gte(p.date, from), lt(p.date, addDays(today, 1))))
    )[0]?.total ?? 0
  return {
    unbilled: [...perClient.values()],
    outstanding,
    outstandingCents: outstanding.reduce((sum, o) => sum + o.balanceCents, 0),
    overdueCents: outstanding.filter((o) => o.overdue).reduce((sum, o) => sum + o.balanceCents, 0),
    paidThisMonthCents: await paidSince(`${today.slice(0, 7)}-01`),
    paidThisYearCents: await paidSince(`${today.slice(0, 4)}-01-01`),
  }
}

const dollars = (cents: number) => formatCents(cents, 'plain')

/** Invoices for the accountant (amounts in dollars with two decimals). */
export async function invoicesCsv(db: Db) {
  const rows = await listInvoices(db)
  return csvLines(
    [
      'number',
      'client',
      'source',
      'status',
      'issue_date',
      'due_date',
      'subtotal',
      'discount',
      'tax',
      'total',
      'credited',
      'paid',
      'balance',
      'currency',
    ],
    rows.map(({ invoice: i, clientName, creditedCents, paidCents, balanceCents }) => [
      i.number,
      clientName,
      i.source,
      i.status,
      i.issueDate,
      i.dueDate,
      dollars(i.subtotalCents),
      dollars(i.discountCents),
      dollars(i.taxCents),
      dollars(i.totalCents),
      dollars(creditedCents),
      dollars(paidCents),
      dollars(balanceCents),
      i.currency,
    ]),
  )
}

/** Payments for the accountant, unmatched ones included (without an invoice number). */
export async function paymentsCsv(db: Db) {
  const p = tables.payments
  const rows = await db
    .select({ payment: p, number: tables.invoices.number, clientName: tables.clients.name })
    .from(p)
    .leftJoin(tables.invoices, eq(tables.invoices.id, p.invoiceId))
    .leftJoin(tables.clients, eq(tables.clients.id, tables.invoices.clientId))
    .orderBy(asc(p.date), asc(p.id))
  return csvLines(
    [
      'date',
      'invoice',
      'client',
      'amount',
      'currency',
      'method',
      'reference',
      'stripe_event',
      'unmatched_number',
      'unmatched_reason',
    ],
    rows.map(({ payment, number, clientName }) => [
      payment.date,
      number ?? '',
      clientName ?? '',
      dollars(payment.amountCents),
      payment.currency,
      payment.method,
      payment.reference,
      payment.stripeEventId,
      payment.unmatchedNumber,
      payment.unmatchedReason,
    ]),
  )
}

/** Sent invoices a client still owes on, for the reminders. */
export function openInvoices(db: Db) {
  return db
    .select()
    .from(tables.invoices)
    .where(and(inArray(tables.invoices.status, [...OPEN_STATUSES]), ne(tables.invoices.source, 'credit')))
}

// ---------- The PDF ----------

const quantityText = (milli: number, unit: string | null) =>
  `${(milli / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })}${unit ? ` ${unit}` : ''}`

/** The invoice's PDF: its frozen lines and totals, the payments so far, and how to pay. */
export async function invoicePdfFor(db: Db, env: Env, id: number, onlinePayment: boolean) {
  const invoice = await getInvoice(db, id)
  const [client] = await db.select().from(tables.clients).where(eq(tables.clients.id, invoice.clientId))
  const contact = await contactOf(db, invoice)
  const credit = invoice.source === 'credit'
  const { paymentInstructions } = await getBillingSettings(db)
  const howToPay = credit
    ? []
    : [
        ...(onlinePayment ? [`Online by card: ${invoiceLink(env, id)} ("Pay now").`] : []),
        ...(paymentInstructions
          ? // One row a line: the PDF writes rows, it does not break lines.
            [`By bank transfer or check (quote ${invoice.number}):`, ...paymentInstructions.split('\n')]
          : [
              `By bank transfer or check: quote ${invoice.number}; ask ${env.CONTACT_EMAIL} for the details.`,
            ]),
      ]
  // pdf-lib is loaded on the first PDF, not at start-up (ADR 103).
  const { invoicePdf } = await import('../pdf/invoice-pdf')
  const bytes = await invoicePdf({
    number: invoice.number,
    title: credit ? 'Credit note' : 'Invoice',
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    status: invoice.status,
    from: { name: env.OWNER_NAME, email: env.CONTACT_EMAIL, phone: env.CONTACT_PHONE, website: env.SITE_URL },
    to: { name: client?.name ?? '', contactName: contact?.name, email: contact?.email },
    lines: invoice.lines.map((l) => ({
      description: l.description,
      quantity: quantityText(l.quantityMilli, l.unit),
      unitPriceCents: l.unitPriceCents,
      amountCents: l.amountCents,
    })),
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    taxRateBp: invoice.taxRateBp,
    taxCents: invoice.taxCents,
    totalCents: invoice.totalCents,
    creditedCents: invoice.creditedCents,
    payments: invoice.payments.map((p) => ({ date: p.date, method: p.method, amountCents: p.amountCents })),
    balanceCents: invoice.balanceCents,
    roundingNote:
      invoice.source === 'time' && invoice.roundingMinutes
        ? `Time is rounded up to the next ${invoice.roundingMinutes} minutes per entry.`
        : null,
    howToPay,
    notes: invoice.notes,
    // The PDF fonts are static assets (ADR 110).
    fonts: env.ASSETS,
  })
  return { invoice, bytes, filename: `${invoice.number}.pdf` }
}

// ---------- The portal's view (issue 24's session gives the client) ----------

/** The signed-in contact's client, as the portal session gives it. */
export type PortalScope = { clientId: number }

/** The portal lists a client's invoices once sent (never drafts), newest first. */
export async function portalInvoices(db: Db, scope: PortalScope) {
  const rows = await listInvoices(db, { clientId: scope.clientId })
  return rows
    .filter(({ invoice }) => invoice.status !== 'draft')
    .map(({ invoice, balanceCents }) => ({
      id: invoice.id,
      number: invoice.number,
      source: invoice.source,
      status: invoice.status,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      totalCents: invoice.totalCents,
      balanceCents,
    }))
}

/**
 * One invoice of the session's client, or NotFound exactly as for a missing
 * one (another client's id, a draft). Opening a sent invoice marks it viewed.
 */
export async function portalInvoice(db: Db, scope: PortalScope, id: number, now = new Date()) {
  const [row] = await db
    .select({ id: tables.invoices.id, status: tables.invoices.status })
    .from(tables.invoices)
    .where(
      and(
        eq(tables.invoices.id, id),
        eq(tables.invoices.clientId, scope.clientId),
        ne(tables.invoices.status, 'draft'),
      ),
    )
    .limit(1)
  if (!row) throw new NotFound('Invoice not found')
  if (row.status === 'sent') await markViewed(db, id, now)
  return getInvoice(db, id)
}

/** The PDF of one of the session's client's invoices (NotFound for any other). */
export async function portalInvoicePdf(
  db: Db,
  env: Env,
  scope: PortalScope,
  id: number,
  onlinePayment: boolean,
) {
  await portalInvoice(db, scope, id)
  return invoicePdfFor(db, env, id, onlinePayment)
}
