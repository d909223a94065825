// Where the portal's invoice page, "Pay now" and the invoice PDF meet the
// portal session (issue 26), as quotes-wiring.ts does for quotes. The PDF is
// only for a session of the invoice's client: without a session 401 (a
// download sends no sign-in form), another client's invoice 404.
import type { Context } from 'hono'
import { Hono } from 'hono'
import { signInPath } from '../../schema/portal-next'
import type { AppEnv } from '../env'
import { unauthorized } from '../middleware/errors'
import { stripeCheckoutEnabled, stripeGateway } from '../payments/stripe'
import { parseId } from '../services/ids'
import { portalInvoicePdf } from '../services/invoices'
import { portalInvoicesServerFor } from './invoices-server'

/** The invoice page's server for this request (worker/pages.ts sets it on the router context). */
export const portalInvoicesFor = (c: Context<AppEnv>) => {
  const contact = c.var.contact
  return portalInvoicesServerFor(
    c.var.db,
    c.env,
    contact ? { clientId: contact.clientId, clientName: contact.clientName, email: contact.email } : null,
    () => stripeGateway(c.env),
    signInPath(c.req.url),
  )
}

/** GET /portal/invoices/:id/pdf: the client's invoice as a PDF. */
export const portalInvoiceFiles = new Hono<AppEnv>().get('/invoices/:id/pdf', async (c) => {
  const contact = c.var.contact
  if (!contact) throw unauthorized()
  const { filename, bytes } = await portalInvoicePdf(
    c.var.db,
    c.env,
    { clientId: contact.clientId },
    parseId(c.req.param('id')),
    stripeCheckoutEnabled(c.env),
  )
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
    'Referrer-Policy': 'no-referrer',
  })
})
