// Sending: the PDF stored with the sent invoice, the mail and its reminders' texts, the send step's preview.
import { and, eq } from 'drizzle-orm'
import { invoiceStatusLabel } from '../../../schema/billing-words'
import { formatCents } from '../../../schema/money'
import { SIGN_IN_LINK_LIFETIME } from '../../../schema/sign-in-link'
import type { Invoice } from '../../../schema/tables'
import type { Db } from '../../db'
import { tables } from '../../db'
import { letterHtml } from '../../mail/letter-html'
import { enqueueMessages } from '../../mail/outbox'
import { headerSafe } from '../../mail/templates'
import { visitorMailEnabled } from '../../mail/visitor'
import { stripeCheckoutEnabled } from '../../payments/stripe'
import { getBillingSettings } from '../billing-settings'
import { Conflict } from '../errors'
import { createSignInLink } from '../portal-links'
import { chosenRecipients, recipientOptions, type SendPreview } from '../send-step'
import { invoicePdfFor } from './pdf'
import { getInvoice, getInvoiceRow, type InvoiceDetail, invoiceLink } from './read'

export type SendResult = { invoice: InvoiceDetail; outboxIds: number[]; mailed: boolean; link: string }

/** The send step's choice (issue 36): whom to send it to; the default recipient when absent. */
export type SendInvoiceOptions = { recipientContactIds?: readonly number[] | null }

/**
 * Sends (or sends again) an invoice or a credit note to the chosen contacts
 * (the default one when none are chosen): a draft becomes sent and its totals
 * stay as they are. Each recipient gets the e-mail with their own sign-in link
 * when visitor mail is on; otherwise the owner passes the link on.
 */
export async function sendInvoice(
  db: Db,
  env: Env,
  id: number,
  options: SendInvoiceOptions = {},
  now = new Date(),
): Promise<SendResult> {
  const invoice = await getInvoiceRow(db, id)
  if (invoice.status === 'void') throw new Conflict('A void invoice cannot be sent')
  // Checked before anything changes: another client's contact is refused with nothing sent.
  const recipients = await chosenRecipients(
    db,
    invoice.clientId,
    options.recipientContactIds,
    invoice.contactId,
  ).catch((err) => {
    // No contact at all: sent without e-mail, as before (the owner passes the link on).
    if (err instanceof Conflict && !options.recipientContactIds?.length) return []
    throw err
  })
  await db
    .update(tables.invoices)
    .set({ status: 'sent', sentAt: now, updatedAt: now })
    .where(and(eq(tables.invoices.id, id), eq(tables.invoices.status, 'draft')))
  const detail = await getInvoice(db, id)
  const link = invoiceLink(env, id)
  if (!recipients.length || !visitorMailEnabled(env))
    return { invoice: detail, outboxIds: [], mailed: false, link }
  const extras = await invoiceMailExtras(db, env, detail)
  const attachment = await storeSentPdf(db, env, id, now)
  const messages = []
  for (const contact of recipients) {
    // The e-mail carries a sign-in link that leads to the invoice (single use, 15 minutes;
    // after that the portal's sign-in page sends a fresh one).
    const signIn = await createSignInLink(
      db,
      env,
      { contactId: contact.id, next: `/portal/invoices/${id}` },
      now.getTime(),
    )
    const mail = invoiceMail(env, detail, contact.name, signIn, 'sent', extras)
    messages.push({ recipient: contact.email, ...mail, attachments: [attachment] })
  }
  const outboxIds = await enqueueMessages(db, 'billing', messages, now)
  return { invoice: detail, outboxIds, mailed: true, link }
}

/**
 * What Send will do with an invoice or credit note (the send dialog): the
 * client's contacts (the default ticked), the e-mail as the client reads it,
 * the PDF and the warnings (no way to pay shown; sent before).
 */
export async function invoiceSendPreview(db: Db, env: Env, id: number): Promise<SendPreview> {
  const detail = await getInvoice(db, id)
  if (detail.status === 'void') throw new Conflict('A void invoice cannot be sent')
  const recipients = await recipientOptions(db, detail.clientId, detail.contactId)
  const first = recipients.find((r) => r.selected)
  const extras = await invoiceMailExtras(db, env, detail)
  const mail = invoiceMail(
    env,
    detail,
    first?.name ?? '',
    '(a one-time sign-in link for each recipient)',
    'sent',
    extras,
  )
  const warnings: string[] = []
  if (!recipients.length)
    warnings.push('The client has no contact yet: the invoice is sent without an e-mail.')
  if (detail.source !== 'credit' && !extras.paymentInstructions && !stripeCheckoutEnabled(env))
    warnings.push(
      'No payment instructions are set and Stripe is off: the client sees no way to pay. Set them under Billing settings.',
    )
  if (detail.status !== 'draft')
    warnings.push(`Already sent: this sends it again (${invoiceStatusLabel(detail.status)}).`)
  return {
    recipients,
    subject: mail.subject,
    textBody: mail.textBody,
    warnings,
    documentUrl: `/api/invoices/${id}/pdf`,
  }
}

