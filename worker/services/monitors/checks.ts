// One check of one monitor and what follows from it (issue 54, ADR 198): the
// cron's queue consumer, "Check now" and a heartbeat's beat all come here.
// A monitor is down after two failed checks in a row; going down opens one
// outage (a partial unique index: at most one open per monitor), which opens
// or joins the client's support request and tells the owner and the contacts
// who asked; the first good check ends it, notes the downtime on the request
// and resolves it. Certificates and domains warn at 30, 14 and 3 days, once
// each. A maintenance window holds the alerts; the checks go on.
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import { formatBusinessDateTime } from '../../../schema/business-time'
import {
  DOWN_AFTER_FAILURES,
  durationWords,
  EXPIRY_LEADS,
  MONITOR_KIND_LABELS,
  type MonitorState,
} from '../../../schema/monitors'
import { CLOSED_STATUSES } from '../../../schema/request-statuses'
import { businessDate, formatCalendarDate } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { tables } from '../../db'
import { dueAfter } from '../../mail/business-time'
import { letterHtml } from '../../mail/letter-html'
import { deliverEach, queueMailOnce } from '../../mail/outbox'
import { headerSafe } from '../../mail/templates'
import { isUniqueRefusal } from '../balance'
import { NotFound } from '../errors'
import { nextReference } from '../requests'
import { applyPlanTarget } from '../requests/due-clock'
import { updateSupportRequest } from '../requests/owner-views'
import {
  type CertificateLookup,
  certspotterLookup,
  type DomainLookup,
  type ProbeResult,
  probeExpiry,
  probeHttp,
  probeKeyword,
  rdapLookup,
  urlRefusal,
} from './probes'

export type Monitor = typeof tables.monitors.$inferSelect

/** The lookups a check uses for certificates and domains (tests may pass their own; the default asks the services). */
export type Lookups = { certificate: CertificateLookup; domain: DomainLookup }
export const DEFAULT_LOOKUPS: Lookups = { certificate: certspotterLookup, domain: rdapLookup }

export type CheckOutcome = {
  ok: boolean
  status?: number
  ms?: number
  error?: string
  state: MonitorState | 'paused'
  /** False when this slot was already checked (a retried queue message): nothing changed. */
  recorded: boolean
}

const m = tables.monitors
const DAY = 86_400_000

/** What one check of the monitor finds, at `now`; no database writes. */
export async function probe(env: Env, mon: Monitor, now: number, lookups: Lookups): Promise<ProbeResult> {
  switch (mon.kind) {
    case 'http':
    case 'keyword': {
      // Checked again at each run: a monitor stored in local development and deployed is refused, not fetched.
      const refusal = urlRefusal(mon.url ?? '', env)
      if (refusal) return { ok: false, error: refusal }
      return mon.kind === 'http'
        ? probeHttp(mon.url!, mon.timeoutMs)
        : probeKeyword(mon.url!, mon.keyword ?? '', mon.keywordAbsent, mon.timeoutMs)
    }
    case 'heartbeat': {
      const from = (mon.lastBeatAt ?? mon.createdAt).getTime()
      const late = now - from - (mon.intervalMinutes + mon.graceMinutes) * 60_000
      return late > 0
        ? {
            ok: false,
            error: mon.lastBeatAt
              ? `No beat since ${durationWords(now - from)} ago`
              : `No beat in ${durationWords(now - from)}`,
          }
        : { ok: true }
    }
    case 'tls': {
      const host = mon.url ? new URL(mon.url).hostname : (mon.domain ?? '')
      return probeExpiry(() => lookups.certificate(host, env), now)
    }
    case 'domain':
      return probeExpiry(() => lookups.domain(mon.domain ?? '', env), now)
  }
}

/**
 * One check of monitor `id` for `slot` (the cron's due time, or "now:<ms>"):
 * probes it, records it once per slot and applies what follows. The same path
 * for the queue consumer and "Check now".
 */
