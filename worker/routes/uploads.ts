import { createRoute, z } from '@hono/zod-openapi'
import { createSelectSchema } from 'drizzle-zod'
import { requireOwner } from '../auth/middleware'
import { tables } from '../db'
import { fileHeaders } from '../files/disposition'
import { IMAGE_KINDS, IMAGE_TYPE_MESSAGE } from '../files/images'
import { FILE_KINDS } from '../files/sniff'
import { readUpload, UPLOAD_MESSAGES } from '../files/upload'
import { privateNoStore } from '../middleware/cache-headers'
import {
  fileAnswer,
  fileUpload,
  openApiJson as json,
  NOT_FOUND,
  noContent,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  rowIdPath,
} from '../middleware/openapi'
import { createUpload, deleteUpload, listUploads, openUpload } from '../services/uploads'

/** The owner's view of a file: everything but the R2 key, plus its public address when it is a public image. */
const UploadSchema = createSelectSchema(tables.uploadedFiles)
  .omit({ objectKey: true })
  .extend({
    publicUrl: z
      .string()
      .nullable()
      .openapi({ description: "A public image's address under /media", example: '/media/images/3f2a.png' }),
  })
  .openapi('Upload')
const owner = { tags: ['Files'], security: OWNER_SECURITY }
const tooLarge = { 413: { ...OWNER_ERRORS[400], description: 'The file is larger than 10 MB' } }

// /api/uploads: the owner's general files in R2. Viewing is owner-only too
// (SPEC §6: uploading and viewing files is the owner's; docs/decisions/040-admin-api.md).
export const uploads = openApiApp()
uploads.use(privateNoStore, requireOwner)
uploads
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: 'Every file, newest first',
      responses: { 200: json(z.array(UploadSchema), 'The files'), ...OWNER_ERRORS },
    }),
    async (c) => c.json(await listUploads(c.var.db), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary: 'Upload a file (owner-only)',
      description: 'A document, text or image file of at most 10 MB, its kind judged by its content.',
      request: { body: fileUpload('file', 'A PDF, Word, text, Markdown or image file') },
      responses: { 201: json(UploadSchema, 'The stored file'), ...OWNER_ERRORS, ...tooLarge },
    }),
    async (c) => {
      const upload = await readUpload(c.req, 'file', FILE_KINDS, UPLOAD_MESSAGES.fileType)
      return c.json(await createUpload(c.var.db, c.env.FILES, upload), 201)
    },
  )
  // A public image for a project or a content block: raster only, served from /media/{name} (ADR 057).
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/images',
      summary: 'Upload a public image',
      description: 'A raster image for a project or a content block, served to anyone from its `publicUrl`.',
      request: { body: fileUpload('file', 'A PNG, JPEG, GIF or WebP image') },
      responses: { 201: json(UploadSchema, 'The stored image'), ...OWNER_ERRORS, ...tooLarge },
    }),
    async (c) => {
      const upload = await readUpload(c.req, 'file', IMAGE_KINDS, IMAGE_TYPE_MESSAGE)
      return c.json(await createUpload(c.var.db, c.env.FILES, upload, true), 201)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/{id}',
      summary: 'Download a file',
      request: { params: rowIdPath },
      responses: {
        200: fileAnswer('The file: inline when a browser shows it safely, else an attachment', '*/*'),
        ...OWNER_ERRORS,
        ...NOT_FOUND,
      },
    }),
    async (c) => {
      const { file, object } = await openUpload(c.var.db, c.env.FILES, c.req.valid('param').id)
      return new Response(object.body, {
        headers: fileHeaders({ mime: file.mimetype, name: file.originalName, size: object.size }),
      })
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/{id}',
      summary: 'Delete a file',
      request: { params: rowIdPath },
      responses: { 204: noContent('Deleted'), ...OWNER_ERRORS, ...NOT_FOUND },
    }),
    async (c) => {
      await deleteUpload(c.var.db, c.env.FILES, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
