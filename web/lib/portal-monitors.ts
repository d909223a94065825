// What the server gives the portal's monitors page (issue 54): the signed-in
// contact's client's monitors, already worded (state, 30 days' uptime, open
// and recent outages), and the contact's own choice of e-mail alerts. Scoped
// to that client on the server (worker/portal/monitors-server.ts): another
// client's monitor is not found, like an unknown one.
import { createContext } from 'react-router'

export type PortalMonitorView = {
  id: number
  name: string
  kind: string
  state: 'pending' | 'up' | 'down' | 'paused'
  stateLabel: string
  uptime: string
  lastChecked: string | null
  /** The open outage, worded ("Down since Monday, December 7, 9:05 AM: No answer within 10 s"). */
  openOutage: string | null
  recentOutages: string[]
}

export type PortalMonitorsServer = {
  /** Redirects to /portal without a session. */
  monitors(): Promise<{ monitors: PortalMonitorView[]; alertsOn: boolean }>
  /** One monitor of the contact's client; null for another client's or an unknown one. */
  monitor(id: string): Promise<PortalMonitorView | null>
  /** The contact's own choice of monitor alerts by e-mail. */
  setAlerts(on: boolean): Promise<void>
}

export const portalMonitors = createContext<PortalMonitorsServer>()
