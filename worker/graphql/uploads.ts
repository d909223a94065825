// GraphQL types, queries and mutations for the uploads domain; resolvers call worker/services.
// Uploading and viewing stay on REST (POST /api/uploads, GET /api/uploads/:id).
import type { UploadedFile } from '../../schema/tables'
import { parseId } from '../http/params'
import { deleteUpload, listUploads } from '../services/uploads'
import { builder } from './builder'

const UploadedFileRef = builder.objectRef<Omit<UploadedFile, 'objectKey'>>('UploadedFile').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    originalName: t.exposeString('originalName'),
    mimetype: t.exposeString('mimetype'),
    size: t.exposeInt('size'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    url: t.string({
      description: 'Where the owner views the file.',
      resolve: (file) => `/api/uploads/${file.id}`,
    }),
  }),
})

builder.queryField('uploads', (t) =>
  t.field({ type: [UploadedFileRef], resolve: (_root, _args, { db }) => listUploads(db) }),
)

builder.mutationField('deleteUpload', (t) =>
  t.id({
    description: 'Deletes a file and its stored object; returns its id.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { db, env }) => deleteUpload(db, env.FILES, parseId(id)),
  }),
)