export async function checkMonitor(
  db: Db,
  env: Env,
  id: number,
  slot: string,
  now: number,
  lookups: Lookups = DEFAULT_LOOKUPS,
): Promise<CheckOutcome> {
  const [mon] = await db
    .select()
    .from(m)
    .where(and(eq(m.id, id), isNull(m.deletedAt)))
  if (!mon) throw new NotFound('Monitor not found')
  // Paused after it was queued, or "Check now" on a paused one: not checked, nobody alerted.
  if (mon.paused) return { ok: mon.state !== 'down', state: 'paused', recorded: false }
  const taken = await db
    .select({ id: tables.monitorChecks.id })
    .from(tables.monitorChecks)
    .where(and(eq(tables.monitorChecks.monitorId, id), eq(tables.monitorChecks.slot, slot)))
  if (taken.length) return { ok: mon.state !== 'down', state: shownState(mon), recorded: false }
  const result = await probe(env, mon, now, lookups)
  return recordResult(db, env, mon, slot, result, now)
}

const shownState = (mon: Pick<Monitor, 'paused' | 'state'>) => (mon.paused ? 'paused' : mon.state)

/** Records a check's result (once per slot) and moves the monitor's state; alerts follow. */
export async function recordResult(
  db: Db,
  env: Env,
  mon: Monitor,
  slot: string,
  result: ProbeResult,
  now: number,
): Promise<CheckOutcome> {
  const at = new Date(now)
  const c = tables.monitorChecks
  const inserted = await db
    .insert(c)
    .values({
      monitorId: mon.id,
      slot,
      at,
      ok: result.ok,
      status: result.status ?? null,
      ms: result.ms ?? null,
      error: result.error ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: c.id })
  const base = {
    ok: result.ok,
    ...(result.status !== undefined ? { status: result.status } : {}),
    ...(result.ms !== undefined ? { ms: result.ms } : {}),
    ...(result.error ? { error: result.error } : {}),
  }
  // Another delivery of the same slot got here first: its result stands.
  if (!inserted.length) return { ...base, state: shownState(mon), recorded: false }
  const timing = {
    lastCheckedAt: at,
    ...(result.ms !== undefined && (mon.kind === 'http' || mon.kind === 'keyword')
      ? { lastResponseMs: result.ms }
      : {}),
    ...(result.expiresAt ? { expiresAt: result.expiresAt } : {}),
  }
  let state: MonitorState
  const mail: number[] = []
  if (result.ok) {
    const [row] = await db
      .update(m)
      .set({ ...timing, failStreak: 0, state: 'up' })
      .where(eq(m.id, mon.id))
      .returning({ state: m.state })
    state = row?.state ?? 'up'
    mail.push(...(await endOutage(db, env, mon, now)))
    if (result.expiresAt) mail.push(...(await warnExpiry(db, env, mon, result.expiresAt, now)))
  } else {
    // The streak is counted in the database, so two checks at once still count two.
    const [row] = await db
      .update(m)
      .set({
        ...timing,
        failStreak: sql`${m.failStreak} + 1`,
        state: sql`case when ${m.failStreak} + 1 >= ${DOWN_AFTER_FAILURES} then 'down' else ${m.state} end`,
      })
      .where(eq(m.id, mon.id))
      .returning({ state: m.state, failStreak: m.failStreak })
    state = (row?.state ?? mon.state) as MonitorState
    if (row && row.failStreak >= DOWN_AFTER_FAILURES)
      mail.push(...(await startOutage(db, env, mon, result, now)))
  }
  // Sent now, not at the next cron: an outage is news. A failed send stays queued for the cron's retries.
  if (mail.length) await deliverEach(db, env, mail, now)
  return { ...base, state: mon.paused ? 'paused' : state, recorded: true }
}

