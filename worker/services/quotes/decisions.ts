// The client's decisions: accept (one signature wins), what an acceptance issues, decline, ask for changes.
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  type AcceptInput,
  depositOf,
  quoteDocumentText,
  quoteTotals,
  sha256Hex,
} from '../../../schema/quotes'
import type { Db } from '../../db'
import { tables } from '../../db'
import { letterHtml } from '../../mail/letter-html'
import { queueMail } from '../../mail/outbox'
import { baaFromAcceptedQuote } from '../compliance/baas'
import { Conflict, Invalid, NotFound } from '../errors'
import { createInvoice, sendInvoice } from '../invoices'
import { askIntoInbox } from '../quote-conversation'
import { ensureSignedPdf, queueAcceptanceMail } from './pdf'
import { closedReason, portalQuote } from './portal'
import { documentOf, getQuote, offerHash, row } from './read'
import { outboxRow } from './sending'
import { OPEN, type PortalScope, q, type RequestMeta, sig } from './shared'

/**
 * Accepts (signs) a quote: checks it is open, the options are its own, and
 * the offer is the one the client read (the hash their form carried); then
 * records the signature and the decision in one batch. Afterwards the signed
 * PDF is stored and e-mailed; the caller sends the returned outbox ids.
 */
export async function acceptQuote(
  db: Db,
  env: Env,
  scope: PortalScope,
  id: number,
  input: AcceptInput,
  meta: RequestMeta,
  now = new Date(),
) {
  const d = await portalQuote(db, scope, id)
  const closed = closedReason(d, now)
  if (closed) throw new Conflict(closed)
  const optional = new Set(d.lines.filter((l) => l.optional).map((l) => l.id))
  const chosen = [...new Set(input.chosenLineIds)].sort((a, b) => a - b)
  if (chosen.some((c) => !optional.has(c)))
    throw new Invalid({ chosenLineIds: 'Choose options of this quote only' })
  if ((await offerHash(d)) !== input.documentHash)
    throw new Conflict('The quote changed since you opened it. Please read it again before accepting.', {
      documentHash: 'The quote changed since you opened it',
    })
  const [contact] = await db
    .select()
    .from(tables.contacts)
    .where(and(eq(tables.contacts.id, scope.contactId), eq(tables.contacts.clientId, scope.clientId)))
  if (!contact) throw new NotFound('Quote not found')
  const doc = documentOf(d)
  const documentSha256 = await sha256Hex(quoteDocumentText(doc, chosen))
  const agreementHashes = await Promise.all(
    d.agreements.map(async (a) => ({ name: a.name, sha256: await sha256Hex(a.body) })),
  )
  const totals = quoteTotals(d, chosen)
  let accepted: { id: number }[]
  try {
    ;[, accepted] = await db.batch([
      // Inserted only while the quote is open; the unique quote_id stops a second one.
      db.insert(sig).select(
        db
          .select({
            // Every column in table order (drizzle's rule for insert ... select); id from AUTOINCREMENT.
            id: sql`null`.as('id'),
            quoteId: q.id,
            contactId: sql`${contact.id}`.as('contact_id'),
            signerName: sql`${input.signerName}`.as('signer_name'),
            signerEmail: sql`${contact.email}`.as('signer_email'),
            signedAt: sql`${now.getTime()}`.as('signed_at'),
            ip: sql`${meta.ip}`.as('ip'),
            userAgent: sql`${meta.userAgent}`.as('user_agent'),
            revision: q.revision,
            documentSha256: sql`${documentSha256}`.as('document_sha256'),
            agreementHashes: sql`${JSON.stringify(agreementHashes)}`.as('agreement_hashes'),
            pdfKey: sql`null`.as('pdf_key'),
            pdfSha256: sql`null`.as('pdf_sha256'),
          })
          .from(q)
          .where(and(eq(q.id, id), inArray(q.status, [...OPEN]))),
      ),
      db
        .update(q)
        .set({
          status: 'accepted',
          decidedAt: now,
          updatedAt: now,
          chosenLineIds: chosen,
          subtotalCents: totals.subtotalCents,
          discountCents: totals.discountCents,
          taxCents: totals.taxCents,
          totalCents: totals.totalCents,
        })
        .where(and(eq(q.id, id), inArray(q.status, [...OPEN])))
        .returning({ id: q.id }),
    ])
  } catch (err) {
    if (/UNIQUE/i.test(`${err} ${(err as Error)?.cause ?? ''}`))
      throw new Conflict('This quote has already been accepted.')
    throw err
  }
  if (!accepted.length)
    throw new Conflict(closedReason(await row(db, id), now) ?? 'This quote can no longer be accepted.')
  const deposit = await onQuoteAccepted(db, env, id, contact.id, now).catch((err) => {
    // The signature is recorded whatever happens here: the acceptance stands, and the
    // owner sees "deposit to invoice" (depositToInvoice) and issues it by hand.
    console.error(`Quote ${id}: the deposit invoice was not issued`, err)
    return null
  })
  const pdf = await ensureSignedPdf(db, env, id)
  // A quote carrying the BAA template puts a BAA on file (issue 39).
  await baaFromAcceptedQuote(db, id)
  const outboxIds = await queueAcceptanceMail(db, env, await getQuote(db, id), pdf.key, now)
  return { quote: await getQuote(db, id), outboxIds, deposit }
}

