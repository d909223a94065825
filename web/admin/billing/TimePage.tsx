// /admin/time (issue 26): the start/stop timer, manual time entry and the
// entries; billed entries are locked (the server refuses changes with 409).
// Issue 36: a request or booking opens this page with ?clientId=&request=
// preselected; an unbilled entry is edited in the same form; time kept
// without a rate shows "Needs a rate" until the owner sets one. Issue 38: an
// entry may name the asset the work was on (?asset= preselects it).
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { useSearchParams } from 'react-router'
import { Provider, useMutation, useQuery } from 'urql'
import { ERRORS } from '../../../schema/messages'
import { formatCents, parseCents } from '../../../schema/money'
import type { LateTimeChoice } from '../../../schema/plans'
import { formatShortDate } from '../../../schema/slot-time'
import { toast } from '../../components/Toaster'
import { AssetPicker } from '../assets/AssetPicker'
import { AdminDateField } from '../DateField'
import { OwnerPage } from '../OwnerPage'
import { useSave } from '../save'
import {
  AdminButton,
  AdminCheckbox,
  AdminSelect,
  AdminTextField,
  CANNOT_UNDO,
  ConfirmDialog,
  ListState,
  Section,
} from '../ui'
import { FROM_NETWORK, fieldErrorsOf, messageOf, useAdminClient } from '../urql'
import {
  type BillingColumn,
  BillingTable,
  entryState,
  firstCellClass,
  numericClass,
  rowClass,
} from './BillingTable'
import { HeaderTimer } from './HeaderTimer'
import { LateTimeDialog, lateTimeQuestionOf } from './LateTimeDialog'
import {
  type AdminTimeEntry,
  CREATE_TIME_ENTRY,
  DELETE_TIME_ENTRY,
  START_TIMER,
  TIME_ENTRIES,
  TIMER,
  UPDATE_TIME_ENTRY,
} from './queries'
import { RequestPicker } from './RequestPicker'
import { useBillingClients } from './useBillingClients'

const ENTRY_COLUMNS: BillingColumn[] = [
  { label: 'Date' },
  { label: 'Client' },
  { label: 'Description' },
  { label: 'Minutes', numeric: true },
  { label: 'Rate', numeric: true },
  { label: 'State' },
  { label: 'Actions', hidden: true },
]

export function TimePage() {
  const client = useAdminClient()
  return (
    <Provider value={client}>
      <OwnerPage title="Time" description={() => 'Time worked for clients, billed by invoices'}>
        <TimeEditor />
      </OwnerPage>
    </Provider>
  )
}