/** A maintenance window of the monitor or of its whole client covers `now`. */
export async function inMaintenance(db: Db, mon: Pick<Monitor, 'id' | 'clientId'>, now: number) {
  const w = tables.monitorMaintenance
  const at = new Date(now)
  const rows = await db
    .select({ id: w.id })
    .from(w)
    .where(
      and(
        eq(w.clientId, mon.clientId),
        or(isNull(w.monitorId), eq(w.monitorId, mon.id)),
        lte(w.startsAt, at),
        gt(w.endsAt, at),
      ),
    )
    .limit(1)
  return rows.length > 0
}

const siteUrl = (env: Env, path: string) => `${env.SITE_URL.replace(/\/$/, '')}${path}`

/** Who is told besides the owner: the client's contacts who asked for monitor alerts. */
async function alertContacts(db: Db, clientId: number) {
  const ct = tables.contacts
  return db
    .select({ id: ct.id, email: ct.email, name: ct.name })
    .from(tables.monitorContactAlerts)
    .innerJoin(ct, eq(ct.id, tables.monitorContactAlerts.contactId))
    .where(eq(ct.clientId, clientId))
}

/** The support request an outage joins: the monitor's latest one while it is still open. */
async function openRequestOf(db: Db, monitorId: number): Promise<number | null> {
  const o = tables.monitorOutages
  const s = tables.supportRequests
  const [row] = await db
    .select({ id: s.id, status: s.status })
    .from(o)
    .innerJoin(s, eq(s.id, o.requestId))
    .where(eq(o.monitorId, monitorId))
    .orderBy(desc(o.startedAt), desc(o.id))
    .limit(1)
  return row && !(CLOSED_STATUSES as readonly string[]).includes(row.status) ? row.id : null
}

/** A line in the request's thread, written by the monitor (shown like a message from the client's side). */
async function noteOnRequest(db: Db, requestId: number, monitorName: string, body: string, now: number) {
  const at = new Date(now)
  await db.insert(tables.requestMessages).values({
    supportRequestId: requestId,
    direction: 'in',
    author: 'monitor',
    authorName: `Monitor: ${monitorName}`,
    body,
    createdAt: at,
    updatedAt: at,
  })
  await db
    .update(tables.supportRequests)
    .set({ updatedAt: at })
    .where(eq(tables.supportRequests.id, requestId))
}

/** Opens the support request of an outage, in the client's name (its first contact, else the client). */
async function openRequest(db: Db, env: Env, mon: Monitor, description: string, now: number) {
  const at = new Date(now)
  const [client] = await db.select().from(tables.clients).where(eq(tables.clients.id, mon.clientId))
  const [contact] = await db
    .select()
    .from(tables.contacts)
    .where(eq(tables.contacts.clientId, mon.clientId))
    .orderBy(tables.contacts.id)
    .limit(1)
  const reference = await nextReference(db, 'support')
  const [row] = await db
    .insert(tables.supportRequests)
    .values({
      name: contact?.name ?? client?.name ?? 'Client',
      email: contact?.email ?? env.NOTIFY_EMAIL,
      phone: contact?.phone ?? '',
      businessName: client?.name ?? null,
      issueType: 'monitor',
      urgency: mon.urgency,
      description,
      preferredContact: 'email',
      reference,
      clientId: mon.clientId,
      contactId: contact?.id ?? null,
      dueAt: new Date(dueAfter(mon.urgency, now)),
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: tables.supportRequests.id, reference: tables.supportRequests.reference })
  await applyPlanTarget(db, row!.id, at)
  return row!
}

