// Quotes (issue 25): a quote's life from draft to a signed acceptance.
//
// - Numbers Q-YYYY-NNNN come from services/numbering.ts, raised in the same D1
//   batch as the insert. Totals come from schema/money.ts (via quoteTotals).
// - A sent quote never changes: its totals and its agreements' text (merge
//   fields filled) are frozen when it is sent, and triggers (migration 0014)
//   refuse changes to the lines and agreements of a quote that is not a draft.
//   A revision is a new row with the same number and revision + 1; the old row
//   becomes `superseded`, readable but no longer acceptable.
// - Accepting is one batch: the signature insert runs only while the quote is
//   open, then the status changes; signatures.quote_id is unique, so of two
//   acceptances at once exactly one wins.
// - The client is scoped: every portal function takes the session's client and
//   answers NotFound for another client's quote, exactly as for a missing one.
import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { formatCents, lineAmountCents } from '../../schema/money'
import { forClient, ownerNotes, ownerNoteWarning } from '../../schema/owner-notes'
import {
  type AcceptInput,
  DEFAULT_VALID_DAYS,
  depositOf,
  fillMergeFields,
  type MergeValues,
  OPEN_QUOTE_STATUSES,
  offerText,
  type QuoteDocument,
  type QuoteInput,
  type QuoteStatus,
  quoteDocumentText,
  quoteLabel,
  quoteTotals,
  REMINDER_DAYS_BEFORE_EXPIRY,
  sha256Hex,
  taxRateBp,
} from '../../schema/quotes'
import { SIGN_IN_LINK_LIFETIME } from '../../schema/sign-in-link'
import { addDays, businessDate, formatCalendarDate } from '../../schema/slot-time'
import type { Quote } from '../../schema/tables'
import type { Db } from '../db'
import { tables } from '../db'
import { letterHtml } from '../mail/letter-html'
import { type QueuedMail, queueMail } from '../mail/outbox'
import { headerSafe } from '../mail/templates'
import { visitorMailEnabled } from '../mail/visitor'
import type { QuotePdfInput } from '../pdf/quote-pdf'
import { templatesForQuote } from './agreements'
import { chunkedInserts } from './chunks'
import { Conflict, Invalid, NotFound } from './errors'
import { createInvoice, sendInvoice } from './invoices'
import { raiseCounter, takenNumber } from './numbering'
import { createSignInLink } from './portal-links'
import { askIntoInbox } from './quote-conversation'
import { chosenRecipients, recipientOptions, type SendPreview } from './send-step'

/** pdf-lib is loaded on the first PDF, not at start-up (ADR 103). */
const renderQuotePdf = async (input: QuotePdfInput) =>
  (await import('../pdf/quote-pdf')).renderQuotePdf(input)

const q = tables.quotes
const ql = tables.quoteLines
const qa = tables.quoteAgreements
const sig = tables.signatures

/** The contact a portal session belongs to: what every client-side function is scoped by. */
export type PortalScope = { clientId: number; contactId: number }

/** Where the signer's request came from, for the signature record. */
export type RequestMeta = { ip: string | null; userAgent: string | null }

const OPEN: readonly string[] = OPEN_QUOTE_STATUSES

// ---------- Reading ----------

async function loadDetail(db: Db, row: Quote) {
  const at = tables.agreementTemplates
  const [lines, agreements, signatures, clients, contacts, invoices, changeRequests, current] =
    await db.batch([
      db.select().from(ql).where(eq(ql.quoteId, row.id)).orderBy(asc(ql.position), asc(ql.id)),
      // With the template's kind: a BAA's signature lines name its parties (covered entity, business associate).
      db
        .select({ ...getTableColumns(qa), kind: at.kind })
        .from(qa)
        .leftJoin(at, eq(at.id, qa.templateId))
        .where(eq(qa.quoteId, row.id))
        .orderBy(asc(qa.id)),
      db.select().from(sig).where(eq(sig.quoteId, row.id)),
      db
        .select({ id: tables.clients.id, name: tables.clients.name })
        .from(tables.clients)
        .where(eq(tables.clients.id, row.clientId)),
      db
        .select({ id: tables.contacts.id, name: tables.contacts.name, email: tables.contacts.email })
        .from(tables.contacts)
        .where(
          row.contactId
            ? eq(tables.contacts.id, row.contactId)
            : eq(tables.contacts.id, sql`(select min(id) from contacts where client_id = ${row.clientId})`),
        ),
      db
        .select({
          id: tables.invoices.id,
          number: tables.invoices.number,
          status: tables.invoices.status,
          totalCents: tables.invoices.totalCents,
        })
        .from(tables.invoices)
        .where(and(eq(tables.invoices.quoteId, row.id), ne(tables.invoices.status, 'void')))
        .orderBy(asc(tables.invoices.id)),
      db
        .select()
        .from(tables.quoteChangeRequests)
        .where(eq(tables.quoteChangeRequests.quoteId, row.id))
        .orderBy(asc(tables.quoteChangeRequests.id)),
      // The revision the client holds now: the latest one that was sent (a new draft revision is not it).
      db
        .select({ id: q.id, revision: q.revision })
        .from(q)
        .where(and(eq(q.number, row.number), ne(q.status, 'draft')))
        .orderBy(desc(q.revision))
        .limit(1),
    ])
  const totals = quoteTotals({ ...row, lines }, row.chosenLineIds ?? [])
  const accepted = row.status === 'accepted'
  return {
    ...row,
    label: quoteLabel(row.number, row.revision),
    lines,
    lineAmounts: Object.fromEntries(
      lines.map((l) => [l.id, lineAmountCents(l.quantityMilli, l.unitPriceCents)]),
    ),
    agreements,
    signature: signatures[0] ?? null,
    client: clients[0] ?? { id: row.clientId, name: '' },
    contact: contacts[0] ?? null,
    changeRequests,
    /** The latest sent revision of this quote's number (this one, unless a later one was sent). */
    currentRevision: current[0] ?? null,
    // Computed from the lines (the stored totals are the frozen copy once sent).
    totals,
    depositCents: depositOf(totals.totalCents, row.depositPercent),
    // The acceptance issues the deposit invoice (onQuoteAccepted); the first live invoice of a
    // quote with a deposit is that one (services/invoices.ts bills the deposit before the rest).
    depositInvoice: row.depositPercent > 0 ? (invoices[0] ?? null) : null,
    // Left for the owner only if issuing it failed (or it was voided): then it is made by hand.
    depositToInvoice:
      accepted && depositOf(totals.totalCents, row.depositPercent) > 0 && invoices.length === 0,
  }
}
export type QuoteDetail = Awaited<ReturnType<typeof loadDetail>>

