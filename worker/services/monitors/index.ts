// Client monitors (issue 54): what the owner creates and reads (REST, GraphQL),
// the portal's view of a client's own, heartbeats, uptime and maintenance
// windows. Checks and their consequences are in checks.ts; the cron's queue in
// schedule.ts; the outside services in probes.ts.
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { MaintenanceWindowPayload, MonitorPayload } from '../../../schema/monitor-payloads.server'
import type { MonitorKind, MonitorShownState } from '../../../schema/monitors'
import type { Db } from '../../db'
import { tables } from '../../db'
import { Invalid, NotFound } from '../errors'
import { checkMonitor, type Lookups, type Monitor, recordResult } from './checks'
import { domainRefusal, urlRefusal } from './probes'

export { type CheckOutcome, checkMonitor, DEFAULT_LOOKUPS, type Lookups } from './checks'
export { isPrivateHost, privateTargetsAllowed, urlRefusal } from './probes'
export { type CheckMessage, consumeChecks, enqueueDueChecks } from './schedule'

const m = tables.monitors
const DAY = 86_400_000
/** tls and domain monitors look up a date that changes slowly: once a day unless asked otherwise. */
const EXPIRY_DEFAULT_INTERVAL = 1440

export type MonitorSummary = {
  id: number
  clientId: number
  clientName: string
  kind: MonitorKind
  name: string
  url: string | null
  keyword: string | null
  keywordAbsent: boolean
  domain: string | null
  intervalMinutes: number
  graceMinutes: number
  timeoutMs: number
  urgency: string
  state: MonitorShownState
  paused: boolean
  lastCheckedAt: Date | null
  lastResponseMs: number | null
  expiresAt: Date | null
  heartbeatUrl: string | null
}

export type CheckRow = {
  at: Date
  ok: boolean
  status: number | null
  ms: number | null
  error: string | null
}
export type OutageRow = {
  id: number
  startedAt: Date
  endedAt: Date | null
  cause: string | null
  requestId: number | null
}

export type MonitorDetail = MonitorSummary & {
  checks: CheckRow[]
  uptime30d: number | null
  outages: OutageRow[]
}

const heartbeatUrl = (env: Env, token: string | null) =>
  token ? `${env.SITE_URL.replace(/\/$/, '')}/hb/${token}` : null

function summary(env: Env, row: Monitor, clientName: string): MonitorSummary {
  return {
    id: row.id,
    clientId: row.clientId,
    clientName,
    kind: row.kind,
    name: row.name,
    url: row.url,
    keyword: row.keyword,
    keywordAbsent: row.keywordAbsent,
    domain: row.domain,
    intervalMinutes: row.intervalMinutes,
    graceMinutes: row.graceMinutes,
    timeoutMs: row.timeoutMs,
    urgency: row.urgency,
    state: row.paused ? 'paused' : row.state,
    paused: row.paused,
    lastCheckedAt: row.lastCheckedAt,
    lastResponseMs: row.lastResponseMs,
    expiresAt: row.expiresAt,
    heartbeatUrl: heartbeatUrl(env, row.heartbeatToken),
  }
}

const STATE_ORDER: Record<MonitorShownState, number> = { down: 0, pending: 1, up: 2, paused: 3 }

/** Monitors (not deleted), of one client or all; down first, then by client and name. */
export async function listMonitors(db: Db, env: Env, clientId?: number): Promise<MonitorSummary[]> {
  const rows = await db
    .select({ mon: m, clientName: tables.clients.name })
    .from(m)
    .innerJoin(tables.clients, eq(tables.clients.id, m.clientId))
    .where(and(isNull(m.deletedAt), clientId ? eq(m.clientId, clientId) : undefined))
    .orderBy(asc(tables.clients.name), asc(m.name), asc(m.id))
  return rows
    .map((r) => summary(env, r.mon, r.clientName))
    .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state])
}

async function monitorRow(db: Db, id: number, clientId?: number) {
  const [row] = await db
    .select({ mon: m, clientName: tables.clients.name })
    .from(m)
    .innerJoin(tables.clients, eq(tables.clients.id, m.clientId))
    .where(and(eq(m.id, id), isNull(m.deletedAt), clientId ? eq(m.clientId, clientId) : undefined))
  if (!row) throw new NotFound('Monitor not found')
  return row
}

