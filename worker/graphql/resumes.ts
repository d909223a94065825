// GraphQL types, queries and mutations for the resumes domain; resolvers call worker/services.
// Uploading stays on REST (POST /api/resumes, multipart): GraphQL multipart is not needed.
import type { Resume } from '../../schema/tables'
import { parseId } from '../http/params'
import { activateResume, deleteResume, listResumes } from '../services/resumes'
import { builder } from './builder'

const ResumeRef = builder.objectRef<Omit<Resume, 'objectKey'>>('Resume').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    originalName: t.exposeString('originalName'),
    mimeType: t.exposeString('mimeType'),
    fileSize: t.exposeInt('fileSize'),
    isActive: t.exposeBoolean('isActive'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
})

builder.queryField('resumes', (t) =>
  t.field({ type: [ResumeRef], resolve: (_root, _args, { db }) => listResumes(db) }),
)

builder.mutationField('activateResume', (t) =>
  t.field({
    type: ResumeRef,
    description: 'Makes this resume the only active one.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { db }) => activateResume(db, parseId(id)),
  }),
)

builder.mutationField('deleteResume', (t) =>
  t.id({
    description: 'Deletes a resume and its stored file; returns its id.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { db, env }) => deleteResume(db, env.FILES, parseId(id)),
  }),
)
