// One maintenance task (/admin/maintenance/tasks/:id, issue 40), made for a
// phone at the client's site: tick items and note them, add evidence (a photo
// or a file), log time (it counts against the client's plan), mark done.
// A done task is shown as it was recorded.
import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import { formatCalendarDate } from '../../../schema/slot-time'
import { toast } from '../../components/Toaster'
import { OwnerPage } from '../OwnerPage'
import { uploadFile } from '../rest'
import { useSave } from '../save'
import { AdminButton, AdminCheckbox, AdminTextField, ListState, Section, sizeInKb } from '../ui'
import { FROM_NETWORK } from '../urql'
import { LOG_TIME, TASK, UPDATE_TASK } from './queries'

type Item = { done: boolean; note: string }

export function TaskScreen() {
  return (
    <OwnerPage title="Maintenance task" description={() => 'Tick the checklist, add evidence, log time'}>
      <TaskPage />
    </OwnerPage>
  )
}

export function TaskPage() {
  const { id = '' } = useParams()
  const [task, refetch] = useQuery({ query: TASK, variables: { id } })
  const [saving, update] = useSave(UPDATE_TASK, { failure: 'Not saved', fieldsAlone: true })
  const [logging, logTime] = useSave(LOG_TIME, { failure: 'Time not logged' })
  // One set of field messages on the page: the last answer's.
  const errors = { ...saving.errors, ...logging.errors }
  const [items, setItems] = useState<Item[]>([])
  const [minutes, setMinutes] = useState('')
  const [uploading, setUploading] = useState(false)
  const t = task.data?.maintenanceTask
  // The ticks start from the server's once; a refetch (after evidence or time) keeps what is being ticked.
  const serverItems = t?.items
  useEffect(() => {
    if (serverItems && items.length !== serverItems.length)
      setItems(serverItems.map((i) => ({ done: i.done, note: i.note ?? '' })))
  }, [serverItems, items.length])
  const reload = () => refetch(FROM_NETWORK)
  const done = t?.status === 'DONE'

  async function save(close: boolean) {
    const saved = await update(
      {
        id,
        input: {
          items: items.map((i) => ({ done: i.done, note: i.note })),
          ...(close ? { status: 'DONE' as const } : {}),
        },
      },
      close ? 'Task done' : 'Checklist saved',
    )
    logging.setErrors({})
    if (saved.ok) reload()
  }

  async function addTime() {
    const logged = await logTime(
      { id, input: { minutes: Number(minutes) || 0 } },
      (d) => `${d.logMaintenanceTime.minutesLogged ?? 0} minutes logged on this task`,
    )
    saving.setErrors({})
    if (logged.ok) setMinutes('')
  }

  async function addEvidence(file: File) {
    setUploading(true)
    try {
      await uploadFile(`/api/maintenance-tasks/${id}/files`, 'file', file)
      toast({ title: 'Evidence added' })
      reload()
    } catch (err) {
      toast({ title: 'Not uploaded', description: String((err as Error).message), variant: 'destructive' })
    } finally {
      setUploading(false)
    }
  }

  return (
    <div className="space-y-4">
      <Link to="/admin/maintenance" className="text-sm text-blue-800 underline-offset-2 hover:underline">
        Back to Maintenance
      </Link>
      <ListState loading={task.fetching && !t} error={t ? undefined : task.error} empty={false} emptyText="">
        {t && (
          <>
            <Section title={t.title}>
              <p className="text-sm text-slate-700">
                {t.clientName} · due {formatCalendarDate(t.dueDate)}
                {t.status === 'OVERDUE' && <strong className="ml-2 text-red-800">Overdue</strong>}
                {done && <strong className="ml-2 text-green-800">Done</strong>}
              </p>
            </Section>
            <Section title="Checklist">
              <ol className="space-y-4">
                {t.items.map((item, i) => (
                  <li key={item.position} className="space-y-2 border-b border-slate-100 pb-3">
                    {done ? (
                      <p className="text-sm">
                        {item.done ? '✓ ' : '✗ '}
                        {item.label}
                      </p>
                    ) : (
                      <AdminCheckbox
                        name={`item-${i}`}
                        isSelected={items[i]?.done ?? false}
                        onChange={(v) =>
                          setItems((all) => all.map((x, j) => (j === i ? { ...x, done: v } : x)))
                        }
                      >
                        {item.label}
                      </AdminCheckbox>
                    )}
                    {done ? (
                      item.note && <p className="text-sm text-slate-600">{item.note}</p>
                    ) : (
                      <AdminTextField
                        name={`note-${i}`}
                        label={`Note on item ${i + 1}`}
                        value={items[i]?.note ?? ''}
                        onChange={(v) =>
                          setItems((all) => all.map((x, j) => (j === i ? { ...x, note: v } : x)))
                        }
                      />
                    )}
                  </li>
                ))}
              </ol>
              {(errors.status ?? errors.items) && (
                <p role="alert" className="mt-2 text-sm text-red-700">
                  {errors.status ?? errors.items}
                </p>
              )}
              {!done && (
                <div className="mt-4 flex flex-wrap gap-2">
                  <AdminButton variant="secondary" onPress={() => void save(false)}>
                    Save checklist
                  </AdminButton>
                  <AdminButton onPress={() => void save(true)}>Mark done</AdminButton>
                </div>
              )}
            </Section>
            <Section title="Evidence">
              <ul className="mb-3 space-y-1 text-sm">
                {t.files.map((f) => (
                  <li key={f.id}>
                    <a
                      href={`/api/maintenance-tasks/${t.id}/files/${f.id}`}
                      className="text-blue-800 underline-offset-2 hover:underline"
                    >
                      {f.name}
                    </a>{' '}
                    <span className="text-slate-500">({sizeInKb(f.size)})</span>
                  </li>
                ))}
                {t.files.length === 0 && <li className="text-slate-600">No evidence yet.</li>}
              </ul>
              {!done && (
                <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
                  Add evidence (photo, PDF or document, at most 10 MB)
                  <input
                    type="file"
                    name="file"
                    disabled={uploading}
                    className="max-w-full text-sm"
                    onChange={(e) => {
                      const file = e.currentTarget.files?.[0]
                      if (file) void addEvidence(file)
                      e.currentTarget.value = ''
                    }}
                  />
                </label>
              )}
            </Section>
            <Section title="Time">
              <p className="mb-2 text-sm text-slate-700">
                {t.minutesLogged} minutes logged
                {t.estimatedMinutes ? ` of about ${t.estimatedMinutes}` : ''}; it counts against the client's
                plan.
              </p>
              <form
                aria-label="Log time"
                className="flex flex-wrap items-end gap-2"
                onSubmit={(e) => {
                  e.preventDefault()
                  void addTime()
                }}
              >
                <AdminTextField name="minutes" label="Minutes" value={minutes} onChange={setMinutes} />
                <AdminButton type="submit" variant="secondary">
                  Log time
                </AdminButton>
              </form>
              {errors.minutes && (
                <p role="alert" className="mt-2 text-sm text-red-700">
                  {errors.minutes}
                </p>
              )}
            </Section>
          </>
        )}
      </ListState>
    </div>
  )
}
