// The yearly HIPAA risk analysis of a client (issue 39, point 4; ADR 156). A
// new analysis is seeded from the HHS SRA checklist (schema/risk-checklist.ts)
// and one item per ePHI asset of the client still in service. Each item gets a
// finding, notes, evidence files (R2) and remediation tasks. Completing locks
// the analysis: the service refuses with 409, and the migration's triggers
// refuse at the database, so the report given to the client stays true.
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm'
import { assetChecklistItem, RISK_CHECKLIST, RISK_REMINDER_MONTHS } from '../../schema/risk-checklist'
import type { RiskAnalysisPatch } from '../../schema/risk-payloads.server'
import { businessToday } from '../../schema/slot-time'
import type { Db } from '../db'
import { tables } from '../db'
import { deleteObjectAfterRow } from '../files/store'
import type { CheckedUpload } from '../files/upload'
import { letterHtml } from '../mail/letter-html'
import { enqueueMessages } from '../mail/outbox'
import { headerSafe } from '../mail/templates'
import { Conflict, Invalid, NotFound } from './errors'

const a = tables.riskAnalyses
const i = tables.riskItems
const ev = tables.riskEvidence
const tk = tables.riskTasks

export const RISK_MESSAGES = {
  locked: 'This risk analysis is completed and can no longer be changed',
  notFound: 'Risk analysis not found',
  clientNotFound: 'Client not found',
  unknownItem: 'Not an item of this analysis',
  unknownTask: 'Not a remediation task of this analysis',
} as const

export type RiskAnalysisSummary = {
  id: number
  clientId: number
  analysisDate: string
  status: 'in_progress' | 'completed'
  completedAt: Date | null
  itemCount: number
  answeredCount: number
}

const summaryOf = (row: typeof a.$inferSelect, items: { finding: string | null }[]): RiskAnalysisSummary => ({
  id: row.id,
  clientId: row.clientId,
  analysisDate: row.analysisDate,
  status: row.status,
  completedAt: row.completedAt,
  itemCount: items.length,
  answeredCount: items.filter((x) => x.finding !== null).length,
})

/** A client's analyses, newest first. */
export async function listRiskAnalyses(db: Db, clientId: number): Promise<RiskAnalysisSummary[]> {
  await clientOrThrow(db, clientId)
  const rows = await db
    .select()
    .from(a)
    .where(eq(a.clientId, clientId))
    .orderBy(desc(a.analysisDate), desc(a.id))
  if (!rows.length) return []
  const items = await db
    .select({ analysisId: i.analysisId, finding: i.finding })
    .from(i)
    .where(
      inArray(
        i.analysisId,
        rows.map((r) => r.id),
      ),
    )
  return rows.map((r) =>
    summaryOf(
      r,
      items.filter((x) => x.analysisId === r.id),
    ),
  )
}

async function clientOrThrow(db: Db, clientId: number) {
  const [client] = await db.select().from(tables.clients).where(eq(tables.clients.id, clientId)).limit(1)
  if (!client) throw new NotFound(RISK_MESSAGES.clientNotFound)
  return client
}

