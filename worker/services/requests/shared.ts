// What the request files share: the views' types, the owner's notification and the past-date message.
import type { MAIL_STATUSES } from '../../../schema/request-statuses'
import type { Consultation, SupportRequest } from '../../../schema/tables'
import type { OutboxMessage } from '../../mail/outbox'
import type { MailContent } from '../../mail/templates'

export type Delivery = (typeof MAIL_STATUSES)[number]
export type ConsultationView = Omit<Consultation, 'fingerprint' | 'uid' | 'sequence' | 'reminderSentAt'> & {
  delivery: Delivery
}
export type SupportRequestView = Omit<SupportRequest, 'fingerprint' | 'dueRemainingMs'> & {
  delivery: Delivery
}

/** The owner's notification of a request: to NOTIFY_EMAIL, with replies going to the visitor. */
export const notification = (env: Env, visitorEmail: string, mail: MailContent): OutboxMessage => ({
  recipient: env.NOTIFY_EMAIL,
  replyTo: visitorEmail,
  subject: mail.subject,
  textBody: mail.text,
  htmlBody: mail.html,
})

export const PAST_DATE_MESSAGE = 'Choose today or a later date'
