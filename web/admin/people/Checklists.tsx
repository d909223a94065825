// A client's arrival and departure checklists on its People section (issue 55):
// each shown as its steps, and edited in place: add, change, move up or down,
// remove, then Save replaces the checklist (setRunTemplate, the same payload
// as REST's PUT /api/clients/{id}/run-templates/{kind}). A run copies the
// checklist when it starts (worker/services/people/runs.ts), so a save changes
// new runs only. Removing a step asks nothing: nothing is lost until Save, and
// Cancel brings the saved checklist back.
import { useId, useLayoutEffect, useRef, useState } from 'react'
import { FieldError, Input, TextField } from 'react-aria-components'
import {
  MAX_CHECKLIST_STEP_LENGTH,
  MAX_CHECKLIST_STEPS,
  RUN_KIND_LABELS,
  type RunKind,
} from '../../../schema/people'
import { ADMIN_EMPTY_STATES, ADMIN_TOASTS } from '../messages'
import { useSave } from '../save'
import { AdminButton, fieldErrorClass, fieldInput } from '../ui'
import { SET_RUN_TEMPLATE } from './queries'

const KINDS: readonly RunKind[] = ['onboarding', 'offboarding']
const many = (kind: RunKind) => `${RUN_KIND_LABELS[kind].toLowerCase()}s`

export function Checklists({
  clientId,
  onboarding,
  offboarding,
  onSaved,
}: {
  clientId: string
  onboarding: readonly string[]
  offboarding: readonly string[]
  onSaved: () => void
}) {
  const steps = { onboarding, offboarding }
  return (
    <div className="mt-6" data-testid="checklists">
      <h3 className="text-base font-semibold text-slate-900">Checklists</h3>
      <p className="mt-1 text-sm text-slate-700">
        A new arrival or departure copies its checklist when it starts; runs already started keep their own
        steps.
      </p>
      <div className="mt-3 grid items-start gap-4 lg:grid-cols-2">
        {KINDS.map((kind) => (
          <ChecklistCard key={kind} clientId={clientId} kind={kind} steps={steps[kind]} onSaved={onSaved} />
        ))}
      </div>
    </div>
  )
}

