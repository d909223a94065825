// /admin (issue 36.6, ADR 123): what needs the owner today, each line a link
// to the record it names (its own page: a request's, an invoice's; issue 52). Built from the lists the other screens
// already query (same documents, same urql cache), so nothing here has rules
// of its own beyond "what counts as today's".
import type { ComponentType } from 'react'
import { useQuery } from 'urql'
import { formatCents } from '../../../schema/money'
import { businessDate, formatCalendarDate } from '../../../schema/slot-time'
import { useAuth } from '../../state/auth'
import { RenewalsToday } from '../assets/RenewalsToday'
import { invoiceName, invoiceUrl } from '../billing/links'
import { INVOICES } from '../billing/queries'
import { requestUrl } from '../clients/OpenClientLink'
import { IncidentClocks } from '../compliance/IncidentClocks'
import { fromEnum } from '../graphql'
import { OVERDUE_MAINTENANCE } from '../maintenance/queries'
import { BackgroundJobs } from '../monitors/BackgroundJobs'
import { QUOTES_QUERY } from '../quotes/queries'
import { PoorRatingFollowUps } from '../ratings/Ratings'
import { formatSlot } from '../requests/format'
import { CONSULTATIONS_QUERY, needsOwner, SUPPORT_REQUESTS_QUERY } from '../requests/queries'
import { OverviewSection } from './OverviewSection'

/** Today in the business time zone (where the records' dates live), not the browser's calendar. */
const today = () => businessDate(new Date())

const OPEN_INVOICE = new Set(['SENT', 'VIEWED', 'PARTIALLY_PAID'])

/**
 * The place for what later features need the owner to see today (expiring
 * renewals, unmatched payments, ...): each adds one component here, which
 * renders an OverviewSection, or nothing when there is nothing to do.
 */
export const MORE_FOR_TODAY: ComponentType[] = [
  // Quiet while every scheduled job runs; red, naming the job and its error, when one does not (issue 54).
  BackgroundJobs,
  IncidentClocks,
  RenewalsToday,
  OverdueMaintenance,
  PoorRatingFollowUps,
]

// Its own module so that sections elsewhere (MORE_FOR_TODAY) can use it without an import cycle.
export { OverviewSection }

export function OverviewPage() {
  const { user } = useAuth()
  return (
    <div className="flex flex-col gap-6">
      <header className="border-b border-slate-200 pb-4">
        <h1 className="text-2xl font-bold text-slate-900">Portfolio Admin</h1>
        <p className="mt-1 text-slate-600">Welcome back, {user?.username}</p>
      </header>
      <h2 className="text-lg font-semibold text-slate-900">What needs you today</h2>
      <div className="grid gap-4 md:grid-cols-2">
        <WaitingRequests />
        <UpcomingBookings />
        <DraftsToSend />
        <OverdueInvoices />
        {MORE_FOR_TODAY.map((Section, i) => (
          <Section key={i} />
        ))}
      </div>
    </div>
  )
}

function WaitingRequests() {
  const [c] = useQuery({ query: CONSULTATIONS_QUERY })
  const [s] = useQuery({ query: SUPPORT_REQUESTS_QUERY })
  const lines =
    c.data && s.data
      ? [
          ...s.data.supportRequests.filter(needsOwner).map((r) => ({
            key: `s${r.id}`,
            at: r.createdAt,
            to: requestUrl(r.reference),
            title: `Support request ${r.reference}: ${r.name}`,
            detail: r.customerRepliedAt ? 'Replied, waiting for you' : 'New',
          })),
          ...c.data.consultations.filter(needsOwner).map((r) => ({
            key: `c${r.id}`,
            at: r.createdAt,
            to: requestUrl(r.reference),
            title: `Consultation ${r.reference}: ${r.name}`,
            detail: r.customerRepliedAt ? 'Replied, waiting for you' : 'New',
          })),
        ].sort((a, b) => String(a.at).localeCompare(String(b.at)))
      : null
  return (
    <OverviewSection
      title="New and waiting requests"
      lines={lines}
      empty="No request is waiting for you."
      more={{ to: '/admin/requests', label: 'All requests' }}
      error={Boolean(c.error || s.error)}
    />
  )
}

