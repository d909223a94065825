// The portal asset pages' view (issue 38), /portal/assets: the client's assets
// not retired (never the owner's notes) and its renewals coming up, worded;
// and the asset a contact names on a new request ("Report a problem"). Scoped
// to the client (services/assets/portal.ts): another client's asset, a retired
// or a missing one, is NotFound.
import { and, eq } from 'drizzle-orm'
import { ASSET_KIND_LABELS, ASSET_STATUS_LABELS, EPHI_LABELS } from '../../schema/assets'
import { rowId } from '../../schema/ids'
import { formatCalendarDate } from '../../schema/slot-time'
import { type Db, tables } from '../db'
import { portalAsset, portalAssets } from './assets'
import { renewalText } from './assets/renewals'
import { NotFound } from './errors'

type Scope = { clientId: number }

/** The client's assets and renewals, as the page shows them (dates as people read them, issue 52). */
export async function portalAssetsView(db: Db, scope: Scope) {
  const { assets, renewals } = await portalAssets(db, scope)
  return {
    assets: assets.map((a) => ({
      id: a.id,
      name: a.name,
      kind: ASSET_KIND_LABELS[a.kind],
      model: a.model,
      serial: a.serial,
      location: a.location,
      assignedTo: a.assignedTo,
      os: a.os,
      warrantyEnd: a.warrantyEnd && formatCalendarDate(a.warrantyEnd),
      renewalDate: a.renewalDate && formatCalendarDate(a.renewalDate),
      ephi: EPHI_LABELS[a.ephi],
      status: ASSET_STATUS_LABELS[a.status],
    })),
    renewals: renewals.map((r) => ({
      assetId: r.assetId,
      name: r.name,
      date: formatCalendarDate(r.date),
      what: renewalText(r),
    })),
  }
}

/** One of the client's assets not retired, named for a new request; NotFound otherwise. */
export async function portalAssetSummary(db: Db, scope: Scope, raw: string | number | null) {
  const id = rowId.safeParse(raw)
  if (!id.success) throw new NotFound('Asset not found')
  const a = await portalAsset(db, scope, id.data)
  if (a.status === 'retired') throw new NotFound('Asset not found')
  return { id: a.id, name: a.name, kind: ASSET_KIND_LABELS[a.kind] }
}

/** Names the asset on a request the contact just made (both checked to be the client's). */
export async function linkRequestToAsset(db: Db, scope: Scope, reference: string, assetId: number) {
  await portalAssetSummary(db, scope, assetId)
  const r = tables.supportRequests
  await db
    .update(r)
    .set({ assetId })
    .where(and(eq(r.reference, reference), eq(r.clientId, scope.clientId)))
}
