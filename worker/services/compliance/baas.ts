// The BAA register (issue 39): one row per agreement on file, from an accepted
// quote that carried the BAA template or recorded by the owner; a recorded PDF
// is hashed by the Worker, never believed from the caller.
import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm'
import type { BaaInput, BaaPatch } from '../../../schema/compliance-payloads.server'
import { sha256Hex } from '../../../schema/quotes'
import type { Baa } from '../../../schema/tables'
import type { Db } from '../../db'
import { tables } from '../../db'
import { Conflict, Invalid, NotFound } from '../errors'

const { baas, clients } = tables

export const baaShape = (b: Baa) => ({
  id: b.id,
  clientId: b.clientId,
  effectiveDate: b.effectiveDate,
  renewalDate: b.renewalDate,
  notificationDays: b.notificationDays,
  notificationDayKind: b.notificationDayKind as 'calendar' | 'business',
  source: b.source as 'quote' | 'recorded',
  documentSha256: b.documentSha256,
  hasDocument: b.documentKey != null,
})

export async function listBaas(db: Db, clientId?: number) {
  const rows = await db
    .select()
    .from(baas)
    .where(clientId ? eq(baas.clientId, clientId) : undefined)
    .orderBy(desc(baas.effectiveDate), desc(baas.id))
  return rows.map(baaShape)
}

/** The register as the admin reads it: each BAA with its client's name. */
export async function baaRegister(db: Db, clientId?: number) {
  const rows = await db
    .select({ baa: baas, clientName: clients.name })
    .from(baas)
    .innerJoin(clients, eq(clients.id, baas.clientId))
    .where(clientId ? eq(baas.clientId, clientId) : undefined)
    .orderBy(desc(baas.effectiveDate), desc(baas.id))
  return rows.map((r) => ({ ...baaShape(r.baa), clientName: r.clientName }))
}

/** The signed PDF on file (a recorded upload, or the accepted quote's signed copy). */
export async function baaDocument(db: Db, env: Env, id: number) {
  const row = await baaRow(db, id)
  const object = row.documentKey ? await env.FILES.get(row.documentKey) : null
  if (!object) throw new NotFound('No document is on file for this BAA.')
  return { bytes: new Uint8Array(await object.arrayBuffer()), filename: `baa-${row.clientId}-${row.id}.pdf` }
}

export async function baaRow(db: Db, id: number) {
  const [row] = await db.select().from(baas).where(eq(baas.id, id)).limit(1)
  if (!row) throw new NotFound('BAA not found')
  return row
}

/** The client's BAA in force on a date (the latest effective one not ended before it), or null. */
export async function baaInForce(db: Db, clientId: number, date: string) {
  const [row] = await db
    .select()
    .from(baas)
    .where(
      and(
        eq(baas.clientId, clientId),
        lte(baas.effectiveDate, date),
        or(isNull(baas.renewalDate), gte(baas.renewalDate, date)),
      ),
    )
    .orderBy(desc(baas.effectiveDate), desc(baas.id))
    .limit(1)
  return row ?? null
}

function checkDates(effective: string, renewal: string | null | undefined) {
  if (renewal && renewal < effective)
    throw new Invalid({ renewalDate: 'Must be on or after the effective date' })
}

export async function recordBaa(db: Db, _env: Env, input: BaaInput) {
  checkDates(input.effectiveDate, input.renewalDate)
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId))
  if (!client) throw new Invalid({ clientId: 'No such client' })
  const [row] = await db
    .insert(baas)
    .values({ ...input, renewalDate: input.renewalDate ?? null, source: 'recorded' })
    .returning()
  return baaShape(row!)
}

