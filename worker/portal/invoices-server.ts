// The portal invoice page's server (web/lib/portal-invoices.ts) on the service
// layer: every read and "Pay now" is scoped to the signed-in contact's client
// (services/invoices/ portalInvoice answers NotFound for any other client's
// invoice and for drafts). Without a session it sends the visitor to /portal.
import { redirect } from 'react-router'
import { clientInvoiceStatusLabel } from '../../schema/billing-words'
import { formatCents, taxLabel } from '../../schema/money'
import type { PortalInvoicesServer, PortalInvoiceView } from '../../web/lib/portal-invoices'
import type { Db } from '../db'
import type { PaymentGateway } from '../payments/stripe'
import { DomainError, NotFound } from '../services/errors'
import { parseId } from '../services/ids'
import {
  type InvoiceDetail,
  type InvoiceMailExtras,
  invoiceMailExtras,
  type PortalScope,
  portalInvoice,
} from '../services/invoices'
import { portalCheckout } from '../services/payments'

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

export function invoiceView(
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

export function portalInvoicesServerFor(
  db: Db,
  env: Env,
  scope: (PortalScope & { clientName: string; email: string }) | null,
  gateway: () => PaymentGateway | null,
  /** Where a visitor without a session goes: the sign-in form, keeping this page (schema/portal-next.ts). */
  signIn = '/portal',
): PortalInvoicesServer {
  const me = () => {
    if (!scope) throw redirect(signIn)
    return scope
  }
  const notFound = (): never => {
    throw new Response(null, { status: 404 })
  }
  return {
    async invoice(rawId) {
      const s = me()
      const id = idOf(rawId)
      if (id === null) return null
      try {
        const detail = await portalInvoice(db, s, id)
        return invoiceView(
          env,
          detail,
          s.clientName,
          gateway() !== null,
          await invoiceMailExtras(db, env, detail),
        )
      } catch (err) {
        if (err instanceof NotFound) return null
        throw err
      }
    },
    async pay(rawId) {
      const s = me()
      const id = idOf(rawId) ?? notFound()
      const g = gateway()
      // "Pay now" is not offered without Stripe; a hand-made post finds nothing there either.
      if (!g) return notFound()
      try {
        const session = await portalCheckout(db, env, g, s, id, s.email)
        return { ok: true, url: session.url }
      } catch (err) {
        if (err instanceof NotFound) notFound()
        if (err instanceof DomainError) return { ok: false, status: 409, message: err.message }
        // Stripe unreachable or refusing: the client is told, and nothing was recorded.
        console.error('Stripe Checkout Session failed', err)
        return {
          ok: false,
          status: 503,
          message: 'Online payment is not available right now. Please try again later.',
        }
      }
    },
  }
}
