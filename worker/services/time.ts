// Time entries, the running timer and prepaid hour blocks (issue 26).
// A billed entry is locked by triggers of migration 0010 (no edit, no delete,
// no second invoice); this module turns the trigger's refusal into a Conflict,
// so the rule holds for every path, and the API still answers 409.
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm'
import { hoursText, LATE_TIME_CHOICES, type LateTimeChoice, periodLabel } from '../../schema/plans'
import { businessDate } from '../../schema/slot-time'
import type { TimeEntry } from '../../schema/tables'
import type { Db } from '../db'
import { tables } from '../db'
import { letterHtml } from '../mail/letter-html'
import { enqueueMessages } from '../mail/outbox'
import { headerSafe } from '../mail/templates'
import { visitorMailEnabled } from '../mail/visitor'
import { checkAssetLink } from './assets/records'
import { Conflict, Invalid, NotFound } from './errors'
import { checkUsageAlerts } from './plan-alerts'
import { billedPlanPeriodOf, LATE_TIME_MESSAGES, lateTimeQuestion, planCovers } from './subscriptions'

export const BILLED_MESSAGE = 'This time entry is on an invoice: void the invoice to change it'
/** A block's "running low" notice goes out once, when less than this share is left. */
export const LOW_BLOCK_SHARE = 0.2

/** Whether a D1 error is one of migration 0010's billed-entry triggers refusing a change. */
export function isBilledRefusal(err: unknown): boolean {
  const text = (e: unknown): string =>
    e instanceof Error ? `${e.message} ${e.cause === undefined ? '' : text(e.cause)}` : String(e)
  return /time entry (is|already) billed/.test(text(err))
}

/** Runs a write that the billed-entry triggers may refuse; their refusal is a Conflict. */
export async function billedGuard<T>(write: () => Promise<T>, message = BILLED_MESSAGE): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isBilledRefusal(err)) throw new Conflict(message)
    throw err
  }
}

export async function clientOrThrow(db: Db, clientId: number) {
  const [client] = await db.select().from(tables.clients).where(eq(tables.clients.id, clientId)).limit(1)
  if (!client) throw new Invalid({ clientId: 'No such client' })
  return client
}

export type TimeEntryInput = {
  clientId: number
  /** A request's reference (S-1043 or C-1042); it must be the client's. */
  requestReference?: string | null
  date?: string | null
  minutes: number
  description: string
  billable?: boolean
  /** Hourly rate in cents; the client's default when absent. */
  rateCents?: number | null
  /** The asset the work was on (issue 38); it must be the client's. */
  assetId?: number | null
  /**
   * Where time dated in a plan period already invoiced goes (issue 52): onto
   * the next plan invoice as late time, or not billed. Asked only then.
   */
  lateTime?: LateTimeChoice | null
}

/**
 * Time dated in a plan period already invoiced needs the owner's choice
 * (issue 52): without one, a Conflict that names the period and both choices,
 * so no time slips past the plan's invoice unseen. Returns the choice to
 * store, or null when the period is not invoiced (or the time not billable).
 */
async function lateChoiceFor(
  db: Db,
  clientId: number,
  date: string,
  billable: boolean,
  choice: LateTimeChoice | null | undefined,
): Promise<LateTimeChoice | null> {
  if (!billable) return null
  const billed = await billedPlanPeriodOf(db, clientId, date)
  if (!billed) return null
  if (!choice)
    throw new Conflict(
      lateTimeQuestion(periodLabel(billed.period), billed.number),
      { lateTime: LATE_TIME_MESSAGES.field },
      { period: billed.period, invoiceNumber: billed.number, choices: [...LATE_TIME_CHOICES] },
    )
  if (choice === 'next' && !billed.canCarry) throw new Invalid({ lateTime: LATE_TIME_MESSAGES.noNext })
  return choice
}

