// What the server gives the portal's compliance page (issue 39): the signed-in
// contact's client's BAAs on file, the incident notices sent to it and its
// completed risk analyses (each with its PDF), scoped
// to that client on the server (worker/portal/compliance-server.ts).
import { createContext } from 'react-router'

export type PortalComplianceView = {
  /** Dates worded ("Tuesday, June 10, 2025"). */
  baas: {
    id: number
    effectiveDate: string
    renewalDate: string | null
    notice: string
    sha256: string | null
    /** The signed PDF on file, or null when none is filed. */
    pdfHref: string | null
  }[]
  notices: {
    id: number
    reference: string
    subject: string
    sentAt: string
    sha256: string | null
    pdfHref: string
  }[]
  /** Completed risk analyses only: one in progress is not the client's report yet. */
  riskAnalyses: { id: number; analysisDate: string; completedAt: string | null; pdfHref: string }[]
}

export type PortalComplianceServer = {
  /** Redirects to /portal without a session. */
  view(): Promise<PortalComplianceView>
}

export const portalCompliance = createContext<PortalComplianceServer>()
