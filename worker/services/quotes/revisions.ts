// Revising a sent quote: a new draft with the same number and revision + 1; the old row is superseded on send.
import { DEFAULT_VALID_DAYS } from '../../../schema/quotes'
import { addDays } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { templatesForQuote } from '../agreements'
import { Conflict } from '../errors'
import { childInserts, justInserted, today } from './create-and-edit'
import { getQuote } from './read'
import { q } from './shared'

export const REVISABLE: readonly string[] = ['sent', 'viewed', 'declined', 'expired', 'withdrawn']

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
