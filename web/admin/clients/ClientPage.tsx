// One client: its contacts (add, invite to the portal, copy a sign-in link,
// end their portal sessions), every request and booking with status and
// reference, shared files, and the quotes, invoices and time sections that
// issues 25 and 26 fill in (slots.tsx). Edit, archive and merge from the top.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { Link, useNavigate } from 'react-router'
import { useQuery } from 'urql'
import { SIGN_IN_LINK_LIFETIME } from '../../../schema/sign-in-link'
import { toast } from '../../components/Toaster'
import { ClientAssets } from '../assets/ClientAssets'
import { ClientMaintenance } from '../maintenance/ClientMaintenance'
import { ClientMonitors } from '../monitors/MonitorsScreen'
import { ClientPeople } from '../people/ClientPeople'
import { ClientSubscription } from '../plans/ClientSubscription'
import { requestStatusLabel } from '../requests/format'
import { ClientRisk } from '../risk/ClientRisk'
import { useSave } from '../save'
import {
  AdminButton,
  AdminDialog,
  AdminSelect,
  AdminTextField,
  CardTable,
  ConfirmDialog,
  EmptyState,
  formatDate,
  ListState,
  Section,
  sizeInKb,
} from '../ui'
import { FROM_NETWORK } from '../urql'
import { ClientDialog, CONTACT_LIMITS } from './ClientDialog'
import { Bookings, NotesLog, Payments } from './ClientHubSections'
import { requestUrl } from './OpenClientLink'
import {
  ADD_CONTACT,
  ARCHIVE_CLIENT,
  CLIENT_QUERY,
  CLIENTS_QUERY,
  type ClientContact,
  type ClientPageData,
  END_CONTACT_SESSIONS,
  INVITE_TO_PORTAL,
  MERGE_CLIENTS,
} from './queries'
import {
  ComplianceSection,
  InvoicesSection,
  QuotesSection,
  RatingsSection,
  ReportsSection,
  TimeSection,
} from './slots'
import { VaultSection } from './VaultSection'

const fail = (title: string, description: string) => toast({ title, description, variant: 'destructive' })

export function ClientPage({ id }: { id: string }) {
  const [{ data, fetching, error }, refetch] = useQuery({ query: CLIENT_QUERY, variables: { id } })
  const client = data?.client
  const refresh = () => refetch(FROM_NETWORK)
  return (
    <>
      <p>
        <Link to="/admin/clients" className="text-sm text-blue-800 underline-offset-2 hover:underline">
          All clients
        </Link>
      </p>
      <ListState
        loading={fetching && !data}
        error={error}
        empty={!client}
        emptyText="This client does not exist."
      >
        {client && (
          <>
            <Overview client={client} onChanged={refresh} />
            <Contacts client={client} onChanged={refresh} />
            <NotesLog client={client} onChanged={refresh} />
            <Requests client={client} />
            <Bookings client={client} />
            <Payments client={client} />
            <Files client={client} />
            <ClientAssets clientId={client.id} />
            <ClientMonitors clientId={client.id} />
            <ClientSubscription clientId={client.id} />
            <ClientMaintenance clientId={client.id} />
            <ComplianceSection clientId={client.id} />
            <ClientRisk clientId={client.id} />
            <ClientPeople clientId={client.id} />
            <QuotesSection clientId={client.id} />
            <InvoicesSection clientId={client.id} />
            <TimeSection clientId={client.id} />
            <RatingsSection clientId={client.id} />
            <ReportsSection clientId={client.id} />
            <VaultSection clientId={client.id} />
          </>
        )}
      </ListState>
    </>
  )
}

function Overview({ client, onChanged }: { client: ClientPageData; onChanged: () => void }) {
  const [editing, setEditing] = useState(false)
  const [merging, setMerging] = useState(false)
  const [, archive] = useSave(ARCHIVE_CLIENT, { failure: 'Could not change' })
  const archived = client.status === 'ARCHIVED'
  return (
    <Section
      title={client.name}
      actions={
        <div className="flex flex-wrap gap-2">
          <AdminButton variant="secondary" onPress={() => setEditing(true)}>
            Edit
          </AdminButton>
          <AdminButton variant="secondary" onPress={() => setMerging(true)}>
            Merge another client into this one
          </AdminButton>
          <AdminButton
            variant="secondary"
            onPress={() =>
              void archive(
                { id: client.id, archived: !archived },
                { title: archived ? 'Client restored' : 'Client archived', description: client.name },
              )
            }
          >
            {archived ? 'Restore' : 'Archive'}
          </AdminButton>
        </div>
      }
    >
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-600">Status</dt>
        <dd>{archived ? 'Archived' : 'Active'}</dd>
        <dt className="font-medium text-slate-600">Domains</dt>
        <dd>{client.domains.join(', ') || 'None'}</dd>
      </dl>
      {editing && (
        <ClientDialog
          client={client}
          onClose={() => {
            setEditing(false)
            onChanged()
          }}
        />
      )}
      {merging && <MergeDialog target={client} onClose={() => setMerging(false)} onMerged={onChanged} />}
    </Section>
  )
}

