// The owner's "Invite to portal" and "Copy sign-in link" (issue 24): a fresh
// single-use sign-in link for one contact, e-mailed to them when visitor mail
// is on, else (or when asked) handed to the owner to pass on by hand.

import type { Db } from '../db'
import { queueMail } from '../mail/outbox'
import { portalInviteMail } from '../mail/portal-invite'
import { visitorMailEnabled } from '../mail/visitor'
import { CLIENT_MESSAGES, getClient, getContact } from './clients'
import { Conflict } from './errors'
import { createSignInLink } from './portal-links'

export type PortalInvite = {
  /** The link, for the owner to copy; null once it was e-mailed (it works only once). */
  url: string | null
  /** The outbox message that carries the link, when it was e-mailed. */
  outboxId: number | null
}

export async function inviteToPortal(
  db: Db,
  env: Env,
  contactId: number,
  { send }: { send: boolean },
  now = new Date(),
): Promise<PortalInvite> {
  const contact = await getContact(db, contactId)
  // An archived client's contacts are out of the portal (issue 34); its links would not sign in.
  if ((await getClient(db, contact.clientId)).status !== 'active')
    throw new Conflict(CLIENT_MESSAGES.archived)
  const url = await createSignInLink(db, env, { contactId: contact.id, next: '/portal' })
  if (!send || !visitorMailEnabled(env)) return { url, outboxId: null }
  const mail = portalInviteMail(env, { name: contact.name, url })
  const [row] = await queueMail(
    db,
    {
      kind: 'portal-invite',
      recipient: contact.email,
      replyTo: env.NOTIFY_EMAIL,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    },
    now,
  )
  return { url: null, outboxId: row!.id }
}
