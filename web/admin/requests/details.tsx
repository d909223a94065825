// The label/value rows of a request's details dialog (also what "Copy details" copies).
import { labelOf } from '../../../schema/constants'
import {
  BUDGETS,
  CONTACT_METHODS,
  CONTACT_TIMES,
  ISSUE_TYPES,
  PROJECT_TYPES,
  URGENCY_LEVELS,
} from '../../../schema/request-options'
import { EmailLink } from './EmailLink'
import { DELIVERY_LABELS, formatReceived, formatSlot } from './format'
import type { AdminConsultation, AdminSupportRequest } from './queries'
import type { Detail } from './RequestDialog'

export function consultationDetails(c: AdminConsultation): Detail[] {
  return [
    ['Reference', c.reference],
    ['Name', c.name],
    ['Email', <EmailLink key="email" email={c.email} />],
    ['Phone', c.phone],
    ['Company', c.company],
    ['Project type', labelOf(PROJECT_TYPES, c.projectType)],
    ['Budget', c.budget ? labelOf(BUDGETS, c.budget) : null],
    ['Preferred date and time', formatSlot(c.preferredDate, c.preferredTime)],
    ['Description', c.description],
    ['Received', formatReceived(c.createdAt)],
    ['Notification', DELIVERY_LABELS[c.delivery] ?? c.delivery],
  ]
}

export function supportDetails(r: AdminSupportRequest): Detail[] {
  const urgency = URGENCY_LEVELS.find((u) => u.value === r.urgency)
  return [
    ['Reference', r.reference],
    ['Name', r.name],
    ['Email', <EmailLink key="email" email={r.email} />],
    ['Phone', r.phone],
    ['Business name', r.businessName],
    ['Issue type', labelOf(ISSUE_TYPES, r.issueType)],
    ['Urgency', urgency ? `${urgency.label} (${urgency.description})` : r.urgency],
    ['Preferred contact', labelOf(CONTACT_METHODS, r.preferredContact)],
    ['Preferred time', r.preferredTime ? labelOf(CONTACT_TIMES, r.preferredTime) : null],
    ['Description', r.description],
    ['Received', formatReceived(r.createdAt)],
    [
      'Due',
      r.dueAt ? formatReceived(r.dueAt) : r.status === 'waiting' ? 'Paused: waiting on the requester' : null,
    ],
    ['Notification', DELIVERY_LABELS[r.delivery] ?? r.delivery],
  ]
}
