// One question of a risk analysis, made for a phone at the client's site: the
// finding as four large buttons (saved at once), notes, evidence files and
// remediation tasks. A refused change shows its message at the field it is
// about; a completed analysis shows the item as recorded.
import { useId, useState } from 'react'
import {
  RISK_FINDING_LABELS,
  RISK_FINDINGS,
  RISK_NOTES_MAX,
  RISK_TASK_MAX,
  type RiskFinding,
} from '../../../schema/risk-checklist'
import { formatCalendarDate } from '../../../schema/slot-time'
import { toast } from '../../components/Toaster'
import { AdminDateField } from '../DateField'
import { uploadFile } from '../rest'
import { AdminButton, sizeInKb } from '../ui'
import { linkClass, type RiskPatch } from './shared'

export type RiskItem = {
  id: string
  topic: string
  question: string
  finding: string | null
  notes: string | null
  evidence: readonly { id: string; name: string; size: number }[]
  tasks: readonly { id: string; description: string; dueDate: string; done: boolean }[]
}

const FINDING_TONE: Record<RiskFinding, string> = {
  met: 'peer-checked:border-green-700 peer-checked:bg-green-50 peer-checked:text-green-900',
  partly: 'peer-checked:border-amber-600 peer-checked:bg-amber-50 peer-checked:text-amber-900',
  not_met: 'peer-checked:border-red-700 peer-checked:bg-red-50 peer-checked:text-red-900',
  not_applicable: 'peer-checked:border-slate-600 peer-checked:bg-slate-100 peer-checked:text-slate-900',
}

const input =
  'w-full min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 aria-[invalid=true]:border-red-600'
const label = 'text-sm font-medium text-slate-800'

/** The message of a refused change at the field it names (GraphQL names the list: items or newTasks). */
function FieldMessage({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  ) : null
}