/**
 * Uptime in percent over [from, to), weighted by time: each check stands for
 * the time until the monitor's next check, at most one interval (a paused or
 * unchecked stretch counts neither way) and never past `to`. Checks run at
 * each monitor's interval, so in use this is close to the share of good
 * checks; it differs, rightly, where they were not evenly spaced: "Check now"
 * pressed three times during a blip, an interval changed, a new monitor's
 * first minutes. Null without checks.
 */
export async function uptimeOf(db: Db, monitorIds: number[], from: Date, to: Date) {
  const out = new Map<number, { percent: number | null; checks: number }>()
  if (!monitorIds.length) return out
  const start = from.getTime()
  const end = to.getTime()
  // D1 binds at most 100 values a statement: 90 ids and the dates.
  for (let i = 0; i < monitorIds.length; i += 90) {
    const ids = monitorIds.slice(i, i + 90)
    const rows = await db.all<{
      monitorId: number
      checks: number
      goodChecks: number
      good: number
      observed: number
    }>(sql`
      select monitor_id as monitorId, count(*) as checks, sum(ok) as goodChecks,
        sum(case when ok then span else 0 end) as good, sum(span) as observed
      from (
        select c.monitor_id, c.ok,
          min(coalesce(lead(c.at) over (partition by c.monitor_id order by c.at, c.id), ${end}),
              c.at + m.interval_minutes * 60000, ${end}) - c.at as span
        from monitor_checks c join monitors m on m.id = c.monitor_id
        where c.monitor_id in (${sql.join(ids, sql`, `)}) and c.at >= ${start} and c.at < ${end}
      )
      group by monitor_id`)
    for (const r of rows) {
      const [checks, observed] = [Number(r.checks), Number(r.observed)]
      out.set(Number(r.monitorId), {
        // Checks all at one instant stand for no time: then their share.
        percent:
          observed > 0
            ? (100 * Number(r.good)) / observed
            : checks
              ? (100 * Number(r.goodChecks)) / checks
              : null,
        checks,
      })
    }
  }
  return out
}

/** The outages of some monitors that overlap [from, to), oldest first. */
export async function outagesOf(db: Db, monitorIds: number[], from: Date, to: Date) {
  const o = tables.monitorOutages
  const out: (typeof o.$inferSelect)[] = []
  // D1 binds at most 100 values a statement: 90 ids and the dates.
  for (let i = 0; i < monitorIds.length; i += 90)
    out.push(
      ...(await db
        .select()
        .from(o)
        .where(
          and(
            inArray(o.monitorId, monitorIds.slice(i, i + 90)),
            lt(o.startedAt, to),
            or(isNull(o.endedAt), gte(o.endedAt, from)),
          ),
        )),
    )
  return out.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.id - b.id)
}

/** One monitor with its newest checks, 30 days' uptime and recent outages; of one client when asked (portal). */
export async function getMonitor(
  db: Db,
  env: Env,
  rawId: number,
  options: { clientId?: number; now?: number; checks?: number } = {},
): Promise<MonitorDetail> {
  const now = options.now ?? Date.now()
  const row = await monitorRow(db, rawId, options.clientId)
  const c = tables.monitorChecks
  const from = new Date(now - 30 * DAY)
  const [checks, uptime, outages] = await Promise.all([
    db
      .select({ at: c.at, ok: c.ok, status: c.status, ms: c.ms, error: c.error })
      .from(c)
      .where(eq(c.monitorId, rawId))
      .orderBy(desc(c.at), desc(c.id))
      .limit(options.checks ?? 50),
    uptimeOf(db, [rawId], from, new Date(now + 1)),
    outagesOf(db, [rawId], from, new Date(now + 1)),
  ])
  return {
    ...summary(env, row.mon, row.clientName),
    checks,
    uptime30d: uptime.get(rawId)?.percent ?? null,
    outages: outages.reverse().map((x) => ({
      id: x.id,
      startedAt: x.startedAt,
      endedAt: x.endedAt,
      cause: x.cause,
      requestId: x.requestId,
    })),
  }
}

const randomToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(18))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** Creates a monitor (state pending, checked at the next cron). Bad input: Invalid naming the field; nothing stored. */
export async function createMonitor(db: Db, env: Env, input: MonitorPayload, now = Date.now()) {
  const errors: Record<string, string> = {}
  if (input.url && (input.kind === 'http' || input.kind === 'keyword' || input.kind === 'tls')) {
    const refusal = urlRefusal(input.url, env)
    if (refusal) errors.url = refusal
  }
  const domain = input.domain?.trim().toLowerCase().replace(/\.$/, '') ?? null
  if (domain && (input.kind === 'domain' || input.kind === 'tls')) {
    const refusal = domainRefusal(domain)
    if (refusal) errors.domain = refusal
  }
  const [client] = await db
    .select({ id: tables.clients.id })
    .from(tables.clients)
    .where(eq(tables.clients.id, input.clientId))
  if (!client) errors.clientId = 'No such client'
  if (Object.keys(errors).length) throw new Invalid(errors)
  const slow = input.kind === 'tls' || input.kind === 'domain'
  const [row] = await db
    .insert(m)
    .values({
      clientId: input.clientId,
      kind: input.kind,
      name: input.name,
      url: input.kind === 'heartbeat' || input.kind === 'domain' ? null : (input.url ?? null),
      keyword: input.kind === 'keyword' ? input.keyword : null,
      keywordAbsent: input.kind === 'keyword' ? input.keywordAbsent : false,
      domain: input.kind === 'domain' || input.kind === 'tls' ? domain : null,
      intervalMinutes: input.intervalMinutes ?? (slow ? EXPIRY_DEFAULT_INTERVAL : 5),
      graceMinutes: input.graceMinutes ?? 5,
      timeoutMs: input.timeoutMs ?? 10_000,
      urgency: input.urgency ?? 'high',
      heartbeatToken: input.kind === 'heartbeat' ? randomToken() : null,
      nextCheckAt: new Date(
        input.kind === 'heartbeat'
          ? now + ((input.intervalMinutes ?? 5) + (input.graceMinutes ?? 5)) * 60_000
          : now,
      ),
      createdAt: new Date(now),
    })
    .returning()
  const hb = heartbeatUrl(env, row!.heartbeatToken)
  return { id: row!.id, state: 'pending' as const, ...(hb ? { heartbeatUrl: hb } : {}) }
}

/** Pauses or resumes: a paused monitor is not checked and alerts nobody; resuming checks it at the next cron. */
export async function setPaused(db: Db, env: Env, id: number, paused: boolean, now = Date.now()) {
  await monitorRow(db, id)
  await db
    .update(m)
    .set(paused ? { paused: true } : { paused: false, failStreak: 0, nextCheckAt: new Date(now) })
    .where(eq(m.id, id))
  const row = await monitorRow(db, id)
  return summary(env, row.mon, row.clientName)
}

/**
 * Deletes a monitor: it stops and leaves every list, but its checks and
 * outages stay, so the past months' reports still show its uptime. An open
 * outage is closed without an alert.
 */
export async function deleteMonitor(db: Db, id: number, now = Date.now()) {
  await monitorRow(db, id)
  await db.batch([
    db
      .update(m)
      .set({ deletedAt: new Date(now), paused: true })
      .where(eq(m.id, id)),
    db
      .update(tables.monitorOutages)
      .set({ endedAt: new Date(now) })
      .where(and(eq(tables.monitorOutages.monitorId, id), isNull(tables.monitorOutages.endedAt))),
  ])
}

/** "Check now": one check through the same path as the queue's, answered at once. */
export async function checkNow(db: Db, env: Env, id: number, now = Date.now(), lookups?: Lookups) {
  await monitorRow(db, id)
  const outcome = await checkMonitor(db, env, id, `now:${now}`, now, lookups)
  const { recorded: _recorded, ...rest } = outcome
  return rest
}

/**
 * A heartbeat's beat (GET|POST /hb/{token}): recorded, and counted as a good
 * check at once, so a monitor that was down is up with the first beat.
 * Unknown, deleted or paused monitors: NotFound / nothing checked.
 */
export async function recordBeat(db: Db, env: Env, token: string, now = Date.now()) {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) throw new NotFound('Unknown heartbeat')
  const [row] = await db
    .update(m)
    .set({ lastBeatAt: new Date(now) })
    .where(and(eq(m.heartbeatToken, token), isNull(m.deletedAt)))
    .returning()
  if (!row) throw new NotFound('Unknown heartbeat')
  if (!row.paused) await recordResult(db, env, row, `beat:${now}`, { ok: true }, now)
  return { ok: true as const }
}

// ---------- Maintenance windows ----------

