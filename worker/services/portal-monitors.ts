// The portal monitors pages' view (issue 54), /portal/monitors and
// /portal/monitors/{id}: the client's monitors, already worded (state, 30
// days' uptime, open and recent outages), and the contact's own choice of
// e-mail alerts. Scoped to the client: another client's monitor is NotFound,
// like an unknown one.
import { formatBusinessDateTime } from '../../schema/business-time'
import { rowId } from '../../schema/ids'
import {
  durationWords,
  MONITOR_KIND_LABELS,
  MONITOR_STATE_LABELS,
  type MonitorShownState,
  uptimeWords,
} from '../../schema/monitors'
import type { Db } from '../db'
import { NotFound } from './errors'
import { contactAlertsOn, type PortalMonitor, portalMonitors } from './monitors'

export type PortalMonitorView = {
  id: number
  name: string
  kind: string
  state: MonitorShownState
  stateLabel: string
  uptime: string
  lastChecked: string | null
  /** The open outage, worded ("Down since Monday, December 7, 9:05 AM: No answer within 10 s"). */
  openOutage: string | null
  recentOutages: string[]
}

type Contact = { clientId: number; contactId: number }

function view(m: PortalMonitor, now: number): PortalMonitorView {
  return {
    id: m.id,
    name: m.name,
    kind: MONITOR_KIND_LABELS[m.kind],
    state: m.state,
    stateLabel: MONITOR_STATE_LABELS[m.state],
    uptime: uptimeWords(m.uptime30d),
    lastChecked: m.lastCheckedAt ? formatBusinessDateTime(m.lastCheckedAt) : null,
    openOutage: m.openOutage
      ? `Down since ${formatBusinessDateTime(m.openOutage.startedAt)} (${durationWords(now - m.openOutage.startedAt.getTime())})${m.openOutage.cause ? `: ${m.openOutage.cause}` : ''}`
      : null,
    recentOutages: m.recentOutages
      .filter((o) => o.endedAt)
      .map(
        (o) =>
          `${formatBusinessDateTime(o.startedAt)}: down ${durationWords(o.endedAt!.getTime() - o.startedAt.getTime())}`,
      ),
  }
}

/** The client's monitors, and whether this contact gets the alerts by e-mail. */
export async function portalMonitorsView(db: Db, contact: Contact) {
  const now = Date.now()
  const [list, alertsOn] = await Promise.all([
    portalMonitors(db, contact.clientId, now),
    contactAlertsOn(db, contact.contactId),
  ])
  return { monitors: list.map((m) => view(m, now)), alertsOn }
}

/** One monitor of the client's; NotFound for another client's or an unknown one. */
export async function portalMonitorView(db: Db, contact: Contact, raw: string): Promise<PortalMonitorView> {
  const id = rowId.safeParse(raw)
  if (!id.success) throw new NotFound('Monitor not found')
  const now = Date.now()
  const found = (await portalMonitors(db, contact.clientId, now)).find((m) => m.id === id.data)
  if (!found) throw new NotFound('Monitor not found')
  return view(found, now)
}
