// Sending and withdrawing: agreements frozen with merge fields filled, the client's mail and its links.
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { formatCents } from '../../../schema/money'
import { forClient, ownerNotes, ownerNoteWarning } from '../../../schema/owner-notes'
import { fillMergeFields, type MergeValues, quoteLabel } from '../../../schema/quotes'
import { SIGN_IN_LINK_LIFETIME } from '../../../schema/sign-in-link'
import { formatCalendarDate } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { tables } from '../../db'
import { letterHtml } from '../../mail/letter-html'
import { type QueuedMail, queueMail } from '../../mail/outbox'
import { headerSafe } from '../../mail/templates'
import { visitorMailEnabled } from '../../mail/visitor'
import { Conflict, Invalid } from '../errors'
import { createSignInLink } from '../portal-links'
import { chosenRecipients, recipientOptions, type SendPreview } from '../send-step'
import { isDraftLock, today } from './create-and-edit'
import { getQuote, type QuoteDetail, row } from './read'
import { REVISABLE } from './revisions'
import { OPEN, q, qa } from './shared'

// ---------- Sending ----------

/**
 * The quote's page in the portal: the link the send answers with, for the
 * owner to see or pass on by hand. It signs nobody in (the owner opening it
 * must not use up the client's one-time link), so it asks for a sign-in.
 */
export const quotePageLink = (env: Pick<Env, 'SITE_URL'>, quoteId: number): string =>
  new URL(`/portal/quotes/${quoteId}`, env.SITE_URL).toString()

/**
 * The link the quote's e-mail carries: a portal sign-in link for the contact
 * (services/portal-links.ts, one use, 15 minutes) that leads to the quote, so
 * the client reads and signs it without asking for a link first. Once it has
 * expired, the page it opens offers a new one by e-mail.
 */
export const quoteLink = (db: Db, env: Pick<Env, 'SITE_URL'>, contactId: number, quoteId: number) =>
  createSignInLink(db, env, { contactId, next: `/portal/quotes/${quoteId}` })

function mergeValues(env: Env, d: QuoteDetail, now: Date): MergeValues {
  return {
    'client.name': d.client.name,
    'contact.name': d.contact?.name ?? '',
    'contact.email': d.contact?.email ?? '',
    'quote.number': d.label,
    'quote.title': d.title,
    // Without the options: the client has not chosen them yet.
    'quote.total': formatCents(d.totals.totalCents),
    'quote.deposit': formatCents(d.depositCents),
    'quote.validUntil': formatCalendarDate(d.validUntil),
    'owner.name': env.OWNER_NAME,
    today: formatCalendarDate(today(now)),
  }
}

/**
 * The agreements as the client reads them: a sent quote's frozen text, or a
 * draft's as it will be frozen at Send (merge fields filled, owner-only notes
 * removed), so the preview PDF shows exactly what the client will get.
 */
export async function clientAgreements(db: Db, env: Env, d: QuoteDetail, now = new Date()) {
  if (d.status !== 'draft') return d.agreements
  return (await draftAgreements(db, env, d, now)).map((a) => ({ ...a, body: a.clientBody }))
}

/**
 * A draft's agreements as Send will freeze them: the template's current text
 * (the owner may have edited it since the draft was made; the draft's copy
 * when the template is gone), merge fields filled; `clientBody` without the
 * owner-only notes, `notes` those notes (for the send step's warning).
 */
async function draftAgreements(db: Db, env: Env, d: QuoteDetail, now: Date) {
  const values = mergeValues(env, d, now)
  const templateIds = d.agreements.map((a) => a.templateId ?? 0)
  const templates = templateIds.length
    ? await db
        .select()
        .from(tables.agreementTemplates)
        .where(inArray(tables.agreementTemplates.id, templateIds))
    : []
  return d.agreements.map((a) => {
    const filled = fillMergeFields(templates.find((t) => t.id === a.templateId)?.body ?? a.body, values)
    return { ...a, clientBody: forClient(filled), notes: ownerNotes(filled) }
  })
}

