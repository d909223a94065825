// Reading quotes: a quote with its lines, agreements and signature, the list, and the offer's hash.
import { and, asc, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm'
import { lineAmountCents } from '../../../schema/money'
import {
  depositOf,
  offerText,
  type QuoteDocument,
  type QuoteStatus,
  quoteLabel,
  quoteTotals,
  sha256Hex,
} from '../../../schema/quotes'
import type { Quote } from '../../../schema/tables'
import type { Db } from '../../db'
import { tables } from '../../db'
import { NotFound } from '../errors'
import { q, qa, ql, sig } from './shared'

// ---------- Reading ----------

export async function loadDetail(db: Db, row: Quote) {
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
    // quote with a deposit is that one (services/invoices/ bills the deposit before the rest).
    depositInvoice: row.depositPercent > 0 ? (invoices[0] ?? null) : null,
    // Left for the owner only if issuing it failed (or it was voided): then it is made by hand.
    depositToInvoice:
      accepted && depositOf(totals.totalCents, row.depositPercent) > 0 && invoices.length === 0,
  }
}
export type QuoteDetail = Awaited<ReturnType<typeof loadDetail>>

export async function row(db: Db, id: number, clientId?: number) {
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
      // Its id, so that the list's "Deposit INV-..." opens that invoice's page (issue 52).
      firstInvoiceId: sql<
        number | null
      >`(select invoices.id from invoices where invoices.quote_id = ${q.id} and invoices.status != 'void' order by invoices.id limit 1)`,
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
  return rows.map(({ firstInvoice, firstInvoiceId, ...r }) => {
    const d = draftRows.find((x) => x.id === r.id)
    const totalCents = d
      ? quoteTotals({ ...d, lines: draftLines.filter((l) => l.quoteId === r.id) }).totalCents
      : r.totalCents
    return {
      ...r,
      label: quoteLabel(r.number, r.revision),
      totalCents,
      depositInvoiceNumber: r.depositPercent > 0 ? firstInvoice : null,
      depositInvoiceId: r.depositPercent > 0 ? firstInvoiceId : null,
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

/** Active clients by name (the quote editor's picker). */
export const listClientOptions = (db: Db) =>
  db
    .select({ id: tables.clients.id, name: tables.clients.name })
    .from(tables.clients)
    .where(eq(tables.clients.status, 'active'))
    .orderBy(asc(tables.clients.name))
