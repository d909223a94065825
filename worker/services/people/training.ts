// HIPAA workforce training (issue 55, ADR 200): modules with a version that
// changes with their content or quiz, assignments to a client's people (once
// per module, version, person and yearly cycle: a unique index), a personal
// signed link per assignment, and the records of every attempt, append-only
// (migration 0034's triggers).
import { and, asc, eq, sql } from 'drizzle-orm'
import { STANDING_DUE_DAYS, scoreOf, TRAINING_LINK_MS, type TrainingQuestion } from '../../../schema/people'
import type { AssignmentInput, TrainingInput, TrainingPatch } from '../../../schema/people-payloads.server'
import { addDays, businessToday, formatCalendarDate } from '../../../schema/slot-time'
import type { Training } from '../../../schema/tables-people'
import { linkKeyConfigured } from '../../booking/link'
import type { Db } from '../../db'
import { tables } from '../../db'
import { letterHtml } from '../../mail/letter-html'
import { queueMailOnce } from '../../mail/outbox'
import { visitorMailEnabled } from '../../mail/visitor'
import { Conflict, Invalid, NotFound } from '../errors'
import { clientInScope, type PeopleScope } from './staff'

const t = tables.trainings
const v = tables.trainingVersions
const a = tables.trainingAssignments
const done = tables.trainingCompletions
const s = tables.staff

export const trainingView = (row: Training) => ({
  id: row.id,
  title: row.title,
  body: row.body,
  questions: row.questions,
  passPercent: row.passPercent,
  version: row.version,
  draft: row.status === 'draft',
  updatedAt: row.updatedAt,
})
export type TrainingView = ReturnType<typeof trainingView>

// ---------- Modules ----------

export async function listTrainings(db: Db) {
  return (await db.select().from(t).orderBy(sql`${t.title} collate nocase`)).map(trainingView)
}

export async function getTraining(db: Db, id: number): Promise<Training> {
  const [row] = await db.select().from(t).where(eq(t.id, id))
  if (!row) throw new NotFound('No such training module')
  return row
}

export async function createTraining(db: Db, input: TrainingInput, now = new Date()) {
  const { draft, ...content } = input
  const [row] = await db
    .insert(t)
    .values({ ...content, status: draft ? 'draft' : 'published', version: 1, createdAt: now, updatedAt: now })
    .returning()
  await db.insert(v).values({ ...content, trainingId: row!.id, version: 1, createdAt: now })
  return trainingView(row!)
}

const sameJson = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y)

/** Changes a module; a change of its title, content, quiz or pass mark is a new version (the old one is kept). */
export async function updateTraining(db: Db, id: number, patch: TrainingPatch, now = new Date()) {
  const current = await getTraining(db, id)
  const next = {
    title: patch.title ?? current.title,
    body: patch.body ?? current.body,
    questions: patch.questions ?? current.questions,
    passPercent: patch.passPercent ?? current.passPercent,
  }
  const changed =
    next.title !== current.title ||
    next.body !== current.body ||
    next.passPercent !== current.passPercent ||
    !sameJson(next.questions, current.questions)
  const version = changed ? current.version + 1 : current.version
  const status = patch.draft === undefined ? current.status : patch.draft ? 'draft' : 'published'
  // The same values again: nothing is written, not even the time of change (ADR 182).
  if (!changed && status === current.status) return trainingView(current)
  const [row] = await db.batch([
    db
      .update(t)
      .set({ ...next, version, status, updatedAt: now })
      .where(eq(t.id, id))
      .returning(),
    ...(changed ? [db.insert(v).values({ ...next, trainingId: id, version, createdAt: now })] : []),
  ])
  return trainingView(row[0]!)
}

async function versionOf(db: Db, trainingId: number, version: number) {
  const [row] = await db
    .select()
    .from(v)
    .where(and(eq(v.trainingId, trainingId), eq(v.version, version)))
  if (!row) throw new NotFound('No such training version')
  return row
}

