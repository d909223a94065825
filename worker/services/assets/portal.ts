// What a client's contacts see of their IT (issue 38): their client's assets
// not retired, without the owner's internal notes, and the renewals coming up.
// Every read is scoped to the session's client; another client's asset is
// NotFound, exactly like a missing one.
import { and, asc, eq, ne } from 'drizzle-orm'
import { businessDate } from '../../../schema/slot-time'
import type { Asset } from '../../../schema/tables'
import type { Db } from '../../db'
import { tables } from '../../db'
import { byName, clientAsset } from './records'
import { renewalsWithin } from './renewals'

export type PortalScope = { clientId: number }

/** The fields a contact may see: everything but the owner's notes and the bookkeeping. */
export type PortalAsset = Omit<Asset, 'notes' | 'clientId' | 'createdAt' | 'updatedAt'>

export const portalView = ({
  notes: _n,
  clientId: _c,
  createdAt: _ca,
  updatedAt: _ua,
  ...rest
}: Asset): PortalAsset => rest

/** How far ahead the portal shows renewals. */
export const PORTAL_RENEWAL_DAYS = 90

export async function portalAssets(db: Db, scope: PortalScope, now = new Date()) {
  const a = tables.assets
  const [rows, renewals] = await Promise.all([
    db
      .select()
      .from(a)
      .where(and(eq(a.clientId, scope.clientId), ne(a.status, 'retired')))
      .orderBy(asc(byName), asc(a.id)),
    renewalsWithin(db, PORTAL_RENEWAL_DAYS, businessDate(now), scope.clientId),
  ])
  return { assets: rows.map(portalView), renewals }
}

export async function portalAsset(db: Db, scope: PortalScope, id: number): Promise<PortalAsset> {
  return portalView(await clientAsset(db, scope.clientId, id))
}
