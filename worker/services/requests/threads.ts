// Threads: the owner's replies (mailed through the outbox) and the requester's answers.
import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm'
import { formConstraints } from '../../../schema/form-constraints'
import { replyInput } from '../../../schema/payloads'
import type { RequestKind } from '../../../schema/request-statuses'
import type { RequestMessage } from '../../../schema/tables'
import type { Db } from '../../db'
import { tables } from '../../db'
import { deliverLogged, queueMail } from '../../mail/outbox'
import { replyAddress } from '../../mail/reply-address'
import { replyMail } from '../../mail/templates'
import { visitorMailEnabled } from '../../mail/visitor'
import { Invalid, NotFound } from '../errors'
import { parseId } from '../ids'
import { toDelivery } from './owner-views'
import type { Delivery } from './shared'

// ---------- Threads: the owner's replies and the requester's answers ----------

export type ThreadMessage = Omit<RequestMessage, 'consultationId' | 'supportRequestId'> & {
  /** A reply's e-mail: pending, sent, failed; "not_sent" when visitor mail is off; null for mail in. */
  delivery: Delivery | 'not_sent' | null
}

export const OWNER_OF = { consultation: 'consultationId', support: 'supportRequestId' } as const
export const TABLE_OF = { consultation: tables.consultations, support: tables.supportRequests } as const

export async function requestRow(db: Db, kind: RequestKind, id: number) {
  const t = TABLE_OF[kind]
  const [row] = await db
    .select({
      id: t.id,
      name: t.name,
      email: t.email,
      reference: t.reference,
      status: t.status,
      clientId: t.clientId,
    })
    .from(t)
    .where(eq(t.id, id))
  if (!row) throw new NotFound('Request not found')
  return row
}

/** A request's thread, oldest first, with each reply's delivery state. */
export async function listThread(db: Db, kind: RequestKind, rawId: unknown): Promise<ThreadMessage[]> {
  const id = parseId(rawId)
  await requestRow(db, kind, id)
  const m = tables.requestMessages
  const rows = await db
    .select({ ...getTableColumns(m), mailStatus: tables.mailOutbox.status })
    .from(m)
    .leftJoin(tables.mailOutbox, eq(tables.mailOutbox.id, m.outboxId))
    .where(eq(m[OWNER_OF[kind]], id))
    .orderBy(asc(m.createdAt), asc(m.id))
  return rows.map(({ consultationId: _c, supportRequestId: _s, mailStatus, ...row }) => ({
    ...row,
    delivery: row.direction === 'in' ? null : row.outboxId === null ? 'not_sent' : toDelivery(mailStatus),
  }))
}

/** A reply's length limit: replyInput's, which REST, GraphQL and the portal check it with. */
export const REPLY_MAX = formConstraints(replyInput).body.maxLength!

export type Recipient = { email: string; name: string }

/**
 * Whom the owner's reply goes to (issue 36): the person who wrote last (a
 * contact's portal or e-mail reply), else the request's sender; and the
 * client's other contacts, offered as copies.
 */
export async function replyRecipients(
  db: Db,
  kind: RequestKind,
  rawId: unknown,
): Promise<{ to: Recipient; copies: Recipient[] }> {
  const id = parseId(rawId)
  const request = await requestRow(db, kind, id)
  return recipientsOf(db, kind, request)
}

async function recipientsOf(
  db: Db,
  kind: RequestKind,
  request: { id: number; name: string; email: string; clientId: number | null },
) {
  const m = tables.requestMessages
  const [last] = await db
    .select({ author: m.author, authorName: m.authorName })
    .from(m)
    .where(and(eq(m[OWNER_OF[kind]], request.id), eq(m.direction, 'in')))
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(1)
  const lastEmail = last?.author.toLowerCase()
  const to: Recipient =
    last && lastEmail !== request.email.toLowerCase()
      ? { email: lastEmail!, name: last.authorName ?? lastEmail! }
      : { email: request.email, name: request.name }
  const contacts = request.clientId
    ? await db
        .select({ email: tables.contacts.email, name: tables.contacts.name })
        .from(tables.contacts)
        .where(eq(tables.contacts.clientId, request.clientId))
        .orderBy(asc(tables.contacts.id))
    : []
  const copies = [{ email: request.email, name: request.name }, ...contacts].filter(
    (c, i, all) =>
      c.email.toLowerCase() !== to.email.toLowerCase() &&
      all.findIndex((o) => o.email.toLowerCase() === c.email.toLowerCase()) === i,
  )
  return { to, copies }
}