async function row(db: Db, id: number, clientId?: number) {
  const [found] = await db
    .select()
    .from(q)
    .where(
      clientId === undefined
        ? eq(q.id, id)
        : and(eq(q.id, id), eq(q.clientId, clientId), ne(q.status, 'draft')),
    )
  if (!found) throw new NotFound('Quote not found')
  return found
}

export async function getQuote(db: Db, id: number) {
  return loadDetail(db, await row(db, id))
}

export async function listQuotes(
  db: Db,
  filter: { status?: QuoteStatus | null; clientId?: number | null } = {},
) {
  const rows = await db
    .select({
      id: q.id,
      number: q.number,
      revision: q.revision,
      title: q.title,
      status: q.status,
      clientId: q.clientId,
      clientName: tables.clients.name,
      totalCents: q.totalCents,
      depositPercent: q.depositPercent,
      validUntil: q.validUntil,
      sentAt: q.sentAt,
      decidedAt: q.decidedAt,
      createdAt: q.createdAt,
      updatedAt: q.updatedAt,
      // The first live invoice of the quote: its deposit invoice when it has a deposit.
      firstInvoice: sql<
        string | null
      >`(select invoices.number from invoices where invoices.quote_id = ${q.id} and invoices.status != 'void' order by invoices.id limit 1)`,
    })
    .from(q)
    .innerJoin(tables.clients, eq(tables.clients.id, q.clientId))
    .where(
      and(
        filter.status ? eq(q.status, filter.status) : undefined,
        filter.clientId ? eq(q.clientId, filter.clientId) : undefined,
      ),
    )
    .orderBy(desc(q.id))
  // A draft's stored totals are not frozen yet: its list total is computed from its lines.
  const drafts = rows.filter((r) => r.status === 'draft').map((r) => r.id)
  const draftLines = drafts.length ? await db.select().from(ql).where(inArray(ql.quoteId, drafts)) : []
  const draftRows = drafts.length ? await db.select().from(q).where(inArray(q.id, drafts)) : []
  return rows.map(({ firstInvoice, ...r }) => {
    const d = draftRows.find((x) => x.id === r.id)
    const totalCents = d
      ? quoteTotals({ ...d, lines: draftLines.filter((l) => l.quoteId === r.id) }).totalCents
      : r.totalCents
    return {
      ...r,
      label: quoteLabel(r.number, r.revision),
      totalCents,
      depositInvoiceNumber: r.depositPercent > 0 ? firstInvoice : null,
      depositToInvoice:
        r.status === 'accepted' && r.depositPercent > 0 && r.totalCents > 0 && firstInvoice === null,
    }
  })
}

/** The quote as the document a client reads (schema/quotes.ts turns it into text). */
export const documentOf = (d: QuoteDetail): QuoteDocument => ({
  number: d.number,
  revision: d.revision,
  title: d.title,
  clientName: d.client.name,
  intro: d.intro,
  lines: d.lines,
  discountCents: d.discountCents,
  taxRateBp: d.taxRateBp,
  depositPercent: d.depositPercent,
  paymentTerms: d.paymentTerms,
  validUntil: d.validUntil,
  currency: d.currency,
})

/** The hash of the offer a client reads (quote with its options, and each agreement): the accept form carries it. */
export const offerHash = (d: QuoteDetail) => sha256Hex(offerText(documentOf(d), d.agreements))

// ---------- Writing drafts ----------

const today = (now: Date) => businessDate(now)

type AgreementRow = { templateId: number | null; name: string; body: string }

/** The rows a quote's input becomes, after checking the client, contact, consultation and templates exist. */
async function checked(db: Db, input: QuoteInput, now: Date) {
  const [clientRows, contactRows, consultationRows] = await db.batch([
    db.select({ id: tables.clients.id }).from(tables.clients).where(eq(tables.clients.id, input.clientId)),
    db
      .select({ id: tables.contacts.id, clientId: tables.contacts.clientId })
      .from(tables.contacts)
      .where(eq(tables.contacts.id, input.contactId ?? 0)),
    db
      .select({ id: tables.consultations.id })
      .from(tables.consultations)
      .where(eq(tables.consultations.id, input.consultationId ?? 0)),
  ])
  const errors: Record<string, string> = {}
  if (!clientRows.length) errors.clientId = 'Unknown client'
  if (input.contactId && contactRows[0]?.clientId !== input.clientId)
    errors.contactId = 'Unknown contact of this client'
  if (input.consultationId && !consultationRows.length) errors.consultationId = 'Unknown consultation'
  if (input.validUntil && input.validUntil < today(now))
    errors.validUntil = 'Valid until must not be in the past'
  if (Object.keys(errors).length) throw new Invalid(errors)
  const templates = await templatesForQuote(db, input.agreementTemplateIds)
  const fields = {
    clientId: input.clientId,
    contactId: input.contactId ?? null,
    consultationId: input.consultationId ?? null,
    title: input.title,
    intro: input.intro,
    discountCents: input.discountCents,
    taxRateBp: taxRateBp(input.taxRatePercent),
    depositPercent: input.depositPercent,
    paymentTerms: input.paymentTerms,
    validUntil: input.validUntil ?? addDays(today(now), DEFAULT_VALID_DAYS),
    updatedAt: now,
  }
  const lines = input.lines.map((l, i) => ({
    position: i,
    description: l.description,
    quantityMilli: Math.round(l.quantity * 1000),
    unit: l.unit,
    unitPriceCents: l.unitPriceCents,
    optional: l.optional,
  }))
  // Drafts carry the template's text as written; it is filled and frozen when sent.
  const agreements = templates.map((t): AgreementRow => ({ templateId: t.id, name: t.name, body: t.body }))
  return { fields, lines, agreements }
}

