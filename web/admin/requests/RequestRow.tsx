import { labelOf } from '../../../schema/constants'
import { ISSUE_TYPES, PROJECT_TYPES, URGENCY_LEVELS } from '../../../schema/request-options'
import { RatingPill } from '../ratings/Ratings'
import { AdminButton } from '../ui'
import { DeliveryBadge, DueFlag, StatusBadge, SupportStatusBadge, UrgencyBadge } from './Badges'
import { EmailLink } from './EmailLink'
import { dueState, formatReceived, formatRelative, formatSlot } from './format'
import type { AdminConsultation, AdminSupportRequest } from './queries'

/** One row of the request list: either kind, with the fields the list sorts and filters by. */
export type Item =
  | (AdminConsultation & { kind: 'consultation'; urgency: null; key: string })
  | (AdminSupportRequest & { kind: 'support'; company: string | null; key: string })

export function RequestRow({
  item,
  isNew,
  rating,
  onOpen,
}: {
  item: Item
  isNew: boolean
  /** The requester's rating (issue 40), when given. */
  rating?: string
  onOpen: () => void
}) {
  const due = item.kind === 'support' ? dueState(item.dueAt, item.status) : null
  const urgency = item.kind === 'support' ? URGENCY_LEVELS.find((u) => u.value === item.urgency) : undefined
  const loud = item.urgency === 'critical' || item.urgency === 'high'
  return (
    <li
      data-kind={item.kind}
      data-urgency={item.urgency ?? undefined}
      className={`flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between ${
        item.urgency === 'critical' && loud
          ? 'border-l-4 border-l-red-700 pl-3'
          : item.urgency === 'high'
            ? 'border-l-4 border-l-orange-400 pl-3'
            : ''
      }`}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {item.kind === 'consultation' ? 'Consultation' : 'Support'}
          </span>
          <span className="font-mono text-xs text-slate-700">{item.reference}</span>
          <h3 className="font-semibold text-slate-900">{item.name}</h3>
          {isNew && (
            <span className="rounded-full bg-blue-700 px-2 py-0.5 text-xs font-bold text-white">
              New<span className="sr-only"> since your last visit</span>
            </span>
          )}
          {item.customerRepliedAt && (
            <span className="rounded-full bg-violet-700 px-2 py-0.5 text-xs font-bold text-white">
              Customer replied
            </span>
          )}
          {item.kind === 'consultation' ? (
            <StatusBadge status={item.status} />
          ) : (
            <SupportStatusBadge status={item.status} />
          )}
          {urgency && <UrgencyBadge urgency={urgency.value} label={urgency.label} />}
          {due && <DueFlag state={due} />}
          <DeliveryBadge delivery={item.delivery} />
          {rating && <RatingPill rating={rating} prefix="Rated " />}
        </div>
        <EmailLink email={item.email} />
        <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
          {item.company && <span>{item.company}</span>}
          {item.kind === 'consultation' ? (
            <>
              <span>{labelOf(PROJECT_TYPES, item.projectType)}</span>
              <span>{formatSlot(item.preferredDate, item.preferredTime)}</span>
            </>
          ) : (
            <span>{labelOf(ISSUE_TYPES, item.issueType)}</span>
          )}
          <span>
            Received{' '}
            <time dateTime={item.createdAt} title={formatReceived(item.createdAt)}>
              <span aria-hidden="true">{formatRelative(item.createdAt)}</span>
              <span className="sr-only">{formatReceived(item.createdAt)}</span>
            </time>
          </span>
        </p>
      </div>
      <AdminButton
        variant="secondary"
        onPress={onOpen}
        aria-label={`View details of ${item.name}'s request`}
        className="shrink-0 self-start"
      >
        View Details
      </AdminButton>
    </li>
  )
}