export const outboxRow = (m: {
  recipient: string
  subject: string
  text: string
  html: string
  attachments?: QueuedMail['attachments']
}): QueuedMail => ({
  recipient: m.recipient,
  replyTo: null,
  subject: headerSafe(m.subject, 200),
  textBody: m.text,
  htmlBody: m.html,
  attachments: m.attachments ?? [],
  kind: 'quote',
})

export function quoteMail(
  env: Env,
  d: QuoteDetail,
  to: { name: string; email: string },
  link: { signIn: string; page: string },
  reminder = false,
) {
  const greeting = `Hello ${to.name},`
  const lead = reminder
    ? `A reminder: the quote "${d.title}" (${d.label}) is valid until ${formatCalendarDate(d.validUntil)}.`
    : `${env.OWNER_NAME} sent you the quote "${d.title}" (${d.label}) for ${formatCents(d.totals.totalCents)}, valid until ${formatCalendarDate(d.validUntil)}.`
  const ask = 'Read it, choose any options and accept it online:'
  // The sign-in link works once, for a short while; the page's own address stays
  // (it asks for a new link by e-mail first).
  const later = `The link signs you in once, within ${SIGN_IN_LINK_LIFETIME}. Later, the quote is at ${link.page}`
  return outboxRow({
    recipient: to.email,
    subject: `${reminder ? 'Reminder: quote' : 'Quote'} ${d.label} from ${env.OWNER_NAME}`,
    text: [greeting, '', lead, ask, link.signIn, '', later, '', env.OWNER_NAME].join('\n'),
    html: letterHtml({
      paragraphs: [greeting, lead, ask],
      link: { href: link.signIn, text: 'Open the quote' },
      footer: `${env.OWNER_NAME}. ${later}`,
    }),
  })
}

/** The options for the send step: options left open, revisions this one replaces. */
export type SendQuoteOptions = { recipientContactIds?: readonly number[] | null }

/**
 * What Send will do, for the send dialog: the client's contacts (the default
 * one ticked), the e-mail as the first recipient reads it, the document (the
 * draft PDF shows exactly the text Send freezes) and the warnings: owner-only
 * notes still in an agreement, merge fields nothing fills.
 */
export async function quoteSendPreview(db: Db, env: Env, id: number, now = new Date()): Promise<SendPreview> {
  const d = await getQuote(db, id)
  if (d.status !== 'draft') throw new Conflict('This quote was already sent.')
  const recipients = await recipientOptions(db, d.clientId, d.contactId)
  const first = recipients.find((r) => r.selected)
  const mail = quoteMail(
    env,
    d,
    { name: first?.name ?? d.client.name, email: first?.email ?? '' },
    { signIn: '(a one-time sign-in link for each recipient)', page: quotePageLink(env, id) },
  )
  const warnings: string[] = []
  for (const a of await draftAgreements(db, env, d, now)) {
    if (a.notes.length) warnings.push(ownerNoteWarning(a.name, a.notes))
    const unfilled = [...new Set(a.clientBody.match(/\{\{\s*[a-zA-Z.]+\s*\}\}/g) ?? [])]
    if (unfilled.length) warnings.push(`"${a.name}" has merge fields nothing fills: ${unfilled.join(', ')}.`)
  }
  if (!recipients.length) warnings.push('The client has no contact yet; add one before sending.')
  const earlier = d.revision > 1 ? await openEarlierRevisions(db, d.number, d.revision) : []
  if (earlier.length)
    warnings.push(
      `Sending replaces ${earlier.map((e) => quoteLabel(d.number, e.revision)).join(', ')}: the client can no longer accept it.`,
    )
  return {
    recipients,
    subject: mail.subject,
    textBody: mail.textBody,
    warnings,
    documentUrl: `/api/quotes/${id}/pdf`,
  }
}

/** Earlier revisions of a number the client still holds (sent or viewed): this send replaces them. */
const openEarlierRevisions = (db: Db, number: string, revision: number) =>
  db
    .select({ id: q.id, revision: q.revision })
    .from(q)
    .where(and(eq(q.number, number), lt(q.revision, revision), ne(q.status, 'draft')))

