// /admin/time (issue 26): the start/stop timer, manual time entry and the
// entries; billed entries are locked (the server refuses changes with 409).
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { Provider, useMutation, useQuery } from 'urql'
import { ERRORS } from '../../../schema/messages'
import { formatCents, parseCents } from '../../../schema/money'
import { toast } from '../../components/Toaster'
import { OwnerPage } from '../OwnerPage'
import { AdminButton, AdminCheckbox, AdminSelect, AdminTextField, ListState, Section } from '../ui'
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
import { CREATE_TIME_ENTRY, DELETE_TIME_ENTRY, START_TIMER, TIME_ENTRIES, TIMER } from './queries'
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
  const { names, options } = useBillingClients()
  const [{ data, fetching, error }, refetchEntries] = useQuery({ query: TIME_ENTRIES })
  const [, refetchTimer] = useQuery({ query: TIMER })
  const [created, create] = useMutation(CREATE_TIME_ENTRY)
  const [, remove] = useMutation(DELETE_TIME_ENTRY)
  const [starting, start] = useMutation(START_TIMER)
  const [clientId, setClientId] = useState('')
  const [reference, setReference] = useState('')
  const [minutes, setMinutes] = useState('')
  const [date, setDate] = useState('')
  const [description, setDescription] = useState('')
  const [rate, setRate] = useState('')
  const [billable, setBillable] = useState(true)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const refresh = () => {
    refetchEntries(FROM_NETWORK)
    refetchTimer(FROM_NETWORK)
  }

  async function add() {
    const result = await create({
      input: {
        clientId,
        minutes: Number(minutes),
        description,
        billable,
        requestReference: reference || null,
        date: date || null,
        // Exact, or -1 for the server's field error (not a float's near miss).
        rateCents: rate.trim() ? (parseCents(rate) ?? -1) : null,
      },
    })
    if (result.error) {
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
    const result = await start({
      input: {
        clientId: clientId || null,
        requestReference: reference || null,
        description: description || null,
      },
    })
    if (result.error) {
      toast({ title: ERRORS.errorTitle, description: messageOf(result.error), variant: 'destructive' })
      return
    }
    refresh()
  }

  async function onDelete(id: string) {
    const result = await remove({ id })
    if (result.error)
      toast({ title: ERRORS.errorTitle, description: messageOf(result.error), variant: 'destructive' })
    refresh()
  }

  const entries = data?.timeEntries ?? []
  return (
    <>
      <Section title="Timer" actions={<HeaderTimer onStopped={refresh} />}>
        <p className="text-sm text-slate-600">
          Choose a client (and a request) below, then start the timer; it keeps running across reloads.
        </p>
        <AdminButton className="mt-3" onPress={startTimer} isDisabled={starting.fetching}>
          Start timer
        </AdminButton>
      </Section>
      <Section title="Record time">
        <Form
          validationErrors={errors}
          validationBehavior="aria"
          aria-label="Record time"
          onSubmit={(e) => {
            e.preventDefault()
            void add()
          }}
          className="grid grid-cols-1 gap-3 sm:grid-cols-3"
        >
          <AdminSelect
            name="clientId"
            label="Client"
            options={options}
            value={clientId}
            onChange={setClientId}
            isRequired
          />
          <AdminTextField
            name="requestReference"
            label="Request (S-1043)"
            value={reference}
            onChange={setReference}
          />
          <AdminTextField
            name="date"
            label="Date (YYYY-MM-DD)"
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
            description="The client's default when empty"
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
          <AdminButton type="submit" isDisabled={created.fetching} className="sm:col-start-3">
            Record
          </AdminButton>
        </Form>
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
                <td className={firstCellClass}>{e.date}</td>
                <td>{names.get(e.clientId) ?? e.clientId}</td>
                <td>{e.description}</td>
                <td className={numericClass}>{e.minutes}</td>
                <td className={numericClass}>{formatCents(e.rateCents)}</td>
                <td>{entryState(e)}</td>
                <td className="text-right">
                  {!e.invoiceId && (
                    <AdminButton
                      variant="ghost"
                      onPress={() => onDelete(e.id)}
                      aria-label={`Delete entry of ${e.date}`}
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
    </>
  )
}
