// What the server gives the portal's invoice page (issue 26): an invoice of
// the signed-in contact's client and its "Pay now", both scoped to that client
// on the server (worker/portal/invoices-server.ts on services/invoices/ and
// services/payments.ts). Amounts arrive formatted; the page only shows them.
import { createContext } from 'react-router'

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

export type PortalInvoicesServer = {
  /** An invoice of the signed-in client (marks it viewed); null for any other (another client's too) or a draft. */
  invoice(id: string): Promise<PortalInvoiceView | null>
  /** "Pay now": a Stripe Checkout Session for the balance; its URL. Throws a 404 for another client's invoice. */
  pay(id: string): Promise<PayOutcome>
}

export const portalInvoices = createContext<PortalInvoicesServer>()