/**
 * Inside a batch, right after the quote's insert: the id of the row just
 * inserted. A D1 batch is one transaction, so no other insert comes between,
 * and ids only grow (AUTOINCREMENT).
 */
const justInserted = sql<number>`(select max(id) from quotes)`

type Parts = Awaited<ReturnType<typeof checked>>

/** The batch statements adding a quote's lines and agreements to the quote inserted just before. */
function childInserts(
  db: Db,
  parts: Pick<Parts, 'lines' | 'agreements'>,
  quoteId: number | typeof justInserted,
) {
  return [
    ...chunkedInserts(
      db,
      ql,
      parts.lines.map((l) => ({ ...l, quoteId })),
    ),
    ...chunkedInserts(
      db,
      qa,
      parts.agreements.map((a) => ({ ...a, quoteId })),
    ),
  ]
}

async function insertNumbered(db: Db, parts: Parts, now: Date) {
  const year = Number(today(now).slice(0, 4))
  const [, [created]] = await db.batch([
    raiseCounter(db, 'quote', year),
    db
      .insert(q)
      .values({ ...parts.fields, number: takenNumber('quote', year), createdAt: now })
      .returning({ id: q.id }),
    ...childInserts(db, parts, justInserted),
  ])
  return created!.id
}

export async function createQuote(db: Db, input: QuoteInput, now = new Date()) {
  return getQuote(db, await insertNumbered(db, await checked(db, input, now), now))
}

/** "Create quote" from a consultation: its client, contact and description are taken over. */
export async function createQuoteFromConsultation(db: Db, consultationId: number, now = new Date()) {
  const [c] = await db.select().from(tables.consultations).where(eq(tables.consultations.id, consultationId))
  if (!c) throw new NotFound('Consultation not found')
  if (!c.clientId) throw new Conflict('This consultation has no client yet; open its client first.')
  return createQuote(
    db,
    {
      clientId: c.clientId,
      contactId: c.contactId,
      consultationId: c.id,
      title: `Quote for ${c.company || c.name}`,
      intro: c.description,
      lines: [
        { description: 'Work as discussed', quantity: 1, unit: null, unitPriceCents: 0, optional: false },
      ],
      discountCents: 0,
      taxRatePercent: 0,
      depositPercent: 0,
      paymentTerms: null,
      validUntil: null,
      agreementTemplateIds: [],
    },
    now,
  )
}

const isDraftLock = (err: unknown) => /quote is not a draft/.test(`${err} ${(err as Error)?.cause ?? ''}`)

/** Edits a draft; a sent quote is never edited (revise it instead). */
export async function updateQuote(db: Db, id: number, input: QuoteInput, now = new Date()) {
  const current = await row(db, id)
  if (current.status !== 'draft')
    throw new Conflict('Only a draft can be edited; revise the sent quote instead.')
  const parts = await checked(db, input, now)
  try {
    await db.batch([
      db
        .update(q)
        .set(parts.fields)
        .where(and(eq(q.id, id), eq(q.status, 'draft'))),
      // The triggers refuse these once the quote is no longer a draft (a send that won a race).
      db.delete(ql).where(eq(ql.quoteId, id)),
      db.delete(qa).where(eq(qa.quoteId, id)),
      ...childInserts(db, parts, id),
    ])
  } catch (err) {
    if (isDraftLock(err)) throw new Conflict('Only a draft can be edited; revise the sent quote instead.')
    throw err
  }
  return getQuote(db, id)
}

/** A copy as a new draft with a new number (another client's quote, next year's renewal). */
export async function duplicateQuote(db: Db, id: number, now = new Date()) {
  const d = await getQuote(db, id)
  const templates = d.agreements.filter((a) => a.templateId !== null).map((a) => a.templateId!)
  const fresh = await templatesForQuote(db, templates).catch(() => [])
  return getQuote(
    db,
    await insertNumbered(
      db,
      {
        fields: {
          clientId: d.clientId,
          contactId: d.contactId,
          consultationId: d.consultationId,
          title: d.title,
          intro: d.intro,
          discountCents: d.discountCents,
          taxRateBp: d.taxRateBp,
          depositPercent: d.depositPercent,
          paymentTerms: d.paymentTerms,
          validUntil: addDays(today(now), DEFAULT_VALID_DAYS),
          updatedAt: now,
        },
        lines: d.lines.map(({ id: _, quoteId: __, ...l }) => l),
        agreements: fresh.map((t) => ({ templateId: t.id, name: t.name, body: t.body })),
      },
      now,
    ),
  )
}

const REVISABLE: readonly string[] = ['sent', 'viewed', 'declined', 'expired', 'withdrawn']

/**
 * A new revision of a sent quote: a draft with the same number and
 * revision + 1. The old one stays current (the client may still accept it)
 * until the new one is sent: sendQuote supersedes it then (ADR 140).
 */
export async function reviseQuote(db: Db, id: number, now = new Date()) {
  const d = await getQuote(db, id)
  if (!REVISABLE.includes(d.status))
    throw new Conflict(
      d.status === 'draft'
        ? 'A draft is edited directly.'
        : d.status === 'accepted'
          ? 'An accepted quote cannot be revised.'
          : 'Only the latest revision can be revised.',
    )
  const templateIds = d.agreements.filter((a) => a.templateId !== null).map((a) => a.templateId!)
  const templates = await templatesForQuote(db, templateIds).catch(() => [])
  const agreements = [
    ...templates.map((t) => ({ templateId: t.id, name: t.name, body: t.body })),
    // An agreement whose template is gone keeps its sent text.
    ...d.agreements
      .filter((a) => a.templateId === null)
      .map((a) => ({ templateId: null, name: a.name, body: a.body })),
  ]
  try {
    const [[created]] = await db.batch([
      db
        .insert(q)
        .values({
          clientId: d.clientId,
          contactId: d.contactId,
          consultationId: d.consultationId,
          number: d.number,
          revision: d.revision + 1,
          title: d.title,
          intro: d.intro,
          discountCents: d.discountCents,
          taxRateBp: d.taxRateBp,
          depositPercent: d.depositPercent,
          paymentTerms: d.paymentTerms,
          validUntil: d.validUntil < today(now) ? addDays(today(now), DEFAULT_VALID_DAYS) : d.validUntil,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: q.id }),
      ...childInserts(
        db,
        { lines: d.lines.map(({ id: _, quoteId: __, ...l }) => l), agreements },
        justInserted,
      ),
    ])
    return getQuote(db, created!.id)
  } catch (err) {
    // (number, revision) is unique: of two revisions at once, one is made.
    if (/UNIQUE/i.test(`${err} ${(err as Error)?.cause ?? ''}`))
      throw new Conflict('This quote was already revised.')
    throw err
  }
}

