// The clients' IT inventory (issue 38): one record per machine, licence,
// domain or certificate of a client. Every write leaves a row in the
// append-only asset_changes ({field: [before, after]}, who, when) in the same
// D1 batch, so the history cannot miss a change. Assets are never deleted:
// retiring sets the status and the record keeps naming its requests and time.
// Incidents and maintenance (issues 39, 40) read assets through this module.
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm'
import type { AssetPatchPayload, AssetPayload, AssetQuery } from '../../../schema/asset-payloads.server'
import type { Asset } from '../../../schema/tables'
import type { Db } from '../../db'
import { tables } from '../../db'
import { Invalid, NotFound } from '../errors'
import { assertStaffOfClient } from '../people/staff'

const a = tables.assets
const h = tables.assetChanges

/** Who made a change: 'owner', 'token:<name>', 'import', 'portal:<contact id>'. */
export type AssetActor = string

export type AssetChange = {
  id: number
  at: Date
  actor: string
  action: string
  changes: Record<string, unknown>
}

export const ASSET_NOT_FOUND = 'Asset not found'

/** The record's fields as the history keeps them (no ids or times). */
function snapshot(row: Partial<Asset>): Record<string, unknown> {
  const { id: _id, clientId: _c, createdAt: _ca, updatedAt: _ua, ...fields } = row
  return fields
}

export async function getAsset(db: Db, id: number): Promise<Asset> {
  const [row] = await db.select().from(a).where(eq(a.id, id)).limit(1)
  if (!row) throw new NotFound(ASSET_NOT_FOUND)
  return row
}

/** The asset if it is this client's; another client's asset is NotFound, as a missing one. */
export async function clientAsset(db: Db, clientId: number, id: number): Promise<Asset> {
  const [row] = await db
    .select()
    .from(a)
    .where(and(eq(a.id, id), eq(a.clientId, clientId)))
    .limit(1)
  if (!row) throw new NotFound(ASSET_NOT_FOUND)
  return row
}

/**
 * Checks an asset a request or time entry names: it must be the same client's.
 * Invalid naming `field`, so a form or API shows it beside the right input.
 */
export async function checkAssetLink(db: Db, clientId: number | null, assetId: number, field = 'assetId') {
  const [row] = await db.select({ clientId: a.clientId }).from(a).where(eq(a.id, assetId)).limit(1)
  if (!row || clientId === null || row.clientId !== clientId)
    throw new Invalid({ [field]: "No such asset of this request's client" })
  return assetId
}

async function clientOrThrow(db: Db, clientId: number) {
  const [row] = await db
    .select({ id: tables.clients.id })
    .from(tables.clients)
    .where(eq(tables.clients.id, clientId))
    .limit(1)
  if (!row) throw new NotFound('Client not found')
}

export async function createAsset(
  db: Db,
  clientId: number,
  input: AssetPayload,
  actor: AssetActor,
  now = new Date(),
): Promise<Asset> {
  await clientOrThrow(db, clientId)
  await assertStaffOfClient(db, clientId, input.staffId)
  const [[row]] = await db.batch([
    db
      .insert(a)
      .values({ ...input, clientId, createdAt: now, updatedAt: now })
      .returning(),
    db.insert(h).values({
      assetId: sql`last_insert_rowid()`,
      at: now,
      actor,
      action: 'created',
      changes: snapshot(input),
    }),
  ])
  return row!
}

/** Names sort as people read them ("clinic.example" before "Front desk"). */
export const byName = sql`${a.name} collate nocase`

/** The renewal sort's key: the sooner of warranty end and renewal date, missing dates last. */
const soonest = sql`coalesce(min(coalesce(${a.warrantyEnd}, '9999'), coalesce(${a.renewalDate}, '9999')), '9999')`