/** A new analysis seeded from the checklist and the client's ePHI assets, in one batch. */
export async function createRiskAnalysis(
  db: Db,
  clientId: number,
  input: { analysisDate?: string },
  now = new Date(),
) {
  await clientOrThrow(db, clientId)
  const ephiAssets = await db
    .select({ id: tables.assets.id, name: tables.assets.name, kind: tables.assets.kind })
    .from(tables.assets)
    .where(
      and(
        eq(tables.assets.clientId, clientId),
        eq(tables.assets.ephi, 'yes'),
        ne(tables.assets.status, 'retired'),
      ),
    )
    .orderBy(asc(tables.assets.name), asc(tables.assets.id))
  const [row] = await db
    .insert(a)
    .values({
      clientId,
      analysisDate: input.analysisDate ?? businessToday(now),
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  const seeds = [
    ...RISK_CHECKLIST.map((item) => ({ ...item, assetId: null as number | null })),
    ...ephiAssets.map((asset) => ({ ...assetChecklistItem(asset), assetId: asset.id })),
  ]
  // D1 caps bound parameters per statement: insert in chunks of 10 rows.
  const inserts = []
  for (let start = 0; start < seeds.length; start += 10)
    inserts.push(
      db.insert(i).values(
        seeds.slice(start, start + 10).map((s, k) => ({
          analysisId: row!.id,
          position: start + k + 1,
          area: s.area,
          topic: s.topic,
          question: s.question,
          assetId: s.assetId,
          createdAt: now,
          updatedAt: now,
        })),
      ),
    )
  if (inserts.length) await db.batch(inserts as [(typeof inserts)[0], ...typeof inserts])
  return getRiskAnalysis(db, row!.id)
}

/** One analysis with its items, each with its evidence files and remediation tasks. */
export async function getRiskAnalysis(db: Db, id: number) {
  const [row] = await db.select().from(a).where(eq(a.id, id)).limit(1)
  if (!row) throw new NotFound(RISK_MESSAGES.notFound)
  const [client] = await db
    .select({ name: tables.clients.name })
    .from(tables.clients)
    .where(eq(tables.clients.id, row.clientId))
  const items = await db.select().from(i).where(eq(i.analysisId, id)).orderBy(asc(i.position))
  const itemIds = items.map((x) => x.id)
  const [evidence, tasks] = itemIds.length
    ? await Promise.all([
        db
          .select({
            id: ev.id,
            itemId: ev.itemId,
            name: ev.name,
            type: ev.type,
            size: ev.size,
            createdAt: ev.createdAt,
          })
          .from(ev)
          .where(inArray(ev.itemId, itemIds))
          .orderBy(asc(ev.id)),
        db.select().from(tk).where(inArray(tk.itemId, itemIds)).orderBy(asc(tk.dueDate), asc(tk.id)),
      ])
    : [[], []]
  return {
    ...summaryOf(row, items),
    clientName: client?.name ?? '',
    items: items.map((x) => ({
      id: x.id,
      position: x.position,
      area: x.area,
      topic: x.topic,
      question: x.question,
      assetId: x.assetId,
      finding: x.finding,
      notes: x.notes,
      evidence: evidence.filter((e) => e.itemId === x.id),
      tasks: tasks
        .filter((t) => t.itemId === x.id)
        .map((t) => ({
          id: t.id,
          itemId: t.itemId,
          description: t.description,
          dueDate: t.dueDate,
          done: t.done,
        })),
    })),
  }
}

export type RiskAnalysisView = Awaited<ReturnType<typeof getRiskAnalysis>>

const lockedCheck = (analysis: { status: string }) => {
  if (analysis.status === 'completed') throw new Conflict(RISK_MESSAGES.locked)
}

/** Applies a PATCH in one batch after checking every id belongs to the analysis; nothing is stored on a refusal. */
export async function updateRiskAnalysis(db: Db, id: number, patch: RiskAnalysisPatch, now = new Date()) {
  const current = await getRiskAnalysis(db, id)
  lockedCheck(current)
  const itemIds = new Set(current.items.map((x) => x.id))
  const taskIds = new Set(current.items.flatMap((x) => x.tasks.map((t) => t.id)))
  const errors: Record<string, string> = {}
  if (patch.items?.some((x) => !itemIds.has(x.id))) errors.items = RISK_MESSAGES.unknownItem
  if (patch.newTasks?.some((x) => !itemIds.has(x.itemId))) errors.newTasks = RISK_MESSAGES.unknownItem
  if (patch.tasks?.some((x) => !taskIds.has(x.id))) errors.tasks = RISK_MESSAGES.unknownTask
  if (Object.keys(errors).length) throw new Invalid(errors)
  const statements = [
    ...(patch.items ?? []).map((x) =>
      db
        .update(i)
        .set({
          ...(x.finding !== undefined ? { finding: x.finding } : {}),
          ...(x.notes !== undefined ? { notes: x.notes } : {}),
          updatedAt: now,
        })
        .where(and(eq(i.id, x.id), eq(i.analysisId, id))),
    ),
    ...(patch.newTasks ?? []).map((x) => db.insert(tk).values({ ...x, createdAt: now, updatedAt: now })),
    ...(patch.tasks ?? []).map(({ id: taskId, ...rest }) =>
      db
        .update(tk)
        .set({ ...rest, updatedAt: now })
        .where(eq(tk.id, taskId)),
    ),
    ...(patch.complete
      ? [
          db
            .update(a)
            .set({ status: 'completed' as const, completedAt: now, updatedAt: now })
            .where(and(eq(a.id, id), eq(a.status, 'in_progress'))),
        ]
      : [
          db
            .update(a)
            .set({ updatedAt: now })
            .where(and(eq(a.id, id), eq(a.status, 'in_progress'))),
        ]),
  ]
  try {
    await db.batch(statements as [(typeof statements)[0], ...typeof statements])
  } catch (err) {
    // Completed by a parallel request between the read and the batch: the trigger refused.
    if (String(err).includes('cannot be changed')) throw new Conflict(RISK_MESSAGES.locked)
    throw err
  }
  return getRiskAnalysis(db, id)
}

/** Stores an evidence file of an item in R2, then records it; 409 on a completed analysis. */
export async function addRiskEvidence(
  db: Db,
  bucket: R2Bucket,
  analysisId: number,
  itemId: number,
  upload: CheckedUpload,
  now = new Date(),
) {
  const [row] = await db
    .select({ status: a.status })
    .from(i)
    .innerJoin(a, eq(a.id, i.analysisId))
    .where(and(eq(i.id, itemId), eq(i.analysisId, analysisId)))
    .limit(1)
  if (!row) throw new NotFound('Risk analysis item not found')
  lockedCheck(row)
  const key = `risk/${analysisId}/${crypto.randomUUID()}`
  await bucket.put(key, upload.bytes, {
    httpMetadata: { contentType: upload.mime },
    customMetadata: { originalName: upload.name },
  })
  try {
    const [inserted] = await db
      .insert(ev)
      .values({
        itemId,
        key,
        name: upload.name,
        type: upload.mime,
        size: upload.bytes.byteLength,
        createdAt: now,
        updatedAt: now,
      })
      .returning({
        id: ev.id,
        itemId: ev.itemId,
        name: ev.name,
        type: ev.type,
        size: ev.size,
        createdAt: ev.createdAt,
      })
    return inserted!
  } catch (err) {
    await deleteObjectAfterRow(bucket, key)
    if (String(err).includes('cannot be changed')) throw new Conflict(RISK_MESSAGES.locked)
    throw err
  }
}

/** An evidence file with its body, for download. */
export async function openRiskEvidence(db: Db, bucket: R2Bucket, analysisId: number, evidenceId: number) {
  const [row] = await db
    .select({ key: ev.key, name: ev.name, type: ev.type })
    .from(ev)
    .innerJoin(i, eq(i.id, ev.itemId))
    .where(and(eq(ev.id, evidenceId), eq(i.analysisId, analysisId)))
    .limit(1)
  if (!row) throw new NotFound('File not found')
  const object = await bucket.get(row.key)
  if (!object) throw new NotFound('File not found')
  return { file: row, object }
}

/** The analysis as a PDF report for the client. */
export async function riskAnalysisPdfFor(db: Db, env: Env, id: number) {
  const analysis = await getRiskAnalysis(db, id)
  // pdf-lib is loaded on the first PDF, not at start-up (ADR 103).
  const { riskAnalysisPdf } = await import('../pdf/risk-pdf')
  const bytes = await riskAnalysisPdf({
    fonts: env.ASSETS,
    from: { name: env.OWNER_NAME, email: env.CONTACT_EMAIL },
    analysis,
  })
  return { bytes, filename: `risk-analysis-${analysis.analysisDate}.pdf` }
}

/** The month a reminder is due: RISK_REMINDER_MONTHS after the date (clamped to the month's end). */
export function reminderDate(analysisDate: string): string {
  const [y, m, d] = analysisDate.split('-').map(Number) as [number, number, number]
  const total = y * 12 + (m - 1) + RISK_REMINDER_MONTHS
  const year = Math.floor(total / 12)
  const month = (total % 12) + 1
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

/**
 * The owner is reminded once per client when its last analysis is 11 months
 * old; the risk_reminders row's unique index on that analysis is the claim.
 */
export async function queueRiskReminders(db: Db, env: Env, now = new Date()) {
  const today = businessToday(now)
  const rows = await db
    .select({ id: a.id, clientId: a.clientId, analysisDate: a.analysisDate, clientName: tables.clients.name })
    .from(a)
    .innerJoin(tables.clients, eq(tables.clients.id, a.clientId))
    .where(eq(tables.clients.status, 'active'))
    .orderBy(desc(a.analysisDate), desc(a.id))
  const latest = new Map<number, (typeof rows)[number]>()
  for (const row of rows) if (!latest.has(row.clientId)) latest.set(row.clientId, row)
  const due = [...latest.values()].filter((r) => reminderDate(r.analysisDate) <= today)
  const sent: number[] = []
  for (const row of due) {
    const claimed = await db
      .insert(tables.riskReminders)
      .values({ clientId: row.clientId, analysisId: row.id, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: tables.riskReminders.id })
    if (!claimed.length) continue
    const text = `The last risk analysis of ${row.clientName} is dated ${row.analysisDate}. A HIPAA risk analysis is due every year: start the next one in Admin > Compliance > Risk analyses.`
    await enqueueMessages(
      db,
      'compliance',
      [
        {
          recipient: env.NOTIFY_EMAIL,
          subject: headerSafe(`Risk analysis due: ${row.clientName}`),
          textBody: text,
          htmlBody: letterHtml({ paragraphs: [text] }),
        },
      ],
      now,
    )
    sent.push(row.clientId)
  }
  return sent
}