/** The signed PDF of a recorded BAA: stored in R2, hashed here. A quote's BAA keeps its signed PDF. */
export async function attachBaaDocument(db: Db, env: Env, id: number, bytes: Uint8Array) {
  const row = await baaRow(db, id)
  if (row.source !== 'recorded') throw new Conflict("A quote's BAA keeps the signed quote's PDF.")
  // What was signed is never rewritten: a wrong file is corrected by recording the BAA again.
  if (row.documentKey) throw new Conflict('This BAA already has its signed PDF on file; it is kept as filed.')
  if (!bytes.length) throw new Invalid({ file: 'The file is empty' })
  if (new TextDecoder().decode(bytes.slice(0, 5)) !== '%PDF-') throw new Invalid({ file: 'Upload a PDF' })
  const documentSha256 = await sha256Hex(bytes)
  const documentKey = `baas/${row.clientId}/${crypto.randomUUID()}.pdf`
  await env.FILES.put(documentKey, bytes, { httpMetadata: { contentType: 'application/pdf' } })
  const [updated] = await db
    .update(baas)
    .set({ documentKey, documentSha256 })
    .where(eq(baas.id, id))
    .returning()
  return baaShape(updated!)
}

export async function updateBaa(db: Db, id: number, patch: BaaPatch) {
  const row = await baaRow(db, id)
  checkDates(
    patch.effectiveDate ?? row.effectiveDate,
    patch.renewalDate === undefined ? row.renewalDate : patch.renewalDate,
  )
  const [updated] = await db.update(baas).set(patch).where(eq(baas.id, id)).returning()
  return baaShape(updated!)
}

/**
 * Called when a quote is accepted: when one of its agreements came from the
 * BAA template, the signature becomes a BAA on file (once per signature: the
 * unique index), effective on the signing date.
 */
export async function baaFromAcceptedQuote(db: Db, quoteId: number) {
  const rows = await db
    .select({
      clientId: tables.quotes.clientId,
      signatureId: tables.signatures.id,
      signedAt: tables.signatures.signedAt,
      sha256: tables.signatures.pdfSha256,
      documentSha256: tables.signatures.documentSha256,
      pdfKey: tables.signatures.pdfKey,
    })
    .from(tables.quoteAgreements)
    .innerJoin(tables.agreementTemplates, eq(tables.agreementTemplates.id, tables.quoteAgreements.templateId))
    .innerJoin(tables.quotes, eq(tables.quotes.id, tables.quoteAgreements.quoteId))
    .innerJoin(tables.signatures, eq(tables.signatures.quoteId, tables.quotes.id))
    .where(and(eq(tables.quoteAgreements.quoteId, quoteId), eq(tables.agreementTemplates.kind, 'baa')))
    .limit(1)
  const r = rows[0]
  if (!r || r.clientId == null) return null
  const { businessDate } = await import('../../../schema/slot-time')
  await db
    .insert(baas)
    .values({
      clientId: r.clientId,
      source: 'quote',
      signatureId: r.signatureId,
      effectiveDate: businessDate(r.signedAt),
      documentKey: r.pdfKey,
      documentSha256: r.sha256 ?? r.documentSha256,
    })
    .onConflictDoNothing()
  return r.signatureId
}

/**
 * Clients that need a BAA and have none on file (issue 39): a healthcare
 * practice by the owner's mark on the client, an ePHI asset in use, or a
 * support request asking for the BAA (the trust page's "Request our BAA"
 * writes the words in; the visitor may have reworded them, so the phrase, in
 * any case, and the upper-case abbreviation both count). Archived clients are left out.
 */
export async function clientsMissingBaa(db: Db) {
  const rows = await db.all<{
    id: number
    name: string
    handlesPhi: number
    ephiAssets: number
    baaRequests: number
  }>(sql`
    select * from (
      select c.id, c.name, c.handles_phi as handlesPhi,
        (select count(*) from assets a where a.client_id = c.id and a.ephi = 'yes' and a.status != 'retired') as ephiAssets,
        (select count(*) from support_requests r where r.client_id = c.id
          and (r.description like '%business associate%' or instr(r.description, 'BAA') > 0)) as baaRequests
      from clients c
      where c.status = 'active' and not exists (select 1 from baas b where b.client_id = c.id)
    )
    where handlesPhi = 1 or ephiAssets > 0 or baaRequests > 0
    order by name`)
  return rows.map((r) => ({ ...r, handlesPhi: r.handlesPhi === 1 }))
}
