// The incident register (issue 39): a reference from the document counters,
// a deadline per affected client (schema/compliance.ts), and a history that
// only grows: every change is a timeline row and the database refuses to
// rewrite or delete one (migration 0024).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { notificationDeadline } from '../../../schema/compliance'
import type { IncidentInput, IncidentPatch } from '../../../schema/compliance-payloads.server'
import { businessDate } from '../../../schema/slot-time'
import type { Incident } from '../../../schema/tables'
import type { Db } from '../../db'
import { tables } from '../../db'
import { Invalid, NotFound } from '../errors'
import { raiseCounter, takenNumber } from '../numbering'
import { baaInForce } from './baas'

const { incidents, incidentClients, incidentAssets, incidentTimeline, incidentNotices, clients, assets } =
  tables

export type IncidentDeadline = {
  clientId: number
  clientName: string
  dueAt: string
  basis: 'statute' | 'contract'
  notifiedAt: string | null
}

/** The affected clients exist and every asset named is one of theirs; otherwise Invalid, naming the field. */
async function checkClientsAndAssets(db: Db, clientIds: number[], assetIds: number[]) {
  const found = await db.select({ id: clients.id }).from(clients).where(inArray(clients.id, clientIds))
  if (found.length !== new Set(clientIds).size) throw new Invalid({ clientIds: 'No such client' })
  if (!assetIds.length) return
  const owned = await db
    .select({ id: assets.id, clientId: assets.clientId })
    .from(assets)
    .where(inArray(assets.id, assetIds))
  if (owned.length !== new Set(assetIds).size || owned.some((a) => !clientIds.includes(a.clientId)))
    throw new Invalid({ assetIds: "Each asset must be one of an affected client's" })
}

async function deadlinesFor(db: Db, discoveredAtMs: number, clientIds: number[]) {
  const date = businessDate(new Date(discoveredAtMs))
  return Promise.all(
    [...new Set(clientIds)].map(async (clientId) => {
      const baa = await baaInForce(db, clientId, date)
      const d = notificationDeadline(discoveredAtMs, baa)
      return { clientId, dueAtMs: d.dueAtMs, basis: d.basis }
    }),
  )
}

export async function createIncident(db: Db, input: IncidentInput, actor: string) {
  const discoveredAtMs = Date.parse(input.discoveredAt)
  if (Number.isNaN(discoveredAtMs)) throw new Invalid({ discoveredAt: 'Not a date-time' })
  const assetIds = [...new Set(input.assetIds ?? [])]
  await checkClientsAndAssets(db, input.clientIds, assetIds)
  const deadlines = await deadlinesFor(db, discoveredAtMs, input.clientIds)
  const year = Number(businessDate(new Date(discoveredAtMs)).slice(0, 4))
  const reference = takenNumber('incident', year)
  const idOf = sql<number>`(select ${incidents.id} from ${incidents} where ${incidents.reference} = ${reference})`
  const { clientIds: _c, assetIds: _a, ...fields } = input
  const [, inserted] = await db.batch([
    raiseCounter(db, 'incident', year),
    db
      .insert(incidents)
      .values({
        ...fields,
        reference,
        discoveredAtMs,
        individualsAffected: input.individualsAffected ?? null,
      })
      .returning(),
    db.insert(incidentClients).values(deadlines.map((d) => ({ ...d, incidentId: idOf }))),
    db.insert(incidentTimeline).values({
      incidentId: idOf,
      actor,
      action: 'created',
      changes: { ...input, assetIds },
    }),
    ...(assetIds.length
      ? [db.insert(incidentAssets).values(assetIds.map((assetId) => ({ incidentId: idOf, assetId })))]
      : []),
  ])
  return getIncident(db, inserted[0]!.id)
}

export async function listIncidents(db: Db) {
  const rows = await db.select().from(incidents).orderBy(desc(incidents.discoveredAtMs))
  const deadlines = await deadlinesOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => ({ ...shape(r), deadlines: deadlines.get(r.id) ?? [] }))
}

async function deadlinesOf(db: Db, ids: number[]) {
  const map = new Map<number, IncidentDeadline[]>()
  if (!ids.length) return map
  const rows = await db
    .select({
      incidentId: incidentClients.incidentId,
      clientId: incidentClients.clientId,
      clientName: clients.name,
      dueAtMs: incidentClients.dueAtMs,
      basis: incidentClients.basis,
      notifiedAtMs: incidentClients.notifiedAtMs,
    })
    .from(incidentClients)
    .innerJoin(clients, eq(clients.id, incidentClients.clientId))
    .where(inArray(incidentClients.incidentId, ids))
    .orderBy(asc(incidentClients.dueAtMs))
  for (const r of rows) {
    const list = map.get(r.incidentId) ?? []
    list.push({
      clientId: r.clientId,
      clientName: r.clientName,
      dueAt: new Date(r.dueAtMs).toISOString(),
      basis: r.basis,
      notifiedAt: r.notifiedAtMs == null ? null : new Date(r.notifiedAtMs).toISOString(),
    })
    map.set(r.incidentId, list)
  }
  return map
}

