// Training modules (/admin/training, issue 55): each module's title, content
// (Markdown), quiz and pass mark, its version (a new one when any of them
// changes; records keep theirs), and whether it is a draft to be reviewed.
// A draft cannot be assigned: "Publish" makes it assignable.
import { useState } from 'react'
import { useQuery } from 'urql'
import { formatBusinessDateTime } from '../../../schema/business-time'
import type { ResultOf } from '../graphql'
import { OwnerPage } from '../OwnerPage'
import { useSave } from '../save'
import { AdminButton, AdminDialog, ListState, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import { CREATE_TRAINING, TRAININGS, UPDATE_TRAINING } from './queries'

type Module = ResultOf<typeof TRAININGS>['trainings'][number]
type Question = { prompt: string; choices: string; answer: number }
type Draft = { title: string; body: string; passPercent: string; questions: Question[] }

const input =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-200'
const labelClass = 'text-sm font-medium text-slate-800'

const emptyDraft = (): Draft => ({
  title: '',
  body: '',
  passPercent: '80',
  questions: [{ prompt: '', choices: '', answer: 0 }],
})
const draftOf = (m: Module): Draft => ({
  title: m.title,
  body: m.body,
  passPercent: String(m.passPercent),
  questions: m.questions.map((q) => ({ prompt: q.prompt, choices: q.choices.join('\n'), answer: q.answer })),
})
const payloadOf = (d: Draft) => ({
  title: d.title,
  body: d.body,
  passPercent: Number(d.passPercent),
  questions: d.questions.map((q) => ({
    prompt: q.prompt,
    choices: q.choices
      .split('\n')
      .map((c) => c.trim())
      .filter(Boolean),
    answer: q.answer,
  })),
})

export function TrainingScreen() {
  return (
    <OwnerPage
      title="Training"
      description={() => 'HIPAA workforce training modules: content, quiz, versions'}
    >
      <TrainingPage />
    </OwnerPage>
  )
}

export function TrainingPage() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: TRAININGS })
  const [editing, setEditing] = useState<Module | 'new' | null>(null)
  const [{ fetching: publishing }, update] = useSave(UPDATE_TRAINING, { failure: 'Not published' })
  const reload = () => refetch(FROM_NETWORK)
  async function publish(m: Module) {
    const published = await update(
      { id: m.id, input: { draft: false } },
      { title: 'Published', description: `${m.title} can now be assigned.` },
    )
    if (published.ok) reload()
  }
  return (
    <Section
      title="Modules"
      actions={
        <AdminButton variant="secondary" onPress={() => setEditing('new')}>
          New module
        </AdminButton>
      }
    >
      <ListState
        loading={fetching && !data}
        error={data ? undefined : error}
        empty={!data?.trainings.length}
        emptyText="No training module yet."
      >
        <ul className="divide-y divide-slate-200">
          {data?.trainings.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <span className="min-w-0 break-words">
                <span className="font-semibold">{m.title}</span>
                {m.draft && (
                  <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    Draft to review
                  </span>
                )}
                <span className="block text-slate-600">
                  {`Version ${m.version} · ${m.questions.length} questions · pass mark ${m.passPercent}% · changed ${formatBusinessDateTime(m.updatedAt)}`}
                </span>
              </span>
              <span className="flex gap-2">
                <AdminButton variant="secondary" onPress={() => setEditing(m)}>
                  Edit<span className="sr-only">{` ${m.title}`}</span>
                </AdminButton>
                {m.draft && (
                  <AdminButton onPress={() => void publish(m)} isDisabled={publishing}>
                    Publish<span className="sr-only">{` ${m.title}`}</span>
                  </AdminButton>
                )}
              </span>
            </li>
          ))}
        </ul>
      </ListState>
      {editing && (
        <ModuleDialog
          module={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            reload()
          }}
        />
      )}
    </Section>
  )
}

