// "Ask for changes" reaches the inbox (issue 36, ADR 164): the first ask on a
// quote opens a support request of the client, authored by the contact who
// asked and linked to the quote; every later ask on it (by any contact of the
// client) joins that request's thread as a customer reply, so the owner
// answers from the inbox to whoever wrote last.
import { eq } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'
import { isUniqueRefusal } from './balance'
import { recordCustomerReply } from './customer-replies'
import { nextReference } from './requests'

export type QuoteAsk = {
  quoteId: number
  label: string
  title: string
  clientId: number
  contactId: number
  text: string
}

const s = tables.supportRequests

/** Returns the support request the ask is on, and the owner's notice to send when it was appended. */
export async function askIntoInbox(
  db: Db,
  env: Env,
  ask: QuoteAsk,
  now = new Date(),
): Promise<{ requestId: number; outboxId: number | null }> {
  const [contact] = await db.select().from(tables.contacts).where(eq(tables.contacts.id, ask.contactId))
  if (!contact) throw new Error('The asking contact is gone')
  const existing = async () =>
    (await db.select({ id: s.id }).from(s).where(eq(s.quoteId, ask.quoteId)).limit(1))[0]
  const append = async (requestId: number) => {
    const { outboxId } = await recordCustomerReply(
      db,
      env,
      { kind: 'support', id: requestId },
      { author: contact.email, body: ask.text, attachments: [] },
      now.getTime(),
    )
    return { requestId, outboxId }
  }
  const found = await existing()
  if (found) return append(found.id)
  const reference = await nextReference(db, 'support')
  try {
    const [row] = await db
      .insert(s)
      .values({
        name: contact.name,
        email: contact.email,
        phone: contact.phone ?? '',
        issueType: 'other',
        urgency: 'medium',
        description: `Changes asked for the quote ${ask.label} ("${ask.title}"):\n\n${ask.text}`,
        preferredContact: 'email',
        reference,
        clientId: ask.clientId,
        contactId: contact.id,
        quoteId: ask.quoteId,
        customerRepliedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: s.id })
    // The owner's e-mail about the ask is already queued by askForQuoteChanges.
    return { requestId: row!.id, outboxId: null }
  } catch (err) {
    // Two asks at once: the other one opened the conversation; this one joins it.
    if (!isUniqueRefusal(err, 'support_requests.quote_id')) throw err
    return append((await existing())!.id)
  }
}
