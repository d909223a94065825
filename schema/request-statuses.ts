// The lifecycle of a stored request (SPEC §3 statuses, the help desk's
// support statuses, kinds and references, the notification's mail status).
// Apart from request-options.ts, whose lists the public forms carry: the
// visitor's browser has no use for these (ADR 068).
/** Consultation statuses (SPEC §3); anything else is shown in the destructive (cancelled) style. */
export const REQUEST_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]
/**
 * What the visitor is told a consultation's status is, in the same words on the
 * manage page, in every booking e-mail and (as TENTATIVE / CONFIRMED /
 * CANCELLED) in the invitation's STATUS (issue 28).
 */
export const BOOKING_STATUS_LABELS: Record<string, string> = {
  pending: 'Requested (awaiting confirmation)',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
}
/**
 * Support-request statuses, a help desk's workflow that can say "waiting on
 * the requester" (docs/decisions/053-support-statuses-and-due-times.md).
 */
export const SUPPORT_STATUSES = ['pending', 'in_progress', 'waiting', 'resolved', 'closed'] as const
export type SupportStatus = (typeof SUPPORT_STATUSES)[number]
export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  waiting: 'Waiting on requester',
  resolved: 'Resolved',
  closed: 'Closed',
}
/** A request in one of these is closed: the retention period runs from then (both kinds). */
export const CLOSED_STATUSES = ['completed', 'cancelled', 'resolved', 'closed'] as const

/** The two kinds of request and the prefix of their references (C-1042, S-1043). */
export const REQUEST_KINDS = ['consultation', 'support'] as const
/** The two kinds of visitor request; named here so mail and services share it without importing each other. */
export type RequestKind = (typeof REQUEST_KINDS)[number]
export const REFERENCE_PREFIX = { consultation: 'C', support: 'S' } as const

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const
