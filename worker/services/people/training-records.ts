// Training records (issue 55, ADR 200): every assignment of a client's year
// with its pass, the completion figures the client page, the portal and the
// compliance desk show, and the passes of a month for the service report.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { RecordStatus } from '../../../schema/people'
import { businessToday } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { tables } from '../../db'
import { clientInScope, type PeopleScope } from './staff'

const v = tables.trainingVersions
const a = tables.trainingAssignments
const done = tables.trainingCompletions
const s = tables.staff

export type TrainingRecord = {
  assignmentId: number
  staffId: number
  name: string
  trainingId: number
  title: string
  version: number
  dueDate: string
  completedAt: Date | null
  score: number | null
  status: RecordStatus
}

/** Every assignment of a client's year (the year it was assigned in), with its pass if any. */
export async function trainingRecords(
  db: Db,
  scope: PeopleScope,
  clientId: number,
  year: number,
  now = new Date(),
): Promise<TrainingRecord[]> {
  await clientInScope(db, scope, clientId)
  const rows = await db
    .select({
      assignmentId: a.id,
      staffId: a.staffId,
      name: s.name,
      trainingId: a.trainingId,
      title: v.title,
      version: a.version,
      dueDate: a.dueDate,
      completedAt: done.at,
      score: done.score,
    })
    .from(a)
    .innerJoin(s, eq(s.id, a.staffId))
    .innerJoin(v, and(eq(v.trainingId, a.trainingId), eq(v.version, a.version)))
    .leftJoin(done, and(eq(done.assignmentId, a.id), eq(done.passed, true)))
    .where(and(eq(s.clientId, clientId), eq(a.cycle, year)))
    .orderBy(sql`${s.name} collate nocase`, asc(a.dueDate), asc(a.id))
  const today = businessToday(now)
  return rows.map((r) => ({
    ...r,
    status: r.completedAt ? 'done' : r.dueDate < today ? 'overdue' : 'pending',
  }))
}

/** Done, due and overdue counts of a client's year: the client page, the portal, the desk. */
export function completionOf(records: TrainingRecord[]) {
  const total = records.length
  const doneCount = records.filter((r) => r.status === 'done').length
  return {
    total,
    done: doneCount,
    overdue: records.filter((r) => r.status === 'overdue').length,
    percent: total ? Math.floor((doneCount * 100) / total) : 100,
  }
}

/**
 * The desk's view of a year: each client with training assigned and its
 * completion (those below 100% first), and every overdue person.
 */
export async function trainingDesk(db: Db, year: number, now = new Date()) {
  const clientIds = await db
    .selectDistinct({ id: s.clientId, name: tables.clients.name })
    .from(a)
    .innerJoin(s, eq(s.id, a.staffId))
    .innerJoin(tables.clients, eq(tables.clients.id, s.clientId))
    .where(eq(a.cycle, year))
  const clients = []
  const overdue = []
  for (const client of clientIds) {
    const records = await trainingRecords(db, { clientId: null }, client.id, year, now)
    clients.push({ clientId: client.id, clientName: client.name, ...completionOf(records) })
    for (const r of records.filter((x) => x.status === 'overdue'))
      overdue.push({ clientId: client.id, clientName: client.name, ...r })
  }
  clients.sort((x, y) => x.percent - y.percent || x.clientName.localeCompare(y.clientName))
  return { clients, overdue }
}

/** Passes recorded in [from, to) for a client's people: the monthly report. */
export async function passesBetween(db: Db, clientId: number, from: Date, to: Date) {
  return db
    .select({ name: s.name, title: v.title, version: done.version, at: done.at, score: done.score })
    .from(done)
    .innerJoin(s, eq(s.id, done.staffId))
    .innerJoin(v, and(eq(v.trainingId, done.trainingId), eq(v.version, done.version)))
    .where(
      and(
        eq(s.clientId, clientId),
        eq(done.passed, true),
        sql`${done.at} >= ${from.getTime()} and ${done.at} < ${to.getTime()}`,
      ),
    )
    .orderBy(asc(done.at))
}
