// The send step (issue 36, ADR 140): one piece for every document the owner
// sends to a client (quotes, invoices and credit notes, later incident
// notices). Before anything goes, the owner sees who receives it (chosen among
// the client's contacts), the e-mail as the client will read it and the
// warnings; the send then takes the chosen `recipientContactIds`.
import { asc, eq } from 'drizzle-orm'
import type { Contact } from '../../schema/tables'
import type { Db } from '../db'
import { tables } from '../db'
import { Conflict, Invalid } from './errors'

/** A contact the document can go to, and whether it is ticked by default. */
export type Recipient = {
  contactId: number
  name: string
  email: string
  role: string | null
  selected: boolean
}

/** What the send dialog shows before the owner presses Send. */
export type SendPreview = {
  recipients: Recipient[]
  subject: string
  textBody: string
  /** Things the owner should know before sending (owner-only notes, unfilled merge fields). */
  warnings: string[]
  /** The document exactly as the client will get it (an admin URL of the PDF). */
  documentUrl: string
}

/** A contact whose role names them the one who gets the paperwork. */
const BILLING_ROLE = /\b(billing|accounts?|primary|main)\b/i

/**
 * Who gets a document when the owner does not choose: the contact the
 * document names, else the client's billing (or primary) contact, else its
 * first contact.
 */
export function defaultRecipient(contacts: readonly Contact[], documentContactId: number | null) {
  return (
    contacts.find((c) => c.id === documentContactId) ??
    contacts.find((c) => c.role && BILLING_ROLE.test(c.role)) ??
    contacts[0] ??
    null
  )
}

const clientContacts = (db: Db, clientId: number) =>
  db
    .select()
    .from(tables.contacts)
    .where(eq(tables.contacts.clientId, clientId))
    .orderBy(asc(tables.contacts.id))

/** The client's contacts as the send dialog lists them, the default one ticked. */
export async function recipientOptions(
  db: Db,
  clientId: number,
  documentContactId: number | null,
): Promise<Recipient[]> {
  const contacts = await clientContacts(db, clientId)
  const chosen = defaultRecipient(contacts, documentContactId)
  return contacts.map((c) => ({
    contactId: c.id,
    name: c.name,
    email: c.email,
    role: c.role,
    selected: c.id === chosen?.id,
  }))
}

/**
 * The contacts a send goes to: the ones asked for (each must be a contact of
 * this client: another client's contact is refused, naming the field), or the
 * default one when none are given. At least one is needed.
 */
export async function chosenRecipients(
  db: Db,
  clientId: number,
  recipientContactIds: readonly number[] | null | undefined,
  documentContactId: number | null,
): Promise<Contact[]> {
  const contacts = await clientContacts(db, clientId)
  if (!recipientContactIds?.length) {
    const one = defaultRecipient(contacts, documentContactId)
    if (!one) throw new Conflict('The client has no contact to send this to; add one first.')
    return [one]
  }
  const ids = [...new Set(recipientContactIds)]
  const chosen = ids.map((id) => contacts.find((c) => c.id === id))
  if (chosen.some((c) => !c))
    throw new Invalid({ recipientContactIds: 'Choose contacts of this client only' })
  return chosen as Contact[]
}
