// Where the portal's quote page and PDF meet the portal session (issue 24).
// The scope is the signed-in contact's (c.var.contact, loaded by the portal's
// session middleware, worker/portal/session.ts); without a session the page
// sends visitors to /portal and the PDF answers 404.

import type { Context } from 'hono'
import { Hono } from 'hono'
import { clientIp } from '../abuse/rate-limit'
import type { AppEnv } from '../env'
import { inBackground } from '../middleware/background'
import { NotFound } from '../services/errors'
import { parseId } from '../services/ids'
import { type PortalScope, quotePdf } from '../services/quotes'
import { portalQuotesServerFor } from './quotes-server'

export function portalScopeOf(c: Context<AppEnv>): PortalScope | null {
  const contact = c.var.contact
  return contact ? { clientId: contact.clientId, contactId: contact.contactId } : null
}

/** The quote page's server for this request (worker/pages.ts sets it on the router context). */
export const portalQuotesFor = (c: Context<AppEnv>) =>
  portalQuotesServerFor(
    c.var.db,
    c.env,
    portalScopeOf(c),
    {
      ip: clientIp(c.req.raw) === 'local' ? null : clientIp(c.req.raw),
      userAgent: c.req.header('user-agent') ?? null,
    },
    (work) => inBackground(c, work),
  )

/** GET /portal/quotes/:id/pdf: the client's quote as a PDF (the stored signed copy once accepted). */
export const portalQuoteFiles = new Hono<AppEnv>().get('/quotes/:id/pdf', async (c) => {
  const scope = portalScopeOf(c)
  if (!scope) throw new NotFound()
  const { filename, bytes } = await quotePdf(c.var.db, c.env, parseId(c.req.param('id')), scope)
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
    'Referrer-Policy': 'no-referrer',
  })
})
