// The Kind and Status choices of the request list's filter.
import type { InboxFilter } from '../../../schema/inbox'
import { REQUEST_STATUSES, SUPPORT_STATUSES } from '../../../schema/request-statuses'
import { capitalise, supportStatusLabel } from './format'

export const KIND_OPTIONS = [
  { value: 'all', label: 'All requests' },
  { value: 'consultation', label: 'Consultations' },
  { value: 'support', label: 'Support requests' },
] as const

const CONSULTATION_STATUS_OPTIONS = REQUEST_STATUSES.map((v) => ({
  value: v as string,
  label: capitalise(v),
}))
const SUPPORT_STATUS_FILTERS = SUPPORT_STATUSES.map((v) => ({
  value: v as string,
  label: supportStatusLabel(v),
}))

/** The statuses to filter by: the kind's own, or both kinds' (pending once) for all requests. */
export function statusOptions(kind: InboxFilter['kind']) {
  const options =
    kind === 'consultation'
      ? CONSULTATION_STATUS_OPTIONS
      : kind === 'support'
        ? SUPPORT_STATUS_FILTERS
        : [...CONSULTATION_STATUS_OPTIONS, ...SUPPORT_STATUS_FILTERS.filter((o) => o.value !== 'pending')]
  return [{ value: '', label: 'Any status' }, ...options]
}