/** What the invoice e-mail adds besides the invoice: how to pay, and for a credit note the invoice it corrects. */
export async function invoiceMailExtras(db: Db, _env: Env, invoice: Invoice): Promise<InvoiceMailExtras> {
  const { paymentInstructions } = await getBillingSettings(db)
  const corrected = invoice.creditForId ? await getInvoice(db, invoice.creditForId) : null
  return {
    paymentInstructions,
    creditFor: corrected ? { number: corrected.number, balanceCents: corrected.balanceCents } : null,
  }
}

/**
 * The PDF as it stands when sent, put in R2 for the outbox (which holds keys,
 * not bytes, and reads the file when it delivers, retries included). Each
 * sending stores its own copy: "send again" after a payment mails the PDF with
 * that payment, and a retried earlier message still finds the copy it named.
 */
async function storeSentPdf(db: Db, env: Env, id: number, now: Date) {
  const pdf = await invoicePdfFor(db, env, id, stripeCheckoutEnabled(env))
  const key = `invoices/${id}/${now.getTime()}-${crypto.randomUUID()}/${pdf.filename}`
  await env.FILES.put(key, pdf.bytes, { httpMetadata: { contentType: 'application/pdf' } })
  return { key, filename: pdf.filename, type: 'application/pdf' }
}

export type InvoiceMailKind = 'sent' | 'before' | 'due' | 'overdue'

/** What the invoice e-mail says besides the invoice itself (services read it once per sending). */
export type InvoiceMailExtras = {
  /** The owner's payment instructions (bank transfer, check), if set. */
  paymentInstructions: string | null
  /** For a credit note: the invoice it corrects, and what is left to pay on it now. */
  creditFor: { number: string; balanceCents: number } | null
}

/**
 * The invoice e-mail and the reminders: number, total, balance, due date, how
 * to pay and the portal link (the sent e-mail also attaches the PDF). A credit
 * note's e-mail names the invoice it corrects instead of asking for payment.
 */
export function invoiceMail(
  env: Env,
  invoice: InvoiceDetail,
  name: string,
  link: string,
  kind: InvoiceMailKind,
  extras: InvoiceMailExtras = { paymentInstructions: null, creditFor: null },
): { subject: string; textBody: string; htmlBody: string } {
  const credit = invoice.source === 'credit'
  const what = credit ? 'Credit note' : 'Invoice'
  const subject = {
    sent: `${what} ${invoice.number} from ${env.OWNER_NAME}`,
    before: `Reminder: invoice ${invoice.number} is due on ${invoice.dueDate}`,
    due: `Invoice ${invoice.number} is due today`,
    overdue: `Invoice ${invoice.number} is overdue`,
  }[kind]
  const lead = credit
    ? `please find credit note ${invoice.number} for ${formatCents(-invoice.totalCents)}${extras.creditFor ? `, which reduces what is owed on invoice ${extras.creditFor.number}` : ''}.`
    : {
        sent: `please find ${what.toLowerCase()} ${invoice.number} for ${formatCents(invoice.totalCents)}, due on ${invoice.dueDate}.`,
        before: `a friendly reminder that invoice ${invoice.number} is due on ${invoice.dueDate}.`,
        due: `invoice ${invoice.number} is due today.`,
        overdue: `invoice ${invoice.number} was due on ${invoice.dueDate} and is not yet paid in full.`,
      }[kind]
  const balance = credit
    ? extras.creditFor
      ? `Left to pay on invoice ${extras.creditFor.number}: ${formatCents(Math.max(0, extras.creditFor.balanceCents))}. The PDF is attached; it is also in your client portal at the link below.`
      : 'The PDF is attached; it is also in your client portal at the link below.'
    : kind === 'sent'
      ? `Balance: ${formatCents(invoice.balanceCents)}. The PDF is attached; read it and pay at the link below.`
      : `Balance: ${formatCents(invoice.balanceCents)}. Read it, download the PDF and pay at the link below.`
  const howToPay =
    !credit && invoice.balanceCents > 0 && extras.paymentInstructions
      ? [`How to pay by bank transfer or check (quote ${invoice.number}):\n${extras.paymentInstructions}`]
      : []
  const paragraphs = [
    `Hello ${name},`,
    `${lead.charAt(0).toUpperCase()}${lead.slice(1)}`,
    balance,
    ...howToPay,
  ]
  // The sign-in link works once, for a short while; the page's own address stays
  // (it asks for a new link by e-mail first), as in the quote's e-mail.
  const later = `The link signs you in once, within ${SIGN_IN_LINK_LIFETIME}. Later, the ${what.toLowerCase()} is at ${invoiceLink(env, invoice.id)}`
  return {
    subject: headerSafe(subject),
    textBody: [...paragraphs, link, later, '', env.OWNER_NAME].join('\n\n'),
    htmlBody: letterHtml({
      paragraphs: [...paragraphs, env.OWNER_NAME],
      link: { href: link, text: `${what} ${invoice.number}` },
      footer: later,
    }),
  }
}
