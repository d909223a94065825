import { useState } from 'react'
import { Form } from 'react-aria-components'
import { useMutation, useQuery } from 'urql'
import { CONTENT_TYPES, labelOf } from '../../../schema/constants'
import { EMPTY_STATES, ERRORS, TOASTS } from '../../../schema/messages'
import { toast } from '../../components/Toaster'
import { fromEnum, graphql, type ResultOf, toEnum } from '../graphql'
import { AdminButton, AdminSelect, AdminTextField, ListState, Section } from '../ui'
import { FROM_NETWORK, fieldErrorsOf, messageOf } from '../urql'
import { canSave, preview } from './form'

type ContentType = (typeof CONTENT_TYPES)[number]['value']

const CONTENT_QUERY = graphql('query AdminContent { pageContent { key content contentType updatedAt } }')
const SAVE_CONTENT = graphql(`mutation SaveContent($input: ContentInput!) {
  saveContent(input: $input) { key content contentType updatedAt }
}`)
const UPDATE_CONTENT = graphql(`mutation UpdateContent($key: String!, $input: ContentUpdateInput!) {
  updateContent(key: $key, input: $input) { key content contentType updatedAt }
}`)

/** A block as the tab shows it: the content type as its stored value (text, textarea, image). */
const blockOf = (block: ResultOf<typeof CONTENT_QUERY>['pageContent'][number]) => ({
  ...block,
  contentType: asContentType(fromEnum('ContentType', block.contentType)),
})
type ContentBlock = ReturnType<typeof blockOf>

const asContentType = (v: string): ContentType =>
  CONTENT_TYPES.some((t) => t.value === v) ? (v as ContentType) : 'text'

export function ContentTab() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: CONTENT_QUERY })
  const [saved, save] = useMutation(SAVE_CONTENT)
  const [updated, update] = useMutation(UPDATE_CONTENT)
  // The block being edited, or null while creating a new one.
  const [editingKey, setEditingKey] = useState<string | null>(null)
  const [key, setKey] = useState('')
  const [content, setContent] = useState('')
  const [contentType, setContentType] = useState<ContentType>('text')
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const mode = editingKey === null ? 'create' : 'edit'
  const pending = saved.fetching || updated.fetching

  function startEdit(block: ContentBlock) {
    setEditingKey(block.key)
    setKey(block.key)
    setContent(block.content)
    setContentType(block.contentType)
    setServerErrors({})
  }

  function reset() {
    setEditingKey(null)
    setKey('')
    setContent('')
    setContentType('text')
    setServerErrors({})
  }

  async function submit() {
    if (!canSave(mode, key, content)) return
    const result =
      editingKey === null
        ? await save({ input: { key, content, contentType: toEnum('ContentType', contentType) } })
        : await update({
            key: editingKey,
            input: { content, contentType: toEnum('ContentType', contentType) },
          })
    if (result.error) {
      const errors = fieldErrorsOf(result.error)
      setServerErrors(errors)
      if (Object.keys(errors).length === 0) {
        toast({ title: ERRORS.errorTitle, description: messageOf(result.error), variant: 'destructive' })
      }
      return
    }
    toast(TOASTS.contentSaved)
    reset()
    refetch(FROM_NETWORK)
  }

  const blocks = data?.pageContent.map(blockOf) ?? []
  return (
    <div className="flex flex-col gap-6">
      <Section title={mode === 'edit' ? `Edit Content: ${editingKey}` : 'Create Content'}>
        <Form
          validationErrors={serverErrors}
          validationBehavior="aria"
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        >
          <AdminTextField
            name="key"
            label="Key"
            description="Lowercase letters, digits, dots, dashes and underscores, e.g. home.hero.subtitle"
            value={key}
            onChange={setKey}
            isDisabled={mode === 'edit'}
            isRequired
          />
          <AdminSelect
            name="contentType"
            label="Content Type"
            options={CONTENT_TYPES}
            value={contentType}
            onChange={setContentType}
          />
          <AdminTextField
            name="content"
            label={contentType === 'image' ? 'Image URL' : 'Content'}
            value={content}
            onChange={setContent}
            multiline={contentType === 'textarea'}
            type={contentType === 'image' ? 'url' : 'text'}
            isRequired
            className="sm:col-span-2"
          />
          <div className="flex justify-end gap-2 sm:col-span-2">
            {mode === 'edit' && (
              <AdminButton variant="secondary" onPress={reset}>
                Cancel
              </AdminButton>
            )}
            <AdminButton type="submit" isDisabled={pending || !canSave(mode, key, content)}>
              {pending ? 'Saving...' : 'Save'}
            </AdminButton>
          </div>
        </Form>
      </Section>

      <Section title="Content Blocks">
        <ListState
          loading={fetching && !data}
          error={data ? undefined : error}
          empty={blocks.length === 0}
          emptyText={EMPTY_STATES.content}
        >
          <ul className="divide-y divide-slate-200" aria-label="Content blocks">
            {blocks.map((b) => (
              <li
                key={b.key}
                className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <code className="font-semibold text-slate-900">{b.key}</code>
                    <span className="rounded bg-slate-100 px-2 py-0.5 text-xs">
                      {labelOf(CONTENT_TYPES, b.contentType)}
                    </span>
                  </p>
                  {b.contentType === 'image' ? (
                    <img
                      src={b.content}
                      alt={`Content block ${b.key}`}
                      className="mt-2 max-h-32 rounded border border-slate-200"
                      loading="lazy"
                    />
                  ) : (
                    <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
                      {preview(b.content)}
                    </p>
                  )}
                </div>
                <AdminButton variant="secondary" onPress={() => startEdit(b)} aria-label={`Edit ${b.key}`}>
                  Edit
                </AdminButton>
              </li>
            ))}
          </ul>
        </ListState>
      </Section>
    </div>
  )
}
