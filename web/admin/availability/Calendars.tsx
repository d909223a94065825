// /admin/availability, the owner's calendars (issue 56): the secret iCal
// addresses of the owner's own calendars, read every 15 minutes for busy
// times that booking then leaves out; the bookings a busy time now overlaps
// (shown, never moved); and the private feed of bookings for any calendar app.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { Provider, useQuery } from 'urql'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { toast } from '../../components/Toaster'
import { type SaveOptions, useSave } from '../save'
import { AdminButton, AdminCheckbox, AdminTextField, ConfirmDialog, EmptyState, Section } from '../ui'
import { FROM_NETWORK, messageOf, useAdminClient } from '../urql'
import {
  ADD_CALENDAR,
  CALENDARS,
  REGENERATE_FEED,
  REMOVE_CALENDAR,
  STOP_FEED,
  SYNC_CALENDAR,
} from './calendar-queries'

export function Calendars() {
  const client = useAdminClient()
  return (
    <Provider value={client}>
      <CalendarSections />
    </Provider>
  )
}

const when = (at: string | null | undefined) => (at ? formatBusinessDateTime(at) : 'never')

/** On this screen a refusal's toast is the server's message alone. */
const SAID_PLAINLY: SaveOptions = { failure: (message) => ({ title: message }) }

