import { useState } from 'react'
import { Form } from 'react-aria-components'
import { useQuery } from 'urql'
import { CONTENT_TYPES, labelOf } from '../../../schema/constants'
import { EMPTY_STATES, TOASTS } from '../../../schema/messages'
import { ImagePicker } from '../files/ImagePicker'
import { fromEnum, graphql, type ResultOf, toEnum } from '../graphql'
import { TestimonialsReview } from '../ratings/TestimonialsReview'
import { useSave } from '../save'
import {
  AdminButton,
  AdminSelect,
  AdminTextField,
  CANNOT_UNDO,
  ConfirmDialog,
  ListState,
  Section,
} from '../ui'
import { FROM_NETWORK } from '../urql'
import { canSave, PAGE_LABELS, preview } from './form'

type ContentType = (typeof CONTENT_TYPES)[number]['value']

export const CONTENT_QUERY = graphql(
  `query AdminContent {
    pageContent { key content contentType updatedAt }
    contentKeys { key description contentType defaultContent }
  }`,
)
export const SAVE_CONTENT = graphql(`mutation SaveContent($input: ContentInput!) {
  saveContent(input: $input) { key content contentType updatedAt }
}`)
export const DELETE_CONTENT = graphql('mutation DeleteContent($key: String!) { deleteContent(key: $key) }')

/** A block as the tab shows it: the content type as its stored value (text, textarea, image). */
const blockOf = (block: ResultOf<typeof CONTENT_QUERY>['pageContent'][number]) => ({
  ...block,
  contentType: asContentType(fromEnum('ContentType', block.contentType)),
})
type ContentBlock = ReturnType<typeof blockOf>

const asContentType = (v: string): ContentType =>
  CONTENT_TYPES.some((t) => t.value === v) ? (v as ContentType) : 'text'

type KeyDefinition = { description: string; contentType: ContentType; defaultContent: string }

/** The page a key belongs to: the part before its first dot. */
const pageOf = (key: string) => key.split('.', 1)[0] ?? ''

/** The block being edited: a key the pages read, or a new or unused block (`free`). */
type Editing = { key: string; free: boolean; isNew: boolean }

/**
 * The Content tab (issue 16): every key the public pages read, grouped by page,
 * with where it appears, its default text and the owner's override; an editor
 * with a live preview that saves, resets to the default (removes the override)
 * or deletes an unused block; and the original "Create Content" form (SPEC §2).
 */
