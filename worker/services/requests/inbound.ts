// Mail in: a requester's answer appended to its thread, and when one is refused.
import { and, count, eq, gte, inArray } from 'drizzle-orm'
import type { RequestKind } from '../../../schema/request-statuses'
import type { RequestMessage } from '../../../schema/tables'
import type { Db } from '../../db'
import { tables } from '../../db'
import { NotFound } from '../errors'
import { dueClock } from './due-clock'
import { OWNER_OF, requestRow, TABLE_OF } from './threads'

/**
 * A message from the requester (the email() handler): appended to the thread,
 * and the request marked as updated; a support request waiting on the
 * requester goes back to in progress, its due clock resuming.
 */
export async function appendInbound(
  db: Db,
  kind: RequestKind,
  id: number,
  message: {
    author: string
    body: string
    attachments: RequestMessage['attachments']
    authorName?: string | null
    authorContactId?: number | null
  },
  now = Date.now(),
) {
  const at = new Date(now)
  if (kind === 'support') {
    const s = tables.supportRequests
    const [current] = await db.select().from(s).where(eq(s.id, id))
    if (!current) throw new NotFound('Request not found')
    const reopen = current.status === 'waiting'
    await db
      .update(s)
      .set({
        updatedAt: at,
        ...(reopen ? { status: 'in_progress', ...dueClock(current, 'in_progress', now) } : {}),
      })
      .where(eq(s.id, id))
  } else {
    await requestRow(db, kind, id)
    await db.update(tables.consultations).set({ updatedAt: at }).where(eq(tables.consultations.id, id))
  }
  const [row] = await db
    .insert(tables.requestMessages)
    .values({ [OWNER_OF[kind]]: id, direction: 'in', ...message, createdAt: at, updatedAt: at })
    .returning()
  return row!
}

/** How long after its close a request still takes replies by mail. */
export const INBOUND_CLOSED_GRACE_MS = 30 * 24 * 60 * 60 * 1000
/** Replies by mail a request takes in any 24 hours. */
export const INBOUND_DAILY_LIMIT = 20

export type InboundRefusal = 'unknown' | 'sender' | 'closed' | 'quota'

/**
 * Whether mail from `sender` may be added to the request's thread
 * (docs/decisions/054-mail-threads.md, issue 27): only from the request's own
 * address, only while it is open or closed for under 30 days, at most
 * INBOUND_DAILY_LIMIT a day. Null when accepted, else the reason.
 */
export async function inboundRefusal(
  db: Db,
  kind: RequestKind,
  id: number,
  sender: string,
  now = Date.now(),
): Promise<InboundRefusal | null> {
  const t = TABLE_OF[kind]
  const [row] = await db.select({ email: t.email, closedAt: t.closedAt }).from(t).where(eq(t.id, id))
  if (!row) return 'unknown'
  if (row.email.trim().toLowerCase() !== sender.trim().toLowerCase()) return 'sender'
  if (row.closedAt && now - row.closedAt.getTime() >= INBOUND_CLOSED_GRACE_MS) return 'closed'
  const m = tables.requestMessages
  const [recent] = await db
    .select({ n: count() })
    .from(m)
    .where(
      and(eq(m[OWNER_OF[kind]], id), eq(m.direction, 'in'), gte(m.createdAt, new Date(now - 86_400_000))),
    )
  if ((recent?.n ?? 0) >= INBOUND_DAILY_LIMIT) return 'quota'
  return null
}

/** The R2 keys of the attachments of these requests' threads (for erasure). */
export async function attachmentKeys(db: Db, kind: RequestKind, ids: number[]): Promise<string[]> {
  if (!ids.length) return []
  const m = tables.requestMessages
  const rows = await db.select({ attachments: m.attachments }).from(m).where(inArray(m[OWNER_OF[kind]], ids))
  return rows.flatMap((r) => r.attachments.map((a) => a.key))
}
