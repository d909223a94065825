// The risk analyses across clients (issue 39, point 4; ADR 168): what the
// owner's Compliance > Risk analyses list shows, and what the client portal may
// download. Progress and open work are counted here once, for every view.
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { businessToday } from '../../schema/slot-time'
import type { Db } from '../db'
import { tables } from '../db'
import { NotFound } from './errors'
import { reminderDate } from './risk-analyses'

const a = tables.riskAnalyses
const i = tables.riskItems
const tk = tables.riskTasks

export type RiskAnalysisRow = {
  id: number
  clientId: number
  clientName: string
  analysisDate: string
  status: 'in_progress' | 'completed'
  itemCount: number
  answeredCount: number
  notMetCount: number
  partlyCount: number
  openTaskCount: number
  /** The earliest due date of an open remediation task; null when none is open. */
  nextTaskDue: string | null
  /** When the next yearly analysis is due (RISK_REMINDER_MONTHS after this one). */
  nextAnalysisDue: string
}

/** Every analysis (or one client's), newest first, with its progress and open remediation work. */
export async function riskAnalysisRows(db: Db, clientId?: number): Promise<RiskAnalysisRow[]> {
  const rows = await db
    .select({
      id: a.id,
      clientId: a.clientId,
      clientName: tables.clients.name,
      analysisDate: a.analysisDate,
      status: a.status,
    })
    .from(a)
    .innerJoin(tables.clients, eq(tables.clients.id, a.clientId))
    .where(clientId === undefined ? undefined : eq(a.clientId, clientId))
    .orderBy(desc(a.analysisDate), desc(a.id))
  if (!rows.length) return []
  const ids = rows.map((r) => r.id)
  const [items, tasks] = await Promise.all([
    db.select({ analysisId: i.analysisId, finding: i.finding }).from(i).where(inArray(i.analysisId, ids)),
    db
      .select({ analysisId: i.analysisId, dueDate: tk.dueDate })
      .from(tk)
      .innerJoin(i, eq(i.id, tk.itemId))
      .where(and(inArray(i.analysisId, ids), eq(tk.done, false)))
      .orderBy(asc(tk.dueDate)),
  ])
  return rows.map((r) => {
    const mine = items.filter((x) => x.analysisId === r.id)
    const open = tasks.filter((t) => t.analysisId === r.id)
    return {
      ...r,
      itemCount: mine.length,
      answeredCount: mine.filter((x) => x.finding !== null).length,
      notMetCount: mine.filter((x) => x.finding === 'not_met').length,
      partlyCount: mine.filter((x) => x.finding === 'partly').length,
      openTaskCount: open.length,
      nextTaskDue: open[0]?.dueDate ?? null,
      nextAnalysisDue: reminderDate(r.analysisDate),
    }
  })
}

export type RiskClientRow = {
  id: number
  name: string
  lastAnalysisDate: string | null
  /** No analysis yet, or the last one is RISK_REMINDER_MONTHS old. */
  due: boolean
}

/** The active clients an analysis can be started for, with whether one is due. */
export async function riskAnalysisClients(db: Db, now = new Date()): Promise<RiskClientRow[]> {
  const today = businessToday(now)
  const [clients, analyses] = await Promise.all([
    db
      .select({ id: tables.clients.id, name: tables.clients.name })
      .from(tables.clients)
      .where(eq(tables.clients.status, 'active'))
      .orderBy(asc(tables.clients.name), asc(tables.clients.id)),
    db.select({ clientId: a.clientId, analysisDate: a.analysisDate }).from(a),
  ])
  const last = new Map<number, string>()
  for (const x of analyses)
    if ((last.get(x.clientId) ?? '') < x.analysisDate) last.set(x.clientId, x.analysisDate)
  return clients.map((c) => {
    const date = last.get(c.id) ?? null
    return { ...c, lastAnalysisDate: date, due: date === null || reminderDate(date) <= today }
  })
}

/** A client's completed analyses: the ones its portal may download as a PDF. */
export async function completedRiskAnalyses(db: Db, clientId: number) {
  return db
    .select({ id: a.id, analysisDate: a.analysisDate, completedAt: a.completedAt })
    .from(a)
    .where(and(eq(a.clientId, clientId), eq(a.status, 'completed')))
    .orderBy(desc(a.analysisDate), desc(a.id))
}

/** Throws NotFound unless the analysis is the client's and completed (another client's is not told apart from none). */
export async function completedRiskAnalysisOf(db: Db, clientId: number, id: number) {
  const [row] = await db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.id, id), eq(a.clientId, clientId), eq(a.status, 'completed')))
    .limit(1)
  if (!row) throw new NotFound('Risk analysis not found')
  return row.id
}