/**
 * The owner's reply, for REST and GraphQL alike (ADR 103): stored in the thread
 * and, when visitor mail is on, queued in the outbox to the requester (From
 * MAIL_FROM, Reply-To the request's own tokened address); a pending support
 * request moves to in progress. The e-mail is sent after the answer, through
 * `later` (the request's waitUntil), so the answer never waits on the mail
 * service; a failed send stays pending in the outbox and the cron retries it.
 * The message comes back as `pending` (or `not_sent` with visitor mail off).
 */
export async function replyToRequest(
  db: Db,
  env: Env,
  kind: RequestKind,
  rawId: unknown,
  rawBody: string,
  later: (work: Promise<unknown>) => void,
  now = Date.now(),
  /** Addresses to copy, among those replyRecipients offers (issue 36). */
  cc: readonly string[] = [],
): Promise<ThreadMessage> {
  const id = parseId(rawId)
  const body = rawBody.replace(/\r\n?/g, '\n').trim()
  if (!body) throw new Invalid({ body: 'Write a reply' })
  if (body.length > REPLY_MAX)
    throw new Invalid({ body: `The reply must be at most ${REPLY_MAX} characters` })
  const request = await requestRow(db, kind, id)
  const { to, copies } = await recipientsOf(db, kind, request)
  // A copy goes only to someone the reply form offered: never to an address typed from outside.
  const copied = [...new Set(cc.map((e) => e.trim().toLowerCase()))].map((email) => {
    const person = copies.find((c) => c.email.toLowerCase() === email)
    if (!person) throw new Invalid({ cc: `${email} is not a contact of this client` })
    return person
  })
  const owner = OWNER_OF[kind]
  const at = new Date(now)
  const mailOn = visitorMailEnabled(env)
  let outboxId: number | null = null
  if (mailOn) {
    const replyTo = await replyAddress(env, kind, id)
    // One letter per person, each greeting its reader by name.
    const letters = [to, ...copied].map((person) => {
      const mail = replyMail(env, { reference: request.reference ?? '', name: person.name, body })
      return queueMail(
        db,
        {
          [owner]: id,
          kind: 'reply',
          recipient: person.email,
          replyTo,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
        },
        at,
      )
    })
    const queued = []
    for (const letter of letters) queued.push((await letter)[0]!.id)
    outboxId = queued[0]!
    for (const copyId of queued.slice(1)) later(deliverLogged(db, env, copyId))
  }
  const m = tables.requestMessages
  const writes = [
    db
      .insert(m)
      .values({
        [owner]: id,
        direction: 'out',
        author: env.MAIL_FROM,
        authorName: env.OWNER_NAME,
        body,
        outboxId,
        createdAt: at,
        updatedAt: at,
      })
      .returning(),
  ] as const
  const [[message]] = await db.batch(writes)
  if (kind === 'support' && request.status === 'pending') {
    await db
      .update(tables.supportRequests)
      .set({ status: 'in_progress', customerRepliedAt: null })
      .where(eq(tables.supportRequests.id, id))
  } else {
    // Answering a customer's reply is reading it: the "Customer replied" mark goes.
    await db
      .update(TABLE_OF[kind])
      .set({ updatedAt: at, customerRepliedAt: null })
      .where(eq(TABLE_OF[kind].id, id))
  }
  const { consultationId: _c, supportRequestId: _s, ...rest } = message!
  if (outboxId !== null) later(deliverLogged(db, env, outboxId))
  return { ...rest, delivery: outboxId === null ? 'not_sent' : 'pending' }
}
