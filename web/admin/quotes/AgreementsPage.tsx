// /admin/agreements (issue 25): the agreement templates (Markdown with merge
// fields) with a preview rendered by the server with sample values. Seeded
// templates are marked as starting points to have reviewed by a lawyer.
import { useEffect, useState } from 'react'
import { Provider, useQuery } from 'urql'
import { MERGE_FIELDS } from '../../../schema/quotes'
import { OwnerPage } from '../OwnerPage'
import { useSave } from '../save'
import { AdminButton, Section } from '../ui'
import { FROM_NETWORK, messageOf, useAdminClient } from '../urql'
import { ARCHIVE_TEMPLATE, PREVIEW_QUERY, SAVE_TEMPLATE, TEMPLATES_QUERY } from './queries'

const input =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-200'

type Template = {
  id: string | null
  kind: string
  name: string
  body: string
  needsLegalReview: boolean
  archived: boolean
}
const blank: Template = {
  id: null,
  kind: 'custom',
  name: '',
  body: '',
  needsLegalReview: false,
  archived: false,
}

export function AgreementsPage() {
  const client = useAdminClient()
  return (
    <Provider value={client}>
      <OwnerPage title="Agreement templates" description={() => 'The agreements quotes can carry'}>
        <Templates />
      </OwnerPage>
    </Provider>
  )
}

function Templates() {
  const [{ data, error }, refetch] = useQuery({ query: TEMPLATES_QUERY, ...FROM_NETWORK })
  const [editing, setEditing] = useState<Template | null>(null)
  const [, archive] = useSave(ARCHIVE_TEMPLATE, { failure: 'Not done' })
  if (error) return <p role="alert">{messageOf(error)}</p>
  return (
    <>
      <Section
        title="Templates"
        actions={<AdminButton onPress={() => setEditing(blank)}>New template</AdminButton>}
      >
        <ul className="flex flex-col gap-2">
          {data?.agreementTemplates.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center gap-3">
              <span className="font-medium">{t.name}</span>
              {t.needsLegalReview && (
                <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                  Starting point: have it reviewed by a lawyer
                </span>
              )}
              {t.archived && <span className="text-xs text-slate-500">Archived</span>}
              <AdminButton variant="secondary" onPress={() => setEditing(t)}>
                Edit
              </AdminButton>
              <AdminButton
                variant="ghost"
                onPress={async () => {
                  await archive({ id: t.id, archived: !t.archived })
                  refetch(FROM_NETWORK)
                }}
              >
                {t.archived ? 'Restore' : 'Archive'}
              </AdminButton>
            </li>
          ))}
        </ul>
      </Section>
      {editing && (
        <TemplateEditor
          key={editing.id ?? 'new'}
          template={editing}
          onSaved={() => {
            setEditing(null)
            refetch(FROM_NETWORK)
          }}
        />
      )}
    </>
  )
}

function TemplateEditor({ template, onSaved }: { template: Template; onSaved: () => void }) {
  const [t, setT] = useState(template)
  const [body, setBody] = useState(template.body)
  // The preview follows the text after a short pause, not on every keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setBody(t.body), 400)
    return () => clearTimeout(timer)
  }, [t.body])
  const [{ data: preview }] = useQuery({ query: PREVIEW_QUERY, variables: { body }, pause: !body })
  const [{ fetching, errors }, save] = useSave(SAVE_TEMPLATE, { failure: 'Not saved' })

  return (
    <Section title={t.id ? `Edit: ${template.name}` : 'New template'}>
      <div className="grid gap-6 lg:grid-cols-2">
        <form
          className="flex flex-col gap-3"
          onSubmit={async (e) => {
            e.preventDefault()
            const saved = await save(
              {
                id: t.id,
                input: { kind: t.kind, name: t.name, body: t.body, needsLegalReview: t.needsLegalReview },
              },
              'Template saved',
            )
            if (saved.ok) onSaved()
          }}
        >
          <label className="flex flex-col gap-1 text-sm">
            Name
            <input
              className={input}
              value={t.name}
              onChange={(e) => setT({ ...t, name: e.currentTarget.value })}
            />
            {errors.name && <span className="text-xs text-red-800">{errors.name}</span>}
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Kind
            <select
              className={input}
              value={t.kind}
              onChange={(e) => setT({ ...t, kind: e.currentTarget.value })}
            >
              <option value="service">Service agreement</option>
              <option value="baa">Business Associate Agreement</option>
              <option value="custom">Other</option>
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Text (Markdown)
            <textarea
              className={`${input} font-mono`}
              rows={18}
              value={t.body}
              onChange={(e) => setT({ ...t, body: e.currentTarget.value })}
            />
            {errors.body && <span className="text-xs text-red-800">{errors.body}</span>}
          </label>
          <p className="text-xs text-slate-600">
            Merge fields: {MERGE_FIELDS.map((f) => `{{${f}}}`).join(', ')}. They are filled when a quote is
            sent.
          </p>
          <p className="text-xs text-slate-600">
            A note for yourself only: put it between a line <code>:::owner-note</code> and a line{' '}
            <code>:::</code>. The client never sees it, and Send warns while it is there.
          </p>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={t.needsLegalReview}
              onChange={(e) => setT({ ...t, needsLegalReview: e.currentTarget.checked })}
            />
            Starting point to have reviewed by a lawyer
          </label>
          <AdminButton type="submit" isPending={fetching} className="self-start">
            Save template
          </AdminButton>
        </form>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-800">Preview (sample values)</h3>
          <div
            className="prose max-w-none rounded border border-slate-200 p-4 text-sm"
            // Rendered by the server (schema/markdown.ts): raw HTML escaped, unsafe links dropped.
            dangerouslySetInnerHTML={{ __html: preview?.agreementPreview ?? '' }}
          />
        </div>
      </div>
    </Section>
  )
}
