// What the server gives the portal's asset pages (issue 38): the signed-in
// contact's client's assets (no internal notes) and its renewals coming up,
// scoped to that client on the server (worker/portal/assets-server.ts on
// services/assets). Labels arrive formatted; the page only shows them.
import { createContext } from 'react-router'

export type PortalAssetRow = {
  id: number
  name: string
  kind: string
  model: string | null
  serial: string | null
  location: string | null
  assignedTo: string | null
  os: string | null
  warrantyEnd: string | null
  renewalDate: string | null
  ephi: string
  status: string
}

export type PortalAssetsView = {
  assets: PortalAssetRow[]
  renewals: { assetId: number; name: string; date: string; what: string }[]
}

export type PortalAssetsServer = {
  /** Redirects to /portal without a session. */
  list(): Promise<PortalAssetsView>
  /** One of the client's assets not retired, or null (another client's, a retired or a missing one). */
  asset(id: string | null): Promise<{ id: number; name: string; kind: string } | null>
  /** Names the asset on a request the contact just made (the server checks both are the client's). */
  linkRequest(reference: string, assetId: number): Promise<void>
}

export const portalAssets = createContext<PortalAssetsServer>()
