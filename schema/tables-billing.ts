// Time and money (issue 26): counters, settings, prepaid blocks, invoices, time, payments, the balance view.
import { sql } from 'drizzle-orm'
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  sqliteView,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core'
import type { InvoiceSource, InvoiceStatus, PaymentMethod, QuotePart, UnmatchedReason } from './billing-words'
import { assets } from './tables-assets'
import { clients, contacts } from './tables-clients'
import { consultations } from './tables-consultations'
import { maintenanceTasks } from './tables-maintenance'
import { quotes } from './tables-quotes'
import { supportRequests } from './tables-requests'
import { timestamps } from './timestamps'

// Money is integer cents everywhere; totals are computed by one module (schema/money.ts)
// and stored frozen on what was sent.

/**
 * Document numbers (Q-2026-0001, INV-2026-0001): one counter row per kind and
 * year, raised in the same D1 batch as the insert that uses it, so two
 * concurrent creations never share a number and no number is skipped.
 */
export const documentCounters = sqliteTable(
  'document_counters',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
)

/**
 * The owner's billing settings (issue 36): one row (id 1); absent means none
 * set. Payment instructions (bank transfer, check) are shown on the portal's
 * invoice page, the invoice PDF and the invoice e-mail.
 */
export const billingSettings = sqliteTable('billing_settings', {
  id: integer('id').primaryKey(),
  paymentInstructions: text('payment_instructions'),
  // The Xero export's codes (issue 56): the sales account, and the tax rates'
  // names for a taxed and an untaxed invoice, as Xero names them.
  xeroAccountCode: text('xero_account_code'),
  xeroTaxType: text('xero_tax_type'),
  xeroTaxTypeNone: text('xero_tax_type_none'),
  ...timestamps,
})