// ---------- Sending ----------

/**
 * The quote's page in the portal: the link the send answers with, for the
 * owner to see or pass on by hand. It signs nobody in (the owner opening it
 * must not use up the client's one-time link), so it asks for a sign-in.
 */
export const quotePageLink = (env: Pick<Env, 'SITE_URL'>, quoteId: number): string =>
  new URL(`/portal/quotes/${quoteId}`, env.SITE_URL).toString()

/**
 * The link the quote's e-mail carries: a portal sign-in link for the contact
 * (services/portal-links.ts, one use, 15 minutes) that leads to the quote, so
 * the client reads and signs it without asking for a link first. Once it has
 * expired, the page it opens offers a new one by e-mail.
 */
export const quoteLink = (db: Db, env: Pick<Env, 'SITE_URL'>, contactId: number, quoteId: number) =>
  createSignInLink(db, env, { contactId, next: `/portal/quotes/${quoteId}` })

function mergeValues(env: Env, d: QuoteDetail, now: Date): MergeValues {
  return {
    'client.name': d.client.name,
    'contact.name': d.contact?.name ?? '',
    'contact.email': d.contact?.email ?? '',
    'quote.number': d.label,
    'quote.title': d.title,
    // Without the options: the client has not chosen them yet.
    'quote.total': formatCents(d.totals.totalCents),
    'quote.deposit': formatCents(d.depositCents),
    'quote.validUntil': formatCalendarDate(d.validUntil),
    'owner.name': env.OWNER_NAME,
    today: formatCalendarDate(today(now)),
  }
}

/**
 * The agreements as the client reads them: a sent quote's frozen text, or a
 * draft's as it will be frozen at Send (merge fields filled, owner-only notes
 * removed), so the preview PDF shows exactly what the client will get.
 */
export async function clientAgreements(db: Db, env: Env, d: QuoteDetail, now = new Date()) {
  if (d.status !== 'draft') return d.agreements
  return (await draftAgreements(db, env, d, now)).map((a) => ({ ...a, body: a.clientBody }))
}

/**
 * A draft's agreements as Send will freeze them: the template's current text
 * (the owner may have edited it since the draft was made; the draft's copy
 * when the template is gone), merge fields filled; `clientBody` without the
 * owner-only notes, `notes` those notes (for the send step's warning).
 */
async function draftAgreements(db: Db, env: Env, d: QuoteDetail, now: Date) {
  const values = mergeValues(env, d, now)
  const templateIds = d.agreements.map((a) => a.templateId ?? 0)
  const templates = templateIds.length
    ? await db
        .select()
        .from(tables.agreementTemplates)
        .where(inArray(tables.agreementTemplates.id, templateIds))
    : []
  return d.agreements.map((a) => {
    const filled = fillMergeFields(templates.find((t) => t.id === a.templateId)?.body ?? a.body, values)
    return { ...a, clientBody: forClient(filled), notes: ownerNotes(filled) }
  })
}

const outboxRow = (m: {
  recipient: string
  subject: string
  text: string
  html: string
  attachments?: QueuedMail['attachments']
}): QueuedMail => ({
  recipient: m.recipient,
  replyTo: null,
  subject: headerSafe(m.subject, 200),
  textBody: m.text,
  htmlBody: m.html,
  attachments: m.attachments ?? [],
  kind: 'quote',
})

function quoteMail(
  env: Env,
  d: QuoteDetail,
  to: { name: string; email: string },
  link: { signIn: string; page: string },
  reminder = false,
) {
  const greeting = `Hello ${to.name},`
  const lead = reminder
    ? `A reminder: the quote "${d.title}" (${d.label}) is valid until ${formatCalendarDate(d.validUntil)}.`
    : `${env.OWNER_NAME} sent you the quote "${d.title}" (${d.label}) for ${formatCents(d.totals.totalCents)}, valid until ${formatCalendarDate(d.validUntil)}.`
  const ask = 'Read it, choose any options and accept it online:'
  // The sign-in link works once, for a short while; the page's own address stays
  // (it asks for a new link by e-mail first).
  const later = `The link signs you in once, within ${SIGN_IN_LINK_LIFETIME}. Later, the quote is at ${link.page}`
  return outboxRow({
    recipient: to.email,
    subject: `${reminder ? 'Reminder: quote' : 'Quote'} ${d.label} from ${env.OWNER_NAME}`,
    text: [greeting, '', lead, ask, link.signIn, '', later, '', env.OWNER_NAME].join('\n'),
    html: letterHtml({
      paragraphs: [greeting, lead, ask],
      link: { href: link.signIn, text: 'Open the quote' },
      footer: `${env.OWNER_NAME}. ${later}`,
    }),
  })
}

/** The options for the send step: options left open, revisions this one replaces. */
export type SendQuoteOptions = { recipientContactIds?: readonly number[] | null }

/**
 * What Send will do, for the send dialog: the client's contacts (the default
 * one ticked), the e-mail as the first recipient reads it, the document (the
 * draft PDF shows exactly the text Send freezes) and the warnings: owner-only
 * notes still in an agreement, merge fields nothing fills.
 */
