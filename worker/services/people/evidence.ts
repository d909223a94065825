// The evidence PDFs of the clinic's people (issue 55): drawn on request from
// the append-only records, so the same records always give the same bytes;
// the SHA-256 of those bytes travels in X-Content-SHA256.
import { formatBusinessDateTime } from '../../../schema/business-time'
import { RECORD_STATUS_LABELS, RUN_KIND_LABELS } from '../../../schema/people'
import { sha256Hex } from '../../../schema/quotes'
import { businessToday, formatCalendarDate } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { getRun } from './runs'
import { clientInScope, type PeopleScope } from './staff'
import { completionOf, trainingRecords } from './training-records'

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'client'

export async function trainingRecordsPdfFor(
  db: Db,
  env: Env,
  scope: PeopleScope,
  clientId: number,
  year: number,
  now = new Date(),
) {
  const client = await clientInScope(db, scope, clientId)
  const records = await trainingRecords(db, scope, clientId, year, now)
  const c = completionOf(records)
  const rows = records.map((r) => ({
    name: r.name,
    title: r.title,
    version: r.version,
    dueDate: formatCalendarDate(r.dueDate),
    completed: r.completedAt ? formatBusinessDateTime(r.completedAt) : 'not yet',
    score: r.score === null ? '—' : `${r.score}%`,
    status: RECORD_STATUS_LABELS[r.status],
  }))
  const { trainingRecordsPdf } = await import('../../pdf/people-pdf')
  const bytes = await trainingRecordsPdf({
    from: env.OWNER_NAME,
    clientName: client.name,
    year,
    generatedOn: formatCalendarDate(businessToday(now)),
    recordsSha256: await sha256Hex(JSON.stringify(records)),
    rows,
    summary: `${c.done} of ${c.total} done (${c.percent}%), ${c.overdue} overdue.`,
    fonts: env.ASSETS,
  })
  return { bytes, sha256: await sha256Hex(bytes), filename: `training-${slug(client.name)}-${year}.pdf` }
}

export async function runPdfFor(db: Db, env: Env, scope: PeopleScope, runId: number) {
  const run = await getRun(db, scope, runId)
  const client = await clientInScope(db, { clientId: null }, run.clientId)
  const kind = RUN_KIND_LABELS[run.kind]
  const at = run.leavesAt ?? run.startsAt
  const open = run.steps.filter((s) => !s.doneAt).length
  const { runPdf } = await import('../../pdf/people-pdf')
  const bytes = await runPdf({
    from: env.OWNER_NAME,
    clientName: client.name,
    personName: run.name,
    kind,
    when: `${run.kind === 'offboarding' ? 'Leaves' : 'Starts'} ${at ? formatBusinessDateTime(at) : ''}; started by ${run.startedBy} on ${formatBusinessDateTime(run.createdAt)}`,
    status: run.completedAt
      ? `Completed ${formatBusinessDateTime(run.completedAt)}${run.late ? '; some steps were late' : ''}`
      : `${open} of ${run.steps.length} steps still open`,
    recordsSha256: await sha256Hex(JSON.stringify(run)),
    steps: run.steps.map((s) => ({
      title: s.title,
      done: s.doneAt ? `Done by ${s.doneBy} on ${formatBusinessDateTime(s.doneAt)}` : 'Not done yet',
      late: s.late,
      note: s.note,
    })),
    fonts: env.ASSETS,
  })
  return {
    bytes,
    sha256: await sha256Hex(bytes),
    filename: `${run.kind}-${slug(run.name)}-${run.id}.pdf`,
  }
}