async function startOutage(
  db: Db,
  env: Env,
  mon: Monitor,
  result: ProbeResult,
  now: number,
): Promise<number[]> {
  const o = tables.monitorOutages
  const c = tables.monitorChecks
  // The outage began with the first failed check of this streak.
  const [lastOk] = await db
    .select({ at: c.at })
    .from(c)
    .where(and(eq(c.monitorId, mon.id), eq(c.ok, true)))
    .orderBy(desc(c.at))
    .limit(1)
  const [firstFail] = await db
    .select({ at: c.at })
    .from(c)
    .where(and(eq(c.monitorId, mon.id), eq(c.ok, false), lastOk ? gt(c.at, lastOk.at) : undefined))
    .orderBy(c.at)
    .limit(1)
  const startedAt = firstFail?.at ?? new Date(now)
  const alerted = !(await inMaintenance(db, mon, now))
  let outageId: number
  try {
    const rows = await db
      .insert(o)
      .values({ monitorId: mon.id, startedAt, cause: result.error ?? null, alerted })
      .onConflictDoNothing()
      .returning({ id: o.id })
    // Already down: the open outage was opened (and told) by an earlier check.
    if (!rows.length) return []
    outageId = rows[0]!.id
  } catch (err) {
    if (isUniqueRefusal(err, 'monitor_outages.monitor_id')) return []
    throw err
  }
  if (!alerted) return []
  const kind = MONITOR_KIND_LABELS[mon.kind]
  const what = `${kind} monitor "${mon.name}" is down since ${formatBusinessDateTime(startedAt)}: ${result.error ?? 'the check failed'}.`
  const target = mon.url ?? mon.domain ?? ''
  let requestId = await openRequestOf(db, mon.id)
  let reference: string | null = null
  if (requestId) {
    await noteOnRequest(db, requestId, mon.name, `Down again. ${what}`, now)
  } else {
    const created = await openRequest(
      db,
      env,
      mon,
      [what, target ? `Watching: ${target}` : ''].filter(Boolean).join('\n\n'),
      now,
    )
    requestId = created.id
    reference = created.reference
  }
  await db.update(o).set({ requestId }).where(eq(o.id, outageId))
  const [ref] = reference
    ? [{ reference }]
    : await db
        .select({ reference: tables.supportRequests.reference })
        .from(tables.supportRequests)
        .where(eq(tables.supportRequests.id, requestId))
  const client = await clientName(db, mon.clientId)
  const ownerText = [
    what,
    `Client: ${client}`,
    `Request ${ref?.reference ?? ''}: ${siteUrl(env, '/admin/requests?kind=support')}`,
    `Monitor: ${siteUrl(env, `/admin/monitors/${mon.id}`)}`,
  ]
  return queueAlerts(db, env, mon, now, {
    key: `monitor-down:${outageId}`,
    ownerSubject: `Down: ${mon.name} (${client})`,
    ownerText,
    contactSubject: `${mon.name} is down`,
    contactText: [
      `Our monitor found ${mon.name} down since ${formatBusinessDateTime(startedAt)}. We are on it and will tell you when it is back.`,
      siteUrl(env, '/portal/monitors'),
    ],
  })
}

async function endOutage(db: Db, env: Env, mon: Monitor, now: number): Promise<number[]> {
  const o = tables.monitorOutages
  const [ended] = await db
    .update(o)
    .set({ endedAt: new Date(now) })
    .where(and(eq(o.monitorId, mon.id), isNull(o.endedAt)))
    .returning()
  if (!ended?.alerted) return []
  const downtime = durationWords(now - ended.startedAt.getTime())
  const text = `Up again at ${formatBusinessDateTime(now)} after ${downtime} down (from ${formatBusinessDateTime(ended.startedAt)}).`
  if (ended.requestId) {
    await noteOnRequest(db, ended.requestId, mon.name, text, now)
    const [req] = await db
      .select({ status: tables.supportRequests.status })
      .from(tables.supportRequests)
      .where(eq(tables.supportRequests.id, ended.requestId))
    if (req && !(CLOSED_STATUSES as readonly string[]).includes(req.status))
      await updateSupportRequest(db, ended.requestId, { status: 'resolved' }, now)
  }
  const client = await clientName(db, mon.clientId)
  return queueAlerts(db, env, mon, now, {
    key: `monitor-up:${ended.id}`,
    ownerSubject: `Up again: ${mon.name} (${client}), down ${downtime}`,
    ownerText: [`${mon.name}: ${text}`, siteUrl(env, `/admin/monitors/${mon.id}`)],
    contactSubject: `${mon.name} is back up`,
    contactText: [`${mon.name} is back up. ${text}`, siteUrl(env, '/portal/monitors')],
  })
}