export async function quoteSendPreview(db: Db, env: Env, id: number, now = new Date()): Promise<SendPreview> {
  const d = await getQuote(db, id)
  if (d.status !== 'draft') throw new Conflict('This quote was already sent.')
  const recipients = await recipientOptions(db, d.clientId, d.contactId)
  const first = recipients.find((r) => r.selected)
  const mail = quoteMail(
    env,
    d,
    { name: first?.name ?? d.client.name, email: first?.email ?? '' },
    { signIn: '(a one-time sign-in link for each recipient)', page: quotePageLink(env, id) },
  )
  const warnings: string[] = []
  for (const a of await draftAgreements(db, env, d, now)) {
    if (a.notes.length) warnings.push(ownerNoteWarning(a.name, a.notes))
    const unfilled = [...new Set(a.clientBody.match(/\{\{\s*[a-zA-Z.]+\s*\}\}/g) ?? [])]
    if (unfilled.length) warnings.push(`"${a.name}" has merge fields nothing fills: ${unfilled.join(', ')}.`)
  }
  if (!recipients.length) warnings.push('The client has no contact yet; add one before sending.')
  const earlier = d.revision > 1 ? await openEarlierRevisions(db, d.number, d.revision) : []
  if (earlier.length)
    warnings.push(
      `Sending replaces ${earlier.map((e) => quoteLabel(d.number, e.revision)).join(', ')}: the client can no longer accept it.`,
    )
  return {
    recipients,
    subject: mail.subject,
    textBody: mail.textBody,
    warnings,
    documentUrl: `/api/quotes/${id}/pdf`,
  }
}

/** Earlier revisions of a number the client still holds (sent or viewed): this send replaces them. */
const openEarlierRevisions = (db: Db, number: string, revision: number) =>
  db
    .select({ id: q.id, revision: q.revision })
    .from(q)
    .where(and(eq(q.number, number), lt(q.revision, revision), ne(q.status, 'draft')))

/**
 * Sends a draft to the chosen contacts (the default one when none are given):
 * freezes its totals and its agreements' text (merge fields filled, owner-only
 * notes removed), marks it sent and, when visitor mail is on, queues one
 * e-mail per recipient with their own sign-in link. A revision replaces the
 * earlier ones in the same batch (they stay current until this moment), and
 * is refused if one of them was accepted meanwhile. The link is returned
 * either way, for the owner to pass on by hand.
 */
export async function sendQuote(
  db: Db,
  env: Env,
  id: number,
  options: SendQuoteOptions = {},
  now = new Date(),
) {
  const d = await getQuote(db, id)
  if (d.status !== 'draft') throw new Conflict('This quote was already sent.')
  const recipients = await chosenRecipients(db, d.clientId, options.recipientContactIds, d.contactId)
  if (d.validUntil < today(now))
    throw new Invalid({ validUntil: 'Valid until is in the past; change it first' })
  const agreements = await draftAgreements(db, env, d, now)
  const link = quotePageLink(env, id)
  // Made only when the e-mail goes: an unused sign-in link is one more way in.
  const mail = visitorMailEnabled(env)
    ? await Promise.all(
        recipients.map(async (r) =>
          quoteMail(env, d, r, { signIn: await quoteLink(db, env, r.id, id), page: link }),
        ),
      )
    : []
  // The earlier revision is current until now; accepted meanwhile, this one cannot replace it.
  const noEarlierAccepted = sql`not exists (select 1 from quotes e where e.number = ${d.number} and e.revision < ${d.revision} and e.status = 'accepted')`
  try {
    const statements: BatchItem<'sqlite'>[] = [
      // Filled and frozen while the quote is still a draft (the triggers allow it only then).
      ...agreements.map((a) => db.update(qa).set({ body: a.clientBody }).where(eq(qa.id, a.id))),
      db
        .update(q)
        .set({
          status: 'sent',
          sentAt: now,
          updatedAt: now,
          contactId: recipients[0]!.id,
          subtotalCents: d.totals.subtotalCents,
          discountCents: d.totals.discountCents,
          taxCents: d.totals.taxCents,
          totalCents: d.totals.totalCents,
        })
        .where(and(eq(q.id, id), eq(q.status, 'draft'), noEarlierAccepted))
        .returning({ id: q.id }),
      // Only once this one is sent (the status above) do the earlier ones stop being acceptable.
      db
        .update(q)
        .set({ status: 'superseded', supersededById: id, updatedAt: now })
        .where(
          and(
            eq(q.number, d.number),
            lt(q.revision, d.revision),
            inArray(q.status, [...REVISABLE]),
            sql`(select status from quotes s where s.id = ${id}) = 'sent'`,
          ),
        ),
      ...(mail.length ? [queueMail(db, mail, now)] : []),
    ]
    const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
    const sent = results[agreements.length] as { id: number }[]
    if (!sent.length) {
      const fresh = await row(db, id)
      if (fresh.status !== 'draft') throw new Conflict('This quote was already sent.')
      throw new Conflict(
        'An earlier revision of this quote was accepted meanwhile; this revision can no longer be sent.',
      )
    }
    const outboxIds = mail.length ? (results[agreements.length + 2] as { id: number }[]).map((r) => r.id) : []
    return { quote: await getQuote(db, id), link, outboxIds, recipients: recipients.map((r) => r.email) }
  } catch (err) {
    if (isDraftLock(err)) throw new Conflict('This quote was already sent.')
    throw err
  }
}

/** Withdraws an open quote: the client can no longer accept it. */
export async function withdrawQuote(db: Db, id: number, now = new Date()) {
  const d = await getQuote(db, id)
  const [done] = await db
    .update(q)
    .set({ status: 'withdrawn', decidedAt: now, updatedAt: now })
    .where(and(eq(q.id, id), inArray(q.status, ['draft', ...OPEN])))
    .returning({ id: q.id })
  if (!done) throw new Conflict(`A ${d.status} quote cannot be withdrawn.`)
  return getQuote(db, id)
}

// ---------- The client's side (portal) ----------

/** A quote as its client sees it: never a draft, never another client's (NotFound, as for a missing one). */
export async function portalQuote(db: Db, scope: PortalScope, id: number) {
  return loadDetail(db, await row(db, id, scope.clientId))
}

/** The client's quotes for the portal's list (no drafts). */
export function portalQuotes(db: Db, scope: PortalScope) {
  return db
    .select({
      id: q.id,
      number: q.number,
      revision: q.revision,
      title: q.title,
      status: q.status,
      totalCents: q.totalCents,
      validUntil: q.validUntil,
    })
    .from(q)
    .where(and(eq(q.clientId, scope.clientId), ne(q.status, 'draft')))
    .orderBy(desc(q.id))
}

/** The first opening by the client marks the quote viewed (and stops the reminder). */
export async function markQuoteViewed(db: Db, scope: PortalScope, id: number, now = new Date()) {
  await db
    .update(q)
    .set({ status: 'viewed', viewedAt: now, updatedAt: now })
    .where(and(eq(q.id, id), eq(q.clientId, scope.clientId), eq(q.status, 'sent')))
}