function ChecklistCard({
  clientId,
  kind,
  steps,
  onSaved,
}: {
  clientId: string
  kind: RunKind
  steps: readonly string[]
  onSaved: () => void
}) {
  const [editing, setEditing] = useState(false)
  // The saved steps are shown until the refetched client brings them (a new array).
  const [saved, setSaved] = useState<{ from: readonly string[]; steps: string[] } | null>(null)
  const shown = saved && saved.from === steps ? saved.steps : steps
  const headingId = useId()
  const editId = `${headingId}-edit`
  const wasEditing = useRef(false)
  useLayoutEffect(() => {
    // Back on the Edit button once the editor closes, where the keyboard left off.
    if (wasEditing.current && !editing) document.getElementById(editId)?.focus()
    wasEditing.current = editing
  }, [editing, editId])
  const title = `${RUN_KIND_LABELS[kind]} checklist`
  return (
    <section
      aria-labelledby={headingId}
      // The editor takes the whole row: a step's text needs the width.
      className={`min-w-0 rounded-md border border-slate-200 p-3 sm:p-4 ${editing ? 'lg:col-span-2' : ''}`}
      data-testid={`checklist-${kind}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-slate-900">
          {title}
        </h4>
        {!editing && (
          <AdminButton
            id={editId}
            variant="secondary"
            aria-label={`Edit the ${title.toLowerCase()}`}
            onPress={() => setEditing(true)}
          >
            Edit
          </AdminButton>
        )}
      </div>
      {kind === 'offboarding' && (
        <p className="mt-1 text-xs text-slate-600">
          Each departure also gets a step for every vault password and asset tagged with the person.
        </p>
      )}
      {editing ? (
        <ChecklistEditor
          clientId={clientId}
          kind={kind}
          steps={shown}
          onCancel={() => setEditing(false)}
          onSaved={(next) => {
            setSaved({ from: steps, steps: next })
            setEditing(false)
            onSaved()
          }}
        />
      ) : shown.length ? (
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-sm text-slate-900">
          {shown.map((step, i) => (
            // Steps may repeat; in this read-only list their place is what tells them apart.
            <li key={i} className="break-words">
              {step}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{ADMIN_EMPTY_STATES.checklist}</p>
      )}
    </section>
  )
}

type Draft = { key: number; text: string }

export function ChecklistEditor({
  clientId,
  kind,
  steps,
  onCancel,
  onSaved,
}: {
  clientId: string
  kind: RunKind
  steps: readonly string[]
  onCancel: () => void
  onSaved: (steps: string[]) => void
}) {
  const uid = useId()
  const nextKey = useRef(0)
  const draft = (text: string): Draft => ({ key: nextKey.current++, text })
  const [items, setItems] = useState<Draft[]>(() => steps.map(draft))
  const [stepErrors, setStepErrors] = useState<Record<number, string>>({})
  const [listError, setListError] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [{ fetching }, save] = useSave(SET_RUN_TEMPLATE, { failure: 'Not saved', fieldsAlone: true })

  // Where the keyboard goes once the list has changed: the moved step's button,
  // the step after a removed one, a new step's field.
  const focusNext = useRef<string | null>(null)
  useLayoutEffect(() => {
    if (focusNext.current === null) return
    document.getElementById(focusNext.current)?.focus()
    focusNext.current = null
  })
  const fieldId = (key: number) => `${uid}-step-${key}`
  const moveId = (key: number, way: 'up' | 'down') => `${uid}-${way}-${key}`
  const addId = `${uid}-add`
  const full = items.length >= MAX_CHECKLIST_STEPS
  const label = RUN_KIND_LABELS[kind].toLowerCase()

  function change(key: number, text: string) {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, text } : item)))
    setStepErrors(({ [key]: _, ...rest }) => rest)
  }

  function insert(at: number) {
    if (full) return
    const added = draft('')
    setItems([...items.slice(0, at), added, ...items.slice(at)])
    focusNext.current = fieldId(added.key)
  }

  function move(from: number, by: -1 | 1) {
    const to = from + by
    const item = items[from]
    if (!item || to < 0 || to >= items.length) return
    const next = [...items]
    next[from] = next[to]!
    next[to] = item
    setItems(next)
    // At either end its button in that direction is disabled: the keyboard goes to the other one.
    const atEnd = by < 0 ? to === 0 : to === next.length - 1
    const stays = by < 0 ? 'up' : 'down'
    focusNext.current = moveId(item.key, atEnd ? (stays === 'up' ? 'down' : 'up') : stays)
    setAnnouncement(`${item.text || 'The step'} is now step ${to + 1} of ${next.length}.`)
  }

  function remove(at: number) {
    const gone = items[at]
    if (!gone) return
    const next = items.filter((_, i) => i !== at)
    setItems(next)
    setStepErrors(({ [gone.key]: _, ...rest }) => rest)
    const neighbour = next[at] ?? next[at - 1]
    focusNext.current = neighbour ? fieldId(neighbour.key) : addId
    setAnnouncement(`${gone.text || 'The empty step'} removed.`)
  }

  async function submit() {
    const sent = items
    const answer = await save(
      { clientId, kind, steps: sent.map((item) => item.text) },
      ADMIN_TOASTS.checklistSaved[kind],
    )
    if (answer.ok) return onSaved(answer.data.setRunTemplate)
    // GraphQL names a step's error by its place in the list sent ("2"), the list's own by "steps".
    const byKey: Record<number, string> = {}
    let forList: string | null = null
    for (const [field, message] of Object.entries(answer.errors)) {
      const item = /^\d+$/.test(field) ? sent[Number(field)] : undefined
      if (item) byKey[item.key] ??= message
      else forList ??= message
    }
    setStepErrors(byKey)
    setListError(forList)
    const first = sent.find((item) => byKey[item.key])
    if (first) document.getElementById(fieldId(first.key))?.focus()
  }

  return (
    <form
      aria-label={`Edit the ${label} checklist`}
      className="mt-2"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <p className="text-xs text-slate-600">
        {`Saving replaces this checklist for new ${many(kind)}; ${many(kind)} already started keep their steps.`}
      </p>
      {items.length ? (
        <ol className="mt-2 divide-y divide-slate-100">
          {items.map((item, i) => (
            <li key={item.key} className="flex flex-wrap items-start gap-x-2 gap-y-1 py-2">
              <span aria-hidden="true" className="w-6 shrink-0 pt-2 text-right text-sm text-slate-600">
                {`${i + 1}.`}
              </span>
              <TextField
                id={fieldId(item.key)}
                aria-label={`Step ${i + 1}`}
                name={`steps.${i}`}
                value={item.text}
                onChange={(text) => change(item.key, text)}
                maxLength={MAX_CHECKLIST_STEP_LENGTH}
                isInvalid={stepErrors[item.key] ? true : undefined}
                validationBehavior="aria"
                className="flex min-w-0 flex-1 basis-40 flex-col gap-1"
              >
                <Input
                  className={fieldInput}
                  onKeyDown={(e) => {
                    // Enter starts the next step, as in a list being typed; Save is its own button.
                    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return
                    e.preventDefault()
                    insert(i + 1)
                  }}
                />
                <FieldError className={fieldErrorClass}>{stepErrors[item.key]}</FieldError>
              </TextField>
              <div className="ml-auto flex shrink-0 gap-1">
                <AdminButton
                  id={moveId(item.key, 'up')}
                  variant="secondary"
                  className="px-3"
                  aria-label={`Move step ${i + 1} up`}
                  isDisabled={i === 0}
                  onPress={() => move(i, -1)}
                >
                  <span aria-hidden="true">↑</span>
                </AdminButton>
                <AdminButton
                  id={moveId(item.key, 'down')}
                  variant="secondary"
                  className="px-3"
                  aria-label={`Move step ${i + 1} down`}
                  isDisabled={i === items.length - 1}
                  onPress={() => move(i, 1)}
                >
                  <span aria-hidden="true">↓</span>
                </AdminButton>
                <AdminButton
                  variant="secondary"
                  className="px-3"
                  aria-label={`Remove step ${i + 1}`}
                  onPress={() => remove(i)}
                >
                  Remove
                </AdminButton>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          {ADMIN_EMPTY_STATES.checklistEditor}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {listError && (
        <p role="alert" className={`mt-2 ${fieldErrorClass}`}>
          {listError}
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <AdminButton id={addId} variant="secondary" isDisabled={full} onPress={() => insert(items.length)}>
          Add a step
        </AdminButton>
        {full && <span className="text-xs text-slate-600">{`At most ${MAX_CHECKLIST_STEPS} steps.`}</span>}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <AdminButton variant="secondary" onPress={onCancel}>
          Cancel
        </AdminButton>
        <AdminButton type="submit" isDisabled={fetching}>
          {fetching ? 'Saving...' : 'Save checklist'}
        </AdminButton>
      </div>
    </form>
  )
}
