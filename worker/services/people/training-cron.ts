// The training cron (issue 55, ADR 201): standing modules on a start date,
// the yearly round on the anniversary, and reminders 7 and 1 days before the
// due date and once overdue. Safe to run every 5 minutes: each step is
// once-only in the database (the assignments' unique index, the outbox's once key).
import { and, eq, isNull, sql } from 'drizzle-orm'
import { STANDING_DUE_DAYS } from '../../../schema/people'
import { addDays, businessDate, businessToday } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { tables } from '../../db'
import {
  assignStandingTo,
  getTraining,
  insertAssignments,
  mailAssignments,
  type NewAssignment,
} from './training'

const v = tables.trainingVersions
const a = tables.trainingAssignments
const done = tables.trainingCompletions
const s = tables.staff

/**
 * Once a day's worth of work, safe to run every 5 minutes: every step is
 * once-only in the database (the assignments' unique index, the outbox's once key).
 */
export async function runTrainingCron(db: Db, env: Env, now = new Date()) {
  const today = businessToday(now)
  const ids: number[] = []
  // New people whose start date has come: their client's standing modules.
  const starters = await db
    .select({ id: s.id })
    .from(s)
    .innerJoin(tables.standingTrainings, eq(tables.standingTrainings.clientId, s.clientId))
    .leftJoin(a, and(eq(a.staffId, s.id), eq(a.trainingId, tables.standingTrainings.trainingId)))
    .where(and(eq(s.active, true), isNull(a.id), sql`(${s.startDate} is null or ${s.startDate} <= ${today})`))
  for (const id of new Set(starters.map((x) => x.id))) ids.push(...(await assignStandingTo(db, env, id, now)))

  // The anniversary: a standing module assigned a year ago (or more) is assigned again, at its current version.
  const lastYear = addDays(today, -365)
  const due = await db
    .select({
      staffId: a.staffId,
      name: s.name,
      email: s.email,
      trainingId: a.trainingId,
      cycle: a.cycle,
      dueDate: a.dueDate,
    })
    .from(a)
    .innerJoin(s, eq(s.id, a.staffId))
    .innerJoin(
      tables.standingTrainings,
      and(
        eq(tables.standingTrainings.clientId, s.clientId),
        eq(tables.standingTrainings.trainingId, a.trainingId),
      ),
    )
    .where(
      and(
        eq(s.active, true),
        sql`date(${a.assignedAt} / 1000, 'unixepoch') <= ${lastYear}`,
        sql`not exists (select 1 from training_assignments n where n.training_id = ${a.trainingId} and n.staff_id = ${a.staffId} and n.cycle > ${a.cycle})`,
      ),
    )
  const seen = new Set<string>()
  for (const r of due) {
    const key = `${r.staffId}:${r.trainingId}`
    if (seen.has(key)) continue
    seen.add(key)
    const training = await getTraining(db, r.trainingId)
    if (training.status !== 'published') continue
    const made = await insertAssignments(
      db,
      training,
      [{ id: r.staffId, name: r.name, email: r.email }],
      addDays(r.dueDate, 365) > today ? addDays(r.dueDate, 365) : addDays(today, STANDING_DUE_DAYS),
      'yearly',
      r.cycle + 1,
      now,
    )
    ids.push(...(await mailAssignments(db, env, made, 'assigned', now)))
  }

  // Reminders: 7 days and 1 day before the due date, and once when overdue; each once (the outbox's once key).
  const open = await db
    .select({
      id: a.id,
      staffId: a.staffId,
      name: s.name,
      email: s.email,
      title: v.title,
      dueDate: a.dueDate,
      assignedAt: a.assignedAt,
    })
    .from(a)
    .innerJoin(s, eq(s.id, a.staffId))
    .innerJoin(v, and(eq(v.trainingId, a.trainingId), eq(v.version, a.version)))
    .leftJoin(done, and(eq(done.assignmentId, a.id), eq(done.passed, true)))
    .where(and(eq(s.active, true), isNull(done.id), sql`${a.dueDate} <= ${addDays(today, 7)}`))
  const byKind: Record<'7d' | '1d' | 'overdue', NewAssignment[]> = { '7d': [], '1d': [], overdue: [] }
  for (const r of open) {
    const assigned = businessDate(r.assignedAt)
    const kind = r.dueDate < today ? 'overdue' : r.dueDate <= addDays(today, 1) ? '1d' : '7d'
    // No reminder whose moment had passed when the person was assigned: the first mail said it all.
    const windowStart =
      kind === '7d' ? addDays(r.dueDate, -7) : kind === '1d' ? addDays(r.dueDate, -1) : r.dueDate
    if (kind !== 'overdue' && assigned >= windowStart) continue
    byKind[kind].push(r)
  }
  for (const kind of ['7d', '1d', 'overdue'] as const)
    ids.push(...(await mailAssignments(db, env, byKind[kind], kind, now)))
  return ids
}
