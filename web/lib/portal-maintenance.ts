// What the server gives the portal's maintenance pages (issue 52): the
// signed-in contact's client's recurring maintenance, worded (dates as people
// read them, statuses as words), scoped to that client on the server
// (worker/portal/maintenance-server.ts on services/maintenance-portal.ts).
import { createContext } from 'react-router'

export type PortalMaintenanceTaskView = {
  id: number
  title: string
  /** "Overdue", "Scheduled" or "Done". */
  statusLabel: string
  overdue: boolean
  /** "Tuesday, November 10, 2026". */
  due: string
  /** The day it was done, worded; null while open. */
  done: string | null
  items: { label: string; done: boolean }[]
  /** "3 of 4 checked". */
  progress: string
  evidence: string | null
  href: string
}

export type PortalMaintenanceView = {
  overdue: PortalMaintenanceTaskView[]
  upcoming: PortalMaintenanceTaskView[]
  schedules: { id: number; title: string; often: string; next: string | null }[]
  done: PortalMaintenanceTaskView[]
}

export type PortalMaintenanceServer = {
  /** Redirects to /portal without a session. */
  view(): Promise<PortalMaintenanceView>
  /** One task of the client's, or null (another client's, or missing: the page answers 404). */
  task(id: string | null): Promise<PortalMaintenanceTaskView | null>
}

export const portalMaintenance = createContext<PortalMaintenanceServer>()