/** Prepaid hour blocks: billable time draws them down first. */
export const prepaidBlocks = sqliteTable(
  'prepaid_blocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    minutes: integer('minutes').notNull(),
    priceCents: integer('price_cents').notNull(),
    validUntil: text('valid_until'),
    // Set once the "less than 20 % left" notice went out.
    lowNoticeSentAt: integer('low_notice_sent_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('prepaid_blocks_client_idx').on(t.clientId)],
)

export const invoices = sqliteTable(
  'invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    number: text('number').notNull().unique(),
    // schema/billing-words.ts INVOICE_SOURCES (a trigger refuses any other)
    source: text('source').$type<InvoiceSource>().notNull(),
    quoteId: integer('quote_id').references(() => quotes.id),
    // A quote's invoice: 'deposit' | 'remainder' | 'full' (QUOTE_PARTS); one live invoice per quote and part.
    quotePart: text('quote_part').$type<QuotePart>(),
    blockId: integer('block_id').references(() => prepaidBlocks.id),
    // A credit note names the invoice it corrects.
    creditForId: integer('credit_for_id'),
    // schema/billing-words.ts INVOICE_STATUSES (a trigger refuses any other)
    status: text('status').$type<InvoiceStatus>().notNull().default('draft'),
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date').notNull(),
    termsDays: integer('terms_days').notNull().default(15),
    roundingMinutes: integer('rounding_minutes').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    notes: text('notes'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    viewedAt: integer('viewed_at', { mode: 'timestamp_ms' }),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    // Reminders already queued, by name ('before', 'due', 'overdue'), so each goes out once.
    remindersSent: text('reminders_sent', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    ...timestamps,
  },
  (t) => [
    index('invoices_client_idx').on(t.clientId),
    index('invoices_status_idx').on(t.status),
    index('invoices_credit_for_idx').on(t.creditForId),
    // Once-only rules (issue 34): a block and each part of a quote have at most one live invoice.
    uniqueIndex('invoices_block_live_idx')
      .on(t.blockId)
      .where(sql`block_id is not null and status <> 'void'`),
    uniqueIndex('invoices_quote_part_live_idx')
      .on(t.quoteId, t.quotePart)
      .where(sql`quote_id is not null and status <> 'void'`),
  ],
)

export const invoiceLines = sqliteTable(
  'invoice_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantityMilli: integer('quantity_milli').notNull(),
    unit: text('unit'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    // The time entry this line bills (history only; the lock is time_entries.invoice_id).
    timeEntryId: integer('time_entry_id'),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
)

/**
 * Time the owner spent. An entry is billed by at most one invoice that is not
 * void: invoiceId is that invoice, set in the same batch as the invoice's
 * insert, and triggers in the migration refuse to re-bill, edit or delete a
 * billed entry (a database rule, not only a check in code).
 */
export const timeEntries = sqliteTable(
  'time_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    supportRequestId: integer('support_request_id').references(() => supportRequests.id, {
      onDelete: 'set null',
    }),
    consultationId: integer('consultation_id').references(() => consultations.id, { onDelete: 'set null' }),
    // Calendar date (YYYY-MM-DD) the work was done.
    date: text('date').notNull(),
    minutes: integer('minutes').notNull(),
    description: text('description').notNull(),
    billable: integer('billable', { mode: 'boolean' }).notNull().default(true),
    // Hourly rate in cents (the client's default unless overridden); 0 while needsRate.
    rateCents: integer('rate_cents').notNull(),
    // Tracked time is never refused for want of a rate (issue 36): it is kept
    // with this flag, and a trigger refuses to invoice it until a rate is set.
    needsRate: integer('needs_rate', { mode: 'boolean' }).notNull().default(false),
    // The prepaid block this entry draws down, if any.
    blockId: integer('block_id').references(() => prepaidBlocks.id),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    // The asset the work was on (issue 38); shown on the asset's page.
    assetId: integer('asset_id').references((): AnySQLiteColumn => assets.id, { onDelete: 'set null' }),
    // The maintenance task the work was for (issue 40); it counts against the client's plan like any time.
    maintenanceTaskId: integer('maintenance_task_id').references((): AnySQLiteColumn => maintenanceTasks.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    index('time_entries_client_idx').on(t.clientId, t.date),
    index('time_entries_invoice_idx').on(t.invoiceId),
  ],
)

/** The admin's running timer: at most one (id 1), kept across reloads. */
export const runningTimer = sqliteTable('running_timer', {
  id: integer('id').primaryKey(),
  startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
  clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
  supportRequestId: integer('support_request_id'),
  consultationId: integer('consultation_id'),
  description: text('description'),
  // The rate asked at start for a client without a default rate (cents per hour).
  rateCents: integer('rate_cents'),
})

/**
 * Payments, manual or from Stripe. A Stripe event is recorded once (its id is
 * unique). A payment whose invoice number matched nothing is kept with
 * invoiceId null and the number it named, for the owner to match.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    amountCents: integer('amount_cents').notNull(),
    // Calendar date of the payment.
    date: text('date').notNull(),
    // schema/billing-words.ts PAYMENT_METHODS (a trigger refuses any other)
    method: text('method').$type<PaymentMethod>().notNull(),
    // ISO 4217, upper case; a payment is recorded on an invoice only in the invoice's currency.
    currency: text('currency').notNull().default('USD'),
    reference: text('reference'),
    stripeEventId: text('stripe_event_id').unique(),
    // One payment per Checkout Session and per PaymentIntent, whatever the event that told us.
    stripeSessionId: text('stripe_session_id').unique(),
    stripePaymentIntentId: text('stripe_payment_intent_id').unique(),
    // For an unmatched payment: the invoice number it named, and why it was not recorded on it
    // (schema/billing-words.ts UNMATCHED_REASONS).
    unmatchedNumber: text('unmatched_number'),
    unmatchedReason: text('unmatched_reason').$type<UnmatchedReason>(),
    ...timestamps,
  },
  (t) => [index('payments_invoice_idx').on(t.invoiceId)],
)

/**
 * What each invoice owes, was credited, was paid and has left: the one
 * balance every view reads (issue 34). A view written by hand in the
 * billing_balance migration (drizzle only reads it), so the credit-note and
 * payment triggers check the very same figure inside the statement that
 * writes. A credit note or a void invoice owes nothing.
 */
export const invoiceBalances = sqliteView('invoice_balances', {
  invoiceId: integer('invoice_id').notNull(),
  owedCents: integer('owed_cents').notNull(),
  creditedCents: integer('credited_cents').notNull(),
  paidCents: integer('paid_cents').notNull(),
  balanceCents: integer('balance_cents').notNull(),
}).existing()

export type PrepaidBlock = typeof prepaidBlocks.$inferSelect
export type Invoice = typeof invoices.$inferSelect
export type InvoiceLine = typeof invoiceLines.$inferSelect
export type TimeEntry = typeof timeEntries.$inferSelect
export type Payment = typeof payments.$inferSelect