/** Why a quote can no longer be accepted or declined (null: it can). */
export function closedReason(d: Pick<Quote, 'status' | 'validUntil'>, now: Date): string | null {
  switch (d.status) {
    case 'accepted':
      return 'This quote has already been accepted.'
    case 'declined':
      return 'This quote was declined and can no longer be accepted.'
    case 'withdrawn':
      return 'This quote was withdrawn and can no longer be accepted.'
    case 'superseded':
      return 'This quote was replaced by a newer revision.'
    case 'expired':
      return `This quote expired after ${d.validUntil} and can no longer be accepted.`
    case 'draft':
      return 'This quote has not been sent.'
  }
  if (d.validUntil < today(now))
    return `This quote expired after ${d.validUntil} and can no longer be accepted.`
  return null
}

/**
 * Accepts (signs) a quote: checks it is open, the options are its own, and
 * the offer is the one the client read (the hash their form carried); then
 * records the signature and the decision in one batch. Afterwards the signed
 * PDF is stored and e-mailed; the caller sends the returned outbox ids.
 */
export async function acceptQuote(
  db: Db,
  env: Env,
  scope: PortalScope,
  id: number,
  input: AcceptInput,
  meta: RequestMeta,
  now = new Date(),
) {
  const d = await portalQuote(db, scope, id)
  const closed = closedReason(d, now)
  if (closed) throw new Conflict(closed)
  const optional = new Set(d.lines.filter((l) => l.optional).map((l) => l.id))
  const chosen = [...new Set(input.chosenLineIds)].sort((a, b) => a - b)
  if (chosen.some((c) => !optional.has(c)))
    throw new Invalid({ chosenLineIds: 'Choose options of this quote only' })
  if ((await offerHash(d)) !== input.documentHash)
    throw new Conflict('The quote changed since you opened it. Please read it again before accepting.', {
      documentHash: 'The quote changed since you opened it',
    })
  const [contact] = await db
    .select()
    .from(tables.contacts)
    .where(and(eq(tables.contacts.id, scope.contactId), eq(tables.contacts.clientId, scope.clientId)))
  if (!contact) throw new NotFound('Quote not found')
  const doc = documentOf(d)
  const documentSha256 = await sha256Hex(quoteDocumentText(doc, chosen))
  const agreementHashes = await Promise.all(
    d.agreements.map(async (a) => ({ name: a.name, sha256: await sha256Hex(a.body) })),
  )
  const totals = quoteTotals(d, chosen)
  let accepted: { id: number }[]
  try {
    ;[, accepted] = await db.batch([
      // Inserted only while the quote is open; the unique quote_id stops a second one.
      db.insert(sig).select(
        db
          .select({
            // Every column in table order (drizzle's rule for insert ... select); id from AUTOINCREMENT.
            id: sql`null`.as('id'),
            quoteId: q.id,
            contactId: sql`${contact.id}`.as('contact_id'),
            signerName: sql`${input.signerName}`.as('signer_name'),
            signerEmail: sql`${contact.email}`.as('signer_email'),
            signedAt: sql`${now.getTime()}`.as('signed_at'),
            ip: sql`${meta.ip}`.as('ip'),
            userAgent: sql`${meta.userAgent}`.as('user_agent'),
            revision: q.revision,
            documentSha256: sql`${documentSha256}`.as('document_sha256'),
            agreementHashes: sql`${JSON.stringify(agreementHashes)}`.as('agreement_hashes'),
            pdfKey: sql`null`.as('pdf_key'),
            pdfSha256: sql`null`.as('pdf_sha256'),
          })
          .from(q)
          .where(and(eq(q.id, id), inArray(q.status, [...OPEN]))),
      ),
      db
        .update(q)
        .set({
          status: 'accepted',
          decidedAt: now,
          updatedAt: now,
          chosenLineIds: chosen,
          subtotalCents: totals.subtotalCents,
          discountCents: totals.discountCents,
          taxCents: totals.taxCents,
          totalCents: totals.totalCents,
        })
        .where(and(eq(q.id, id), inArray(q.status, [...OPEN])))
        .returning({ id: q.id }),
    ])
  } catch (err) {
    if (/UNIQUE/i.test(`${err} ${(err as Error)?.cause ?? ''}`))
      throw new Conflict('This quote has already been accepted.')
    throw err
  }
  if (!accepted.length)
    throw new Conflict(closedReason(await row(db, id), now) ?? 'This quote can no longer be accepted.')
  const deposit = await onQuoteAccepted(db, env, id, contact.id, now).catch((err) => {
    // The signature is recorded whatever happens here: the acceptance stands, and the
    // owner sees "deposit to invoice" (depositToInvoice) and issues it by hand.
    console.error(`Quote ${id}: the deposit invoice was not issued`, err)
    return null
  })
  const pdf = await ensureSignedPdf(db, env, id)
  const outboxIds = await queueAcceptanceMail(db, env, await getQuote(db, id), pdf.key, now)
  return { quote: await getQuote(db, id), outboxIds, deposit }
}

/** The deposit invoice an acceptance issued, and its e-mail to send (empty with visitor mail off). */
export type IssuedDeposit = { invoiceId: number; number: string; totalCents: number; outboxIds: number[] }

/**
 * What an acceptance starts besides the signed copy: the deposit invoice,
 * made from the accepted quote by the invoice service (numbering, totals and
 * the one-deposit rule are its own) and sent the normal way, so it is in the
 * client's portal and mailbox. Only the acceptance that won calls this; the
 * invoice service's own check makes a second deposit invoice fail whole (a
 * Conflict, answered here with null), so it is issued at most once.
 */