export function TimeEditor() {
  const { names, options, rates } = useBillingClients()
  const [params] = useSearchParams()
  const [{ data, fetching, error }, refetchEntries] = useQuery({ query: TIME_ENTRIES })
  const [{ data: timerData }, refetchTimer] = useQuery({ query: TIMER })
  const [created, create] = useMutation(CREATE_TIME_ENTRY)
  const [updated, update] = useMutation(UPDATE_TIME_ENTRY)
  const [removing, remove] = useSave(DELETE_TIME_ENTRY)
  const [deleting, setDeleting] = useState<AdminTimeEntry | null>(null)
  const [starting, start] = useSave(START_TIMER)
  const [clientId, setClientId] = useState(() => params.get('clientId') ?? '')
  const [reference, setReference] = useState(() => params.get('request') ?? '')
  const [assetId, setAssetId] = useState(() => params.get('asset') ?? '')
  const [editing, setEditing] = useState<AdminTimeEntry | null>(null)
  const [minutes, setMinutes] = useState('')
  const [date, setDate] = useState('')
  const [description, setDescription] = useState('')
  const [rate, setRate] = useState('')
  const [billable, setBillable] = useState(true)
  const [errors, setErrors] = useState<Record<string, string>>({})
  // Time dated in a plan period already invoiced (issue 52): the server's question, answered in a dialog.
  const [lateQuestion, setLateQuestion] = useState<string | null>(null)
  const refresh = () => {
    refetchEntries(FROM_NETWORK)
    refetchTimer(FROM_NETWORK)
  }

  const running = Boolean(timerData?.timer)
  const noRate = clientId !== '' && rates.get(clientId) == null
  // Exact, or -1 for the server's field error (not a float's near miss).
  const rateCents = () => (rate.trim() ? (parseCents(rate) ?? -1) : null)

  function edit(e: AdminTimeEntry) {
    setEditing(e)
    setClientId(e.clientId)
    setDate(e.date)
    setMinutes(String(e.minutes))
    setDescription(e.description)
    setBillable(e.billable)
    setAssetId(e.assetId ?? '')
    setRate(e.needsRate ? '' : formatCents(e.rateCents, 'plain'))
    setErrors({})
  }

  function stopEditing() {
    setEditing(null)
    setMinutes('')
    setDescription('')
    setDate('')
    setRate('')
    setAssetId('')
  }

  /** The server asks where late time goes: true when it did (the dialog then asks the owner). */
  function askedWhereLateTimeGoes(error: Parameters<typeof fieldErrorsOf>[0]) {
    const question = lateTimeQuestionOf(error)
    if (question) setLateQuestion(question)
    return question !== null
  }

  async function save(entry: AdminTimeEntry, lateTime: LateTimeChoice | null = null) {
    const result = await update({
      id: entry.id,
      input: {
        ...(lateTime ? { lateTime } : {}),
        date: date || null,
        minutes: Number(minutes),
        description,
        billable,
        rateCents: rateCents(),
        // Sent always: the form shows the entry's asset, so none chosen clears it.
        assetId: assetId || null,
      },
    })
    if (result.error) {
      if (askedWhereLateTimeGoes(result.error)) return
      setErrors(fieldErrorsOf(result.error))
      if (!Object.keys(fieldErrorsOf(result.error)).length)
        toast({ title: ERRORS.errorTitle, description: messageOf(result.error), variant: 'destructive' })
      return
    }
    setErrors({})
    stopEditing()
    toast({ title: 'Entry saved' })
    refresh()
  }

  async function add(lateTime: LateTimeChoice | null = null) {
    if (editing) return save(editing, lateTime)
    const result = await create({
      input: {
        ...(lateTime ? { lateTime } : {}),
        clientId,
        minutes: Number(minutes),
        description,
        billable,
        requestReference: reference || null,
        date: date || null,
        rateCents: rateCents(),
        assetId: assetId || null,
      },
    })
    if (result.error) {
      if (askedWhereLateTimeGoes(result.error)) return
      setErrors(fieldErrorsOf(result.error))
      return
    }
    setErrors({})
    setMinutes('')
    setDescription('')
    toast({ title: 'Time recorded' })
    refresh()
  }

  async function startTimer() {
    const started = await start({
      input: {
        clientId: clientId || null,
        requestReference: reference || null,
        description: description || null,
        rateCents: rateCents(),
      },
    })
    if (started.ok) refresh()
  }

  async function onDelete(id: string) {
    await remove({ id })
    setDeleting(null)
    refresh()
  }

  const entries = data?.timeEntries ?? []
  return (
    <>
      <Section title="Timer" actions={<HeaderTimer onStopped={refresh} />}>
        <p className="text-sm text-slate-600">
          {running
            ? 'A timer is running: stop it (at the top) before starting another.'
            : 'Choose a client (and a request) below, then start the timer; it keeps running across reloads.'}
        </p>
        {noRate && (
          <p className="mt-2 text-sm text-amber-800">
            This client has no hourly rate: give one below, or the time is kept as needing a rate.
          </p>
        )}
        <AdminButton className="mt-3" onPress={startTimer} isDisabled={starting.fetching || running}>
          Start timer
        </AdminButton>
      </Section>
      <Section title={editing ? `Edit entry of ${formatShortDate(editing.date)}` : 'Record time'}>
        <Form
          validationErrors={errors}
          validationBehavior="aria"
          aria-label={editing ? 'Edit entry' : 'Record time'}
          onSubmit={(e) => {
            e.preventDefault()
            void add()
          }}
          className="grid grid-cols-1 gap-3 sm:grid-cols-3"
        >
          {editing ? (
            // An entry stays with its client and request: what was done, when, on which asset and at what rate change.
            <>
              <p className="text-sm text-slate-700 sm:col-span-2">
                Client: {names.get(editing.clientId) ?? editing.clientId}
              </p>
              <AssetPicker clientId={editing.clientId} value={assetId} onChange={setAssetId} />
            </>
          ) : (
            <>
              <AdminSelect
                name="clientId"
                label="Client"
                options={options}
                value={clientId}
                onChange={(v) => {
                  setClientId(v)
                  setReference('')
                  setAssetId('')
                }}
                isRequired
              />
              <RequestPicker clientId={clientId} value={reference} onChange={setReference} />
              <AssetPicker clientId={clientId} value={assetId} onChange={setAssetId} />
            </>
          )}
          <AdminDateField
            name="date"
            label="Date"
            value={date}
            onChange={setDate}
            description="Today when empty"
          />
          <AdminTextField name="minutes" label="Minutes" value={minutes} onChange={setMinutes} isRequired />
          <AdminTextField
            name="rateCents"
            label="Rate per hour ($)"
            value={rate}
            onChange={setRate}
            description={
              noRate
                ? 'This client has no rate: without one the time is kept as needing a rate'
                : "The client's default when empty"
            }
          />
          <AdminTextField
            name="description"
            label="Description"
            value={description}
            onChange={setDescription}
            isRequired
          />
          <AdminCheckbox name="billable" isSelected={billable} onChange={setBillable}>
            Billable
          </AdminCheckbox>
          {editing && (
            <AdminButton variant="secondary" onPress={stopEditing}>
              Cancel
            </AdminButton>
          )}
          <AdminButton
            type="submit"
            isDisabled={created.fetching || updated.fetching}
            className="sm:col-start-3"
          >
            {editing ? 'Save entry' : 'Record'}
          </AdminButton>
        </Form>
        <LateTimeDialog
          question={lateQuestion}
          onClose={() => setLateQuestion(null)}
          onChoose={(choice) => void add(choice)}
        />
      </Section>
      <Section title="Entries">
        <ListState
          loading={fetching && !data}
          error={data ? undefined : error}
          empty={entries.length === 0}
          emptyText="No time recorded yet."
        >
          <BillingTable columns={ENTRY_COLUMNS}>
            {entries.map((e) => (
              <tr key={e.id} className={rowClass}>
                <td className={firstCellClass}>{formatShortDate(e.date)}</td>
                <td>{names.get(e.clientId) ?? e.clientId}</td>
                <td>{e.description}</td>
                <td className={numericClass}>{e.minutes}</td>
                <td className={numericClass}>{e.needsRate ? '-' : formatCents(e.rateCents)}</td>
                <td>{entryState(e)}</td>
                <td className="text-right">
                  {!e.invoiceId && (
                    <AdminButton
                      variant="ghost"
                      onPress={() => edit(e)}
                      aria-label={`${e.needsRate ? 'Set the rate of' : 'Edit'} entry of ${formatShortDate(e.date)}`}
                    >
                      {e.needsRate ? 'Set rate' : 'Edit'}
                    </AdminButton>
                  )}
                  {!e.invoiceId && (
                    <AdminButton
                      variant="ghost"
                      onPress={() => setDeleting(e)}
                      aria-label={`Delete entry of ${formatShortDate(e.date)}`}
                    >
                      Delete
                    </AdminButton>
                  )}
                </td>
              </tr>
            ))}
          </BillingTable>
        </ListState>
      </Section>
      <ConfirmDialog
        title="Delete this time entry?"
        message={
          deleting
            ? `${deleting.minutes} minutes on ${formatShortDate(deleting.date)} for ${names.get(deleting.clientId) ?? 'the client'} ("${deleting.description}") are deleted and will not be billed.`
            : ''
        }
        undo={CANNOT_UNDO}
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => deleting && void onDelete(deleting.id)}
        isPending={removing.fetching}
      />
    </>
  )
}
