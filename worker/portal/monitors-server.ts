// The portal monitors page's server (web/lib/portal-monitors.ts) on the
// service layer, scoped to the signed-in contact's client: another client's
// monitor is null (the page answers 404), exactly like a missing one. Without
// a session it sends the visitor to /portal.
import type { Context } from 'hono'
import { redirect } from 'react-router'
import { formatBusinessDateTime } from '../../schema/business-time'
import { rowId } from '../../schema/ids'
import { durationWords, MONITOR_KIND_LABELS, MONITOR_STATE_LABELS, uptimeWords } from '../../schema/monitors'
import type { PortalMonitorsServer, PortalMonitorView } from '../../web/lib/portal-monitors'
import type { AppEnv } from '../env'
import { contactAlertsOn, type PortalMonitor, portalMonitors, setContactAlerts } from '../services/monitors'

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

export function portalMonitorsFor(c: Context<AppEnv>): PortalMonitorsServer {
  const scope = () => {
    const contact = c.var.contact
    if (!contact) throw redirect('/portal')
    return contact
  }
  return {
    async monitors() {
      const contact = scope()
      const now = Date.now()
      const [list, alertsOn] = await Promise.all([
        portalMonitors(c.var.db, contact.clientId, now),
        contactAlertsOn(c.var.db, contact.contactId),
      ])
      return { monitors: list.map((m) => view(m, now)), alertsOn }
    },
    async monitor(raw) {
      const contact = scope()
      const id = rowId.safeParse(raw)
      if (!id.success) return null
      const now = Date.now()
      const found = (await portalMonitors(c.var.db, contact.clientId, now)).find((m) => m.id === id.data)
      return found ? view(found, now) : null
    },
    async setAlerts(on) {
      await setContactAlerts(c.var.db, scope().contactId, on)
    },
  }
}
