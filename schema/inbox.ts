// The owner's one list of requests (issue 15): consultations and support
// requests together, filtered and sorted the same way in the admin and in the
// CSV export (worker/routes/requests.ts), from the filter kept in the URL.
import { URGENCY_LEVELS } from './request-options'
import { CLOSED_STATUSES } from './request-statuses'

export type InboxFilter = {
  kind: 'all' | 'consultation' | 'support'
  /** A stored status value, or "" for every status. */
  status: string
  /** A support urgency, or "" for every urgency. */
  urgency: string
  /** Words searched in reference, name, e-mail, company and description (all must match). */
  q: string
}

export const EMPTY_FILTER: InboxFilter = { kind: 'all', status: '', urgency: '', q: '' }

/** The filter a query string names; unknown values fall back to "all". */
export function filterOf(params: URLSearchParams): InboxFilter {
  const kind = params.get('kind')
  const urgency = params.get('urgency') ?? ''
  return {
    kind: kind === 'consultation' || kind === 'support' ? kind : 'all',
    status: (params.get('status') ?? '').trim().slice(0, 40),
    urgency: URGENCY_LEVELS.some((u) => u.value === urgency) ? urgency : '',
    q: (params.get('q') ?? '').trim().slice(0, 200),
  }
}

/** The filter as query parameters, leaving out what is at its default. */
export function paramsOf(filter: InboxFilter): URLSearchParams {
  const params = new URLSearchParams()
  if (filter.kind !== 'all') params.set('kind', filter.kind)
  if (filter.status) params.set('status', filter.status)
  if (filter.urgency) params.set('urgency', filter.urgency)
  if (filter.q) params.set('q', filter.q)
  return params
}

/** What the list needs of a request of either kind. */
export type InboxRow = {
  kind: 'consultation' | 'support'
  /** C-1002 or S-1003: the overview's and e-mails' links search by it (issue 52). */
  reference?: string | null
  name: string
  email: string
  company: string | null
  description: string
  status: string
  urgency: string | null
  createdAt: string | Date
  /** Set while the requester's reply is unread (issue 28): such rows come first, latest reply on top. */
  customerRepliedAt?: string | Date | null
}

/** Open critical requests first, then open high ones; the rest (and consultations) by arrival only. */
const urgencyRank = ({ urgency, status }: InboxRow) =>
  (CLOSED_STATUSES as readonly string[]).includes(status)
    ? 2
    : urgency === 'critical'
      ? 0
      : urgency === 'high'
        ? 1
        : 2

const repliedAt = (r: InboxRow) => (r.customerRepliedAt ? new Date(r.customerRepliedAt).getTime() : 0)

/**
 * Rows matching the filter: unread customer replies first (latest on top), then
 * critical and high support requests, then newest first.
 */
export function applyFilter<R extends InboxRow>(rows: readonly R[], filter: InboxFilter): R[] {
  const words = filter.q.toLowerCase().split(/\s+/).filter(Boolean)
  return rows
    .filter((r) => filter.kind === 'all' || r.kind === filter.kind)
    .filter((r) => !filter.status || r.status === filter.status)
    .filter((r) => !filter.urgency || r.urgency === filter.urgency)
    .filter((r) => {
      if (!words.length) return true
      const text = [r.reference ?? '', r.name, r.email, r.company ?? '', r.description]
        .join('\n')
        .toLowerCase()
      return words.every((w) => text.includes(w))
    })
    .sort(
      (a, b) =>
        repliedAt(b) - repliedAt(a) ||
        urgencyRank(a) - urgencyRank(b) ||
        new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime(),
    )
}

/**
 * A consultation as an inbox row, the same in the admin's list and the CSV
 * export: no urgency, its project type as the row's type, keyed `c{id}`.
 */
export const consultationRow = <R extends { id: number | string; projectType: string }>(r: R) => ({
  ...r,
  kind: 'consultation' as const,
  urgency: null,
  type: r.projectType,
  key: `c${r.id}`,
})

/** A support request as an inbox row: its business name as the company, its issue type as the type, keyed `s{id}`. */
export const supportRow = <R extends { id: number | string; businessName: string | null; issueType: string }>(
  r: R,
) => ({
  ...r,
  kind: 'support' as const,
  company: r.businessName,
  type: r.issueType,
  key: `s${r.id}`,
})
