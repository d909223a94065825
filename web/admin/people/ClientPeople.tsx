// The clinic's people on the client page (issue 55): the roster with each
// person's training this year, the year's completion and its evidence PDF,
// "Add a person", "Assign training" (everyone, or the chosen people, by a due
// date), "Someone is leaving", the open runs, worked step by step here, and
// the arrival and departure checklists those runs copy (Checklists.tsx).
import { useId, useState } from 'react'
import { Form } from 'react-aria-components'
import { useQuery } from 'urql'
import { formatBusinessDateTime } from '../../../schema/business-time'
import {
  RECORD_STATUS_LABELS,
  type RecordStatus,
  RUN_KIND_LABELS,
  type RunKind,
} from '../../../schema/people'
import { addDays, businessToday, formatCalendarDate, slotInstant } from '../../../schema/slot-time'
import type { ResultOf } from '../graphql'
import { useSave } from '../save'
import { AdminButton, AdminCheckbox, AdminDialog, AdminTextField, CardTable, ListState, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import { Checklists } from './Checklists'
import { ADD_STAFF, ASSIGN_TRAINING, CLIENT_PEOPLE, COMPLETE_STEP, START_OFFBOARDING } from './queries'

const input =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-200'
const labelClass = 'text-sm font-medium text-slate-800'
const linkClass = 'font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900'

export function ClientPeople({ clientId }: { clientId: string | number }) {
  const id = String(clientId)
  const [{ data, fetching, error }, refetch] = useQuery({ query: CLIENT_PEOPLE, variables: { id } })
  const refresh = () => refetch(FROM_NETWORK)
  const [adding, setAdding] = useState(false)
  const [assigning, setAssigning] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const client = data?.client
  const year = businessToday().slice(0, 4)
  const staff = client?.staff ?? []
  const records = client?.trainingRecords ?? []
  const open = (client?.peopleRuns ?? []).filter((r) => !r.completedAt)
  const done = (client?.peopleRuns ?? []).filter((r) => r.completedAt)
  const c = client?.trainingCompletion
  return (
    <Section
      title="People and training"
      actions={
        <div className="flex flex-wrap gap-2">
          <AdminButton variant="secondary" onPress={() => setAdding(true)}>
            Add a person
          </AdminButton>
          <AdminButton variant="secondary" onPress={() => setAssigning(true)} isDisabled={!staff.length}>
            Assign training
          </AdminButton>
          <AdminButton variant="secondary" onPress={() => setLeaving(true)} isDisabled={!staff.length}>
            Someone is leaving
          </AdminButton>
        </div>
      }
    >
      <ListState
        loading={fetching && !data}
        error={data ? undefined : error}
        empty={!staff.length}
        emptyText="No one is on this client's roster yet."
      >
        {c && (
          <p className="mb-3 text-sm text-slate-800" data-testid="training-completion">
            <span className="font-semibold">
              {c.total
                ? `Training ${year}: ${c.done} of ${c.total} done (${c.percent}%)`
                : `No training assigned in ${year}`}
            </span>
            {c.overdue ? (
              <span className="font-semibold text-red-700">{` · ${c.overdue} overdue`}</span>
            ) : null}
            {c.total ? (
              <>
                {' · '}
                <a href={`/api/clients/${id}/training-records/${year}.pdf`} className={linkClass}>
                  Training records (PDF)
                </a>
              </>
            ) : null}
          </p>
        )}
        <CardTable label="People">
          <thead>
            <tr>
              <th>Name</th>
              <th>Role</th>
              <th>Training this year</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((p) => {
              const mine = records.filter((r) => r.staffId === p.id)
              return (
                <tr key={p.id}>
                  <td>
                    <span className="font-medium">{p.name}</span>
                    <span className="block break-all text-xs text-slate-600">{p.email}</span>
                    {!p.active && <span className="block text-xs text-slate-600">No longer active</span>}
                    {p.leaveDate && (
                      <span className="block text-xs text-slate-600">{`Leaves ${formatCalendarDate(p.leaveDate)}`}</span>
                    )}
                  </td>
                  <td>{p.role ?? '—'}</td>
                  <td>
                    {mine.length
                      ? mine.map((r) => (
                          <span
                            key={r.assignmentId}
                            className={`block ${r.status === 'overdue' ? 'font-semibold text-red-700' : ''}`}
                          >
                            {`${r.title} (v${r.version}): ${RECORD_STATUS_LABELS[r.status as RecordStatus]}`}
                            {r.completedAt ? `, ${r.score}%` : `, due ${formatCalendarDate(r.dueDate)}`}
                          </span>
                        ))
                      : 'None assigned'}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </CardTable>
      </ListState>
      {open.length > 0 && (
        <div className="mt-6 flex flex-col gap-4">
          <h3 className="text-base font-semibold text-slate-900">Open arrivals and departures</h3>
          {open.map((run) => (
            <RunCard key={run.id} run={run} onChanged={refresh} />
          ))}
        </div>
      )}
      {done.length > 0 && (
        <div className="mt-6">
          <h3 className="text-base font-semibold text-slate-900">Completed</h3>
          <ul className="mt-2 text-sm">
            {done.map((run) => (
              <li key={run.id} className="py-1">
                {`${RUN_KIND_LABELS[run.kind as RunKind]}: ${run.name}, completed ${formatBusinessDateTime(run.completedAt!)}${run.late ? ' (some steps late)' : ''} · `}
                <a href={`/api/runs/${run.id}/pdf`} className={linkClass}>
                  Record (PDF)
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {client && (
        <Checklists
          clientId={id}
          onboarding={client.onboardingTemplate}
          offboarding={client.offboardingTemplate}
          onSaved={refresh}
        />
      )}
      <AddPersonDialog clientId={id} isOpen={adding} onOpenChange={setAdding} onAdded={refresh} />
      {data && (
        <AssignDialog
          clientId={id}
          isOpen={assigning}
          onOpenChange={setAssigning}
          onAssigned={refresh}
          people={staff.filter((p) => p.active)}
          modules={data.trainings}
        />
      )}
      <LeavingDialog
        clientId={id}
        isOpen={leaving}
        onOpenChange={setLeaving}
        onStarted={refresh}
        people={staff.filter((p) => p.active && !p.leaveDate)}
      />
    </Section>
  )
}

type Run = NonNullable<ResultOf<typeof CLIENT_PEOPLE>['client']>['peopleRuns'][number]

function RunCard({ run, onChanged }: { run: Run; onChanged: () => void }) {
  const [{ fetching }, complete] = useSave(COMPLETE_STEP, { failure: 'Not saved' })
  const doneCount = run.steps.filter((s) => s.doneAt).length
  const at = run.leavesAt ?? run.startsAt
  async function markDone(stepId: string) {
    const done = await complete({ id: stepId })
    if (done.ok) onChanged()
  }
  // A departure is open to work at once; an arrival's checklist is folded (a roster of new people is long).
  return (
    <details
      open={run.kind === 'offboarding'}
      className="rounded-md border border-slate-200 p-3"
      data-testid={`run-${run.id}`}
    >
      <summary className="cursor-pointer text-sm">
        <span className="font-semibold">{`${RUN_KIND_LABELS[run.kind as RunKind]}: ${run.name}`}</span>
        <span className="text-slate-700">
          {` · ${run.kind === 'offboarding' ? 'leaves' : 'starts'} ${at ? formatBusinessDateTime(at) : ''} · ${doneCount} of ${run.steps.length} done · started by ${run.startedBy}`}
        </span>
      </summary>
      <ol className="mt-2 divide-y divide-slate-100">
        {run.steps.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="min-w-0 break-words">
              {s.title}
              {s.late && <span className="ml-2 font-semibold text-red-700">Late</span>}
              {s.doneAt && (
                <span className="block text-xs text-slate-600">{`Done by ${s.doneBy} on ${formatBusinessDateTime(s.doneAt)}`}</span>
              )}
            </span>
            {!s.doneAt && (
              <AdminButton variant="secondary" onPress={() => void markDone(s.id)} isDisabled={fetching}>
                Done<span className="sr-only">{`: ${s.title}`}</span>
              </AdminButton>
            )}
          </li>
        ))}
      </ol>
      <a href={`/api/runs/${run.id}/pdf`} className={`${linkClass} mt-2 inline-block text-sm`}>
        Record (PDF)
      </a>
    </details>
  )
}

function AddPersonDialog({
  clientId,
  isOpen,
  onOpenChange,
  onAdded,
}: {
  clientId: string
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  onAdded: () => void
}) {
  const [values, setValues] = useState({ name: '', email: '', role: '', startDate: '' })
  const [{ fetching, errors }, add] = useSave(ADD_STAFF, { failure: 'Not added', fieldsAlone: true })
  const set = (k: keyof typeof values) => (v: string) => setValues({ ...values, [k]: v })
  async function save(close: () => void) {
    const added = await add(
      {
        clientId,
        input: {
          name: values.name,
          email: values.email,
          role: values.role || null,
          startDate: values.startDate || null,
        },
      },
      {
        title: 'Person added',
        description: `${values.name} is on the roster; their arrival checklist is open.`,
      },
    )
    if (!added.ok) return
    setValues({ name: '', email: '', role: '', startDate: '' })
    close()
    onAdded()
  }
  return (
    <AdminDialog title="Add a person" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <Form
          validationErrors={errors}
          onSubmit={(e) => {
            e.preventDefault()
            void save(close)
          }}
          className="flex flex-col gap-3"
        >
          <AdminTextField name="name" label="Name" value={values.name} onChange={set('name')} isRequired />
          <AdminTextField
            name="email"
            label="E-mail"
            value={values.email}
            onChange={set('email')}
            isRequired
          />
          <AdminTextField name="role" label="Role" value={values.role} onChange={set('role')} />
          <DateInput
            name="startDate"
            label="Start date"
            value={values.startDate}
            onChange={set('startDate')}
            error={errors.startDate}
          />
          <div className="mt-2 flex justify-end gap-2">
            <AdminButton variant="secondary" onPress={close}>
              Cancel
            </AdminButton>
            <AdminButton type="submit" isDisabled={fetching}>
              Add
            </AdminButton>
          </div>
        </Form>
      )}
    </AdminDialog>
  )
}

function DateInput({
  name,
  label,
  value,
  onChange,
  error,
  type = 'date',
}: {
  name: string
  label: string
  value: string
  onChange: (v: string) => void
  error?: string
  type?: 'date' | 'time'
}) {
  const uid = useId()
  return (
    <label className="flex flex-col gap-1">
      <span className={labelClass}>{label}</span>
      <input
        name={name}
        type={type}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${uid}-error` : undefined}
        className={input}
      />
      {error && (
        <span id={`${uid}-error`} className="text-sm text-red-700">
          {error}
        </span>
      )}
    </label>
  )
}

function AssignDialog({
  clientId,
  isOpen,
  onOpenChange,
  onAssigned,
  people,
  modules,
}: {
  clientId: string
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  onAssigned: () => void
  people: { id: string; name: string }[]
  modules: { id: string; title: string; version: number; draft: boolean }[]
}) {
  const published = modules.filter((m) => !m.draft)
  const [moduleId, setModuleId] = useState('')
  const [chosen, setChosen] = useState<Set<string> | null>(null)
  const [dueDate, setDueDate] = useState(addDays(businessToday(), 30))
  const [{ fetching, errors, setErrors }, assign] = useSave(ASSIGN_TRAINING, {
    failure: 'Not assigned',
    fieldsAlone: true,
  })
  const uid = useId()
  const selected = chosen ?? new Set(people.map((p) => p.id))
  const everyone = selected.size === people.length
  async function save(close: () => void) {
    const id = moduleId || published[0]?.id
    if (!id) return setErrors({ trainingId: 'Publish a module first (Training)' })
    const assigned = await assign(
      {
        id,
        input: {
          clientId: Number(clientId),
          staffIds: everyone ? null : [...selected].map(Number),
          dueDate,
        },
      },
      (d) => {
        const n = d.assignTraining ?? 0
        return {
          title: 'Training assigned',
          description: n
            ? `${n} ${n === 1 ? 'person gets' : 'people get'} an e-mail with their own link.`
            : 'Everyone chosen already has it.',
        }
      },
    )
    if (!assigned.ok) return
    setChosen(null)
    close()
    onAssigned()
  }
  return (
    <AdminDialog title="Assign training" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void save(close)
          }}
          className="flex flex-col gap-3"
        >
          {published.length ? (
            <label className="flex flex-col gap-1">
              <span className={labelClass}>Module</span>
              <select
                name="trainingId"
                value={moduleId || published[0]!.id}
                onChange={(e) => setModuleId(e.currentTarget.value)}
                className={input}
              >
                {published.map((m) => (
                  <option key={m.id} value={m.id}>{`${m.title} (version ${m.version})`}</option>
                ))}
              </select>
            </label>
          ) : (
            <p role="alert" className="text-sm text-red-700">
              No published module: review and publish one under Training first.
            </p>
          )}
          {errors.trainingId && <p className="text-sm text-red-700">{errors.trainingId}</p>}
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.staffIds ? `${uid}-people` : undefined}
          >
            <legend className={labelClass}>People</legend>
            {people.map((p) => (
              <AdminCheckbox
                key={p.id}
                name="staffIds"
                isSelected={selected.has(p.id)}
                onChange={(on) => {
                  const next = new Set(selected)
                  if (on) next.add(p.id)
                  else next.delete(p.id)
                  setChosen(next)
                }}
              >
                {p.name}
              </AdminCheckbox>
            ))}
            <span className="text-xs text-slate-600">
              {everyone
                ? 'Everyone: the module becomes standing (new people get it, and everyone again each year).'
                : 'Only the chosen people.'}
            </span>
            {errors.staffIds && (
              <span id={`${uid}-people`} className="text-sm text-red-700">
                {errors.staffIds}
              </span>
            )}
          </fieldset>
          <DateInput
            name="dueDate"
            label="Due date"
            value={dueDate}
            onChange={setDueDate}
            error={errors.dueDate}
          />
          <div className="mt-2 flex justify-end gap-2">
            <AdminButton variant="secondary" onPress={close}>
              Cancel
            </AdminButton>
            <AdminButton type="submit" isDisabled={fetching || !published.length || selected.size === 0}>
              Assign
            </AdminButton>
          </div>
        </form>
      )}
    </AdminDialog>
  )
}

function LeavingDialog({
  clientId,
  isOpen,
  onOpenChange,
  onStarted,
  people,
}: {
  clientId: string
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  onStarted: () => void
  people: { id: string; name: string }[]
}) {
  const [staffId, setStaffId] = useState('')
  const [date, setDate] = useState(businessToday())
  const [time, setTime] = useState('17:00')
  const [{ fetching, errors, setErrors }, start] = useSave(START_OFFBOARDING, { failure: 'Not started' })
  async function save(close: () => void) {
    const who = staffId || people[0]?.id
    const leavesAt = slotInstant(date, time)
    if (!who || !leavesAt) return setErrors({ leavesAt: 'Give the day and time they leave' })
    const started = await start(
      { clientId, staffId: Number(who), leavesAt },
      { title: 'Departure started', description: 'Its checklist is open below.' },
    )
    if (!started.ok) return
    close()
    onStarted()
  }
  return (
    <AdminDialog title="Someone is leaving" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void save(close)
          }}
          className="flex flex-col gap-3"
        >
          <label className="flex flex-col gap-1">
            <span className={labelClass}>Who is leaving</span>
            <select
              name="staffId"
              value={staffId || people[0]?.id || ''}
              onChange={(e) => setStaffId(e.currentTarget.value)}
              className={input}
            >
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <DateInput
            name="leaveDate"
            label="Last day"
            value={date}
            onChange={setDate}
            error={errors.leavesAt}
          />
          <DateInput
            name="leaveTime"
            label="Leaves at (Central Time)"
            value={time}
            onChange={setTime}
            type="time"
          />
          <p className="text-xs text-slate-600">
            The checklist, plus a step to change each vault password and collect each asset tagged with this
            person.
          </p>
          <div className="mt-2 flex justify-end gap-2">
            <AdminButton variant="secondary" onPress={close}>
              Cancel
            </AdminButton>
            <AdminButton type="submit" isDisabled={fetching || !people.length}>
              Start the departure
            </AdminButton>
          </div>
        </form>
      )}
    </AdminDialog>
  )
}
