// The mail outbox, apart from the requests it first served: every domain queues its e-mail here.
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { consultations } from './tables-consultations'
import { supportRequests } from './tables-requests'
import { timestamps } from './timestamps'

// Notifications are written here in the same D1 batch as the request they
// announce, then sent; the cron trigger retries failures with backoff.
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    consultationId: integer('consultation_id').references(() => consultations.id, { onDelete: 'cascade' }),
    supportRequestId: integer('support_request_id').references(() => supportRequests.id, {
      onDelete: 'cascade',
    }),
    recipient: text('recipient').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    // Optional calendar invitation (text/calendar) attached to the message.
    ics: text('ics'),
    // Files attached to the message, stored in R2 (the bytes stay out of D1):
    // the signed quote PDF (issue 25), later invoice PDFs.
    attachments: text('attachments', { mode: 'json' })
      .$type<{ key: string; filename: string; type: string }[]>()
      .notNull()
      .default(sql`'[]'`),
    // 'notification' (one request), 'acknowledgement' (a support request's
    // "received" to the visitor, issue 28), 'digest' (the requests held back past the
    // hourly notification cap, sent as one message) or 'reply' (the owner's
    // answer to the visitor, from the request's thread) or 'security' (a notice to
    // the owner about their sign-in methods, worker/services/security-notices.ts).
    kind: text('kind').notNull().default('notification'),
    // A held notification ('held') names the digest that announces it.
    digestId: integer('digest_id'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    lastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    // A message that must go at most once for its cause ('payment:12:receipt',
    // 'stripe:evt_...'): the unique index makes a second queueing a no-op.
    onceKey: text('once_key'),
    ...timestamps,
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('mail_outbox_once_key_idx').on(t.onceKey).where(sql`once_key is not null`),
  ],
)

export type MailOutbox = typeof mailOutbox.$inferSelect
