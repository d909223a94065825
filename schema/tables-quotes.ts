// Quotes and agreements (issue 25): revisions, lines, frozen agreement text, signatures, change requests.
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { clients, contacts } from './tables-clients'
import { consultations } from './tables-consultations'
import { timestamps } from './timestamps'

/** Agreement templates (Markdown with merge fields) the owner edits. */
export const agreementTemplates = sqliteTable('agreement_templates', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  // 'service' | 'baa' | 'custom'
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  body: text('body').notNull(),
  // Seeded templates are starting points to have reviewed by a lawyer.
  needsLegalReview: integer('needs_legal_review', { mode: 'boolean' }).notNull().default(false),
  archived: integer('archived', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
})

/**
 * A quote (one revision of it). A sent revision is never changed: a revision
 * is a new row with the same number and revision + 1, and the old row's
 * supersededById points to it.
 */
export const quotes = sqliteTable(
  'quotes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    // Who receives and may sign it; null: the client's first contact.
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    consultationId: integer('consultation_id').references(() => consultations.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    revision: integer('revision').notNull().default(1),
    supersededById: integer('superseded_by_id'),
    title: text('title').notNull(),
    // Markdown, rendered safely (no raw HTML).
    intro: text('intro'),
    discountCents: integer('discount_cents').notNull().default(0),
    // Tax rate in basis points (825 = 8.25 %).
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    depositPercent: integer('deposit_percent').notNull().default(0),
    paymentTerms: text('payment_terms'),
    // Calendar date (YYYY-MM-DD, Central) after which it can no longer be accepted.
    validUntil: text('valid_until').notNull(),
    currency: text('currency').notNull().default('USD'),
    // draft | sent | viewed | accepted | declined | expired | withdrawn | superseded
    status: text('status').notNull().default('draft'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    viewedAt: integer('viewed_at', { mode: 'timestamp_ms' }),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    declineReason: text('decline_reason'),
    // Optional lines the client chose when accepting (line ids).
    chosenLineIds: text('chosen_line_ids', { mode: 'json' }).$type<number[]>(),
    // Totals frozen when sent, and again (with the chosen options) when accepted.
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    reminderSentAt: integer('reminder_sent_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('quotes_number_revision_idx').on(t.number, t.revision),
    index('quotes_client_idx').on(t.clientId),
    index('quotes_status_idx').on(t.status),
  ],
)

export const quoteLines = sqliteTable(
  'quote_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    // Thousandths of a unit (1.5 hours = 1500), so quantities stay integers too.
    quantityMilli: integer('quantity_milli').notNull(),
    unit: text('unit'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    optional: integer('optional', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('quote_lines_quote_idx').on(t.quoteId)],
)

/** The agreements attached to a quote, frozen as text when the quote is sent. */
export const quoteAgreements = sqliteTable(
  'quote_agreements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => agreementTemplates.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    // The template's Markdown with merge fields filled in (frozen at send).
    body: text('body').notNull(),
  },
  (t) => [index('quote_agreements_quote_idx').on(t.quoteId)],
)

/**
 * The record of a signature (acceptance of a quote with its agreements): who,
 * when, from where, and over which exact text (SHA-256 of it). Never updated.
 */
export const signatures = sqliteTable('signatures', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  // One signature per quote revision: the second of two concurrent acceptances fails here.
  quoteId: integer('quote_id')
    .notNull()
    .unique()
    .references(() => quotes.id),
  contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
  signerName: text('signer_name').notNull(),
  signerEmail: text('signer_email').notNull(),
  signedAt: integer('signed_at', { mode: 'timestamp_ms' }).notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  revision: integer('revision').notNull(),
  // SHA-256 (hex) of the exact document text shown: the quote with the chosen
  // items, then each agreement ([{ name, sha256 }]).
  documentSha256: text('document_sha256').notNull(),
  agreementHashes: text('agreement_hashes', { mode: 'json' })
    .$type<{ name: string; sha256: string }[]>()
    .notNull()
    .default(sql`'[]'`),
  // The signed PDF in R2 and its SHA-256.
  pdfKey: text('pdf_key'),
  pdfSha256: text('pdf_sha256'),
})

/**
 * A client's "Ask for changes" on a sent quote (issue 36): the message reaches
 * the owner by e-mail and shows on the quote in the admin. Never edited.
 */
export const quoteChangeRequests = sqliteTable(
  'quote_change_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    message: text('message').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('quote_change_requests_quote_idx').on(t.quoteId)],
)

export type AgreementTemplate = typeof agreementTemplates.$inferSelect
export type Quote = typeof quotes.$inferSelect
export type QuoteLine = typeof quoteLines.$inferSelect
export type QuoteAgreement = typeof quoteAgreements.$inferSelect
export type Signature = typeof signatures.$inferSelect
export type QuoteChangeRequest = typeof quoteChangeRequests.$inferSelect
