// GraphQL types, queries and mutations for the content domain; resolvers call worker/services.
import { contentBody, contentInput, contentKey } from '../../schema/payloads'
import { PUBLIC_CONTENT_KEYS } from '../../schema/public-content'
import type { PageContent } from '../../schema/tables'
import { deleteContent, listContent, saveContent, updateContent } from '../services/content'
import { builder, withoutNulls } from './builder'
import { ContentTypeEnum } from './enums'

const ContentBlockRef = builder.objectRef<PageContent>('ContentBlock').implement({
  description: "A block of page copy that overrides a public page's default text by key.",
  fields: (t) => ({
    key: t.exposeString('key', {
      description: 'Where it appears (schema/content-keys.ts lists the keys read).',
    }),
    content: t.exposeString('content', { description: 'The text, or an image URL for IMAGE.' }),
    contentType: t.field({
      type: ContentTypeEnum,
      description: 'How the block is edited and shown.',
      resolve: (block) => block.contentType as 'text' | 'textarea' | 'image',
    }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
})

const ContentInput = builder
  .inputType('ContentInput', {
    description: 'A block to save by key; key and content are required (checked by the server).',
    fields: (t) => ({
      key: t.string({ description: 'Lowercase letters, digits, dots, dashes and underscores.' }),
      content: t.string({ description: 'Required, at most 20000 characters.' }),
      contentType: t.field({ type: ContentTypeEnum, description: 'Defaults to TEXT.' }),
    }),
  })
  .validate(withoutNulls(contentInput))

const ContentUpdateInput = builder
  .inputType('ContentUpdateInput', {
    description: 'The new content of an existing block.',
    fields: (t) => ({
      content: t.string({ description: 'Required, at most 20000 characters.' }),
      contentType: t.field({ type: ContentTypeEnum, description: 'Defaults to TEXT.' }),
    }),
  })
  .validate(withoutNulls(contentBody))

builder.queryField('pageContent', (t) =>
  t.field({
    type: [ContentBlockRef],
    description: 'All content blocks.',
    resolve: (_root, _args, { db }) => listContent(db),
  }),
)

builder.mutationField('saveContent', (t) =>
  t.field({
    type: ContentBlockRef,
    description: 'Creates the block, or updates it when the key exists (SPEC §4).',
    args: { input: t.arg({ type: ContentInput, required: true, description: 'The block.' }) },
    resolve: async (_root, { input }, { db }) => (await saveContent(db, input)).block,
  }),
)

builder.mutationField('updateContent', (t) =>
  t.field({
    type: ContentBlockRef,
    description: 'Updates an existing block; NOT_FOUND when the key does not exist.',
    args: {
      key: t.arg.string({ required: true, description: 'Key of the block.' }).validate(contentKey),
      input: t.arg({ type: ContentUpdateInput, required: true, description: 'Its new content.' }),
    },
    resolve: (_root, { key, input }, { db }) => updateContent(db, key, input),
  }),
)

builder.mutationField('deleteContent', (t) =>
  t.string({
    description:
      'Deletes a block; a key a public page reads shows its default text again. Returns the key; NOT_FOUND when absent.',
    args: {
      key: t.arg.string({ required: true, description: 'Key of the block.' }).validate(contentKey),
    },
    resolve: (_root, { key }, { db }) => deleteContent(db, key),
  }),
)

type ContentKeyInfo = { key: string; description: string; contentType: string; defaultContent: string }

const ContentKeyRef = builder.objectRef<ContentKeyInfo>('ContentKey').implement({
  description: 'A key the public pages read, with where it appears and its default text.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The key, e.g. home.hero.subtitle.' }),
    description: t.exposeString('description', { description: 'Where the copy appears.' }),
    contentType: t.field({
      type: ContentTypeEnum,
      description: 'How it is edited and shown.',
      resolve: (k) => k.contentType as 'text' | 'textarea' | 'image',
    }),
    defaultContent: t.exposeString('defaultContent', {
      description: 'What the page shows without a block (empty for no image).',
    }),
  }),
})

// Served rather than imported by the admin: the defaults would otherwise share a
// chunk with the public forms' privacy copy and weigh on every public page.
builder.queryField('contentKeys', (t) =>
  t.field({
    type: [ContentKeyRef],
    description: 'Every key the public pages read, in page order.',
    resolve: () =>
      Object.entries(PUBLIC_CONTENT_KEYS).map(([key, d]) => ({
        key,
        description: d.description,
        contentType: d.contentType,
        defaultContent: d.defaultContent,
      })),
  }),
)
