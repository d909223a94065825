// The client page as the hub (issue 36): its dated notes log and its payments.
// A note is added, never edited: the log is what was known when.
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { z } from 'zod'
import type { ClientNote } from '../../schema/tables'
import { multiLine } from '../../schema/text'
import type { Db } from '../db'
import { tables } from '../db'
import { getClient } from './clients'
import { Invalid } from './errors'

export const clientNoteInput = z.object({ body: multiLine('Note', 5000) })

const n = tables.clientNotes

export const notesOfClient = (db: Db, clientId: number): Promise<ClientNote[]> =>
  db.select().from(n).where(eq(n.clientId, clientId)).orderBy(desc(n.createdAt), desc(n.id)).limit(200)

export async function addClientNote(
  db: Db,
  clientId: number,
  body: string,
  author: string | null,
  now = new Date(),
): Promise<ClientNote> {
  const parsed = clientNoteInput.safeParse({ body })
  if (!parsed.success) throw new Invalid({ body: parsed.error.issues[0]!.message })
  await getClient(db, clientId)
  const [row] = await db
    .insert(n)
    .values({ clientId, body: parsed.data.body, author, createdAt: now })
    .returning()
  return row!
}

export type ClientPayment = {
  id: number
  date: string
  method: (typeof tables.payments.$inferSelect)['method']
  amountCents: number
  currency: string
  reference: string | null
  invoiceId: number
  invoiceNumber: string
}

/** The client's payments recorded on its invoices, newest first (unmatched ones belong to no client). */
export const paymentsOfClient = (db: Db, clientId: number): Promise<ClientPayment[]> => {
  const p = tables.payments
  const i = tables.invoices
  return db
    .select({
      id: p.id,
      date: p.date,
      method: p.method,
      amountCents: p.amountCents,
      currency: p.currency,
      reference: p.reference,
      invoiceId: i.id,
      invoiceNumber: i.number,
    })
    .from(p)
    .innerJoin(i, eq(p.invoiceId, i.id))
    .where(and(eq(i.clientId, clientId), isNotNull(p.invoiceId)))
    .orderBy(desc(p.date), desc(p.id))
    .limit(200) as Promise<ClientPayment[]>
}