export function ContentTab() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: CONTENT_QUERY })
  const [saved, save] = useSave(SAVE_CONTENT, { fieldsAlone: true })
  const [removed, remove] = useSave(DELETE_CONTENT)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [key, setKey] = useState('')
  const [content, setContent] = useState('')
  const [contentType, setContentType] = useState<ContentType>('text')
  const { errors: serverErrors, setErrors: setServerErrors } = saved
  const [deleting, setDeleting] = useState<string | null>(null)
  const [resetting, setResetting] = useState<string | null>(null)
  const pending = saved.fetching || removed.fetching

  const blocks = data?.pageContent.map(blockOf) ?? []
  // The keys the public pages read (served by the Worker), grouped by page in the order the pages are listed.
  const KNOWN: Record<string, KeyDefinition> = Object.fromEntries(
    (data?.contentKeys ?? []).map((k) => [
      k.key,
      {
        description: k.description,
        contentType: asContentType(fromEnum('ContentType', k.contentType)),
        defaultContent: k.defaultContent,
      },
    ]),
  )
  const GROUPS = Object.entries(PAGE_LABELS).map(([page, label]) => ({
    page,
    label,
    keys: Object.keys(KNOWN).filter((key) => pageOf(key) === page),
  }))
  const byKey = new Map(blocks.map((b) => [b.key, b]))
  const unused = blocks.filter((b) => !(b.key in KNOWN))
  const definition = editing && !editing.free ? KNOWN[editing.key] : undefined
  const mode = editing && !editing.isNew ? 'edit' : 'create'

  // A field the person changes is no longer the one the server refused: its
  // message goes, and nothing stale can stand between them and the next Save.
  const edit =
    <T,>(setter: (v: T) => void, field: string) =>
    (value: T) => {
      setter(value)
      setServerErrors(({ [field]: _gone, ...rest }) => rest)
    }

  function open(next: Editing, block?: ContentBlock) {
    const known = KNOWN[next.key]
    setEditing(next)
    setKey(next.key)
    setContent(block?.content ?? known?.defaultContent ?? '')
    setContentType(block?.contentType ?? known?.contentType ?? 'text')
    setServerErrors({})
  }

  function close() {
    setEditing(null)
    setKey('')
    setContent('')
    setContentType('text')
    setServerErrors({})
  }

  async function submit() {
    const target = editing?.isNew === false ? editing.key : key.trim()
    if (!canSave(mode, target, content)) return
    const done = await save(
      { input: { key: target, content, contentType: toEnum('ContentType', contentType) } },
      TOASTS.contentSaved,
    )
    if (!done.ok) return
    close()
    refetch(FROM_NETWORK)
  }

  /** Removes the block: a key the pages read shows its default again (reset), an unused one is gone. */
  async function removeBlock(target: string, reset: boolean) {
    const done = await remove(
      { key: target },
      reset
        ? { title: 'Content reset', description: 'The page shows the default text again.' }
        : { title: 'Content deleted', description: 'The content block has been removed.' },
    )
    setDeleting(null)
    setResetting(null)
    if (!done.ok) return
    close()
    refetch(FROM_NETWORK)
  }

  const override = editing ? byKey.get(editing.key) : undefined
  return (
    <div className="flex flex-col gap-6">
      <Section
        title={
          editing === null
            ? 'Create Content'
            : editing.isNew
              ? 'Create Content'
              : `Edit Content: ${editing.key}`
        }
      >
        <Form
          validationErrors={serverErrors}
          validationBehavior="aria"
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        >
          {definition && (
            <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700 sm:col-span-2">
              <p>
                <span className="font-semibold text-slate-900">Where it appears:</span>{' '}
                {definition.description}
              </p>
              <p className="mt-1 whitespace-pre-line">
                <span className="font-semibold text-slate-900">Default:</span>{' '}
                {definition.defaultContent || '(none)'}
              </p>
            </div>
          )}
          <AdminTextField
            name="key"
            label="Key"
            description="Lowercase letters, digits, dots, dashes and underscores, e.g. home.hero.subtitle"
            value={editing && !editing.isNew ? editing.key : key}
            onChange={edit(setKey, 'key')}
            isDisabled={editing !== null && !editing.isNew}
            isRequired
          />
          <AdminSelect
            name="contentType"
            label="Content Type"
            options={CONTENT_TYPES}
            value={contentType}
            onChange={edit(setContentType, 'contentType')}
          />
          {contentType === 'image' ? (
            <div className="sm:col-span-2">
              <ImagePicker
                name="content"
                label="Image URL"
                value={content}
                onChange={edit(setContent, 'content')}
                isRequired
              />
            </div>
          ) : (
            <AdminTextField
              name="content"
              label="Content"
              value={content}
              onChange={edit(setContent, 'content')}
              multiline={contentType === 'textarea'}
              isRequired
              className="sm:col-span-2"
            />
          )}
          {contentType !== 'image' && content.trim() !== '' && (
            <figure className="rounded-md border border-dashed border-slate-300 p-3 sm:col-span-2">
              <figcaption className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                Preview
              </figcaption>
              <p data-testid="content-preview" className="mt-1 whitespace-pre-line text-slate-800">
                {content}
              </p>
            </figure>
          )}
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            {editing !== null && (
              <AdminButton variant="secondary" onPress={close}>
                Cancel
              </AdminButton>
            )}
            {editing && !editing.free && override && (
              <AdminButton variant="secondary" isDisabled={pending} onPress={() => setResetting(editing.key)}>
                Reset to Default
              </AdminButton>
            )}
            <AdminButton
              type="submit"
              isDisabled={pending || !canSave(mode, editing && !editing.isNew ? editing.key : key, content)}
            >
              {saved.fetching ? 'Saving...' : 'Save'}
            </AdminButton>
          </div>
        </Form>
      </Section>

      <Section title="Page Copy">
        <ListState loading={fetching && !data} error={data ? undefined : error} empty={false} emptyText="">
          <div className="flex flex-col gap-6">
            {GROUPS.map((group) => (
              <section key={group.page} aria-labelledby={`content-${group.page}`}>
                <h3 id={`content-${group.page}`} className="text-base font-semibold text-slate-900">
                  {group.label}
                </h3>
                <ul className="mt-2 divide-y divide-slate-200" aria-label={`${group.label} content`}>
                  {group.keys.map((k) => {
                    const block = byKey.get(k)
                    const def = KNOWN[k]!
                    return (
                      <li
                        key={k}
                        data-key={k}
                        className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
                      >
                        <div className="min-w-0">
                          <p className="flex flex-wrap items-center gap-2">
                            <code className="font-semibold text-slate-900">{k}</code>
                            <span className="rounded bg-slate-100 px-2 py-0.5 text-xs">
                              {labelOf(CONTENT_TYPES, def.contentType)}
                            </span>
                            <span
                              className={`rounded px-2 py-0.5 text-xs ${block ? 'bg-blue-50 text-blue-800' : 'bg-slate-50 text-slate-600'}`}
                            >
                              {block ? 'Custom' : 'Default'}
                            </span>
                          </p>
                          <p className="mt-1 text-sm text-slate-600">{def.description}</p>
                          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">
                            {preview(block?.content ?? def.defaultContent) || '(no image)'}
                          </p>
                        </div>
                        <AdminButton
                          variant="secondary"
                          onPress={() => open({ key: k, free: false, isNew: false }, block)}
                          aria-label={`Edit ${k}`}
                        >
                          Edit
                        </AdminButton>
                      </li>
                    )
                  })}
                </ul>
              </section>
            ))}
          </div>
        </ListState>
      </Section>

      <Section title="Content Blocks">
        <p className="mb-2 text-sm text-slate-600">Blocks under keys no public page reads.</p>
        <ListState
          loading={fetching && !data}
          error={data ? undefined : error}
          empty={unused.length === 0}
          emptyText={EMPTY_STATES.content}
        >
          <ul className="divide-y divide-slate-200" aria-label="Content blocks">
            {unused.map((b) => (
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
                  <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
                    {preview(b.content)}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <AdminButton
                    variant="secondary"
                    onPress={() => open({ key: b.key, free: true, isNew: false }, b)}
                    aria-label={`Edit ${b.key}`}
                  >
                    Edit
                  </AdminButton>
                  <AdminButton
                    variant="destructive"
                    onPress={() => setDeleting(b.key)}
                    aria-label={`Delete ${b.key}`}
                  >
                    Delete
                  </AdminButton>
                </div>
              </li>
            ))}
          </ul>
        </ListState>
      </Section>
      <TestimonialsReview />
      <ConfirmDialog
        title="Delete content block?"
        message={
          deleting
            ? `"${deleting}" will be removed; a page that shows it falls back to its default text.`
            : ''
        }
        undo={CANNOT_UNDO}
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        onConfirm={() => deleting && void removeBlock(deleting, false)}
        isPending={removed.fetching}
      />
      <ConfirmDialog
        title="Reset to the default text?"
        message={
          resetting ? `Your text for "${resetting}" is deleted; the page shows the default text again.` : ''
        }
        undo={`${CANNOT_UNDO} Copy your text first if you may want it back.`}
        confirmLabel="Reset"
        isOpen={resetting !== null}
        onOpenChange={(isOpen) => !isOpen && setResetting(null)}
        onConfirm={() => resetting && void removeBlock(resetting, true)}
        isPending={removed.fetching}
      />
    </div>
  )
}
