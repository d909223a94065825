// GraphQL types, queries and mutations for the content domain; resolvers call worker/services.
import { contentBody, contentInput } from '../../schema/payloads'
import type { PageContent } from '../../schema/tables'
import { parseContentKey } from '../http/params'
import { listContent, saveContent, updateContent } from '../services/content'
import { builder } from './builder'
import { parseInput } from './inputs'

const ContentBlockRef = builder.objectRef<PageContent>('ContentBlock').implement({
  fields: (t) => ({
    key: t.exposeString('key'),
    content: t.exposeString('content'),
    contentType: t.exposeString('contentType'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
})

const ContentInput = builder.inputType('ContentInput', {
  fields: (t) => ({ key: t.string(), content: t.string(), contentType: t.string() }),
})

const ContentUpdateInput = builder.inputType('ContentUpdateInput', {
  fields: (t) => ({ content: t.string(), contentType: t.string() }),
})

builder.queryField('pageContent', (t) =>
  t.field({ type: [ContentBlockRef], resolve: (_root, _args, { db }) => listContent(db) }),
)

builder.mutationField('saveContent', (t) =>
  t.field({
    type: ContentBlockRef,
    description: 'Creates the block, or updates it when the key exists (SPEC §4).',
    args: { input: t.arg({ type: ContentInput, required: true }) },
    resolve: async (_root, { input }, { db }) =>
      (await saveContent(db, parseInput(contentInput, input))).block,
  }),
)

builder.mutationField('updateContent', (t) =>
  t.field({
    type: ContentBlockRef,
    description: 'Updates an existing block; NOT_FOUND when the key does not exist.',
    args: {
      key: t.arg.string({ required: true }),
      input: t.arg({ type: ContentUpdateInput, required: true }),
    },
    resolve: (_root, { key, input }, { db }) =>
      updateContent(db, parseContentKey(key), parseInput(contentBody, input)),
  }),
)
