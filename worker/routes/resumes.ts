import { Hono } from 'hono'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { RESUME_KINDS } from '../files/sniff'
import { readUpload, UPLOAD_MESSAGES } from '../files/upload'
import { privateNoStore } from '../middleware/cache-headers'
import { idParam } from '../middleware/params'
import { activateResume, createResume, deleteResume, listResumes } from '../services/resumes'

// /api/resumes: the owner's resume management (upload, activate, delete).
export const resumes = new Hono<AppEnv>()
  .use(privateNoStore, requireOwner)
  .get('/', async (c) => c.json(await listResumes(c.var.db)))
  .post('/', async (c) => {
    const upload = await readUpload(c.req, 'resume', RESUME_KINDS, UPLOAD_MESSAGES.resumeType)
    return c.json(await createResume(c.var.db, c.env.FILES, upload), 201)
  })
  .put('/:id/activate', idParam, async (c) => c.json(await activateResume(c.var.db, c.req.valid('param').id)))
  .delete('/:id', idParam, async (c) => {
    await deleteResume(c.var.db, c.env.FILES, c.req.valid('param').id)
    return c.body(null, 204)
  })