const shape = (r: Incident) => {
  const { discoveredAtMs: _ms, ...rest } = r
  return { ...rest, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }
}

export async function incidentRow(db: Db, id: number) {
  const [row] = await db.select().from(incidents).where(eq(incidents.id, id)).limit(1)
  if (!row) throw new NotFound('Incident not found')
  return row
}

export async function getIncident(db: Db, id: number) {
  const row = await incidentRow(db, id)
  const [deadlines, assetRows, timeline, notices] = await Promise.all([
    deadlinesOf(db, [id]),
    db
      .select({ id: assets.id, clientId: assets.clientId, name: assets.name, ephi: assets.ephi })
      .from(incidentAssets)
      .innerJoin(assets, eq(assets.id, incidentAssets.assetId))
      .where(eq(incidentAssets.incidentId, id)),
    db
      .select()
      .from(incidentTimeline)
      .where(eq(incidentTimeline.incidentId, id))
      .orderBy(asc(incidentTimeline.id)),
    db
      .select({
        id: incidentNotices.id,
        clientId: incidentNotices.clientId,
        status: incidentNotices.status,
        subject: incidentNotices.subject,
        sentAt: incidentNotices.sentAt,
        pdfSha256: incidentNotices.pdfSha256,
      })
      .from(incidentNotices)
      .where(eq(incidentNotices.incidentId, id))
      .orderBy(asc(incidentNotices.id)),
  ])
  return {
    ...shape(row),
    deadlines: deadlines.get(id) ?? [],
    assets: assetRows,
    timeline: timeline.map((t) => ({ ...t, at: t.at.toISOString() })),
    notices: notices.map((n) => ({ ...n, sentAt: n.sentAt?.toISOString() ?? null })),
  }
}

const EDITABLE = [
  'title',
  'reportedBy',
  'description',
  'ephiInvolved',
  'individualsAffected',
  'determination',
  'phiNature',
  'recipient',
  'acquiredOrViewed',
  'mitigation',
] as const

/** Changes an incident: the row takes the new values, the timeline keeps {field: [before, after]}. */
export async function updateIncident(db: Db, id: number, patch: IncidentPatch, actor: string) {
  const row = await incidentRow(db, id)
  const changes: Record<string, [unknown, unknown]> = {}
  const set: Partial<Record<(typeof EDITABLE)[number], unknown>> = {}
  for (const key of EDITABLE) {
    const next = patch[key]
    if (next === undefined || next === row[key]) continue
    changes[key] = [row[key], next]
    set[key] = next
  }
  let assetIds: number[] | undefined
  if (patch.assetIds) {
    const clientIds = (
      await db
        .select({ id: incidentClients.clientId })
        .from(incidentClients)
        .where(eq(incidentClients.incidentId, id))
    ).map((r) => r.id)
    assetIds = [...new Set(patch.assetIds)]
    await checkClientsAndAssets(db, clientIds, assetIds)
    const before = (
      await db
        .select({ id: incidentAssets.assetId })
        .from(incidentAssets)
        .where(eq(incidentAssets.incidentId, id))
    ).map((r) => r.id)
    const added = assetIds.filter((a) => !before.includes(a))
    if (added.length || before.some((a) => !assetIds!.includes(a))) changes.assetIds = [before, assetIds]
    else assetIds = undefined
  }
  if (!Object.keys(changes).length && !patch.note) return getIncident(db, id)
  await db.batch([
    db.insert(incidentTimeline).values({
      incidentId: id,
      actor,
      action: 'updated',
      changes,
      note: patch.note ?? null,
    }),
    ...(Object.keys(set).length
      ? [
          db
            .update(incidents)
            .set(set as Partial<Incident>)
            .where(eq(incidents.id, id)),
        ]
      : []),
    ...(assetIds
      ? [
          db.delete(incidentAssets).where(eq(incidentAssets.incidentId, id)),
          ...(assetIds.length
            ? [db.insert(incidentAssets).values(assetIds.map((assetId) => ({ incidentId: id, assetId })))]
            : []),
        ]
      : []),
  ])
  return getIncident(db, id)
}

/** An affected client of the incident, or NotFound. */
export async function affectedClient(db: Db, incidentId: number, clientId: number) {
  const [row] = await db
    .select()
    .from(incidentClients)
    .where(and(eq(incidentClients.incidentId, incidentId), eq(incidentClients.clientId, clientId)))
    .limit(1)
  return row ?? null
}
