// Writing drafts: create (also from a consultation), update and duplicate; numbers come in the same batch.
import { and, eq, sql } from 'drizzle-orm'
import { DEFAULT_VALID_DAYS, type QuoteInput, taxRateBp } from '../../../schema/quotes'
import { addDays, businessDate } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { tables } from '../../db'
import { templatesForQuote } from '../agreements'
import { chunkedInserts } from '../chunks'
import { Conflict, Invalid, NotFound } from '../errors'
import { raiseCounter, takenNumber } from '../numbering'
import { getQuote, row } from './read'
import { q, qa, ql } from './shared'

// ---------- Writing drafts ----------

export const today = (now: Date) => businessDate(now)

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
export const justInserted = sql<number>`(select max(id) from quotes)`

type Parts = Awaited<ReturnType<typeof checked>>

/** The batch statements adding a quote's lines and agreements to the quote inserted just before. */
export function childInserts(
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

export const isDraftLock = (err: unknown) =>
  /quote is not a draft/.test(`${err} ${(err as Error)?.cause ?? ''}`)

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
