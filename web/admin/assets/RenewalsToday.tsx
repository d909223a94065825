// The overview's renewals (issue 38, MORE_FOR_TODAY): what expires in the next
// 30 days across clients, each line to its asset.
import { useQuery } from 'urql'
import { formatShortDate } from '../../../schema/slot-time'
import { OverviewSection } from '../overview/OverviewSection'
import { RENEWALS } from './queries'

const whatLabel = (what: string) => (what === 'WARRANTY' ? 'Warranty ends' : 'Renewal due')

/** The overview's section: the next 30 days. */
export function RenewalsToday() {
  const [{ data, fetching, error }] = useQuery({ query: RENEWALS, variables: { days: 30 } })
  return (
    <OverviewSection
      title="Renewals in 30 days"
      fetching={fetching}
      error={!!error}
      lines={
        data?.assetRenewals.map((r) => ({
          key: `${r.assetId}-${r.what}`,
          to: `/admin/assets/${r.assetId}`,
          title: `${r.name} (${r.clientName})`,
          detail: `${whatLabel(r.what)} ${formatShortDate(r.date)}`,
        })) ?? null
      }
      empty="Nothing expires in the next 30 days."
      more={{ to: '/admin/renewals', label: 'All renewals' }}
    />
  )
}