function UpcomingBookings() {
  const [c] = useQuery({ query: CONSULTATIONS_QUERY })
  const day = today()
  const lines = c.data
    ? c.data.consultations
        .filter((r) => r.status === 'CONFIRMED' && String(r.preferredDate).slice(0, 10) >= day)
        .sort((a, b) => String(a.preferredDate).localeCompare(String(b.preferredDate)))
        .map((r) => ({
          key: r.id,
          to: requestUrl(r.reference),
          title: `${r.name} (${r.reference})`,
          detail: formatSlot(String(r.preferredDate), fromEnum('TimeSlot', r.preferredTime)),
        }))
    : null
  return (
    <OverviewSection
      title="Upcoming bookings"
      lines={lines}
      empty="No booking coming up."
      more={{ to: '/admin/requests?kind=consultation', label: 'All consultations' }}
      error={Boolean(c.error)}
    />
  )
}

function DraftsToSend() {
  const [q] = useQuery({ query: QUOTES_QUERY, variables: { status: null } })
  const [i] = useQuery({ query: INVOICES, variables: { clientId: null } })
  const lines =
    q.data && i.data
      ? [
          ...q.data.quotes
            .filter((x) => x.status === 'draft')
            .map((x) => ({
              key: `q${x.id}`,
              to: `/admin/quotes/${x.id}`,
              title: `Quote ${x.label}: ${x.title}`,
              detail: `${x.clientName} · ${formatCents(x.totalCents)}`,
            })),
          ...i.data.invoices
            .filter((x) => x.status === 'DRAFT')
            .map((x) => ({
              key: `i${x.id}`,
              to: invoiceUrl(x.id),
              title: invoiceName(x),
              detail: `${x.clientName ?? ''} · ${formatCents(x.totalCents)}`,
            })),
        ]
      : null
  return (
    <OverviewSection
      title="Drafts to send"
      lines={lines}
      empty="No draft quote or invoice."
      more={{ to: '/admin/quotes', label: 'All quotes' }}
      error={Boolean(q.error || i.error)}
    />
  )
}

function OverdueInvoices() {
  const [i] = useQuery({ query: INVOICES, variables: { clientId: null } })
  const day = today()
  const lines = i.data
    ? i.data.invoices
        .filter((x) => OPEN_INVOICE.has(x.status) && x.balanceCents > 0 && x.dueDate < day)
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
        .map((x) => ({
          key: x.id,
          to: invoiceUrl(x.id),
          title: `${invoiceName(x)}: ${x.clientName ?? ''}`,
          detail: `${formatCents(x.balanceCents)} due ${formatCalendarDate(x.dueDate)}`,
        }))
    : null
  return (
    <OverviewSection
      title="Overdue invoices"
      lines={lines}
      empty="No invoice is overdue."
      more={{ to: '/admin/invoices', label: 'All invoices' }}
      error={Boolean(i.error)}
    />
  )
}

/** Maintenance tasks past their due date (issue 40); the server decides "overdue" in the business time zone. */
function OverdueMaintenance() {
  const [result] = useQuery({ query: OVERDUE_MAINTENANCE })
  const tasks = result.data?.maintenanceTasks
  return (
    <OverviewSection
      title="Overdue maintenance"
      fetching={result.fetching}
      error={!!result.error && !tasks}
      lines={
        tasks?.map((t) => ({
          key: t.id,
          to: `/admin/maintenance/tasks/${t.id}`,
          title: t.title,
          detail: `${t.clientName} · due ${formatCalendarDate(t.dueDate)}`,
        })) ?? null
      }
      empty="No maintenance is overdue."
      more={{ to: '/admin/maintenance', label: 'All maintenance' }}
    />
  )
}