export async function onQuoteAccepted(
  db: Db,
  env: Env,
  quoteId: number,
  contactId: number,
  now = new Date(),
): Promise<IssuedDeposit | null> {
  const [quote] = await db
    .select({
      clientId: q.clientId,
      status: q.status,
      depositPercent: q.depositPercent,
      totalCents: q.totalCents,
    })
    .from(q)
    .where(eq(q.id, quoteId))
  if (quote?.status !== 'accepted' || depositOf(quote.totalCents, quote.depositPercent) <= 0) return null
  let invoiceId: number
  try {
    invoiceId = (
      await createInvoice(
        db,
        { clientId: quote.clientId, source: 'quote', quoteId, part: 'deposit', contactId },
        now,
      )
    ).id
  } catch (err) {
    // Already invoiced (by the owner's hand at the same moment): nothing more to issue.
    if (err instanceof Conflict) return null
    throw err
  }
  const sent = await sendInvoice(db, env, invoiceId, {}, now)
  return {
    invoiceId,
    number: sent.invoice.number,
    totalCents: sent.invoice.totalCents,
    outboxIds: sent.outboxIds,
  }
}

/** Declines an open quote, with the client's reason if given. */
export async function declineQuote(
  db: Db,
  env: Env,
  scope: PortalScope,
  id: number,
  reason: string | null,
  now = new Date(),
) {
  const d = await portalQuote(db, scope, id)
  const closed = closedReason(d, now)
  if (closed) throw new Conflict(closed.replace('accepted', 'declined'))
  const [done] = await db
    .update(q)
    .set({ status: 'declined', declineReason: reason, decidedAt: now, updatedAt: now })
    .where(and(eq(q.id, id), inArray(q.status, [...OPEN])))
    .returning({ id: q.id })
  if (!done)
    throw new Conflict(closedReason(await row(db, id), now) ?? 'This quote can no longer be declined.')
  const fresh = await getQuote(db, id)
  const text = `${fresh.contact?.name ?? fresh.client.name} declined the quote ${fresh.label} ("${fresh.title}").${reason ? `\n\nReason: ${reason}` : ''}`
  const [mail] = await queueMail(
    db,
    outboxRow({
      recipient: env.NOTIFY_EMAIL,
      subject: `Quote ${fresh.label} declined by ${fresh.client.name}`,
      text,
      html: letterHtml({ paragraphs: text.split('\n\n') }),
    }),
    now,
  )
  return { quote: fresh, outboxIds: [mail!.id] }
}

/**
 * "Ask for changes" on a quote the client holds (sent or viewed): the message
 * is kept on the quote (the admin shows it) and e-mailed to the owner in the
 * same batch. The quote stays open: the owner answers with a revision.
 */
export async function askForQuoteChanges(
  db: Db,
  env: Env,
  scope: PortalScope,
  id: number,
  message: string,
  now = new Date(),
) {
  const d = await portalQuote(db, scope, id)
  const closed = closedReason(d, now)
  if (closed) throw new Conflict(closed.replace('accepted', 'changed'))
  const text = message.trim()
  if (!text) throw new Invalid({ message: 'Write what you would like changed' })
  const [contact] = await db
    .select({ id: tables.contacts.id, name: tables.contacts.name, email: tables.contacts.email })
    .from(tables.contacts)
    .where(and(eq(tables.contacts.id, scope.contactId), eq(tables.contacts.clientId, scope.clientId)))
  if (!contact) throw new NotFound('Quote not found')
  const ownerText = `${contact.name} (${d.client.name}) asks for changes to the quote ${d.label} ("${d.title}"):\n\n${text}\n\nRevise the quote in the admin to answer: ${new URL(`/admin/quotes/${id}`, env.SITE_URL)}`
  const [, [mail]] = await db.batch([
    db.insert(tables.quoteChangeRequests).values({
      quoteId: id,
      contactId: contact.id,
      authorName: contact.name,
      message: text,
      createdAt: now,
    }),
    queueMail(
      db,
      {
        ...outboxRow({
          recipient: env.NOTIFY_EMAIL,
          subject: `Changes asked for quote ${d.label} by ${d.client.name}`,
          text: ownerText,
          html: letterHtml({ paragraphs: ownerText.split('\n\n') }),
        }),
        // The owner answers the contact directly.
        replyTo: contact.email,
        kind: 'notification',
      },
      now,
    ),
  ])
  // ADR 164: the ask is also a message in the inbox (its own support request per quote).
  const inbox = await askIntoInbox(
    db,
    env,
    { quoteId: id, label: d.label, title: d.title, clientId: scope.clientId, contactId: contact.id, text },
    now,
  )
  return { quote: await getQuote(db, id), outboxIds: [mail!.id, ...(inbox.outboxId ? [inbox.outboxId] : [])] }
}

// ---------- The signed copy ----------

const pdfName = (d: QuoteDetail) => `${d.number}${d.revision > 1 ? `-rev${d.revision}` : ''}-signed.pdf`

/** The PDF's input for a quote (signed or not): always the text the client is (or will be) shown. */
function pdfInput(env: Env, d: QuoteDetail, agreements: QuoteDetail['agreements']) {
  const s = d.signature
  return {
    ownerName: env.OWNER_NAME,
    // The PDF fonts are static assets (ADR 110).
    fonts: env.ASSETS,
    quote: documentOf(d),
    chosen: s ? (d.chosenLineIds ?? []) : null,
    agreements,
    sentAt: d.sentAt,
    signature: s
      ? {
          signerName: s.signerName,
          signerEmail: s.signerEmail,
          signedAt: s.signedAt,
          ip: s.ip,
          userAgent: s.userAgent,
          revision: s.revision,
          documentSha256: s.documentSha256,
          agreementHashes: s.agreementHashes,
        }
      : null,
  }
}

/**
 * The signed PDF in R2 and its hash on the signature (made once). Each
 * attempt writes its own key; the record takes the first one stored (the
 * signature row is final once it names a PDF) and a loser removes its copy.
 */
export async function ensureSignedPdf(
  db: Db,
  env: Env,
  id: number,
): Promise<{ key: string; sha256: string }> {
  const d = await getQuote(db, id)
  const s = d.signature
  if (!s) throw new Conflict('This quote has not been signed.')
  if (s.pdfKey && s.pdfSha256) return { key: s.pdfKey, sha256: s.pdfSha256 }
  const bytes = await renderQuotePdf(pdfInput(env, d, d.agreements))
  const sha256 = await sha256Hex(bytes)
  const key = `quotes/${d.id}/${crypto.randomUUID()}/${pdfName(d)}`
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: 'application/pdf' } })
  const [stored] = await db
    .update(sig)
    .set({ pdfKey: key, pdfSha256: sha256 })
    .where(and(eq(sig.id, s.id), isNull(sig.pdfKey)))
    .returning({ id: sig.id })
  if (stored) return { key, sha256 }
  await env.FILES.delete(key)
  const [winner] = await db.select().from(sig).where(eq(sig.id, s.id))
  return { key: winner!.pdfKey!, sha256: winner!.pdfSha256! }
}