function Contacts({ client, onChanged }: { client: ClientPageData; onChanged: () => void }) {
  const [adding, setAdding] = useState(false)
  const [link, setLink] = useState<{ name: string; url: string } | null>(null)
  const [ending, setEnding] = useState<ClientContact | null>(null)
  const [, invite] = useSave(INVITE_TO_PORTAL, { failure: 'Could not make a link' })
  const [, endSessions] = useSave(END_CONTACT_SESSIONS, { failure: 'Could not end sessions' })

  async function sendInvite(contact: ClientContact, send: boolean) {
    const invited = await invite({ contactId: contact.id, send }, (d) =>
      d.inviteToPortal.mailed
        ? { title: 'Invitation sent', description: `A sign-in link was e-mailed to ${contact.email}.` }
        : null,
    )
    if (!invited.ok) return
    const { url, mailed } = invited.data.inviteToPortal
    if (!mailed && url) setLink({ name: contact.name, url })
  }

  return (
    <Section
      title="Contacts"
      actions={<AdminButton onPress={() => setAdding(true)}>Add contact</AdminButton>}
    >
      {client.contacts.length === 0 ? (
        <EmptyState>No contacts yet.</EmptyState>
      ) : (
        <ul aria-label="Contacts" className="divide-y divide-slate-200">
          {client.contacts.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-slate-900">
                  {k.name}
                  {k.role && <span className="font-normal text-slate-600"> · {k.role}</span>}
                </p>
                <p className="text-sm text-slate-600">
                  {k.email}
                  {k.phone ? ` · ${k.phone}` : ''}
                  {k.portalSessions > 0 ? ` · signed in to the portal (${k.portalSessions})` : ''}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <AdminButton variant="secondary" onPress={() => sendInvite(k, true)}>
                  Invite to portal
                </AdminButton>
                <AdminButton variant="secondary" onPress={() => sendInvite(k, false)}>
                  Copy sign-in link
                </AdminButton>
                <AdminButton variant="ghost" isDisabled={k.portalSessions === 0} onPress={() => setEnding(k)}>
                  End sessions
                </AdminButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {adding && (
        <AddContactDialog
          clientId={client.id}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false)
            onChanged()
          }}
        />
      )}
      {link && (
        <AdminDialog title={`Sign-in link for ${link.name}`} isOpen onOpenChange={(o) => !o && setLink(null)}>
          {(close) => (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-slate-700">
                Pass this link on by hand (visitor e-mail is off, or you asked for a copy). It works once, for{' '}
                {SIGN_IN_LINK_LIFETIME}.
              </p>
              <input
                readOnly
                aria-label="Sign-in link"
                value={link.url}
                onFocus={(e) => e.currentTarget.select()}
                className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs"
              />
              <div className="flex justify-end gap-2">
                <AdminButton
                  variant="secondary"
                  onPress={() =>
                    navigator.clipboard.writeText(link.url).then(
                      () => toast({ title: 'Copied', description: 'The sign-in link is on the clipboard.' }),
                      () => fail('Could not copy', 'Select the link and copy it.'),
                    )
                  }
                >
                  Copy
                </AdminButton>
                <AdminButton onPress={close}>Done</AdminButton>
              </div>
            </div>
          )}
        </AdminDialog>
      )}
      <ConfirmDialog
        title="End this contact's portal sessions?"
        message={`${ending?.name ?? 'The contact'} is signed out of the portal on every device.`}
        confirmLabel="End sessions"
        isOpen={ending !== null}
        onOpenChange={(o) => !o && setEnding(null)}
        onConfirm={async () => {
          if (!ending) return
          const ended = await endSessions({ contactId: ending.id }, (d) => ({
            title: 'Sessions ended',
            description: `${d.endContactSessions ?? 0} session(s).`,
          }))
          setEnding(null)
          if (ended.ok) onChanged()
        }}
      />
    </Section>
  )
}

