// The portal asset pages' server (web/lib/portal-assets.ts) on the service
// layer, scoped to the signed-in contact's client: another client's asset is
// null (the page answers 404), exactly like a missing one. Without a session
// it sends the visitor to /portal.
import { and, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { redirect } from 'react-router'
import { ASSET_KIND_LABELS, ASSET_STATUS_LABELS, EPHI_LABELS } from '../../schema/assets'
import { rowId } from '../../schema/ids'
import { formatCalendarDate } from '../../schema/slot-time'
import type { PortalAssetsServer } from '../../web/lib/portal-assets'
import { tables } from '../db'
import type { AppEnv } from '../env'
import { portalAsset, portalAssets } from '../services/assets'
import { renewalText } from '../services/assets/renewals'
import { NotFound } from '../services/errors'

export function portalAssetsFor(c: Context<AppEnv>): PortalAssetsServer {
  const scope = () => {
    const contact = c.var.contact
    if (!contact) throw redirect('/portal')
    return { clientId: contact.clientId }
  }
  const one = async (raw: string | number | null) => {
    const id = rowId.safeParse(raw)
    if (!id.success) return null
    try {
      const a = await portalAsset(c.var.db, scope(), id.data)
      return a.status === 'retired' ? null : a
    } catch (err) {
      if (err instanceof NotFound) return null
      throw err
    }
  }
  return {
    async list() {
      const { assets, renewals } = await portalAssets(c.var.db, scope())
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
          // Dates as people read them (issue 52): never an ISO date in the portal.
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
    },
    async asset(raw) {
      const a = await one(raw)
      return a ? { id: a.id, name: a.name, kind: ASSET_KIND_LABELS[a.kind] } : null
    },
    async linkRequest(reference, assetId) {
      const { clientId } = scope()
      if (!(await one(assetId))) throw new NotFound('Asset not found')
      const r = tables.supportRequests
      await c.var.db
        .update(r)
        .set({ assetId })
        .where(and(eq(r.reference, reference), eq(r.clientId, clientId)))
    },
  }
}
