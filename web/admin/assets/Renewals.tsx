// What expires soon across clients (issue 38): the Renewals screen (/admin/renewals) with the 30 / 60 /
// 90-day window and "Renew" (a new draft quote with the renewal line).
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Provider, useQuery } from 'urql'
import { formatShortDate } from '../../../schema/slot-time'
import { OwnerPage } from '../OwnerPage'
import { useSave } from '../save'
import { AdminButton, AdminSelect, CardTable, ListState, Section } from '../ui'
import { useAdminClient } from '../urql'
import { kindLabel } from './AssetForm'
import { RENEW_ASSET, RENEWALS } from './queries'

export const whatLabel = (what: string) => (what === 'WARRANTY' ? 'Warranty ends' : 'Renewal due')

const WINDOWS = [
  { value: '30', label: '30 days' },
  { value: '60', label: '60 days' },
  { value: '90', label: '90 days' },
]

export function RenewalsScreen() {
  return (
    <OwnerPage
      title="Renewals"
      description={() => 'Warranties, licences, domains and certificates that expire soon'}
    >
      <Provider value={useAdminClient()}>
        <RenewalsList />
      </Provider>
    </OwnerPage>
  )
}

function RenewalsList() {
  const [days, setDays] = useState('90')
  const [{ data, fetching, error }] = useQuery({ query: RENEWALS, variables: { days: Number(days) } })
  const [, renew] = useSave(RENEW_ASSET, { failure: 'Not renewed' })
  const navigate = useNavigate()
  const rows = data?.assetRenewals ?? []
  return (
    <Section
      title="Expiring"
      actions={<AdminSelect name="days" label="Within" options={WINDOWS} value={days} onChange={setDays} />}
    >
      <ListState
        loading={fetching && !data}
        error={error}
        empty={!rows.length}
        emptyText="Nothing expires in this window."
      >
        <CardTable label="Renewals">
          <thead className="text-slate-600">
            <tr>
              <th className="py-2 font-medium">Date</th>
              <th className="py-2 font-medium">What</th>
              <th className="py-2 font-medium">Asset</th>
              <th className="py-2 font-medium">Client</th>
              <th className="py-2 font-medium">Quote</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((r) => (
              <tr key={`${r.assetId}-${r.what}`}>
                <td className="py-2">{formatShortDate(r.date)}</td>
                <td className="py-2">{whatLabel(r.what)}</td>
                <td className="py-2">
                  <Link
                    to={`/admin/assets/${r.assetId}`}
                    className="text-blue-800 underline-offset-2 hover:underline"
                  >
                    {r.name}
                  </Link>{' '}
                  <span className="text-slate-600">({kindLabel(r.kind)})</span>
                </td>
                <td className="py-2">
                  <Link
                    to={`/admin/clients/${r.clientId}`}
                    className="text-blue-800 underline-offset-2 hover:underline"
                  >
                    {r.clientName}
                  </Link>
                </td>
                <td className="py-2">
                  <AdminButton
                    variant="secondary"
                    onPress={async () => {
                      const renewed = await renew({ id: r.assetId, what: r.what })
                      if (renewed.ok) navigate(`/admin/quotes/${renewed.data.renewAsset}`)
                    }}
                  >
                    Renew<span className="sr-only">{` ${r.name}`}</span>
                  </AdminButton>
                </td>
              </tr>
            ))}
          </tbody>
        </CardTable>
      </ListState>
    </Section>
  )
}