/** Stores the choice for late entries (an entry's choice is fixed once it is billed: migration 0032). */
async function storeLateChoice(db: Db, ids: number[], choice: LateTimeChoice | null, now: Date) {
  if (!choice || !ids.length) return
  await billedGuard(() =>
    db
      .insert(tables.lateTime)
      .values(ids.map((timeEntryId) => ({ timeEntryId, choice, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({ target: tables.lateTime.timeEntryId, set: { choice, updatedAt: now } }),
  )
}

/** The support request or consultation a reference names, which must belong to the client. */
async function requestOf(db: Db, clientId: number, reference: string) {
  const isConsultation = reference.toUpperCase().startsWith('C-')
  const t = isConsultation ? tables.consultations : tables.supportRequests
  const [row] = await db
    .select({ id: t.id, clientId: t.clientId })
    .from(t)
    .where(eq(t.reference, reference.toUpperCase()))
    .limit(1)
  if (!row || row.clientId !== clientId)
    throw new Invalid({ requestReference: 'No such request of this client' })
  return isConsultation ? { consultationId: row.id } : { supportRequestId: row.id }
}

/** The query of a client's blocks with the minutes used (batchable: the portal's dashboard batches it). */
export function blocksQuery(db: Db, clientId: number) {
  const b = tables.prepaidBlocks
  return db
    .select({
      block: b,
      // Aliased and qualified: inside the subquery an unqualified "id" would be the entry's.
      usedMinutes: sql<number>`coalesce((select sum(te.minutes) from time_entries te where te.block_id = "prepaid_blocks"."id"), 0)`,
    })
    .from(b)
    .where(eq(b.clientId, clientId))
    .orderBy(asc(b.id))
}

/** What is left of each block (minutes), from blocksQuery's rows. */
export const withRemaining = (rows: Awaited<ReturnType<typeof blocksQuery>>) =>
  rows.map(({ block, usedMinutes }) => ({
    ...block,
    usedMinutes,
    remainingMinutes: Math.max(0, block.minutes - usedMinutes),
  }))

/** What is left of each of a client's blocks (minutes), oldest first. */
export async function blocksOf(db: Db, clientId: number) {
  return withRemaining(await blocksQuery(db, clientId))
}

export type BlockWithRemaining = Awaited<ReturnType<typeof blocksOf>>[number]

/** The block billable time draws from now: the oldest one still valid with minutes left. */
function activeBlock(blocks: BlockWithRemaining[], today: string) {
  return blocks.find((b) => b.remainingMinutes > 0 && (!b.validUntil || b.validUntil >= today)) ?? null
}

/**
 * Records time. Billable time draws the client's prepaid block down first: an
 * entry longer than what is left is split, the rest billed as ordinary time.
 * Returns the entries made (usually one).
 */
export async function createTimeEntry(
  db: Db,
  env: Env,
  input: TimeEntryInput,
  now = new Date(),
  /** The request the running timer named, when the stop names none. */
  timerLink: {
    supportRequestId?: number | null
    consultationId?: number | null
    maintenanceTaskId?: number
  } = {},
) {
  const client = await clientOrThrow(db, input.clientId)
  const link = input.requestReference ? await requestOf(db, client.id, input.requestReference) : timerLink
  const assetId = input.assetId ? await checkAssetLink(db, client.id, input.assetId) : null
  const rate = input.rateCents ?? client.defaultRateCents
  // Time is kept even without a rate (issue 36): flagged, it waits for one before it is invoiced.
  const needsRate = rate == null
  const today = businessDate(now)
  const base = {
    clientId: client.id,
    ...link,
    date: input.date ?? today,
    description: input.description,
    billable: input.billable ?? true,
    rateCents: rate ?? 0,
    needsRate,
    assetId,
  }
  const late = await lateChoiceFor(db, client.id, base.date, base.billable, input.lateTime)
  const block = base.billable ? activeBlock(await blocksOf(db, client.id), today) : null
  const rows = !block
    ? await db
        .insert(tables.timeEntries)
        .values({ ...base, minutes: input.minutes, blockId: null })
        .returning()
    : await drawDown(db, block.id, { ...base, minutes: input.minutes }, now)
  await storeLateChoice(
    db,
    rows.filter((r) => r.blockId === null).map((r) => r.id),
    late,
    now,
  )
  if (block) await lowBlockNotice(db, env, client.id, block.id, now)
  // A plan's 80 % and 100 % alerts (issue 37), each once per period.
  await checkUsageAlerts(db, env, client.id, now)
  return rows
}

type EntryBase = {
  clientId: number
  supportRequestId?: number | null
  consultationId?: number | null
  maintenanceTaskId?: number | null
  date: string
  minutes: number
  description: string
  billable: boolean
  rateCents: number
  needsRate: boolean
  assetId?: number | null
}

/**
 * Draws an entry from a block in ONE statement (issue 34): what is left of the
 * block is measured inside the insert, so two entries at once cannot both take
 * the last hour. The part the block covers is one row, the rest (if any) an
 * ordinary billable row; the trigger of migration 0017 refuses any overdraw
 * underneath.
 */
async function drawDown(db: Db, blockId: number, e: EntryBase, now: Date): Promise<TimeEntry[]> {
  const at = now.getTime()
  const rows = await db.all<Record<string, unknown>>(sql`
    with left_over as (
      select max(0, min(${e.minutes}, b.minutes - coalesce((select sum(te.minutes) from time_entries te where te.block_id = b.id), 0))) as drawn
      from prepaid_blocks b where b.id = ${blockId}
    ),
    parts(minutes, block_id) as (
      select drawn, ${blockId} from left_over where drawn > 0
      union all
      select ${e.minutes} - coalesce((select drawn from left_over), 0), null
      where ${e.minutes} - coalesce((select drawn from left_over), 0) > 0
    )
    insert into time_entries (client_id, support_request_id, consultation_id, maintenance_task_id, date, minutes, description, billable, rate_cents, needs_rate, block_id, asset_id, created_at, updated_at)
    select ${e.clientId}, ${e.supportRequestId ?? null}, ${e.consultationId ?? null}, ${e.maintenanceTaskId ?? null}, ${e.date}, parts.minutes, ${e.description}, ${e.billable ? 1 : 0}, ${e.rateCents}, ${e.needsRate ? 1 : 0}, parts.block_id, ${e.assetId ?? null}, ${at}, ${at}
    from parts where true
    returning id`)
  const ids = rows.map((r) => Number(r.id))
  return db
    .select()
    .from(tables.timeEntries)
    .where(inArray(tables.timeEntries.id, ids))
    .orderBy(asc(tables.timeEntries.id))
}

/**
 * Queues the one "less than 20 % left" notice of a block, to the owner and
 * (with visitor mail on) the client's first contact. The conditional update
 * claims it, so two entries at once still send one notice.
 */
async function lowBlockNotice(db: Db, env: Env, clientId: number, blockId: number, now: Date) {
  const block = (await blocksOf(db, clientId)).find((b) => b.id === blockId)
  if (!block || block.remainingMinutes >= block.minutes * LOW_BLOCK_SHARE) return
  const b = tables.prepaidBlocks
  const [claimed] = await db
    .update(b)
    .set({ lowNoticeSentAt: now })
    .where(and(eq(b.id, blockId), isNull(b.lowNoticeSentAt)))
    .returning({ id: b.id })
  if (!claimed) return
  const [client] = await db.select().from(tables.clients).where(eq(tables.clients.id, clientId))
  const [contact] = await db
    .select()
    .from(tables.contacts)
    .where(eq(tables.contacts.clientId, clientId))
    .orderBy(asc(tables.contacts.id))
    .limit(1)
  const hours = (block.remainingMinutes / 60).toFixed(1)
  const text = `The prepaid block of ${block.minutes / 60} hours for ${client?.name ?? 'the client'} has ${hours} hours left.`
  const recipients = [env.NOTIFY_EMAIL, ...(contact && visitorMailEnabled(env) ? [contact.email] : [])]
  await enqueueMessages(
    db,
    'billing',
    recipients.map((recipient) => ({
      recipient,
      subject: headerSafe(`Prepaid hours running low: ${hours} h left`),
      textBody: text,
      htmlBody: letterHtml({ paragraphs: [text] }),
    })),
    now,
  )
}

export type TimeEntryPatch = Partial<Omit<TimeEntryInput, 'clientId' | 'requestReference'>>

export async function getTimeEntry(db: Db, id: number): Promise<TimeEntry> {
  const [row] = await db.select().from(tables.timeEntries).where(eq(tables.timeEntries.id, id)).limit(1)
  if (!row) throw new NotFound('Time entry not found')
  return row
}

export async function updateTimeEntry(db: Db, id: number, patch: TimeEntryPatch) {
  const entry = await getTimeEntry(db, id)
  if (entry.invoiceId !== null) throw new Conflict(BILLED_MESSAGE)
  if (patch.assetId) await checkAssetLink(db, entry.clientId, patch.assetId)
  const { lateTime, ...fields } = patch
  // Moved into (or made billable in) an invoiced plan period: the owner chooses where it goes. An entry
  // already late with a choice keeps it while it stays in its period.
  const date = fields.date ?? entry.date
  const billable = fields.billable ?? entry.billable
  const [kept] = await db
    .select({ choice: tables.lateTime.choice })
    .from(tables.lateTime)
    .where(eq(tables.lateTime.timeEntryId, id))
  const stays = kept && date.slice(0, 7) === entry.date.slice(0, 7)
  const late = await lateChoiceFor(
    db,
    entry.clientId,
    date,
    billable,
    lateTime ?? (stays ? kept.choice : null),
  )
  const set: Partial<TimeEntry> = Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  )
  if (late && late !== kept?.choice) await storeLateChoice(db, [id], late, new Date())
  if (!Object.keys(set).length) return late && late !== kept?.choice ? getTimeEntry(db, id) : entry
  // Setting a rate is what a "needs a rate" entry waits for.
  if (patch.rateCents != null) set.needsRate = false
  set.updatedAt = new Date()
  // The trigger is the real lock: an invoice made since the read above still refuses this.
  const [row] = await billedGuard(() =>
    db.update(tables.timeEntries).set(set).where(eq(tables.timeEntries.id, id)).returning(),
  )
  return row!
}

export async function deleteTimeEntry(db: Db, id: number) {
  const entry = await getTimeEntry(db, id)
  if (entry.invoiceId !== null) throw new Conflict(BILLED_MESSAGE)
  await billedGuard(() => db.delete(tables.timeEntries).where(eq(tables.timeEntries.id, id)))
}

export type TimeFilter = { clientId?: number; from?: string; to?: string; unbilled?: boolean }

export function listTimeEntries(db: Db, filter: TimeFilter = {}) {
  const e = tables.timeEntries
  return db
    .select()
    .from(e)
    .where(
      and(
        filter.clientId ? eq(e.clientId, filter.clientId) : undefined,
        filter.from ? gte(e.date, filter.from) : undefined,
        filter.to ? lte(e.date, filter.to) : undefined,
        filter.unbilled ? isNull(e.invoiceId) : undefined,
      ),
    )
    .orderBy(desc(e.date), desc(e.id))
}

/** Billable time not on an invoice and not paid for by a block: what an invoice from time bills. */
export function unbilledTime(db: Db, clientId: number, from?: string | null, to?: string | null) {
  const e = tables.timeEntries
  return db
    .select()
    .from(e)
    .where(
      and(
        eq(e.clientId, clientId),
        isNull(e.invoiceId),
        isNull(e.blockId),
        eq(e.billable, true),
        // Time without a rate waits until the owner sets one (a trigger refuses it too).
        eq(e.needsRate, false),
        // A plan bills the time its periods cover (issue 52).
        sql`not ${planCovers()}`,
        from ? gte(e.date, from) : undefined,
        to ? lte(e.date, to) : undefined,
      ),
    )
    .orderBy(asc(e.date), asc(e.id))
}

/**
 * What an invoice from time leaves out because a plan covers it, in words:
 * "12 h covered by the Clinic Care plan are left out: its period invoices bill them."
 * Null when there is none.
 */
export async function planTimeLeftOut(db: Db, clientId: number, from?: string | null, to?: string | null) {
  const e = tables.timeEntries
  const [row] = await db
    .select({
      minutes: sql<number>`coalesce(sum(${e.minutes}), 0)`,
      planName: sql<
        string | null
      >`(select p.name from subscriptions s join plans p on p.id = s.plan_id where s.client_id = ${clientId} order by s.id desc limit 1)`,
    })
    .from(e)
    .where(
      and(
        eq(e.clientId, clientId),
        isNull(e.invoiceId),
        isNull(e.blockId),
        eq(e.billable, true),
        planCovers(),
        from ? gte(e.date, from) : undefined,
        to ? lte(e.date, to) : undefined,
      ),
    )
  const minutes = Number(row?.minutes ?? 0)
  if (!minutes) return null
  return `${hoursText(minutes)} covered by the ${row?.planName ?? ''} plan ${minutes === 60 ? 'is' : 'are'} left out: the plan's period invoices bill them.`
}

// ---------- The running timer (one at a time, row id 1) ----------

export type TimerInput = {
  clientId?: number | null
  requestReference?: string | null
  description?: string | null
  /** Asked at start when the client has no default rate (optional: the entry is flagged otherwise). */
  rateCents?: number | null
  /** At the stop, when the time falls in a plan period already invoiced (issue 52). */
  lateTime?: LateTimeChoice | null
}

export async function getTimer(db: Db) {
  const [row] = await db.select().from(tables.runningTimer).where(eq(tables.runningTimer.id, 1)).limit(1)
  return row ?? null
}

export async function startTimer(db: Db, input: TimerInput, now = new Date()) {
  const link =
    input.clientId && input.requestReference
      ? await requestOf(db, input.clientId, input.requestReference)
      : {}
  if (input.clientId) await clientOrThrow(db, input.clientId)
  // The primary key is the "one at a time" rule: a second start finds the row taken.
  const [row] = await db
    .insert(tables.runningTimer)
    .values({
      id: 1,
      startedAt: now,
      clientId: input.clientId ?? null,
      description: input.description ?? null,
      rateCents: input.rateCents ?? null,
      ...link,
    })
    .onConflictDoNothing()
    .returning()
  if (!row) throw new Conflict('A timer is already running: stop it first')
  return row
}

/**
 * Stops the timer and records its time (whole minutes, at least one) as an
 * entry. Tracked time is never lost (issue 36): everything that can refuse is
 * checked while the timer still runs, and should the entry still fail, the
 * timer is put back as it was.
 */
export async function stopTimer(db: Db, env: Env, input: TimerInput = {}, now = new Date()) {
  const timer = await getTimer(db)
  if (!timer) throw new Conflict('No timer is running')
  const clientId = input.clientId ?? timer.clientId
  if (!clientId) throw new Invalid({ clientId: 'Choose the client this time is for' })
  await clientOrThrow(db, clientId)
  if (input.requestReference) await requestOf(db, clientId, input.requestReference)
  const minutes = Math.max(1, Math.round((now.getTime() - timer.startedAt.getTime()) / 60_000))
  // The delete is the claim: of two stops at once, one records the time.
  const [taken] = await db.delete(tables.runningTimer).where(eq(tables.runningTimer.id, 1)).returning()
  if (!taken) throw new Conflict('No timer is running')
  // The timer's request only when the time stays with the timer's client.
  const timerLink =
    clientId === timer.clientId
      ? { supportRequestId: timer.supportRequestId, consultationId: timer.consultationId }
      : {}
  try {
    return await createTimeEntry(
      db,
      env,
      {
        clientId,
        requestReference: input.requestReference ?? null,
        minutes,
        description: input.description ?? timer.description ?? 'Timed work',
        date: businessDate(timer.startedAt),
        rateCents: input.rateCents ?? (clientId === timer.clientId ? timer.rateCents : null),
        lateTime: input.lateTime ?? null,
      },
      now,
      timerLink,
    )
  } catch (err) {
    await db.insert(tables.runningTimer).values(taken).onConflictDoNothing()
    throw err
  }
}

// ---------- Prepaid blocks ----------

export type BlockInput = { clientId: number; minutes: number; priceCents: number; validUntil?: string | null }

export async function createBlock(db: Db, input: BlockInput) {
  await clientOrThrow(db, input.clientId)
  const [row] = await db.insert(tables.prepaidBlocks).values(input).returning()
  return row!
}

/** The blocks a client can still draw from (what the portal and the client page show). */
export async function remainingBlocks(db: Db, clientId: number, now = new Date()) {
  const today = businessDate(now)
  return (await blocksOf(db, clientId)).filter((b) => !b.validUntil || b.validUntil >= today)
}
