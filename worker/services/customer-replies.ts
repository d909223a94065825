// A requester's answer, whichever way it comes (an e-mail to the request's
// reply address now, a portal reply later: issue 28, "build it once for
// both"): appended to the thread, the request marked "Customer replied" until
// the owner opens it (which also lifts it to the top of the list and counts it
// in the Pending badge), and the owner told by e-mail within the same hourly
// cap as new requests (past it, the notice waits for the digest).
import { eq } from 'drizzle-orm'
import type { RequestKind } from '../../schema/request-statuses'
import type { RequestMessage } from '../../schema/tables'
import type { Db } from '../db'
import { tables } from '../db'
import { notificationBudgetLeft, queueMail } from '../mail/outbox'
import { customerReplyMail } from '../mail/templates'
import { NotFound } from './errors'
import { appendInbound } from './requests'

const TABLE_OF = { consultation: tables.consultations, support: tables.supportRequests } as const
const OWNER_OF = { consultation: 'consultationId', support: 'supportRequestId' } as const

export type CustomerReply = {
  author: string
  body: string
  attachments: RequestMessage['attachments']
}

/**
 * Records the reply and queues the owner's notice. Returns the stored message
 * and the outbox id to send now (null when the notice is held for the digest).
 * Throws NotFound when the request no longer exists.
 */
export async function recordCustomerReply(
  db: Db,
  env: Env,
  request: { kind: RequestKind; id: number },
  reply: CustomerReply,
  now = Date.now(),
): Promise<{ message: RequestMessage; outboxId: number | null }> {
  const t = TABLE_OF[request.kind]
  const [row] = await db
    .select({ name: t.name, email: t.email, reference: t.reference })
    .from(t)
    .where(eq(t.id, request.id))
  if (!row) throw new NotFound('Request not found')
  // Issue 36: the person who wrote, not the request's first sender (a second
  // contact of the practice answers in their own name).
  const author = await authorOf(db, reply.author, row)
  const message = await appendInbound(
    db,
    request.kind,
    request.id,
    { ...reply, authorName: author.name, authorContactId: author.contactId },
    now,
  )
  const at = new Date(now)
  const held = !(await notificationBudgetLeft(db, env, at))
  const mail = customerReplyMail(env, {
    reference: row.reference ?? '',
    name: author.name ?? reply.author,
    email: reply.author,
    body: reply.body,
    attachments: reply.attachments.length,
  })
  const [[notice]] = await db.batch([
    queueMail(
      db,
      {
        [OWNER_OF[request.kind]]: request.id,
        kind: 'customer_reply',
        recipient: env.NOTIFY_EMAIL,
        replyTo: null,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        held,
      },
      at,
    ),
    db.update(t).set({ customerRepliedAt: at }).where(eq(t.id, request.id)),
  ])
  return { message, outboxId: held ? null : notice!.id }
}

/**
 * Who an address is: the contact with it (contacts' addresses are unique and
 * lower case), else the request's sender when it is theirs, else nobody known.
 */
export async function authorOf(
  db: Db,
  address: string,
  request: { name: string; email: string },
): Promise<{ name: string | null; contactId: number | null }> {
  const email = address.trim().toLowerCase()
  const [contact] = await db
    .select({ id: tables.contacts.id, name: tables.contacts.name })
    .from(tables.contacts)
    .where(eq(tables.contacts.email, email))
    .limit(1)
  if (contact) return { name: contact.name, contactId: contact.id }
  return { name: email === request.email.toLowerCase() ? request.name : null, contactId: null }
}

/** The owner opened the request (or answered it): it is no longer marked "Customer replied". */
export async function markRequestSeen(db: Db, kind: RequestKind, id: number): Promise<void> {
  const t = TABLE_OF[kind]
  const rows = await db.update(t).set({ customerRepliedAt: null }).where(eq(t.id, id)).returning({ id: t.id })
  if (!rows.length) throw new NotFound('Request not found')
}
