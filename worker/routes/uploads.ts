import { Hono } from 'hono'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { fileHeaders } from '../files/disposition'
import { IMAGE_KINDS, IMAGE_TYPE_MESSAGE } from '../files/images'
import { FILE_KINDS } from '../files/sniff'
import { readUpload, UPLOAD_MESSAGES } from '../files/upload'
import { privateNoStore } from '../middleware/cache-headers'
import { idParam } from '../middleware/params'
import { createUpload, deleteUpload, listUploads, openUpload } from '../services/uploads'

// /api/uploads: the owner's general files in R2. Viewing is owner-only too
// (SPEC §6: uploading and viewing files is the owner's; docs/decisions/040-admin-api.md).
export const uploads = new Hono<AppEnv>()
  .use(privateNoStore, requireOwner)
  .get('/', async (c) => c.json(await listUploads(c.var.db)))
  .post('/', async (c) => {
    const upload = await readUpload(c.req, 'file', FILE_KINDS, UPLOAD_MESSAGES.fileType)
    return c.json(await createUpload(c.var.db, c.env.FILES, upload), 201)
  })
  // A public image for a project or a content block: raster only, served from /media/{name} (ADR 057).
  .post('/images', async (c) => {
    const upload = await readUpload(c.req, 'file', IMAGE_KINDS, IMAGE_TYPE_MESSAGE)
    return c.json(await createUpload(c.var.db, c.env.FILES, upload, true), 201)
  })
  .get('/:id', idParam, async (c) => {
    const { file, object } = await openUpload(c.var.db, c.env.FILES, c.req.valid('param').id)
    return new Response(object.body, {
      headers: fileHeaders({ mime: file.mimetype, name: file.originalName, size: object.size }),
    })
  })
  .delete('/:id', idParam, async (c) => {
    await deleteUpload(c.var.db, c.env.FILES, c.req.valid('param').id)
    return c.body(null, 204)
  })