export async function listAssets(db: Db, clientId: number, q: AssetQuery = {}): Promise<Asset[]> {
  await clientOrThrow(db, clientId)
  const where = and(
    eq(a.clientId, clientId),
    q.kind ? eq(a.kind, q.kind) : undefined,
    // Retired assets show only when asked for (status=retired or all).
    q.status === 'all' ? undefined : q.status ? eq(a.status, q.status) : ne(a.status, 'retired'),
    q.ephi ? eq(a.ephi, q.ephi) : undefined,
  )
  const order = q.sort === 'renewal' ? [asc(soonest), asc(byName)] : [asc(byName), asc(a.id)]
  return db
    .select()
    .from(a)
    .where(where)
    .orderBy(...order)
}

/** The fields a patch really changes, as {field: [before, after]}. */
function diff(before: Asset, patch: AssetPatchPayload) {
  const changes: Record<string, [unknown, unknown]> = {}
  for (const [k, v] of Object.entries(patch) as [keyof AssetPatchPayload, unknown][]) {
    if (v === undefined) continue
    if ((before[k] ?? null) !== (v ?? null)) changes[k] = [before[k] ?? null, v ?? null]
  }
  return changes
}

async function applyChange(
  db: Db,
  id: number,
  patch: AssetPatchPayload,
  actor: AssetActor,
  action: 'updated' | 'retired',
  now: Date,
): Promise<Asset> {
  const before = await getAsset(db, id)
  await assertStaffOfClient(db, before.clientId, patch.staffId)
  const changes = diff(before, patch)
  if (!Object.keys(changes).length) return before
  const set = Object.fromEntries(Object.keys(changes).map((k) => [k, changes[k]![1]]))
  const [[row]] = await db.batch([
    db
      .update(a)
      .set({ ...set, updatedAt: now })
      .where(eq(a.id, id))
      .returning(),
    db.insert(h).values({ assetId: id, at: now, actor, action, changes }),
  ])
  return row!
}

export function updateAsset(
  db: Db,
  id: number,
  patch: AssetPatchPayload,
  actor: AssetActor,
  now = new Date(),
) {
  return applyChange(db, id, patch, actor, patch.status === 'retired' ? 'retired' : 'updated', now)
}

/** Retires an asset (DELETE): the status becomes retired, the record and its history stay. */
export function retireAsset(db: Db, id: number, actor: AssetActor, now = new Date()) {
  return applyChange(db, id, { status: 'retired' }, actor, 'retired', now)
}

export async function assetHistory(db: Db, id: number): Promise<AssetChange[]> {
  return db
    .select({ id: h.id, at: h.at, actor: h.actor, action: h.action, changes: h.changes })
    .from(h)
    .where(eq(h.assetId, id))
    .orderBy(desc(h.at), desc(h.id))
}

/** The support requests that name the asset, newest first. */
export async function assetRequests(db: Db, id: number) {
  const r = tables.supportRequests
  return db
    .select({
      id: r.id,
      reference: r.reference,
      status: r.status,
      issueType: r.issueType,
      urgency: r.urgency,
      description: r.description,
      createdAt: r.createdAt,
    })
    .from(r)
    .where(eq(r.assetId, id))
    .orderBy(desc(r.createdAt), desc(r.id))
}

/** The time entries on the asset, newest first. */
export async function assetTime(db: Db, id: number) {
  const t = tables.timeEntries
  return db
    .select({
      id: t.id,
      date: t.date,
      minutes: t.minutes,
      description: t.description,
      billable: t.billable,
      invoiceId: t.invoiceId,
    })
    .from(t)
    .where(eq(t.assetId, id))
    .orderBy(desc(t.date), desc(t.id))
}

/** Links a support request to one of its client's assets, or unlinks it (null). */
export async function linkRequestAsset(db: Db, requestId: number, assetId: number | null) {
  const r = tables.supportRequests
  const [req] = await db.select({ clientId: r.clientId }).from(r).where(eq(r.id, requestId)).limit(1)
  if (!req) throw new NotFound('Request not found')
  if (assetId !== null) await checkAssetLink(db, req.clientId, assetId)
  await db.update(r).set({ assetId, updatedAt: new Date() }).where(eq(r.id, requestId))
  return { id: requestId, assetId }
}
