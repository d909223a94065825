// What the server gives the portal's reports page (issue 40): the signed-in
// contact's client's monthly service reports, one month's figures already
// worded (schema/service-report.ts reportLines), and the contact's own choice
// to get them by e-mail. Scoped to that client on the server
// (worker/portal/reports-server.ts).
import { createContext } from 'react-router'

export type PortalReportView = {
  /** The months there are reports for, newest first (YYYY-MM and "October 2026"). */
  months: { period: string; label: string }[]
  period: string
  /** "October 2026", or for the month in progress "November 2026 so far, as of Nov 29". */
  label: string
  /** The month is not over: its figures so far. */
  inProgress: boolean
  /** Why the month asked for is not the one shown (not begun, or none for it). */
  notice: string | null
  lines: [string, string][]
  byUrgency: { label: string; value: string }[]
  renewals: { name: string; what: string; date: string }[]
  pdfHref: string
  /** The contact gets the report by e-mail each month. */
  optedIn: boolean
}

export type PortalReportsServer = {
  /** Redirects to /portal without a session; null: no month to report (an unknown client). */
  reports(month: string | null): Promise<PortalReportView | null>
  /** The contact's own choice of the monthly e-mail. */
  setOptIn(on: boolean): Promise<void>
}

export const portalReports = createContext<PortalReportsServer>()
