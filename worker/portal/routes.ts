// A client file's download (issue 24): only for a session of that client.
// Another client's file id answers 404 exactly like a missing one; without a
// session, 401 (a download is not a page, so it sends no sign-in form).
import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { fileHeaders } from '../files/disposition'
import { unauthorized } from '../middleware/errors'
import { parseId } from '../services/ids'
import { clientScope, openPortalFile } from '../services/portal'

export const portalFiles = new Hono<AppEnv>().get('/:id/download', async (c) => {
  const contact = c.var.contact
  if (!contact) throw unauthorized()
  const { file, object } = await openPortalFile(
    c.var.db,
    c.env.FILES,
    clientScope(contact.clientId),
    parseId(c.req.param('id')),
  )
  const headers = fileHeaders({ mime: file.type, name: file.name, size: file.size })
  // Always a download: a file from one person of the client is not rendered on the site's origin.
  headers['Content-Disposition'] = headers['Content-Disposition'].replace(/^inline/, 'attachment')
  return new Response(object.body, { headers })
})
