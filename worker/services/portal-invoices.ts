// The portal invoice page's view and "Pay now" (issue 26), /portal/invoices/{id}:
// scoped to the contact's client (services/invoices/ portalInvoice answers
// NotFound for any other client's invoice and for drafts). Amounts leave here
// formatted; the page only shows them.
import { clientInvoiceStatusLabel } from '../../schema/billing-words'
import { formatCents, taxLabel } from '../../schema/money'
import type { Db } from '../db'
import { type PaymentGateway, stripeGateway } from '../payments/stripe'
import { DomainError, NotFound } from './errors'
import { parseId } from './ids'
import {
  type InvoiceDetail,
  type InvoiceMailExtras,
  invoiceMailExtras,
  type PortalScope,
  portalInvoice,
} from './invoices'
import { portalCheckout } from './payments'

export type PortalInvoiceLine = {
  id: number
  description: string
  quantity: string
  unitPrice: string
  amount: string
}

export type PortalInvoicePayment = { id: number; date: string; method: string; amount: string }

export type PortalInvoiceView = {
  id: number
  number: string
  /** "Invoice" or "Credit note". */
  title: string
  status: string
  statusLabel: string
  clientName: string
  ownerName: string
  issueDate: string
  dueDate: string
  lines: PortalInvoiceLine[]
  subtotal: string
  /** Null when there is none. */
  discount: string | null
  tax: { label: string; amount: string } | null
  total: string
  /** Credit notes against it (negative), null when none. */
  credited: string | null
  payments: PortalInvoicePayment[]
  balance: string
  /** Negative: the client paid more than owed (a credit). */
  balanceCents: number
  roundingNote: string | null
  notes: string | null
  pdfHref: string
  /** Whether "Pay now" is offered: Stripe is set up and something is owed. */
  canPay: boolean
  /** The owner's bank transfer and check instructions, while something is owed (null: none set, or nothing owed). */
  paymentInstructions: string | null
  /** A credit note names the invoice it corrects. */
  creditFor: { number: string; href: string } | null
}

export type PayOutcome = { ok: true; url: string } | { ok: false; status: 409 | 503; message: string }

const idOf = (id: string) => {
  try {
    return parseId(id)
  } catch {
    return null
  }
}

const quantityText = (milli: number, unit: string | null) =>
  `${(milli / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })}${unit ? ` ${unit}` : ''}`

/** Whether anything can be paid online on this invoice (the same rule checkoutForInvoice enforces). */
const payable = (d: InvoiceDetail) =>
  d.source !== 'credit' && d.status !== 'void' && d.status !== 'draft' && d.balanceCents > 0

function invoiceView(
  env: Env,
  d: InvoiceDetail,
  clientName: string,
  onlinePayment: boolean,
  extras: InvoiceMailExtras = { paymentInstructions: null, creditFor: null },
): PortalInvoiceView {
  return {
    id: d.id,
    number: d.number,
    title: d.source === 'credit' ? 'Credit note' : 'Invoice',
    status: d.status,
    statusLabel: clientInvoiceStatusLabel(d.status),
    clientName,
    ownerName: env.OWNER_NAME,
    issueDate: d.issueDate,
    dueDate: d.dueDate,
    lines: d.lines.map((l) => ({
      id: l.id,
      description: l.description,
      quantity: quantityText(l.quantityMilli, l.unit),
      unitPrice: formatCents(l.unitPriceCents),
      amount: formatCents(l.amountCents),
    })),
    subtotal: formatCents(d.subtotalCents),
    discount: d.discountCents ? `-${formatCents(d.discountCents)}` : null,
    tax: d.taxRateBp ? { label: taxLabel(d.taxRateBp), amount: formatCents(d.taxCents) } : null,
    total: formatCents(d.totalCents),
    credited: d.creditedCents ? formatCents(d.creditedCents) : null,
    payments: d.payments.map((p) => ({
      id: p.id,
      date: p.date,
      method: p.method,
      amount: formatCents(p.amountCents),
    })),
    balance: formatCents(d.balanceCents),
    balanceCents: d.balanceCents,
    roundingNote:
      d.source === 'time' && d.roundingMinutes
        ? `Time is rounded up to the next ${d.roundingMinutes} minutes per entry.`
        : null,
    notes: d.notes,
    pdfHref: `/portal/invoices/${d.id}/pdf`,
    canPay: onlinePayment && payable(d),
    paymentInstructions: payable(d) ? extras.paymentInstructions : null,
    creditFor:
      d.creditForId && extras.creditFor
        ? { number: extras.creditFor.number, href: `/portal/invoices/${d.creditForId}` }
        : null,
  }
}

/** An invoice of the client (marks it viewed); NotFound for any other, a draft or a malformed id. */
export async function portalInvoiceView(
  db: Db,
  env: Env,
  scope: PortalScope & { clientName: string },
  rawId: string,
  gateway: PaymentGateway | null = stripeGateway(env),
): Promise<PortalInvoiceView> {
  const id = idOf(rawId)
  if (id === null) throw new NotFound('Invoice not found')
  const detail = await portalInvoice(db, scope, id)
  return invoiceView(
    env,
    detail,
    scope.clientName,
    gateway !== null,
    await invoiceMailExtras(db, env, detail),
  )
}

/**
 * "Pay now": a Stripe Checkout Session for the balance, or why not (409: nothing
 * to pay; 503: Stripe unreachable, nothing recorded). NotFound for another
 * client's invoice, a malformed id, or without Stripe ("Pay now" is not offered
 * then, and a hand-made post finds nothing either).
 */
export async function portalPay(
  db: Db,
  env: Env,
  scope: PortalScope & { email: string },
  rawId: string,
  gateway: PaymentGateway | null = stripeGateway(env),
): Promise<PayOutcome> {
  const id = idOf(rawId)
  if (id === null || !gateway) throw new NotFound('Invoice not found')
  try {
    const session = await portalCheckout(db, env, gateway, scope, id, scope.email)
    return { ok: true, url: session.url }
  } catch (err) {
    if (err instanceof NotFound) throw err
    if (err instanceof DomainError) return { ok: false, status: 409, message: err.message }
    // Stripe unreachable or refusing: the client is told, and nothing was recorded.
    console.error('Stripe Checkout Session failed', err)
    return {
      ok: false,
      status: 503,
      message: 'Online payment is not available right now. Please try again later.',
    }
  }
}
