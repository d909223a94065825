import { createRoute, z } from '@hono/zod-openapi'
import { createSelectSchema } from 'drizzle-zod'
import { requireOwner } from '../auth/middleware'
import { tables } from '../db'
import { RESUME_KINDS } from '../files/sniff'
import { readUpload, UPLOAD_MESSAGES } from '../files/upload'
import { privateNoStore } from '../middleware/cache-headers'
import {
  fileUpload,
  openApiJson as json,
  NOT_FOUND,
  noContent,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  rowIdPath,
} from '../middleware/openapi'
import { activateResume, createResume, deleteResume, listResumes } from '../services/resumes'

/** A resume's public fields: the R2 key stays on the server. */
export const ResumeSchema = createSelectSchema(tables.resumes).omit({ objectKey: true }).openapi('Resume')
const owner = { tags: ['Resume'], security: OWNER_SECURITY }

// /api/resumes: the owner's resume management (upload, activate, delete).
export const resumes = openApiApp()
resumes.use(privateNoStore, requireOwner)
resumes
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: 'Every resume, newest first',
      responses: { 200: json(z.array(ResumeSchema), 'The resumes'), ...OWNER_ERRORS },
    }),
    async (c) => c.json(await listResumes(c.var.db), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary: 'Upload a resume (inactive until activated)',
      description: 'A PDF or Word file of at most 10 MB, judged by its content.',
      request: { body: fileUpload('resume', 'A PDF, DOC or DOCX file') },
      responses: {
        201: json(ResumeSchema, 'The stored resume'),
        ...OWNER_ERRORS,
        413: { ...OWNER_ERRORS[400], description: 'The file is larger than 10 MB' },
      },
    }),
    async (c) => {
      const upload = await readUpload(c.req, 'resume', RESUME_KINDS, UPLOAD_MESSAGES.resumeType)
      return c.json(await createResume(c.var.db, c.env.FILES, upload), 201)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'put',
      path: '/{id}/activate',
      summary: 'Make a resume the one visitors download',
      request: { params: rowIdPath },
      responses: { 200: json(ResumeSchema, 'The active resume'), ...OWNER_ERRORS, ...NOT_FOUND },
    }),
    async (c) => c.json(await activateResume(c.var.db, c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/{id}',
      summary: 'Delete a resume and its file',
      request: { params: rowIdPath },
      responses: { 204: noContent('Deleted'), ...OWNER_ERRORS, ...NOT_FOUND },
    }),
    async (c) => {
      await deleteResume(c.var.db, c.env.FILES, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