async function clientName(db: Db, clientId: number) {
  const [row] = await db
    .select({ name: tables.clients.name })
    .from(tables.clients)
    .where(eq(tables.clients.id, clientId))
  return row?.name ?? 'Client'
}

type Alert = {
  key: string
  ownerSubject: string
  ownerText: string[]
  contactSubject: string
  contactText: string[]
}

/** The owner's e-mail and the opted-in contacts' ones, each once for its cause (the outbox's once key). */
async function queueAlerts(db: Db, env: Env, mon: Monitor, now: number, alert: Alert): Promise<number[]> {
  const contacts = await alertContacts(db, mon.clientId)
  const mail = [
    {
      recipient: env.NOTIFY_EMAIL,
      replyTo: null,
      subject: headerSafe(alert.ownerSubject),
      textBody: alert.ownerText.join('\n\n'),
      htmlBody: letterHtml({ paragraphs: alert.ownerText }),
      kind: 'monitor',
      onceKey: alert.key,
    },
    ...contacts.map((ct) => ({
      recipient: ct.email,
      replyTo: null,
      subject: headerSafe(alert.contactSubject),
      textBody: alert.contactText.join('\n\n'),
      htmlBody: letterHtml({ paragraphs: alert.contactText }),
      kind: 'monitor',
      onceKey: `${alert.key}:contact:${ct.id}`,
    })),
  ]
  return (await queueMailOnce(db, mail, new Date(now))).map((r) => r.id)
}

/** Whole days from `now` to `end`, rounded down (29.9 days left is 29). */
const daysLeft = (end: Date, now: number) => Math.floor((end.getTime() - now) / DAY)

/**
 * Certificate and domain warnings: the tightest lead (30, 14, 3 days) the
 * end is within, once per monitor, end date and lead (a monitor first seen 10
 * days out gets the 14-day warning only). Held during maintenance.
 */
async function warnExpiry(db: Db, env: Env, mon: Monitor, end: Date, now: number): Promise<number[]> {
  const left = daysLeft(end, now)
  const lead = [...EXPIRY_LEADS].reverse().find((l) => left <= l)
  if (lead === undefined || left < 0) return []
  if (await inMaintenance(db, mon, now)) return []
  // The calendar day in the business's zone, as every date people read (ADR 130).
  const expiresOn = businessDate(end)
  const claimed = await db
    .insert(tables.monitorWarnings)
    .values({ monitorId: mon.id, expiresOn, leadDays: lead, createdAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ monitorId: tables.monitorWarnings.monitorId })
  if (!claimed.length) return []
  const what = mon.kind === 'tls' ? 'certificate' : 'domain registration'
  const client = await clientName(db, mon.clientId)
  const text = [
    `The ${what} watched by "${mon.name}" (${client}) ends on ${formatCalendarDate(expiresOn)}, in ${left} days.`,
    siteUrl(env, `/admin/monitors/${mon.id}`),
  ]
  const queued = await queueMailOnce(
    db,
    [
      {
        recipient: env.NOTIFY_EMAIL,
        replyTo: null,
        subject: headerSafe(
          `${mon.kind === 'tls' ? 'Certificate' : 'Domain'} ends in ${left} days: ${mon.name} (${client})`,
        ),
        textBody: text.join('\n\n'),
        htmlBody: letterHtml({ paragraphs: text }),
        kind: 'monitor',
        onceKey: `monitor-expiry:${mon.id}:${expiresOn}:${lead}`,
      },
    ],
    new Date(now),
  )
  return queued.map((r) => r.id)
}
