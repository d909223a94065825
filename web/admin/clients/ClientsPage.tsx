// /admin/clients and /admin/clients/<id> (issue 24): the owner's clients,
// reached from the admin header (the six tabs of SPEC §2 are unchanged).
import { useState } from 'react'
import { Input, Label, SearchField } from 'react-aria-components'
import { Link, useLocation } from 'react-router'
import { Provider, useQuery } from 'urql'
import { OwnerPage } from '../OwnerPage'
import { AdminButton, AdminSelect, ListState, Section } from '../ui'
import { useAdminClient } from '../urql'
import { ClientDialog } from './ClientDialog'
import { ClientPage } from './ClientPage'
import { CLIENTS_QUERY } from './queries'

export function ClientsPage() {
  const path = useLocation().pathname.replace(/\/+$/, '')
  const id = /^\/admin\/clients\/(\d+)$/.exec(path)?.[1]
  return (
    <OwnerPage title="Clients" description={() => 'Organisations, their contacts, requests and files'}>
      <Provider value={useAdminClient()}>{id ? <ClientPage id={id} /> : <ClientList />}</Provider>
    </OwnerPage>
  )
}

const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'ARCHIVED', label: 'Archived' },
] as const

export const clientLink = (id: string) => `/admin/clients/${id}`
const rowLink =
  'font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-blue-600 outline-none'

function ClientList() {
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<'ACTIVE' | 'ARCHIVED'>('ACTIVE')
  const [creating, setCreating] = useState(false)
  const [{ data, fetching, error }] = useQuery({
    query: CLIENTS_QUERY,
    variables: { search: search.trim() || null, status },
  })
  const clients = data?.clients ?? []
  return (
    <Section
      title="Clients"
      actions={<AdminButton onPress={() => setCreating(true)}>New client</AdminButton>}
    >
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SearchField value={search} onChange={setSearch} className="flex min-w-64 flex-1 flex-col gap-1">
          <Label className="text-sm font-medium text-slate-800">Search</Label>
          <Input
            placeholder="Name, contact, e-mail or domain"
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm outline-none data-[focused]:border-blue-600 data-[focused]:ring-2 data-[focused]:ring-blue-200"
          />
        </SearchField>
        <AdminSelect
          name="status"
          label="Show"
          options={STATUS_OPTIONS}
          value={status}
          onChange={setStatus}
        />
      </div>
      <ListState
        loading={fetching && !data}
        error={error}
        empty={clients.length === 0}
        emptyText={search ? 'No client matches this search.' : 'No clients yet.'}
      >
        <ul aria-label="Clients" className="divide-y divide-slate-200">
          {clients.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <Link to={clientLink(c.id)} className={rowLink}>
                  {c.name}
                </Link>
                {c.domains.length > 0 && <p className="text-xs text-slate-600">{c.domains.join(', ')}</p>}
              </div>
              <p className="text-sm text-slate-600">
                {c.contactCount} contact{c.contactCount === 1 ? '' : 's'} · {c.requestCount} request
                {c.requestCount === 1 ? '' : 's'}
              </p>
            </li>
          ))}
        </ul>
      </ListState>
      {creating && <ClientDialog onClose={() => setCreating(false)} />}
    </Section>
  )
}
