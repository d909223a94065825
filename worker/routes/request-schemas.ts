// The answers of the request routes (worker/routes/requests.ts) as documented
// in /api/openapi.json: derived from the tables (drizzle-zod), so a new column
// shows in the document, and checked against what the handlers return by the
// type checker.
import { z } from '@hono/zod-openapi'
import { createSelectSchema } from 'drizzle-zod'
import { URGENCY_LEVELS } from '../../schema/request-options'
import { MAIL_STATUSES } from '../../schema/request-statuses'
import { tables } from '../db'
import { ErrorSchema, openApiJson as json, RATE_LIMITED } from '../middleware/openapi'

const delivery = z
  .enum(MAIL_STATUSES)
  .openapi({ description: "The requester's confirmation e-mail: pending, sent or failed" })

export const ConsultationSchema = createSelectSchema(tables.consultations)
  .omit({ fingerprint: true, uid: true, sequence: true, reminderSentAt: true })
  .extend({ delivery })
  .openapi('Consultation')
export const SupportRequestSchema = createSelectSchema(tables.supportRequests)
  .omit({ fingerprint: true, dueRemainingMs: true })
  .extend({ delivery })
  .openapi('SupportRequest')

const attachment = z.object({ name: z.string(), type: z.string(), size: z.number().int() })
export const ThreadMessageSchema = createSelectSchema(tables.requestMessages, {
  attachments: z.array(attachment.extend({ key: z.string() })),
})
  .omit({ consultationId: true, supportRequestId: true })
  .extend({
    delivery: z
      .enum([...MAIL_STATUSES, 'not_sent'])
      .nullable()
      .openapi({ description: `A reply's e-mail ("not_sent" with visitor mail off); null for mail in` }),
  })
  .openapi('ThreadMessage')

const recipient = z.object({ email: z.string(), name: z.string() })
export const RecipientsSchema = z
  .object({ to: recipient, copies: z.array(recipient) })
  .openapi('ReplyRecipients', { description: "Whom a reply goes to, and the client's contacts to copy" })

/** One visitor's data (an access request): the request and its whole conversation. */
export const requestExportSchema = (request: z.ZodType) =>
  z.object({
    kind: z.enum(['consultation', 'support']),
    request,
    conversation: z.array(
      z.object({
        sentAt: z.string().openapi({ format: 'date-time' }),
        author: z.string(),
        body: z.string(),
        from: z.enum(['requester', 'owner']),
        attachments: z.array(attachment),
      }),
    ),
  })

/** The public forms' answers (the intake, worker/services/intake.ts). */
export const intakeAnswers = (consultation: boolean) => ({
  201: json(
    z
      .object({
        ok: z.literal(true),
        reference: z.string().openapi({ example: consultation ? 'C-1042' : 'S-1043' }),
        ...(consultation
          ? {
              when: z.string().openapi({ description: 'The meeting time in words' }),
              preferredDate: z.string().openapi({ format: 'date-time', description: 'The slot as stored' }),
            }
          : {}),
      })
      .openapi({ description: 'A resubmission and a held notification answer the same' }),
    'Received',
  ),
  400: json(ErrorSchema, 'The input was refused (a failed Turnstile check names `turnstileToken`)'),
  ...(consultation
    ? {
        409: json(
          ErrorSchema.extend({ date: z.string(), freeSlots: z.array(z.string()) }),
          "The slot was taken meanwhile: the day's free slots, to offer instead",
        ),
      }
    : {}),
  ...RATE_LIMITED,
})

/** The inbox filter of GET /requests/export.csv (schema/inbox.ts `filterOf`): read leniently, never refused. */
export const INBOX_FILTER_PARAMETERS = [
  {
    name: 'kind',
    in: 'query' as const,
    description: 'consultation or support; anything else is both',
    schema: { type: 'string' as const, enum: ['consultation', 'support'] },
  },
  {
    name: 'status',
    in: 'query' as const,
    description: 'One status (at most 40 characters)',
    schema: { type: 'string' as const },
  },
  {
    name: 'urgency',
    in: 'query' as const,
    description: 'A support urgency; anything else is any',
    schema: { type: 'string' as const, enum: URGENCY_LEVELS.map((u) => u.value) },
  },
  {
    name: 'q',
    in: 'query' as const,
    description: 'Text searched in the rows (at most 200 characters)',
    schema: { type: 'string' as const },
  },
]