export async function addMaintenanceWindow(db: Db, clientId: number, input: MaintenanceWindowPayload) {
  if (input.monitorId) {
    const [mon] = await db
      .select({ clientId: m.clientId })
      .from(m)
      .where(and(eq(m.id, input.monitorId), isNull(m.deletedAt)))
    if (!mon || mon.clientId !== clientId) throw new Invalid({ monitorId: 'No such monitor of this client' })
  }
  const [row] = await db
    .insert(tables.monitorMaintenance)
    .values({
      clientId,
      monitorId: input.monitorId ?? null,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      note: input.note,
    })
    .returning()
  return row!
}

export async function listMaintenanceWindows(db: Db, clientId: number, now = Date.now()) {
  const w = tables.monitorMaintenance
  return db
    .select()
    .from(w)
    .where(and(eq(w.clientId, clientId), gte(w.endsAt, new Date(now))))
    .orderBy(asc(w.startsAt))
}

export async function deleteMaintenanceWindow(db: Db, id: number) {
  const gone = await db
    .delete(tables.monitorMaintenance)
    .where(eq(tables.monitorMaintenance.id, id))
    .returning({ id: tables.monitorMaintenance.id })
  if (!gone.length) throw new NotFound('Maintenance window not found')
}

// ---------- Portal and reports ----------

export type PortalMonitor = {
  id: number
  name: string
  kind: MonitorKind
  state: MonitorShownState
  uptime30d: number | null
  lastCheckedAt: Date | null
  openOutage: { startedAt: Date; cause: string | null } | null
  recentOutages: { startedAt: Date; endedAt: Date | null }[]
}

/** A client's monitors as its contacts see them: state, 30 days' uptime, the open and recent outages. */
export async function portalMonitors(db: Db, clientId: number, now = Date.now()): Promise<PortalMonitor[]> {
  const rows = await db
    .select()
    .from(m)
    .where(and(eq(m.clientId, clientId), isNull(m.deletedAt)))
    .orderBy(asc(m.name), asc(m.id))
  const ids = rows.map((r) => r.id)
  const from = new Date(now - 30 * DAY)
  const [uptime, outages] = await Promise.all([
    uptimeOf(db, ids, from, new Date(now + 1)),
    outagesOf(db, ids, from, new Date(now + 1)),
  ])
  return rows
    .map((r) => {
      const mine = outages.filter((o) => o.monitorId === r.id)
      const open = mine.find((o) => !o.endedAt)
      return {
        id: r.id,
        name: r.name,
        kind: r.kind,
        state: (r.paused ? 'paused' : r.state) as MonitorShownState,
        uptime30d: uptime.get(r.id)?.percent ?? null,
        lastCheckedAt: r.lastCheckedAt,
        openOutage: open ? { startedAt: open.startedAt, cause: open.cause } : null,
        recentOutages: mine
          .reverse()
          .slice(0, 5)
          .map((o) => ({ startedAt: o.startedAt, endedAt: o.endedAt })),
      }
    })
    .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state])
}

export type UptimeLine = { monitorId: number; name: string; percent: number | null; outages: number }

/**
 * A month's uptime per monitor of a client, for the service report: every
 * monitor that existed during [from, to), deleted ones included (their
 * history stays), with its outages that began in the month.
 */
export async function monthUptime(db: Db, clientId: number, from: Date, to: Date): Promise<UptimeLine[]> {
  const rows = await db
    .select({ id: m.id, name: m.name })
    .from(m)
    .where(
      and(eq(m.clientId, clientId), lt(m.createdAt, to), or(isNull(m.deletedAt), gte(m.deletedAt, from))),
    )
    .orderBy(asc(m.name), asc(m.id))
  const ids = rows.map((r) => r.id)
  const [uptime, outages] = await Promise.all([uptimeOf(db, ids, from, to), outagesOf(db, ids, from, to)])
  return rows.map((r) => ({
    monitorId: r.id,
    name: r.name,
    percent: uptime.get(r.id)?.percent ?? null,
    outages: outages.filter((o) => o.monitorId === r.id && o.startedAt >= from).length,
  }))
}

/** Which contact asked for monitor alerts; the portal's switch. */
export async function setContactAlerts(db: Db, contactId: number, on: boolean) {
  const t = tables.monitorContactAlerts
  if (on) await db.insert(t).values({ contactId }).onConflictDoNothing()
  else await db.delete(t).where(eq(t.contactId, contactId))
}

export async function contactAlertsOn(db: Db, contactId: number) {
  const t = tables.monitorContactAlerts
  return (await db.select().from(t).where(eq(t.contactId, contactId))).length > 0
}
