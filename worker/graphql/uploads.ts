// GraphQL types, queries and mutations for the uploads domain; resolvers call worker/services.
// Uploading and viewing stay on REST (POST /api/uploads, GET /api/uploads/:id).
import { rowId } from '../../schema/ids'
import type { UploadedFile } from '../../schema/tables'
import { deleteUpload, listUploads } from '../services/uploads'
import { builder } from './builder'

const UploadedFileRef = builder
  .objectRef<Omit<UploadedFile, 'objectKey'> & { publicUrl: string | null }>('UploadedFile')
  .implement({
    description: 'A file the owner uploaded (owner-only).',
    fields: (t) => ({
      id: t.exposeID('id', { description: 'Id of the file.' }),
      originalName: t.exposeString('originalName', { description: 'File name as uploaded.' }),
      mimetype: t.exposeString('mimetype', { description: 'Type sniffed from the content.' }),
      size: t.exposeInt('size', { description: 'Size in bytes.' }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was uploaded.' }),
      url: t.string({
        description: 'Where the owner views the file.',
        resolve: (file) => `/api/uploads/${file.id}`,
      }),
      isPublic: t.exposeBoolean('isPublic', {
        description: 'A public image (anyone may see it at publicUrl); false for owner-only files.',
      }),
      publicUrl: t.exposeString('publicUrl', {
        nullable: true,
        description: 'Where anyone sees it (/media/...), for a public image; null for owner-only files.',
      }),
    }),
  })

builder.queryField('uploads', (t) =>
  t.field({
    type: [UploadedFileRef],
    description: 'All uploaded files, newest first.',
    resolve: (_root, _args, { db }) => listUploads(db),
  }),
)

builder.mutationField('deleteUpload', (t) =>
  t.id({
    description: 'Deletes a file and its stored object; returns its id.',
    args: { id: t.arg.id({ required: true, description: 'Id of the file.' }).validate(rowId) },
    resolve: (_root, { id }, { db, env }) => deleteUpload(db, env.FILES, id),
  }),
)
