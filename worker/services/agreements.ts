// Agreement templates (issue 25): Markdown with merge fields the owner edits
// in the admin. A quote freezes each attached template's text, merge fields
// filled, when it is sent (services/quotes/); editing a template later
// changes no sent quote.
import { asc, eq, inArray } from 'drizzle-orm'
import { renderMarkdown } from '../../schema/markdown'
import { type AgreementTemplateInput, fillMergeFields, type MergeValues } from '../../schema/quotes'
import type { Db } from '../db'
import { tables } from '../db'
import { Invalid, NotFound } from './errors'

const t = tables.agreementTemplates

export function listAgreementTemplates(db: Db, { includeArchived = false } = {}) {
  const q = db.select().from(t).orderBy(asc(t.name), asc(t.id))
  return includeArchived ? q : q.where(eq(t.archived, false))
}

export async function getAgreementTemplate(db: Db, id: number) {
  const [row] = await db.select().from(t).where(eq(t.id, id))
  if (!row) throw new NotFound('Agreement template not found')
  return row
}

export async function createAgreementTemplate(db: Db, input: AgreementTemplateInput, now = new Date()) {
  const [row] = await db
    .insert(t)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning()
  return row!
}

export async function updateAgreementTemplate(
  db: Db,
  id: number,
  input: AgreementTemplateInput,
  now = new Date(),
) {
  const [row] = await db
    .update(t)
    .set({ ...input, updatedAt: now })
    .where(eq(t.id, id))
    .returning()
  if (!row) throw new NotFound('Agreement template not found')
  return row
}

export async function setAgreementTemplateArchived(db: Db, id: number, archived: boolean, now = new Date()) {
  const [row] = await db.update(t).set({ archived, updatedAt: now }).where(eq(t.id, id)).returning()
  if (!row) throw new NotFound('Agreement template not found')
  return row
}

/** The templates a quote names, in the order given; an unknown or archived one is a field error. */
export async function templatesForQuote(db: Db, ids: readonly number[]) {
  if (!ids.length) return []
  const unique = [...new Set(ids)]
  const rows = await db.select().from(t).where(inArray(t.id, unique))
  const byId = new Map(rows.filter((r) => !r.archived).map((r) => [r.id, r]))
  const missing = unique.filter((id) => !byId.has(id))
  if (missing.length)
    throw new Invalid({ agreementTemplateIds: `Unknown agreement template: ${missing.join(', ')}` })
  return unique.map((id) => byId.get(id)!)
}

/** Sample values for the admin's preview of a template. */
export const PREVIEW_VALUES: MergeValues = {
  'client.name': 'Riverside Dental Clinic',
  'contact.name': 'Dana Whitfield',
  'contact.email': 'dana@riverside.example',
  'quote.number': 'Q-2026-0001',
  'quote.title': 'Network refresh',
  'quote.total': '$2,800.00',
  'quote.deposit': '$1,400.00',
  'quote.validUntil': '2026-12-24',
  today: 'November 24, 2026',
}

/** A template's text with merge fields filled (sample values unless given) and rendered safely. */
export function previewAgreement(body: string, values: MergeValues = PREVIEW_VALUES) {
  const text = fillMergeFields(body, values)
  return { text, html: renderMarkdown(text) }
}
