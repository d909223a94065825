// The portal compliance page's server (web/lib/portal-compliance.ts): only the
// signed-in contact's client's BAAs and sent notices; without a session it
// sends the visitor to /portal.
import type { Context } from 'hono'
import { redirect } from 'react-router'
import { formatBusinessDateTime } from '../../schema/business-time'
import type { PortalComplianceServer } from '../../web/lib/portal-compliance'
import type { AppEnv } from '../env'
import { listBaas } from '../services/compliance/baas'
import { noticesForClient } from '../services/compliance/notices'

export function portalComplianceFor(c: Context<AppEnv>): PortalComplianceServer {
  return {
    async view() {
      const contact = c.var.contact
      if (!contact) throw redirect('/portal')
      const [baas, notices] = await Promise.all([
        listBaas(c.var.db, contact.clientId),
        noticesForClient(c.var.db, contact.clientId),
      ])
      return {
        baas: baas.map((b) => ({
          id: b.id,
          effectiveDate: b.effectiveDate,
          renewalDate: b.renewalDate,
          notice: `${b.notificationDays} ${b.notificationDayKind} days`,
          sha256: b.documentSha256,
        })),
        notices: notices.map((n) => ({ ...n, sentAt: formatBusinessDateTime(n.sentAt) })),
      }
    },
  }
}
