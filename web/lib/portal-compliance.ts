// What the server gives the portal's compliance page (issue 39): the signed-in
// contact's client's BAAs on file and the incident notices sent to it, scoped
// to that client on the server (worker/portal/compliance-server.ts).
import { createContext } from 'react-router'

export type PortalComplianceView = {
  baas: {
    id: number
    effectiveDate: string
    renewalDate: string | null
    notice: string
    sha256: string | null
  }[]
  notices: { id: number; reference: string; subject: string; sentAt: string; sha256: string | null }[]
}

export type PortalComplianceServer = {
  /** Redirects to /portal without a session. */
  view(): Promise<PortalComplianceView>
}

export const portalCompliance = createContext<PortalComplianceServer>()