export function RiskItemCard({
  analysisId,
  item,
  locked,
  save,
  reload,
}: {
  analysisId: string
  item: RiskItem
  locked: boolean
  save: (patch: RiskPatch) => Promise<Record<string, string> | null>
  reload: () => void
}) {
  const uid = useId()
  const [notes, setNotes] = useState(item.notes ?? '')
  const [task, setTask] = useState({ description: '', dueDate: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [uploading, setUploading] = useState(false)
  const itemId = Number(item.id)

  async function apply(patch: RiskPatch, onDone?: () => void) {
    const refused = await save(patch)
    setErrors(refused ?? {})
    if (!refused) onDone?.()
  }

  async function addEvidence(file: File) {
    setUploading(true)
    try {
      await uploadFile(`/api/risk-analyses/${analysisId}/items/${item.id}/evidence`, 'file', file)
      toast({ title: 'Evidence added' })
      setErrors({})
      reload()
    } catch (err) {
      setErrors({ file: (err as Error).message })
    } finally {
      setUploading(false)
    }
  }

  // A new task's message names its field first ("Description ...", "Due date ...").
  const taskError = errors.newTasks
  const dueError = taskError?.startsWith('Due date') ? taskError : undefined
  const descriptionError = taskError && !dueError ? taskError : undefined

  return (
    <li className="space-y-3 border-b border-slate-200 pb-4 last:border-0" aria-labelledby={`${uid}-topic`}>
      <div>
        <h3 id={`${uid}-topic`} className="font-semibold text-slate-900 break-words">
          {item.topic}
        </h3>
        <p className="text-sm text-slate-700 break-words">{item.question}</p>
      </div>
      <fieldset disabled={locked}>
        <legend className={label}>Finding</legend>
        <div className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {RISK_FINDINGS.map((f) => (
            <label key={f} className="relative">
              <input
                type="radio"
                name={`finding-${item.id}`}
                value={f}
                checked={item.finding === f}
                onChange={() => void apply({ items: [{ id: itemId, finding: f }] })}
                className="peer absolute inset-0 opacity-0"
              />
              <span
                className={`flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-2 text-center text-sm font-medium text-slate-800 peer-focus-visible:ring-2 peer-focus-visible:ring-blue-600 peer-disabled:opacity-70 ${FINDING_TONE[f]}`}
              >
                {RISK_FINDING_LABELS[f]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {locked ? (
        item.notes && <p className="text-sm whitespace-pre-wrap text-slate-700 break-words">{item.notes}</p>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-2"
          aria-label={`Notes on ${item.topic}`}
          onSubmit={(e) => {
            e.preventDefault()
            void apply({ items: [{ id: itemId, notes }] }, () => toast({ title: 'Notes saved' }))
          }}
        >
          <label className="flex flex-col gap-1">
            <span className={label}>Notes</span>
            <textarea
              name="notes"
              rows={3}
              maxLength={RISK_NOTES_MAX}
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
              aria-invalid={errors.items ? true : undefined}
              aria-describedby={errors.items ? `${uid}-notes-error` : undefined}
              className={input}
            />
          </label>
          <FieldMessage id={`${uid}-notes-error`} message={errors.items} />
          <AdminButton type="submit" variant="secondary" className="min-h-11 self-start">
            Save notes
          </AdminButton>
        </form>
      )}
      <div>
        <h4 className={label}>Evidence</h4>
        <ul className="mt-1 space-y-1 text-sm">
          {item.evidence.map((f) => (
            <li key={f.id} className="break-words">
              <a
                href={`/api/risk-analyses/${analysisId}/evidence/${f.id}`}
                className={`${linkClass} inline-block py-1`}
              >
                {f.name}
              </a>{' '}
              <span className="text-slate-500">({sizeInKb(f.size)})</span>
            </li>
          ))}
          {item.evidence.length === 0 && <li className="text-slate-600">No evidence yet.</li>}
        </ul>
        {!locked && (
          <label className="mt-2 flex flex-col gap-1 text-sm font-medium text-slate-800">
            Add evidence (photo, PDF or document, at most 10 MB)
            <input
              type="file"
              name="file"
              disabled={uploading}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? `${uid}-file-error` : undefined}
              className="max-w-full min-h-11 text-sm"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0]
                if (file) void addEvidence(file)
                e.currentTarget.value = ''
              }}
            />
          </label>
        )}
        <FieldMessage id={`${uid}-file-error`} message={errors.file} />
      </div>
      <div>
        <h4 className={label}>Remediation tasks</h4>
        <ul className="mt-1 space-y-1 text-sm" aria-label={`Remediation tasks of ${item.topic}`}>
          {item.tasks.map((t) => (
            <li key={t.id} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                id={`${uid}-task-${t.id}`}
                checked={t.done}
                disabled={locked}
                onChange={(e) => void apply({ tasks: [{ id: Number(t.id), done: e.currentTarget.checked }] })}
                className="h-6 w-6 shrink-0"
              />
              <label
                htmlFor={`${uid}-task-${t.id}`}
                className={`break-words ${t.done ? 'line-through' : ''}`}
              >
                {t.description} · due {formatCalendarDate(t.dueDate)}
                {t.done && ' · done'}
              </label>
            </li>
          ))}
          {item.tasks.length === 0 && <li className="text-slate-600">No remediation tasks.</li>}
        </ul>
        {errors.tasks && <p className="text-sm text-red-700">{errors.tasks}</p>}
        {!locked && (
          // noValidate: the limits are announced, and the server's message is shown at the field (as validationBehavior="aria" elsewhere).
          <form
            noValidate
            aria-label={`New remediation task for ${item.topic}`}
            className="mt-2 grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end"
            onSubmit={(e) => {
              e.preventDefault()
              void apply({ newTasks: [{ itemId, ...task }] }, () => {
                setTask({ description: '', dueDate: '' })
                toast({ title: 'Task added' })
              })
            }}
          >
            <label className="flex min-w-0 flex-col gap-1">
              <span className={label}>Task</span>
              <input
                name="description"
                required
                maxLength={RISK_TASK_MAX}
                value={task.description}
                onChange={(e) => setTask({ ...task, description: e.currentTarget.value })}
                aria-invalid={descriptionError ? true : undefined}
                aria-describedby={descriptionError ? `${uid}-task-error` : undefined}
                className={input}
              />
              <FieldMessage id={`${uid}-task-error`} message={descriptionError} />
            </label>
            <AdminDateField
              name="dueDate"
              label="Due date"
              isRequired
              value={task.dueDate}
              onChange={(v) => setTask({ ...task, dueDate: v })}
              error={dueError}
              className="min-w-0"
            />
            <AdminButton type="submit" variant="secondary" className="min-h-11">
              Add task
            </AdminButton>
          </form>
        )}
      </div>
    </li>
  )
}