function ModuleDialog({
  module,
  onClose,
  onSaved,
}: {
  module: Module | null
  onClose: () => void
  onSaved: () => void
}) {
  const [draft, setDraft] = useState<Draft>(module ? draftOf(module) : emptyDraft())
  const [made, create] = useSave(CREATE_TRAINING, { failure: 'Not saved', fieldsAlone: true })
  const [changed, update] = useSave(UPDATE_TRAINING, { failure: 'Not saved', fieldsAlone: true })
  const { errors } = module ? changed : made
  const setQuestion = (i: number, q: Partial<Question>) =>
    setDraft({ ...draft, questions: draft.questions.map((x, j) => (j === i ? { ...x, ...q } : x)) })
  async function save() {
    const payload = payloadOf(draft)
    const saved = module
      ? await update(
          { id: module.id, input: payload },
          { title: 'Saved', description: 'A change of content or quiz is a new version.' },
        )
      : await create(
          { input: { ...payload, draft: true } },
          { title: 'Saved', description: 'Saved as a draft to review.' },
        )
    if (saved.ok) onSaved()
  }
  const field = (name: string) =>
    errors[name] ? <span className="text-sm text-red-700">{errors[name]}</span> : null
  return (
    <AdminDialog
      title={module ? `Edit ${module.title}` : 'New module'}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      size="lg"
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <label className="flex flex-col gap-1">
          <span className={labelClass}>Title</span>
          <input
            name="title"
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
            className={input}
            aria-invalid={errors.title ? true : undefined}
          />
          {field('title')}
        </label>
        <label className="flex flex-col gap-1">
          <span className={labelClass}>Content (Markdown)</span>
          <textarea
            name="body"
            rows={8}
            value={draft.body}
            onChange={(e) => setDraft({ ...draft, body: e.currentTarget.value })}
            className={input}
            aria-invalid={errors.body ? true : undefined}
          />
          {field('body')}
        </label>
        <label className="flex flex-col gap-1">
          <span className={labelClass}>Pass mark (%)</span>
          <input
            name="passPercent"
            inputMode="numeric"
            value={draft.passPercent}
            onChange={(e) => setDraft({ ...draft, passPercent: e.currentTarget.value })}
            className={`${input} max-w-32`}
            aria-invalid={errors.passPercent ? true : undefined}
          />
          {field('passPercent')}
        </label>
        <fieldset className="flex flex-col gap-4">
          <legend className={labelClass}>Quiz</legend>
          {field('questions')}
          {draft.questions.map((q, i) => {
            const choices = q.choices.split('\n').filter((c) => c.trim())
            return (
              <div key={i} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
                <label className="flex flex-col gap-1">
                  <span className={labelClass}>{`Question ${i + 1}`}</span>
                  <input
                    value={q.prompt}
                    onChange={(e) => setQuestion(i, { prompt: e.currentTarget.value })}
                    className={input}
                  />
                </label>
                <label className="flex flex-col gap-1">
                  <span className={labelClass}>Choices, one a line</span>
                  <textarea
                    rows={3}
                    value={q.choices}
                    onChange={(e) => setQuestion(i, { choices: e.currentTarget.value })}
                    className={input}
                  />
                </label>
                <label className="flex flex-col gap-1">
                  <span className={labelClass}>Right answer</span>
                  <select
                    value={q.answer}
                    onChange={(e) => setQuestion(i, { answer: Number(e.currentTarget.value) })}
                    className={input}
                  >
                    {choices.map((c, j) => (
                      <option key={`${j}-${c}`} value={j}>
                        {c}
                      </option>
                    ))}
                  </select>
                </label>
                {draft.questions.length > 1 && (
                  <AdminButton
                    variant="secondary"
                    onPress={() =>
                      setDraft({ ...draft, questions: draft.questions.filter((_, j) => j !== i) })
                    }
                  >
                    Remove question {i + 1}
                  </AdminButton>
                )}
              </div>
            )
          })}
          <AdminButton
            variant="secondary"
            onPress={() =>
              setDraft({ ...draft, questions: [...draft.questions, { prompt: '', choices: '', answer: 0 }] })
            }
          >
            Add a question
          </AdminButton>
        </fieldset>
        <div className="mt-2 flex justify-end gap-2">
          <AdminButton variant="secondary" onPress={onClose}>
            Cancel
          </AdminButton>
          <AdminButton type="submit" isDisabled={made.fetching || changed.fetching}>
            Save
          </AdminButton>
        </div>
      </form>
    </AdminDialog>
  )
}
