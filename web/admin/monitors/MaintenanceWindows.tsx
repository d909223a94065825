// A client's maintenance windows (issue 54), on the client page under its
// monitors: while one is on, an outage is recorded but opens no request and
// e-mails no one; checks go on. Times are Central time, as everywhere in the
// admin (ADR 130). Removing one asks first.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { useQuery } from 'urql'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { businessLocalToIso } from '../compliance/clock'
import { AdminDateField } from '../DateField'
import { useSave } from '../save'
import { AdminButton, AdminSelect, AdminTextField, ConfirmDialog, ListState, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import { ADD_MONITOR_MAINTENANCE, DELETE_MONITOR_MAINTENANCE, MONITOR_MAINTENANCE_QUERY } from './queries'

const ALL = 'all'

export function MaintenanceWindows({
  clientId,
  monitors,
}: {
  clientId: string
  monitors: { id: string | number; name: string }[]
}) {
  const [{ data, fetching, error }, refetch] = useQuery({
    query: MONITOR_MAINTENANCE_QUERY,
    variables: { clientId },
  })
  const [{ errors, setErrors }, add] = useSave(ADD_MONITOR_MAINTENANCE, {
    failure: 'Not saved',
    fieldsAlone: true,
  })
  const [removing, remove] = useSave(DELETE_MONITOR_MAINTENANCE, { failure: 'Not removed' })
  const [values, setValues] = useState({ startsAt: '', endsAt: '', monitorId: ALL, note: '' })
  const [asking, setAsking] = useState<string | null>(null)
  const set = (k: keyof typeof values) => (v: string) => setValues((old) => ({ ...old, [k]: v }))
  const windows = data?.monitorMaintenance ?? []
  const nameOf = (id: unknown) =>
    id == null
      ? 'All monitors'
      : (monitors.find((m) => String(m.id) === String(id))?.name ?? 'A deleted monitor')

  const save = async () => {
    const startsAt = businessLocalToIso(values.startsAt)
    const endsAt = businessLocalToIso(values.endsAt)
    const local: Record<string, string> = {}
    if (!startsAt) local.startsAt = 'Choose a day and a time (Central time)'
    if (!endsAt) local.endsAt = 'Choose a day and a time (Central time)'
    if (Object.keys(local).length) return setErrors(local)
    const added = await add(
      {
        clientId,
        input: {
          startsAt: startsAt!,
          endsAt: endsAt!,
          monitorId: values.monitorId === ALL ? null : Number(values.monitorId),
          note: values.note || null,
        },
      },
      'Maintenance window added',
    )
    if (!added.ok) return
    setValues({ startsAt: '', endsAt: '', monitorId: ALL, note: '' })
    refetch(FROM_NETWORK)
  }

  return (
    <Section title="Maintenance windows">
      <ListState
        loading={fetching && !data}
        error={error}
        empty={!windows.length}
        emptyText="No maintenance window now or coming."
      >
        <ul aria-label="Maintenance windows" className="mb-4 divide-y divide-slate-200 text-sm">
          {windows.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words">
                <span className="font-medium">{`${formatBusinessDateTime(String(w.startsAt))} to ${formatBusinessDateTime(String(w.endsAt))}`}</span>
                <span className="block text-slate-600">
                  {nameOf(w.monitorId)}
                  {w.note ? `: ${w.note}` : ''}
                </span>
              </span>
              <AdminButton variant="secondary" onPress={() => setAsking(String(w.id))}>
                Remove
              </AdminButton>
            </li>
          ))}
        </ul>
      </ListState>
      <Form
        validationErrors={errors}
        validationBehavior="aria"
        aria-label="New maintenance window"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      >
        <AdminDateField
          name="startsAt"
          label="Starts"
          value={values.startsAt}
          onChange={set('startsAt')}
          description="Central time"
          withTime
          isRequired
        />
        <AdminDateField
          name="endsAt"
          label="Ends"
          value={values.endsAt}
          onChange={set('endsAt')}
          description="Central time"
          withTime
          isRequired
        />
        <AdminSelect
          name="monitorId"
          label="Monitors"
          options={[
            { value: ALL, label: 'All monitors' },
            ...monitors.map((m) => ({ value: String(m.id), label: m.name })),
          ]}
          value={values.monitorId}
          onChange={set('monitorId')}
        />
        <AdminTextField name="note" label="Note" value={values.note} onChange={set('note')} />
        <div className="flex justify-end sm:col-span-2">
          <AdminButton type="submit">Add window</AdminButton>
        </div>
      </Form>
      <ConfirmDialog
        title="Remove this maintenance window?"
        message="Outages during it will alert again as usual."
        confirmLabel="Remove"
        isOpen={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        isPending={removing.fetching}
        onConfirm={async () => {
          const removed = await remove({ id: asking! }, 'Maintenance window removed')
          setAsking(null)
          if (removed.ok) refetch(FROM_NETWORK)
        }}
      />
    </Section>
  )
}