/** The contact form's fields, in order, with their labels (their limits are the schema's). */
const CONTACT_FIELDS = [
  ['name', 'Name'],
  ['email', 'E-mail'],
  ['phone', 'Phone'],
  ['role', 'Role'],
] as const
function AddContactDialog({
  clientId,
  onClose,
  onAdded,
}: {
  clientId: string
  onClose: () => void
  onAdded: () => void
}) {
  const [{ errors }, add] = useSave(ADD_CONTACT, { failure: 'Could not add', fieldsAlone: true })
  const [fields, setFields] = useState({ name: '', email: '', phone: '', role: '' })
  const [saving, setSaving] = useState(false)
  const set = (key: keyof typeof fields) => (value: string) => setFields({ ...fields, [key]: value })
  return (
    <AdminDialog title="Add contact" isOpen onOpenChange={(o) => !o && onClose()}>
      <Form
        validationErrors={errors}
        onSubmit={async (e) => {
          e.preventDefault()
          setSaving(true)
          const added = await add(
            {
              clientId,
              input: {
                name: fields.name,
                email: fields.email,
                phone: fields.phone || null,
                role: fields.role || null,
              },
            },
            { title: 'Contact added', description: fields.name },
          )
          setSaving(false)
          if (added.ok) onAdded()
        }}
        className="flex flex-col gap-4"
      >
        {CONTACT_FIELDS.map(([name, label]) => (
          <AdminTextField
            key={name}
            name={name}
            label={label}
            value={fields[name]}
            onChange={set(name)}
            limits={CONTACT_LIMITS[name]}
          />
        ))}
        <div className="flex justify-end gap-3">
          <AdminButton variant="secondary" onPress={onClose}>
            Cancel
          </AdminButton>
          <AdminButton type="submit" isPending={saving}>
            Add contact
          </AdminButton>
        </div>
      </Form>
    </AdminDialog>
  )
}

function MergeDialog({
  target,
  onClose,
  onMerged,
}: {
  target: ClientPageData
  onClose: () => void
  onMerged: () => void
}) {
  const navigate = useNavigate()
  const [{ data }] = useQuery({ query: CLIENTS_QUERY, variables: { search: null, status: 'ACTIVE' } })
  const [, merge] = useSave(MERGE_CLIENTS, { failure: 'Could not merge' })
  const options = (data?.clients ?? [])
    .filter((c) => c.id !== target.id)
    .map((c) => ({ value: c.id, label: c.name }))
  const [source, setSource] = useState('')
  const [pending, setPending] = useState(false)
  return (
    <AdminDialog title={`Merge into ${target.name}`} isOpen onOpenChange={(o) => !o && onClose()}>
      {(close) => (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">
            Every contact, request, booking, file, quote, invoice and time entry of the chosen client moves to{' '}
            {target.name}; the chosen client is then deleted. This cannot be undone.
          </p>
          {options.length === 0 ? (
            <p className="text-sm text-slate-600">There is no other active client.</p>
          ) : (
            <AdminSelect
              name="sourceId"
              label="Client to merge in"
              options={options}
              value={source || options[0]!.value}
              onChange={setSource}
            />
          )}
          <div className="flex justify-end gap-2">
            <AdminButton variant="secondary" onPress={close}>
              Cancel
            </AdminButton>
            <AdminButton
              variant="destructive"
              isDisabled={options.length === 0 || pending}
              onPress={async () => {
                setPending(true)
                const sourceId = source || options[0]!.value
                const merged = await merge(
                  { targetId: target.id, sourceId },
                  { title: 'Clients merged', description: `Everything is now under ${target.name}.` },
                )
                setPending(false)
                if (!merged.ok) return
                onClose()
                onMerged()
                navigate(`/admin/clients/${target.id}`)
              }}
            >
              Merge
            </AdminButton>
          </div>
        </div>
      )}
    </AdminDialog>
  )
}

function Requests({ client }: { client: ClientPageData }) {
  return (
    <Section title="Requests and bookings">
      {client.requests.length === 0 ? (
        <EmptyState>No requests yet.</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <CardTable>
            <thead className="text-slate-600">
              <tr>
                <th className="py-2 font-medium">Reference</th>
                <th className="py-2 font-medium">Kind</th>
                <th className="py-2 font-medium">From</th>
                <th className="py-2 font-medium">Status</th>
                <th className="py-2 font-medium">Received</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {client.requests.map((r) => (
                <tr key={`${r.kind}-${r.id}`}>
                  <td className="py-2 font-mono">
                    <Link
                      to={requestUrl(r.reference)}
                      className="text-blue-800 underline-offset-2 hover:underline"
                    >
                      {r.reference}
                    </Link>
                  </td>
                  <td className="py-2">{r.kind === 'CONSULTATION' ? 'Consultation' : 'Support'}</td>
                  <td className="py-2">{r.name}</td>
                  <td className="py-2">{requestStatusLabel(r.status)}</td>
                  <td className="py-2">{formatDate(r.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </CardTable>
        </div>
      )}
    </Section>
  )
}

function Files({ client }: { client: ClientPageData }) {
  return (
    <Section title="Shared files">
      {client.files.length === 0 ? (
        <EmptyState>No shared files yet.</EmptyState>
      ) : (
        <ul aria-label="Shared files" className="divide-y divide-slate-200 text-sm">
          {client.files.map((f) => (
            <li key={f.id} className="flex justify-between gap-2 py-2">
              <span>{f.name}</span>
              <span className="text-slate-600">
                {sizeInKb(f.size)} · {f.uploadedBy === 'owner' ? 'shared by you' : 'uploaded by the client'} ·{' '}
                {formatDate(f.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
