// An invoice's PDF (worker/pdf/invoice-pdf.ts, loaded on first use).
import { eq } from 'drizzle-orm'
import type { Db } from '../../db'
import { tables } from '../../db'
import { getBillingSettings } from '../billing-settings'
import { contactOf, getInvoice, invoiceLink } from './read'

// ---------- The PDF ----------

const quantityText = (milli: number, unit: string | null) =>
  `${(milli / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })}${unit ? ` ${unit}` : ''}`

/** The invoice's PDF: its frozen lines and totals, the payments so far, and how to pay. */
export async function invoicePdfFor(db: Db, env: Env, id: number, onlinePayment: boolean) {
  const invoice = await getInvoice(db, id)
  const [client] = await db.select().from(tables.clients).where(eq(tables.clients.id, invoice.clientId))
  const contact = await contactOf(db, invoice)
  const credit = invoice.source === 'credit'
  const { paymentInstructions } = await getBillingSettings(db)
  const howToPay = credit
    ? []
    : [
        ...(onlinePayment ? [`Online by card: ${invoiceLink(env, id)} ("Pay now").`] : []),
        ...(paymentInstructions
          ? // One row a line: the PDF writes rows, it does not break lines.
            [`By bank transfer or check (quote ${invoice.number}):`, ...paymentInstructions.split('\n')]
          : [
              `By bank transfer or check: quote ${invoice.number}; ask ${env.CONTACT_EMAIL} for the details.`,
            ]),
      ]
  // pdf-lib is loaded on the first PDF, not at start-up (ADR 103).
  const { invoicePdf } = await import('../../pdf/invoice-pdf')
  const bytes = await invoicePdf({
    number: invoice.number,
    title: credit ? 'Credit note' : 'Invoice',
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    status: invoice.status,
    from: { name: env.OWNER_NAME, email: env.CONTACT_EMAIL, phone: env.CONTACT_PHONE, website: env.SITE_URL },
    to: { name: client?.name ?? '', contactName: contact?.name, email: contact?.email },
    lines: invoice.lines.map((l) => ({
      description: l.description,
      quantity: quantityText(l.quantityMilli, l.unit),
      unitPriceCents: l.unitPriceCents,
      amountCents: l.amountCents,
    })),
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    taxRateBp: invoice.taxRateBp,
    taxCents: invoice.taxCents,
    totalCents: invoice.totalCents,
    creditedCents: invoice.creditedCents,
    payments: invoice.payments.map((p) => ({ date: p.date, method: p.method, amountCents: p.amountCents })),
    balanceCents: invoice.balanceCents,
    roundingNote:
      invoice.source === 'time' && invoice.roundingMinutes
        ? `Time is rounded up to the next ${invoice.roundingMinutes} minutes per entry.`
        : null,
    howToPay,
    notes: invoice.notes,
    // The PDF fonts are static assets (ADR 110).
    fonts: env.ASSETS,
  })
  return { invoice, bytes, filename: `${invoice.number}.pdf` }
}
