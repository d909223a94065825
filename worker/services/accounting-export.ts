// The accountant's files (issue 56): QuickBooks Online and Xero import these
// with their own importers, no column mapping (schema/accounting-export.ts has
// the templates). A range is by invoice date for invoices and credit notes and
// by payment date for payments. Drafts are not invoices yet and void invoices
// are left out (neither product imports a void); credit notes count unless void,
// as in the balance (migration 0017). `receivables` is the report the files
// reconcile with: every file's amounts add up to its figures (a test checks it).
import { and, asc, eq, gte, inArray, isNotNull, lte, ne } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import {
  EXPORT_KIND_LABELS,
  EXPORT_PRODUCT_LABELS,
  type ExportKind,
  type ExportProduct,
  type ExportRange,
  exportDate,
  QUICKBOOKS_CREDIT_MEMO_HEADER,
  QUICKBOOKS_INVOICE_HEADER,
  QUICKBOOKS_PAYMENT_HEADER,
  XERO_CREDIT_NOTE_HEADER,
  XERO_INVOICE_HEADER,
} from '../../schema/accounting-export'
import { PAYMENT_METHOD_LABELS } from '../../schema/billing-words'
import { formatCents, fromQuantityMilli } from '../../schema/money'
import type { Invoice, InvoiceLine } from '../../schema/tables'
import type { Db } from '../db'
import { tables } from '../db'
import { getBillingSettings } from './billing-settings'
import { csvLines } from './csv'

const amount = (cents: number) => formatCents(cents, 'plain')
/** The item every QuickBooks company has; the line's own words go in ItemDescription. */
const QUICKBOOKS_ITEM = 'Services'
const taxRateText = (bp: number) => `${amount(bp)}%`

type Issued = {
  invoice: Invoice
  clientName: string
  email: string | null
  /** For a credit note, the number of the invoice it corrects. */
  creditedNumber: string | null
  lines: (InvoiceLine & { serviceDate: string | null })[]
}

/** The invoices (or credit notes) issued in the range, with their lines and client, oldest first. */
async function issued(db: Db, range: ExportRange, credit: boolean): Promise<Issued[]> {
  const i = tables.invoices
  const credited = alias(tables.invoices, 'credited')
  const rows = await db
    .select({
      invoice: i,
      clientName: tables.clients.name,
      email: tables.contacts.email,
      creditedNumber: credited.number,
    })
    .from(i)
    .innerJoin(tables.clients, eq(tables.clients.id, i.clientId))
    .leftJoin(tables.contacts, eq(tables.contacts.id, i.contactId))
    .leftJoin(credited, eq(credited.id, i.creditForId))
    .where(
      and(
        gte(i.issueDate, range.from),
        lte(i.issueDate, range.to),
        ne(i.status, 'void'),
        credit ? eq(i.source, 'credit') : and(ne(i.source, 'credit'), ne(i.status, 'draft')),
      ),
    )
    .orderBy(asc(i.issueDate), asc(i.number))
  if (!rows.length) return []
  const l = tables.invoiceLines
  const lines = await db
    .select({ line: l, serviceDate: tables.timeEntries.date })
    .from(l)
    .leftJoin(tables.timeEntries, eq(tables.timeEntries.id, l.timeEntryId))
    .where(
      inArray(
        l.invoiceId,
        rows.map((r) => r.invoice.id),
      ),
    )
    .orderBy(asc(l.invoiceId), asc(l.position))
  return rows.map((r) => ({
    ...r,
    lines: lines
      .filter((x) => x.line.invoiceId === r.invoice.id)
      .map((x) => ({ ...x.line, serviceDate: x.serviceDate })),
  }))
}

/** A document's lines as the importers take them: positive for a credit note, the discount as a line of its own. */
function importLines(doc: Issued, sign: 1 | -1) {
  const out = doc.lines.map((line) => ({
    description: line.description,
    quantity: String(fromQuantityMilli(line.quantityMilli)),
    rateCents: sign * line.unitPriceCents,
    amountCents: sign * line.amountCents,
    serviceDate: line.serviceDate,
  }))
  const discount = sign * doc.invoice.discountCents
  if (discount)
    out.push({
      description: 'Discount',
      quantity: '1',
      rateCents: -Math.abs(discount),
      amountCents: -Math.abs(discount),
      serviceDate: null,
    })
  return out
}

export type Receivables = {
  invoices: number
  invoicedCents: number
  taxCents: number
  creditNotes: number
  creditedCents: number
  payments: number
  receivedCents: number
}

