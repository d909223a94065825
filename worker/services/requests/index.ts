// Consultation and IT-support requests: the one service layer behind the
// public forms (REST) and the owner's views (REST and GraphQL alike).

export { dueClock } from './due-clock'
export {
  appendInbound,
  attachmentKeys,
  INBOUND_CLOSED_GRACE_MS,
  INBOUND_DAILY_LIMIT,
  type InboundRefusal,
  inboundRefusal,
} from './inbound'
export {
  DEDUPE_WINDOW_MS,
  nextReference,
  type Submission,
  submitConsultation,
  submitRequest,
  submitSupportRequest,
} from './intake'
export {
  type BookingEffects,
  getConsultationView,
  getSupportRequestView,
  listConsultations,
  listSupportRequests,
  updateConsultation,
  updateSupportRequest,
} from './owner-views'
export { type ConsultationView, type Delivery, PAST_DATE_MESSAGE, type SupportRequestView } from './shared'
export {
  listThread,
  REPLY_MAX,
  type Recipient,
  replyRecipients,
  replyToRequest,
  type ThreadMessage,
} from './threads'