/** The deposit invoice an acceptance issued, and its e-mail to send (empty with visitor mail off). */
export type IssuedDeposit = { invoiceId: number; number: string; totalCents: number; outboxIds: number[] }

/**
 * What an acceptance starts besides the signed copy: the deposit invoice,
 * made from the accepted quote by the invoice service (numbering, totals and
 * the one-deposit rule are its own) and sent the normal way, so it is in the
 * client's portal and mailbox. Only the acceptance that won calls this; the
 * invoice service's own check makes a second deposit invoice fail whole (a
 * Conflict, answered here with null), so it is issued at most once.
 */
export async function onQuoteAccepted(
  db: Db,
  env: Env,
  quoteId: number,
  contactId: number,
  now = new Date(),
): Promise<IssuedDeposit | null> {
  const [quote] = await db
    .select({
      clientId: q.clientId,
      status: q.status,
      depositPercent: q.depositPercent,
      totalCents: q.totalCents,
    })
    .from(q)
    .where(eq(q.id, quoteId))
  if (quote?.status !== 'accepted' || depositOf(quote.totalCents, quote.depositPercent) <= 0) return null
  let invoiceId: number
  try {
    invoiceId = (
      await createInvoice(
        db,
        { clientId: quote.clientId, source: 'quote', quoteId, part: 'deposit', contactId },
        now,
      )
    ).id
  } catch (err) {
    // Already invoiced (by the owner's hand at the same moment): nothing more to issue.
    if (err instanceof Conflict) return null
    throw err
  }
  const sent = await sendInvoice(db, env, invoiceId, {}, now)
  return {
    invoiceId,
    number: sent.invoice.number,
    totalCents: sent.invoice.totalCents,
    outboxIds: sent.outboxIds,
  }
}

/** Declines an open quote, with the client's reason if given. */
export async function declineQuote(
  db: Db,
  env: Env,
  scope: PortalScope,
  id: number,
  reason: string | null,
  now = new Date(),
) {
  const d = await portalQuote(db, scope, id)
  const closed = closedReason(d, now)
  if (closed) throw new Conflict(closed.replace('accepted', 'declined'))
  const [done] = await db
    .update(q)
    .set({ status: 'declined', declineReason: reason, decidedAt: now, updatedAt: now })
    .where(and(eq(q.id, id), inArray(q.status, [...OPEN])))
    .returning({ id: q.id })
  if (!done)
    throw new Conflict(closedReason(await row(db, id), now) ?? 'This quote can no longer be declined.')
  const fresh = await getQuote(db, id)
  const text = `${fresh.contact?.name ?? fresh.client.name} declined the quote ${fresh.label} ("${fresh.title}").${reason ? `\n\nReason: ${reason}` : ''}`
  const [mail] = await queueMail(
    db,
    outboxRow({
      recipient: env.NOTIFY_EMAIL,
      subject: `Quote ${fresh.label} declined by ${fresh.client.name}`,
      text,
      html: letterHtml({ paragraphs: text.split('\n\n') }),
    }),
    now,
  )
  return { quote: fresh, outboxIds: [mail!.id] }
}

/**
 * "Ask for changes" on a quote the client holds (sent or viewed): the message
 * is kept on the quote (the admin shows it) and e-mailed to the owner in the
 * same batch. The quote stays open: the owner answers with a revision.
 */
export async function askForQuoteChanges(
  db: Db,
  env: Env,
  scope: PortalScope,
  id: number,
  message: string,
  now = new Date(),
) {
  const d = await portalQuote(db, scope, id)
  const closed = closedReason(d, now)
  if (closed) throw new Conflict(closed.replace('accepted', 'changed'))
  const text = message.trim()
  if (!text) throw new Invalid({ message: 'Write what you would like changed' })
  const [contact] = await db
    .select({ id: tables.contacts.id, name: tables.contacts.name, email: tables.contacts.email })
    .from(tables.contacts)
    .where(and(eq(tables.contacts.id, scope.contactId), eq(tables.contacts.clientId, scope.clientId)))
  if (!contact) throw new NotFound('Quote not found')
  const ownerText = `${contact.name} (${d.client.name}) asks for changes to the quote ${d.label} ("${d.title}"):\n\n${text}\n\nRevise the quote in the admin to answer: ${new URL(`/admin/quotes/${id}`, env.SITE_URL)}`
  const [, [mail]] = await db.batch([
    db.insert(tables.quoteChangeRequests).values({
      quoteId: id,
      contactId: contact.id,
      authorName: contact.name,
      message: text,
      createdAt: now,
    }),
    queueMail(
      db,
      {
        ...outboxRow({
          recipient: env.NOTIFY_EMAIL,
          subject: `Changes asked for quote ${d.label} by ${d.client.name}`,
          text: ownerText,
          html: letterHtml({ paragraphs: ownerText.split('\n\n') }),
        }),
        // The owner answers the contact directly.
        replyTo: contact.email,
        kind: 'notification',
      },
      now,
    ),
  ])
  // ADR 164: the ask is also a message in the inbox (its own support request per quote).
  const inbox = await askIntoInbox(
    db,
    env,
    { quoteId: id, label: d.label, title: d.title, clientId: scope.clientId, contactId: contact.id, text },
    now,
  )
  return { quote: await getQuote(db, id), outboxIds: [mail!.id, ...(inbox.outboxId ? [inbox.outboxId] : [])] }
}
