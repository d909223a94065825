// The client's "Technology asset inventory" PDF (issue 38): every asset not
// retired, ePHI answer first in the reader's mind, no internal notes.
import { eq } from 'drizzle-orm'
import { ASSET_KIND_LABELS, ASSET_STATUS_LABELS, EPHI_LABELS } from '../../../schema/assets'
import { businessDate } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { tables } from '../../db'
import { NotFound } from '../errors'
import { listAssets } from './records'

export async function assetInventory(db: Db, env: Env, clientId: number, now = new Date()) {
  const [client] = await db.select().from(tables.clients).where(eq(tables.clients.id, clientId)).limit(1)
  if (!client) throw new NotFound('Client not found')
  const assets = await listAssets(db, clientId)
  const date = businessDate(now)
  // pdf-lib is loaded on the first PDF, not at start-up (ADR 103).
  const { assetInventoryPdf } = await import('../../pdf/asset-inventory-pdf')
  const bytes = await assetInventoryPdf({
    clientName: client.name,
    from: env.OWNER_NAME,
    date,
    assets: assets.map((a) => ({
      name: a.name,
      kind: ASSET_KIND_LABELS[a.kind],
      detail: [
        a.model,
        a.serial ? `S/N ${a.serial}` : null,
        a.os,
        a.seats != null ? `${a.seats} seats` : null,
      ]
        .filter(Boolean)
        .join(' · '),
      location: [a.location, a.assignedTo].filter(Boolean).join(' / ') || '—',
      ephi: EPHI_LABELS[a.ephi],
      status: ASSET_STATUS_LABELS[a.status],
      dates: [
        a.purchaseDate ? `bought ${a.purchaseDate}` : null,
        a.warrantyEnd ? `warranty to ${a.warrantyEnd}` : null,
        a.renewalDate ? `renews ${a.renewalDate}` : null,
      ]
        .filter(Boolean)
        .join(', '),
    })),
    counts: {
      total: assets.length,
      ephiYes: assets.filter((a) => a.ephi === 'yes').length,
      ephiUnknown: assets.filter((a) => a.ephi === 'unknown').length,
    },
    // The PDF fonts are static assets (ADR 110).
    fonts: env.ASSETS,
  })
  const safe = client.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'client'
  return { bytes, filename: `asset-inventory-${safe}-${date}.pdf` }
}
