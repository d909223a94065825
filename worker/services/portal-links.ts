// E-mailed portal sign-in links (issue 24, docs/decisions/087-portal-sign-in.md):
// a random 32-byte token in the URL, only its SHA-256 in D1, valid SIGN_IN_LINK_TTL_MINUTES (15)
// and used once. Using one (signInWithLink in portal-sessions.ts) opens the
// session and marks the link in one batch, so two clicks at the same moment
// (or a mail scanner racing the person) sign in once.
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { and, count, eq, gt, isNull, lt, or, type SQLWrapper, sql } from 'drizzle-orm'
import { safeNext } from '../../schema/portal-next'
import { SIGN_IN_LINK_TTL_MS } from '../../schema/sign-in-link'
import type { Db } from '../db'
import { tables } from '../db'
import { queueMail } from '../mail/outbox'
import { portalLinkMail } from '../mail/templates'
import { visitorMailEnabled } from '../mail/visitor'

export { SIGN_IN_LINK_TTL_MS }
/** At most this many links are made for one contact an hour; more asks are answered the same, with no link. */
export const SIGN_IN_LINKS_PER_HOUR = 5

const HOUR = 60 * 60_000

export const linkTokenHash = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)))

/** 32 random bytes, base64url: 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

const l = tables.portalLinks

/**
 * Whether a contact may be in the portal at all: the contact exists and its
 * client is not archived (issue 34). Every link check and every session read
 * asks it, so archiving a client shuts its contacts out at once, whatever
 * links were mailed before.
 */
export const contactMayUsePortal = (contactId: SQLWrapper) =>
  // Aliased: the outer query may itself read contacts, whose columns would
  // otherwise resolve to this subquery's own table.
  sql`exists (select 1 from ${tables.contacts} as may_contact join ${tables.clients} as may_client
    on may_client.id = may_contact.client_id
    where may_contact.id = ${contactId} and may_client.status = 'active')`

/** The one rule of a usable link: this token, unused, unexpired, for a contact who may use the portal. */
export const usableLink = (token: string, now: number) =>
  and(
    eq(l.tokenHash, linkTokenHash(token)),
    isNull(l.usedAt),
    gt(l.expiresAt, new Date(now)),
    contactMayUsePortal(l.contactId),
  )

/** Where a link may lead after signing in (the rule lives in schema/portal-next.ts). */
export { safeNext }

/**
 * A new sign-in link for a contact: the absolute URL `${SITE_URL}/portal/sign-in/<token>`.
 * The caller passes it on (the e-mail, or the owner's "copy sign-in link").
 * (A link made for an archived client's contact is stored but never signs in:
 * see usableLink.)
 */
export async function createSignInLink(
  db: Db,
  env: Pick<Env, 'SITE_URL'>,
  { contactId, next }: { contactId: number; next?: string | null },
  now = Date.now(),
): Promise<string> {
  const token = newLinkToken()
  await db.insert(l).values({
    tokenHash: linkTokenHash(token),
    contactId,
    next: safeNext(next),
    expiresAt: new Date(now + SIGN_IN_LINK_TTL_MS),
    createdAt: new Date(now),
  })
  return linkUrl(env, token)
}

const newLinkToken = () => encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)))
const linkUrl = (env: Pick<Env, 'SITE_URL'>, token: string) =>
  new URL(`/portal/sign-in/${token}`, env.SITE_URL).toString()

/**
 * A link for the contact who has this address now, made in one statement
 * that checks the address and the client's state as it inserts: an e-mail
 * change or an archive that lands between the look-up and the insert leaves
 * no link behind (their own batch deletes the links made before them).
 * Null when the contact no longer matches.
 */