// ---------- The personal link ----------
// /training/<assignmentId>~<staffId>~<expiry s>~<HMAC-SHA256("training~" + the rest)>,
// signed with the link key the booking and rating links use (ADR 060); the
// prefix keeps any other link's token from passing here, and the person's id
// in it means a link opens one assignment of one person only.

const b64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

async function sign(env: Env, payload: string) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(env.BOOKING_LINK_KEY),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return b64url(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`training~${payload}`)))
}

function sameText(x: string, y: string) {
  if (x.length !== y.length) return false
  let diff = 0
  for (let i = 0; i < x.length; i++) diff |= x.charCodeAt(i) ^ y.charCodeAt(i)
  return diff === 0
}

export async function trainingToken(
  env: Env,
  assignmentId: number,
  staffId: number,
  expiresAt: number,
): Promise<string | null> {
  if (!linkKeyConfigured(env)) return null
  const payload = `${assignmentId}~${staffId}~${Math.floor(expiresAt / 1000)}`
  return `${payload}~${await sign(env, payload)}`
}

export async function verifyTrainingToken(env: Env, token: string, now: number) {
  if (!linkKeyConfigured(env)) return null
  const match = /^(\d{1,12})~(\d{1,12})~(\d{1,12})~([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const [, assignmentId, staffId, exp, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ]
  if (!sameText(await sign(env, `${assignmentId}~${staffId}~${exp}`), signature)) return null
  if (Number(exp) * 1000 < now) return null
  return { assignmentId: Number(assignmentId), staffId: Number(staffId) }
}

export async function trainingLink(env: Env, assignmentId: number, staffId: number, now: number) {
  const token = await trainingToken(env, assignmentId, staffId, now + TRAINING_LINK_MS)
  return token ? new URL(`/training/${token}`, env.SITE_URL).toString() : null
}

// ---------- Assigning ----------

export type NewAssignment = {
  id: number
  staffId: number
  name: string
  email: string
  title: string
  dueDate: string
}

/**
 * Queues the e-mail with the personal link, once per assignment and cause
 * (`once`: 'assigned', '7d', '1d', 'overdue'), and answers the outbox ids.
 */
export async function mailAssignments(
  db: Db,
  env: Env,
  rows: NewAssignment[],
  once: 'assigned' | '7d' | '1d' | 'overdue',
  now: Date,
): Promise<number[]> {
  if (!visitorMailEnabled(env) || !rows.length) return []
  const mails = []
  for (const r of rows) {
    const link = await trainingLink(env, r.id, r.staffId, now.getTime())
    if (!link) return []
    const due = formatCalendarDate(r.dueDate)
    const subject = {
      assigned: `Training to do: ${r.title}`,
      '7d': `Reminder: "${r.title}" is due in 7 days`,
      '1d': `Reminder: "${r.title}" is due tomorrow`,
      overdue: `Overdue: "${r.title}" was due ${due}`,
    }[once]
    const intro =
      once === 'overdue'
        ? `Hello ${r.name}, your training "${r.title}" was due on ${due} and is not done yet. It takes a few minutes, on a phone too.`
        : `Hello ${r.name}, please complete the training "${r.title}" by ${due}. Read the page, then answer the short quiz; it works on a phone.`
    const footer =
      'This link is yours alone: it opens your own training and needs no sign-in. Do not forward it.'
    mails.push({
      kind: 'training',
      recipient: r.email,
      replyTo: null,
      subject,
      textBody: [intro, '', link, '', env.OWNER_NAME, '', footer].join('\n'),
      htmlBody: letterHtml({
        paragraphs: [intro],
        link: { href: link, text: 'Open the training' },
        footer: `${env.OWNER_NAME}. ${footer}`,
      }),
      onceKey: `training:${r.id}:${once}`,
    })
  }
  const queued = []
  // A D1 statement holds at most 100 bound values: a few mails per insert.
  for (let i = 0; i < mails.length; i += 5)
    queued.push(...(await queueMailOnce(db, mails.slice(i, i + 5), now)))
  return queued.map((q) => q.id)
}

/**
 * Inserts the assignments that do not exist yet (same module, version, person
 * and cycle: nothing) and answers the new ones.
 */
export async function insertAssignments(
  db: Db,
  training: Pick<Training, 'id' | 'version' | 'title'>,
  people: { id: number; name: string; email: string }[],
  dueDate: string,
  source: string,
  cycle: number,
  now: Date,
): Promise<NewAssignment[]> {
  const made: NewAssignment[] = []
  // 8 bound values a row: at most 12 rows a statement.
  for (let i = 0; i < people.length; i += 12) {
    const chunk = people.slice(i, i + 12)
    const rows = await db
      .insert(a)
      .values(
        chunk.map((p) => ({
          trainingId: training.id,
          version: training.version,
          staffId: p.id,
          cycle,
          dueDate,
          assignedAt: now,
          source,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: a.id, staffId: a.staffId })
    for (const r of rows) {
      const p = chunk.find((x) => x.id === r.staffId)!
      made.push({ id: r.id, staffId: p.id, name: p.name, email: p.email, title: training.title, dueDate })
    }
  }
  return made
}

/**
 * Assigns a module to a client's active people (all of them, or the chosen
 * ones) with a due date. Assigning to everyone makes the module standing for
 * the client: new people get it on their start date, and everyone again each
 * year. Answers how many were newly assigned and the outbox ids to deliver.
 */
export async function assignTraining(
  db: Db,
  env: Env,
  scope: PeopleScope,
  trainingId: number,
  input: AssignmentInput,
  now = new Date(),
): Promise<{ assigned: number; outboxIds: number[] }> {
  const training = await getTraining(db, trainingId)
  if (training.status === 'draft')
    throw new Conflict('This module is a draft: review and publish it before assigning it', {
      trainingId: 'The module is a draft',
    })
  await clientInScope(db, scope, input.clientId)
  const today = businessToday(now)
  // A due date already past is allowed: a round recorded late (catching up) is overdue from the start.
  const active = await db
    .select({ id: s.id, name: s.name, email: s.email })
    .from(s)
    .where(and(eq(s.clientId, input.clientId), eq(s.active, true)))
  let people = active
  if (input.staffIds) {
    const wanted = new Set(input.staffIds)
    people = active.filter((p) => wanted.has(p.id))
    if (people.length !== wanted.size)
      throw new Invalid({ staffIds: "Each person must be an active person on this client's roster" })
  } else {
    const [standing] = await db
      .select({ id: tables.standingTrainings.id })
      .from(tables.standingTrainings)
      .where(
        and(
          eq(tables.standingTrainings.clientId, input.clientId),
          eq(tables.standingTrainings.trainingId, trainingId),
        ),
      )
    if (!standing)
      await db
        .insert(tables.standingTrainings)
        .values({ clientId: input.clientId, trainingId, createdAt: now })
  }
  const made = await insertAssignments(
    db,
    training,
    people,
    input.dueDate,
    'owner',
    Number(today.slice(0, 4)),
    now,
  )
  return { assigned: made.length, outboxIds: await mailAssignments(db, env, made, 'assigned', now) }
}

/** A new person's standing modules (their start date reached), due STANDING_DUE_DAYS later. */
export async function assignStandingTo(db: Db, env: Env, staffId: number, now = new Date()) {
  const [person] = await db.select().from(s).where(eq(s.id, staffId))
  if (!person?.active) return []
  const today = businessToday(now)
  if (person.startDate && person.startDate > today) return []
  const modules = await db
    .selectDistinct({ id: t.id, version: t.version, title: t.title })
    .from(tables.standingTrainings)
    .innerJoin(t, eq(t.id, tables.standingTrainings.trainingId))
    .where(and(eq(tables.standingTrainings.clientId, person.clientId), eq(t.status, 'published')))
  const start = person.startDate ?? today
  const made: NewAssignment[] = []
  for (const m of modules) {
    // Only a person who never had the module: the yearly round is the anniversary's.
    const [had] = await db
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.trainingId, m.id), eq(a.staffId, staffId)))
      .limit(1)
    if (had) continue
    made.push(
      ...(await insertAssignments(
        db,
        m,
        [person],
        addDays([start, today].sort()[1]!, STANDING_DUE_DAYS),
        'standing',
        Number(today.slice(0, 4)),
        now,
      )),
    )
  }
  return mailAssignments(db, env, made, 'assigned', now)
}

// ---------- The person's page ----------

export type TrainingPage = {
  assignmentId: number
  personName: string
  clientName: string
  title: string
  body: string
  version: number
  passPercent: number
  questions: { prompt: string; choices: string[] }[]
  dueDate: string
  passed: { at: Date; score: number } | null
  attempts: number
}

/** What the link opens, or null (a bad, expired or foreign link, or a person no longer active). */
export async function trainingByToken(db: Db, env: Env, token: string, now = Date.now()) {
  const claim = await verifyTrainingToken(env, token, now)
  if (!claim) return null
  const [row] = await db
    .select({
      assignment: a,
      person: { name: s.name, active: s.active, clientId: s.clientId },
      clientName: tables.clients.name,
    })
    .from(a)
    .innerJoin(s, eq(s.id, a.staffId))
    .innerJoin(tables.clients, eq(tables.clients.id, s.clientId))
    .where(and(eq(a.id, claim.assignmentId), eq(a.staffId, claim.staffId)))
  if (!row?.person.active) return null
  const version = await versionOf(db, row.assignment.trainingId, row.assignment.version)
  const attempts = await db
    .select({ at: done.at, score: done.score, passed: done.passed })
    .from(done)
    .where(eq(done.assignmentId, row.assignment.id))
    .orderBy(asc(done.id))
  const pass = attempts.find((x) => x.passed)
  const page: TrainingPage = {
    assignmentId: row.assignment.id,
    personName: row.person.name,
    clientName: row.clientName,
    title: version.title,
    body: version.body,
    version: version.version,
    passPercent: version.passPercent,
    questions: version.questions.map((q) => ({ prompt: q.prompt, choices: q.choices })),
    dueDate: row.assignment.dueDate,
    passed: pass ? { at: pass.at, score: pass.score } : null,
    attempts: attempts.length,
  }
  return { page, assignment: row.assignment, questions: version.questions }
}

/** Scores the answers and records the attempt (a fail may retry; a pass is once). */
export async function submitAnswers(db: Db, env: Env, token: string, answers: number[], now = new Date()) {
  const found = await trainingByToken(db, env, token, now.getTime())
  if (!found) throw new NotFound('This training link is not valid or has expired.')
  if (found.page.passed) throw new Conflict('You have already passed this training.')
  const questions: TrainingQuestion[] = found.questions
  if (answers.length !== questions.length)
    throw new Invalid({ answers: `Answer every question (${questions.length})` })
  const wrong = answers.findIndex((x, i) => x < 0 || x >= questions[i]!.choices.length)
  if (wrong >= 0) throw new Invalid({ answers: `Question ${wrong + 1}: choose one of its answers` })
  const score = scoreOf(questions, answers)
  const passed = score >= found.page.passPercent
  try {
    await db.insert(done).values({
      assignmentId: found.assignment.id,
      staffId: found.assignment.staffId,
      trainingId: found.assignment.trainingId,
      version: found.assignment.version,
      score,
      passed,
      answers,
      at: now,
    })
  } catch (err) {
    // Two passes at once: the partial unique index keeps the first.
    if (passed && String(err).includes('UNIQUE')) throw new Conflict('You have already passed this training.')
    throw err
  }
  return { passed, score }
}
