import { createRoute } from '@hono/zod-openapi'
import { contentDisposition } from '../files/disposition'
import { countResumeDownload } from '../insights/routes'
import { publicRead } from '../middleware/cache-headers'
import { notFound } from '../middleware/errors'
import { fileAnswer, openApiJson as json, NOT_FOUND, openApiApp, PUBLIC } from '../middleware/openapi'
import { getActiveResume, publicResume } from '../services/resumes'
import { ResumeSchema } from './resumes'

const visitor = { tags: ['Resume'], security: PUBLIC }

// /api/resume: the visitor's view of the active resume.
export const resume = openApiApp()
  .openapi(
    createRoute({
      ...visitor,
      method: 'get',
      path: '/active',
      summary: "The active resume's name, type and size",
      middleware: [...publicRead],
      responses: { 200: json(ResumeSchema, 'The active resume'), ...NOT_FOUND },
    }),
    async (c) => {
      const row = await getActiveResume(c.var.db)
      if (!row) throw notFound('No active resume')
      return c.json(publicResume(row), 200)
    },
  )
  .openapi(
    createRoute({
      ...visitor,
      method: 'get',
      path: '/download',
      summary: 'Download the active resume',
      middleware: countResumeDownload,
      responses: { 200: fileAnswer('The file (PDF or Word), as an attachment', '*/*'), ...NOT_FOUND },
    }),
    async (c) => {
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
    },
  )