function CalendarSections() {
  const [{ data, error }, refetch] = useQuery({ query: CALENDARS, ...FROM_NETWORK })
  const refresh = () => refetch(FROM_NETWORK)
  if (error) return <p role="alert">{messageOf(error)}</p>
  if (!data) return <p className="text-slate-600">Loading...</p>
  return (
    <>
      <Section title="Your calendars">
        <p className="mb-4 text-sm text-slate-600">
          Busy times in these calendars are never offered for booking. Each is read four times an hour; its
          address is kept sealed and not shown again.
        </p>
        {data.calendarSources.length === 0 ? (
          <EmptyState>No calendar added yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200">
            {data.calendarSources.map((s) => (
              <SourceRow key={s.id} source={s} onChanged={refresh} />
            ))}
          </ul>
        )}
        <AddCalendar onAdded={refresh} />
      </Section>
      {data.bookingConflicts.length > 0 && (
        <Section title="Bookings your calendar now overlaps">
          <p className="mb-2 text-sm text-slate-700">
            These were booked before the busy time appeared. Nothing was moved: change or cancel them from
            Requests.
          </p>
          <ul className="list-disc pl-5 text-sm text-slate-900">
            {data.bookingConflicts.map((c) => (
              <li key={c.id}>
                {c.reference} {c.name}, {formatBusinessDateTime(c.start)}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <BookingsFeed feed={data.calendarFeed} onChanged={refresh} />
    </>
  )
}

type Source = {
  id: string
  name: string
  host: string
  lastSyncedAt: string | null
  lastAttemptAt: string | null
  lastError: string | null
  busyCount: number
}

function SourceRow({ source: s, onChanged }: { source: Source; onChanged: () => void }) {
  const [{ fetching: reading }, sync] = useSave(SYNC_CALENDAR, SAID_PLAINLY)
  const [{ fetching: removing }, remove] = useSave(REMOVE_CALENDAR, SAID_PLAINLY)
  const [confirming, setConfirming] = useState(false)
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {s.name} <span className="font-normal text-slate-600">({s.host})</span>
        </p>
        <p className="text-sm text-slate-700">
          {s.busyCount} busy {s.busyCount === 1 ? 'time' : 'times'}, read {when(s.lastSyncedAt)}
        </p>
        {s.lastError && (
          <p role="alert" className="text-sm text-red-800">
            The last read ({when(s.lastAttemptAt)}) failed: {s.lastError}. The copy read{' '}
            {when(s.lastSyncedAt)} is still used.
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <AdminButton
          variant="secondary"
          isDisabled={reading}
          onPress={async () => {
            await sync({ id: s.id }, (read) =>
              read.syncCalendarSource.lastError ? 'The calendar could not be read' : 'Calendar read',
            )
            onChanged()
          }}
        >
          Read now
        </AdminButton>
        <AdminButton variant="destructive" onPress={() => setConfirming(true)}>
          Remove
        </AdminButton>
      </div>
      <ConfirmDialog
        title={`Remove ${s.name}?`}
        message="Its busy times stop blocking bookings at once. To add it back you will need its secret address again."
        confirmLabel="Remove calendar"
        isOpen={confirming}
        onOpenChange={setConfirming}
        isPending={removing}
        onConfirm={async () => {
          await remove({ id: s.id }, 'Calendar removed')
          setConfirming(false)
          onChanged()
        }}
      />
    </li>
  )
}

function AddCalendar({ onAdded }: { onAdded: () => void }) {
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const [{ fetching, errors }, add] = useSave(ADD_CALENDAR, { ...SAID_PLAINLY, fieldsAlone: true })
  return (
    <Form
      className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-[1fr_2fr_auto] sm:items-start"
      onSubmit={async (e) => {
        e.preventDefault()
        const added = await add({ name, url }, (d) =>
          d.addCalendarSource.lastError ? 'Calendar added, but it could not be read yet' : 'Calendar added',
        )
        if (!added.ok) return
        setName('')
        setUrl('')
        onAdded()
      }}
    >
      <div>
        <AdminTextField name="name" label="Name" value={name} onChange={setName} isRequired />
        {errors.name && <p className="text-sm text-red-700">{errors.name}</p>}
      </div>
      <div>
        <AdminTextField
          name="url"
          label="Secret iCal address"
          type="url"
          value={url}
          onChange={setUrl}
          isRequired
          description="Google: Settings > your calendar > Integrate calendar > Secret address in iCal format. Apple and Outlook: Share > Publish."
        />
        {errors.url && <p className="text-sm text-red-700">{errors.url}</p>}
      </div>
      <AdminButton type="submit" className="sm:mt-6" isDisabled={fetching}>
        Add calendar
      </AdminButton>
    </Form>
  )
}

function BookingsFeed({
  feed,
  onChanged,
}: {
  feed: { busyOnly: boolean; includeMaintenance: boolean; createdAt: string } | null
  onChanged: () => void
}) {
  const [busyOnly, setBusyOnly] = useState(feed?.busyOnly ?? true)
  const [includeMaintenance, setIncludeMaintenance] = useState(feed?.includeMaintenance ?? false)
  const [address, setAddress] = useState<string | null>(null)
  const [confirm, setConfirm] = useState<'regenerate' | 'stop' | null>(null)
  const [{ fetching: making }, regenerate] = useSave(REGENERATE_FEED, {
    failure: (message, error) => ({ title: error ? message : 'The feed could not be made' }),
  })
  const [{ fetching: stopping }, stop] = useSave(STOP_FEED, SAID_PLAINLY)
  const make = async () => {
    const made = await regenerate({ busyOnly, includeMaintenance }, 'New feed address made')
    setConfirm(null)
    if (!made.ok) return
    setAddress(made.data.regenerateCalendarFeed)
    onChanged()
  }
  return (
    <Section title="Bookings feed">
      <p className="text-sm text-slate-700">
        Subscribe to this address in Google, Apple or Outlook Calendar to see confirmed consultations there.
        {feed ? ` The current address was made ${when(feed.createdAt)}.` : ' There is no address yet.'}
      </p>
      <div className="mt-3 flex flex-col gap-2">
        <AdminCheckbox name="busyOnly" isSelected={busyOnly} onChange={setBusyOnly}>
          Busy only: leave out names and details
        </AdminCheckbox>
        <AdminCheckbox
          name="includeMaintenance"
          isSelected={includeMaintenance}
          onChange={setIncludeMaintenance}
        >
          Also list maintenance tasks that are due
        </AdminCheckbox>
      </div>
      {address && (
        <div className="mt-3">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            Your feed address (shown this once; keep it private)
            <input
              readOnly
              value={address}
              className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900"
              onFocus={(e) => e.currentTarget.select()}
            />
          </label>
          <AdminButton
            variant="secondary"
            className="mt-2"
            onPress={() =>
              navigator.clipboard
                .writeText(address)
                .then(() => toast({ title: 'Feed address copied' }))
                .catch(() => toast({ title: 'Select the address and copy it' }))
            }
          >
            Copy address
          </AdminButton>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <AdminButton isDisabled={making} onPress={() => (feed ? setConfirm('regenerate') : make())}>
          {feed ? 'Make a new address' : 'Make the feed address'}
        </AdminButton>
        {feed && (
          <AdminButton variant="destructive" onPress={() => setConfirm('stop')}>
            Stop the feed
          </AdminButton>
        )}
      </div>
      <ConfirmDialog
        title="Make a new feed address?"
        message="The current address stops working at once: calendars subscribed to it show nothing new until you give them the new one."
        confirmLabel="Make a new address"
        isOpen={confirm === 'regenerate'}
        onOpenChange={(open) => setConfirm(open ? 'regenerate' : null)}
        isPending={making}
        onConfirm={make}
      />
      <ConfirmDialog
        title="Stop the bookings feed?"
        message="Its address stops working at once. You can make a new one later."
        confirmLabel="Stop the feed"
        isOpen={confirm === 'stop'}
        onOpenChange={(open) => setConfirm(open ? 'stop' : null)}
        isPending={stopping}
        onConfirm={async () => {
          await stop({}, 'Bookings feed stopped')
          setConfirm(null)
          setAddress(null)
          onChanged()
        }}
      />
    </Section>
  )
}