async function queueAcceptanceMail(db: Db, env: Env, d: QuoteDetail, pdfKey: string, now: Date) {
  const attachments = [{ key: pdfKey, filename: pdfName(d), type: 'application/pdf' }]
  const total = formatCents(d.totals.totalCents)
  const deposit = d.depositInvoice
    ? ` The deposit invoice ${d.depositInvoice.number} for ${formatCents(d.depositInvoice.totalCents)} was issued and sent to the client.`
    : d.depositToInvoice
      ? ` Deposit to invoice: ${formatCents(d.depositCents)}.`
      : ''
  const ownerText = `${d.signature!.signerName} (${d.client.name}) accepted the quote ${d.label} ("${d.title}") for ${total}.${deposit} The signed copy is attached.`
  const rows = [
    outboxRow({
      recipient: env.NOTIFY_EMAIL,
      subject: `Quote ${d.label} accepted by ${d.client.name}`,
      text: ownerText,
      html: letterHtml({ paragraphs: [ownerText] }),
      attachments,
    }),
  ]
  if (visitorMailEnabled(env)) {
    const depositNote = d.depositInvoice
      ? ` The deposit invoice ${d.depositInvoice.number} for ${formatCents(d.depositInvoice.totalCents)} is in your client portal, where you can pay it.`
      : ''
    const text = `Hello ${d.signature!.signerName},\n\nThank you for accepting the quote ${d.label} ("${d.title}") for ${total}. Your signed copy is attached.${depositNote}\n\n${env.OWNER_NAME}`
    rows.push(
      outboxRow({
        recipient: d.signature!.signerEmail,
        subject: `Your signed quote ${d.label}`,
        text,
        html: letterHtml({ paragraphs: text.split('\n\n') }),
        attachments,
      }),
    )
  }
  const ids = await queueMail(db, rows, now)
  return ids.map((r) => r.id)
}

/**
 * The quote's PDF: the stored signed copy once accepted, else the offer as
 * it stands (a draft shows its current text). `scope` limits it to a client.
 */
export async function quotePdf(db: Db, env: Env, id: number, scope?: PortalScope) {
  const d = scope ? await portalQuote(db, scope, id) : await getQuote(db, id)
  if (d.signature) {
    const { key } = await ensureSignedPdf(db, env, id)
    const object = await env.FILES.get(key)
    if (!object) throw new NotFound('The signed copy is missing from storage')
    return { filename: pdfName(d), bytes: new Uint8Array(await object.arrayBuffer()) }
  }
  return {
    filename: `${d.number}${d.revision > 1 ? `-rev${d.revision}` : ''}.pdf`,
    bytes: await renderQuotePdf(pdfInput(env, d, await clientAgreements(db, env, d))),
  }
}

/** Checks the stored signed PDF and the quote's text against the signature record. */
export async function verifySignature(db: Db, env: Env, id: number) {
  const d = await getQuote(db, id)
  const s = d.signature
  if (!s) throw new Conflict('This quote has not been signed.')
  const object = s.pdfKey ? await env.FILES.get(s.pdfKey) : null
  const pdfSha256 = object ? await sha256Hex(await object.arrayBuffer()) : null
  const documentSha256 = await sha256Hex(quoteDocumentText(documentOf(d), d.chosenLineIds ?? []))
  const agreements = await Promise.all(
    d.agreements.map(async (a, i) => ({
      name: a.name,
      matches: (await sha256Hex(a.body)) === s.agreementHashes[i]?.sha256,
    })),
  )
  return {
    recordedPdfSha256: s.pdfSha256,
    storedPdfSha256: pdfSha256,
    pdfMatches: pdfSha256 !== null && pdfSha256 === s.pdfSha256,
    documentMatches: documentSha256 === s.documentSha256,
    agreementsMatch: agreements.every((a) => a.matches),
  }
}

// ---------- Cron ----------

/** Open quotes past their valid-until date (Central) become expired. */
export async function expireQuotes(db: Db, nowMs: number) {
  const now = new Date(nowMs)
  const rows = await db
    .update(q)
    .set({ status: 'expired', updatedAt: now })
    .where(and(inArray(q.status, [...OPEN]), sql`${q.validUntil} < ${today(now)}`))
    .returning({ id: q.id })
  return rows.length
}

/**
 * One reminder, a few days before expiry, to a client who has not opened the
 * quote (status still `sent`). Claimed by a conditional update, so it goes once.
 */
export async function queueQuoteReminders(db: Db, env: Env, nowMs: number): Promise<number[]> {
  if (!visitorMailEnabled(env)) return []
  const now = new Date(nowMs)
  const candidates = await db
    .select({ id: q.id })
    .from(q)
    .where(
      and(
        eq(q.status, 'sent'),
        isNull(q.reminderSentAt),
        sql`${q.validUntil} >= ${today(now)}`,
        lte(q.validUntil, addDays(today(now), REMINDER_DAYS_BEFORE_EXPIRY)),
      ),
    )
  const ids: number[] = []
  for (const { id } of candidates) {
    const [claimed] = await db
      .update(q)
      .set({ reminderSentAt: now })
      .where(and(eq(q.id, id), eq(q.status, 'sent'), isNull(q.reminderSentAt)))
      .returning({ id: q.id })
    if (!claimed) continue
    const d = await getQuote(db, id)
    if (!d.contact) continue
    const [mail] = await queueMail(
      db,
      quoteMail(
        env,
        d,
        d.contact,
        { signIn: await quoteLink(db, env, d.contact.id, id), page: quotePageLink(env, id) },
        true,
      ),
      now,
    )
    ids.push(mail!.id)
  }
  return ids
}

/** Active clients by name (the quote editor's picker). */
export const listClientOptions = (db: Db) =>
  db
    .select({ id: tables.clients.id, name: tables.clients.name })
    .from(tables.clients)
    .where(eq(tables.clients.status, 'active'))
    .orderBy(asc(tables.clients.name))
