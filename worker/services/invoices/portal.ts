// The client's side: their sent invoices only (another client's is NotFound) and the PDF.
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../../db'
import { tables } from '../../db'
import { NotFound } from '../errors'
import { invoicePdfFor } from './pdf'
import { getInvoice, listInvoices } from './read'
import { markViewed } from './status'

// ---------- The portal's view (issue 24's session gives the client) ----------

/** The signed-in contact's client, as the portal session gives it. */
export type PortalScope = { clientId: number }

/** The portal lists a client's invoices once sent (never drafts), newest first. */
export async function portalInvoices(db: Db, scope: PortalScope) {
  const rows = await listInvoices(db, { clientId: scope.clientId })
  return rows
    .filter(({ invoice }) => invoice.status !== 'draft')
    .map(({ invoice, balanceCents }) => ({
      id: invoice.id,
      number: invoice.number,
      source: invoice.source,
      status: invoice.status,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      totalCents: invoice.totalCents,
      balanceCents,
    }))
}

/**
 * One invoice of the session's client, or NotFound exactly as for a missing
 * one (another client's id, a draft). Opening a sent invoice marks it viewed.
 */
export async function portalInvoice(db: Db, scope: PortalScope, id: number, now = new Date()) {
  const [row] = await db
    .select({ id: tables.invoices.id, status: tables.invoices.status })
    .from(tables.invoices)
    .where(
      and(
        eq(tables.invoices.id, id),
        eq(tables.invoices.clientId, scope.clientId),
        ne(tables.invoices.status, 'draft'),
      ),
    )
    .limit(1)
  if (!row) throw new NotFound('Invoice not found')
  if (row.status === 'sent') await markViewed(db, id, now)
  return getInvoice(db, id)
}

/** The PDF of one of the session's client's invoices (NotFound for any other). */
export async function portalInvoicePdf(
  db: Db,
  env: Env,
  scope: PortalScope,
  id: number,
  onlinePayment: boolean,
) {
  await portalInvoice(db, scope, id)
  return invoicePdfFor(db, env, id, onlinePayment)
}
