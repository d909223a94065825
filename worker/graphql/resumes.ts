// GraphQL types, queries and mutations for the resumes domain; resolvers call worker/services.
// Uploading stays on REST (POST /api/resumes, multipart): GraphQL multipart is not needed.
import { rowId } from '../../schema/ids'
import type { Resume } from '../../schema/tables'
import { activateResume, deleteResume, listResumes } from '../services/resumes'
import { builder } from './builder'

const ResumeRef = builder.objectRef<Omit<Resume, 'objectKey'>>('Resume').implement({
  description: 'An uploaded resume; the active one is what visitors download.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the resume.' }),
    originalName: t.exposeString('originalName', { description: 'File name as uploaded.' }),
    mimeType: t.exposeString('mimeType', { description: 'Type sniffed from the content.' }),
    fileSize: t.exposeInt('fileSize', { description: 'Size in bytes.' }),
    isActive: t.exposeBoolean('isActive', { description: 'Whether visitors download this one.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was uploaded.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
})

builder.queryField('resumes', (t) =>
  t.field({
    type: [ResumeRef],
    description: 'All resumes, newest first.',
    resolve: (_root, _args, { db }) => listResumes(db),
  }),
)

builder.mutationField('activateResume', (t) =>
  t.field({
    type: ResumeRef,
    description: 'Makes this resume the only active one.',
    args: { id: t.arg.id({ required: true, description: 'Id of the resume.' }).validate(rowId) },
    resolve: (_root, { id }, { db }) => activateResume(db, id),
  }),
)

builder.mutationField('deleteResume', (t) =>
  t.id({
    description: 'Deletes a resume and its stored file; returns its id.',
    args: { id: t.arg.id({ required: true, description: 'Id of the resume.' }).validate(rowId) },
    resolve: (_root, { id }, { db, env }) => deleteResume(db, env.FILES, id),
  }),
)