/** The receivables report for a range: what was invoiced (tax included), credited and received. */
export async function receivables(db: Db, range: ExportRange): Promise<Receivables> {
  const [invoices, credits, payments] = await Promise.all([
    issued(db, range, false),
    issued(db, range, true),
    paymentsIn(db, range),
  ])
  return {
    invoices: invoices.length,
    invoicedCents: invoices.reduce((s, d) => s + d.invoice.totalCents, 0),
    taxCents: invoices.reduce((s, d) => s + d.invoice.taxCents, 0),
    creditNotes: credits.length,
    creditedCents: credits.reduce((s, d) => s + Math.abs(d.invoice.totalCents), 0),
    payments: payments.length,
    receivedCents: payments.reduce((s, p) => s + p.payment.amountCents, 0),
  }
}

/** Payments recorded on an invoice in the range; one not matched to an invoice is the owner's to match first. */
function paymentsIn(db: Db, range: ExportRange) {
  const p = tables.payments
  return db
    .select({ payment: p, number: tables.invoices.number, clientName: tables.clients.name })
    .from(p)
    .innerJoin(tables.invoices, eq(tables.invoices.id, p.invoiceId))
    .innerJoin(tables.clients, eq(tables.clients.id, tables.invoices.clientId))
    .where(and(isNotNull(p.invoiceId), gte(p.date, range.from), lte(p.date, range.to)))
    .orderBy(asc(p.date), asc(p.id))
}

export type AccountingExport = { csv: string; records: string[]; filename: string }

/** One file: its CSV (without the byte order mark), the records it holds and its name. */
export async function accountingExport(
  db: Db,
  product: ExportProduct,
  kind: ExportKind,
  range: ExportRange,
  now = new Date(),
): Promise<AccountingExport> {
  const filename = `${product}-${kind}-${range.from}-to-${range.to}-made-${now.toISOString().slice(0, 16).replace(':', '')}Z.csv`
  if (kind === 'payments') {
    const rows = await paymentsIn(db, range)
    return {
      filename,
      records: rows.map((r) => `${r.number} ${r.payment.date}`),
      csv: csvLines(
        QUICKBOOKS_PAYMENT_HEADER,
        rows.map(({ payment, number, clientName }) => [
          exportDate(payment.date),
          clientName,
          number,
          amount(payment.amountCents),
          PAYMENT_METHOD_LABELS[payment.method] ?? payment.method,
          payment.reference ?? payment.stripePaymentIntentId ?? '',
          '',
          payment.currency,
        ]),
      ),
    }
  }
  const credit = kind !== 'invoices'
  const docs = await issued(db, range, credit)
  const sign = credit ? -1 : 1
  const records = docs.map((d) => d.invoice.number)
  if (product === 'quickbooks') {
    const rows = docs.flatMap((d) => {
      const i = d.invoice
      const memo = d.creditedNumber ? `Credit for invoice ${d.creditedNumber}` : (i.notes ?? '')
      return importLines(d, sign).map((l) => {
        const common = [
          QUICKBOOKS_ITEM,
          l.description,
          l.quantity,
          amount(l.rateCents),
          amount(l.amountCents),
          i.taxRateBp > 0 ? 'Y' : 'N',
          i.taxRateBp > 0 ? taxRateText(i.taxRateBp) : '',
          l.serviceDate ? exportDate(l.serviceDate) : '',
        ]
        return credit
          ? [i.number, d.clientName, exportDate(i.issueDate), '', memo, ...common]
          : [
              i.number,
              d.clientName,
              exportDate(i.issueDate),
              exportDate(i.dueDate),
              `Net ${i.termsDays}`,
              '',
              memo,
              ...common,
            ]
      })
    })
    return {
      filename,
      records,
      csv: csvLines(credit ? QUICKBOOKS_CREDIT_MEMO_HEADER : QUICKBOOKS_INVOICE_HEADER, rows),
    }
  }
  const settings = await getBillingSettings(db)
  const rows = docs.flatMap((d) => {
    const i = d.invoice
    const taxType = i.taxRateBp > 0 ? settings.xeroTaxType : settings.xeroTaxTypeNone
    const reference = d.creditedNumber ? `Credit for invoice ${d.creditedNumber}` : ''
    return importLines(d, sign).map((l) => {
      const address = ['', '', '', '', '', '', '', '']
      const dates = credit ? [exportDate(i.issueDate)] : [exportDate(i.issueDate), exportDate(i.dueDate)]
      return [
        d.clientName,
        d.email ?? '',
        ...address,
        i.number,
        reference,
        ...dates,
        '',
        l.description,
        l.quantity,
        amount(l.rateCents),
        '',
        settings.xeroAccountCode,
        taxType,
        '',
        '',
        '',
        '',
        i.currency,
        '',
      ]
    })
  })
  return { filename, records, csv: csvLines(credit ? XERO_CREDIT_NOTE_HEADER : XERO_INVOICE_HEADER, rows) }
}

/** What the admin says of an export: the product and kind as words. */
export const exportTitle = (product: ExportProduct, kind: ExportKind) =>
  `${EXPORT_PRODUCT_LABELS[product]}: ${EXPORT_KIND_LABELS[kind]}`
