// The period invoices still in draft (issue 37): for the billing overview, so
// the owner sees what the cron made and reviews and sends it. Exported for
// the lead to place beside the overview (web/admin/billing is another change's).
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { formatCents } from '../../../schema/money'
import { formatPeriod } from '../../../schema/slot-time'
import { Section } from '../ui'
import { PERIOD_DRAFTS } from './queries'

export function PeriodDrafts() {
  const [drafts] = useQuery({ query: PERIOD_DRAFTS })
  const list = drafts.data?.periodDraftsWaiting ?? []
  if (!list.length) return null
  return (
    <Section title="Plan invoices waiting for review">
      <ul className="text-sm">
        {list.map((d) => (
          <li key={d.invoiceId}>
            {formatPeriod(d.period)}:{' '}
            <Link
              to={`/admin/invoices/${d.invoiceId}`}
              className="text-blue-800 underline-offset-2 hover:underline"
            >
              {d.number}
            </Link>{' '}
            {formatCents(d.totalCents)}
          </li>
        ))}
      </ul>
    </Section>
  )
}