async function createLinkForAddress(
  db: Db,
  env: Pick<Env, 'SITE_URL'>,
  { contactId, email, next }: { contactId: number; email: string; next: string | null },
  now: number,
): Promise<string | null> {
  const token = newLinkToken()
  const k = tables.contacts
  // Columns in the table's order (drizzle's insert ... select lists them so).
  const rows = await db
    .insert(l)
    .select(
      db
        .select({
          tokenHash: sql<string>`${linkTokenHash(token)}`.as('token_hash'),
          contactId: k.id,
          next: sql<string | null>`${next}`.as('next'),
          expiresAt: sql<number>`${now + SIGN_IN_LINK_TTL_MS}`.as('expires_at'),
          usedAt: sql<null>`null`.as('used_at'),
          createdAt: sql<number>`${now}`.as('created_at'),
        })
        .from(k)
        .where(and(eq(k.id, contactId), eq(k.email, email), contactMayUsePortal(k.id))),
    )
    .returning({ tokenHash: l.tokenHash })
  return rows.length ? linkUrl(env, token) : null
}

/** How many links were made for the contact in the past hour (the per-address cap). */
export async function recentLinkCount(db: Db, contactId: number, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(l)
    .where(and(eq(l.contactId, contactId), gt(l.createdAt, new Date(now - HOUR))))
  return row?.n ?? 0
}

/**
 * Whether a link can still be used, without using it: the page a link opens
 * only shows a button (mail scanners fetch links; a GET must not sign in).
 */
export async function signInLinkUsable(db: Db, token: string, now = Date.now()): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false
  const [row] = await db.select({ contactId: l.contactId }).from(l).where(usableLink(token, now)).limit(1)
  return Boolean(row)
}

/**
 * Where a link was to lead, whatever its state (used or expired too): the page
 * of a dead link offers a new one that goes there, e.g. the quote an e-mail
 * was about. Null once the cron has purged the link (an hour after expiry).
 */
export async function signInLinkNext(db: Db, token: string): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  const [row] = await db
    .select({ next: l.next })
    .from(l)
    .where(eq(l.tokenHash, linkTokenHash(token)))
    .limit(1)
  return safeNext(row?.next)
}

/** Links past their expiry, used or not, are deleted by the cron (an hour later: the cap counts them). */
export async function purgeExpiredLinks(db: Db, now = Date.now()) {
  await db.batch([
    db.delete(l).where(or(lt(l.expiresAt, new Date(now - HOUR)), lt(l.createdAt, new Date(now - 2 * HOUR)))),
    // The e-mails that carried links: a dead link is no use to keep.
    db
      .delete(tables.mailOutbox)
      .where(
        and(
          eq(tables.mailOutbox.kind, 'portal-link'),
          lt(tables.mailOutbox.createdAt, new Date(now - 2 * HOUR)),
        ),
      ),
  ])
}

/**
 * "E-mail me a sign-in link" on /portal. For a known contact of an active
 * client (matched by the address, in lower case) a link is made and, when
 * visitor mail is on, queued in the outbox; returns the outbox id, or null.
 * The caller runs it after the answer, for every address, so neither the
 * answer nor its timing reveals whether an address is known (issue 34).
 * `next` (a portal path, else dropped) is where the new link leads: the page
 * of a dead quote or invoice link asks for one that goes back there.
 */
export async function requestSignInLink(
  db: Db,
  env: Env,
  email: string,
  now = Date.now(),
  next: string | null = null,
): Promise<number | null> {
  const k = tables.contacts
  // An archived client's contacts get no link (issue 34).
  const [contact] = await db
    .select({ id: k.id, name: k.name, email: k.email })
    .from(k)
    .where(and(eq(k.email, email.trim().toLowerCase()), contactMayUsePortal(k.id)))
    .limit(1)
  if (!contact) return null
  // The per-address cap: a flood of asks cannot become a flood of e-mails to one person.
  if ((await recentLinkCount(db, contact.id, now)) >= SIGN_IN_LINKS_PER_HOUR) return null
  const url = await createLinkForAddress(
    db,
    env,
    { contactId: contact.id, email: contact.email, next: safeNext(next) },
    now,
  )
  if (!url) return null
  // With visitor mail off the link is made and kept (it expires unused); the
  // owner can copy a fresh one from the contact's page and pass it on by hand.
  if (!visitorMailEnabled(env)) return null
  const mail = portalLinkMail(env, { name: contact.name, url })
  const at = new Date(now)
  const [row] = await queueMail(
    db,
    {
      kind: 'portal-link',
      recipient: contact.email,
      replyTo: null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    },
    at,
  )
  return row!.id
}
