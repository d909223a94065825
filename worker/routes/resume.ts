import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { contentDisposition } from '../files/disposition'
import { countResumeDownload } from '../insights/routes'
import { publicRead } from '../middleware/cache-headers'
import { notFound } from '../middleware/errors'
import { getActiveResume, publicResume } from '../services/resumes'

// /api/resume: the visitor's view of the active resume.
export const resume = new Hono<AppEnv>()
  .get('/active', ...publicRead, async (c) => {
    const row = await getActiveResume(c.var.db)
    if (!row) throw notFound('No active resume')
    return c.json(publicResume(row))
  })
  .get('/download', countResumeDownload, async (c) => {
    const row = await getActiveResume(c.var.db)
    if (!row) throw notFound('No active resume')
    const object = await c.env.FILES.get(row.objectKey)
    if (!object) throw notFound('No active resume')
    return new Response(object.body, {
      headers: {
        'Content-Type': row.mimeType,
        'Content-Length': String(object.size),
        'Content-Disposition': contentDisposition('attachment', row.originalName),
        'Cache-Control': 'no-cache',
      },
    })
  })