/**
 * Sends a draft to the chosen contacts (the default one when none are given):
 * freezes its totals and its agreements' text (merge fields filled, owner-only
 * notes removed), marks it sent and, when visitor mail is on, queues one
 * e-mail per recipient with their own sign-in link. A revision replaces the
 * earlier ones in the same batch (they stay current until this moment), and
 * is refused if one of them was accepted meanwhile. The link is returned
 * either way, for the owner to pass on by hand.
 */
export async function sendQuote(
  db: Db,
  env: Env,
  id: number,
  options: SendQuoteOptions = {},
  now = new Date(),
) {
  const d = await getQuote(db, id)
  if (d.status !== 'draft') throw new Conflict('This quote was already sent.')
  const recipients = await chosenRecipients(db, d.clientId, options.recipientContactIds, d.contactId)
  if (d.validUntil < today(now))
    throw new Invalid({ validUntil: 'Valid until is in the past; change it first' })
  const agreements = await draftAgreements(db, env, d, now)
  const link = quotePageLink(env, id)
  // Made only when the e-mail goes: an unused sign-in link is one more way in.
  const mail = visitorMailEnabled(env)
    ? await Promise.all(
        recipients.map(async (r) =>
          quoteMail(env, d, r, { signIn: await quoteLink(db, env, r.id, id), page: link }),
        ),
      )
    : []
  // The earlier revision is current until now; accepted meanwhile, this one cannot replace it.
  const noEarlierAccepted = sql`not exists (select 1 from quotes e where e.number = ${d.number} and e.revision < ${d.revision} and e.status = 'accepted')`
  try {
    const statements: BatchItem<'sqlite'>[] = [
      // Filled and frozen while the quote is still a draft (the triggers allow it only then).
      ...agreements.map((a) => db.update(qa).set({ body: a.clientBody }).where(eq(qa.id, a.id))),
      db
        .update(q)
        .set({
          status: 'sent',
          sentAt: now,
          updatedAt: now,
          contactId: recipients[0]!.id,
          subtotalCents: d.totals.subtotalCents,
          discountCents: d.totals.discountCents,
          taxCents: d.totals.taxCents,
          totalCents: d.totals.totalCents,
        })
        .where(and(eq(q.id, id), eq(q.status, 'draft'), noEarlierAccepted))
        .returning({ id: q.id }),
      // Only once this one is sent (the status above) do the earlier ones stop being acceptable.
      db
        .update(q)
        .set({ status: 'superseded', supersededById: id, updatedAt: now })
        .where(
          and(
            eq(q.number, d.number),
            lt(q.revision, d.revision),
            inArray(q.status, [...REVISABLE]),
            sql`(select status from quotes s where s.id = ${id}) = 'sent'`,
          ),
        ),
      ...(mail.length ? [queueMail(db, mail, now)] : []),
    ]
    const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
    const sent = results[agreements.length] as { id: number }[]
    if (!sent.length) {
      const fresh = await row(db, id)
      if (fresh.status !== 'draft') throw new Conflict('This quote was already sent.')
      throw new Conflict(
        'An earlier revision of this quote was accepted meanwhile; this revision can no longer be sent.',
      )
    }
    const outboxIds = mail.length ? (results[agreements.length + 2] as { id: number }[]).map((r) => r.id) : []
    return { quote: await getQuote(db, id), link, outboxIds, recipients: recipients.map((r) => r.email) }
  } catch (err) {
    if (isDraftLock(err)) throw new Conflict('This quote was already sent.')
    throw err
  }
}

/** Withdraws an open quote: the client can no longer accept it. */
export async function withdrawQuote(db: Db, id: number, now = new Date()) {
  const d = await getQuote(db, id)
  const [done] = await db
    .update(q)
    .set({ status: 'withdrawn', decidedAt: now, updatedAt: now })
    .where(and(eq(q.id, id), inArray(q.status, ['draft', ...OPEN])))
    .returning({ id: q.id })
  if (!done) throw new Conflict(`A ${d.status} quote cannot be withdrawn.`)
  return getQuote(db, id)
}
