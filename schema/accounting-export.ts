// The accountant's files (issue 56): what QuickBooks Online and Xero import
// with their own importers and no column mapping. The headers are the
// products' own import templates (docs/billing.md says where each comes from),
// written once here and read by the service, the tests and the admin.
import { z } from 'zod'

/** Every file: the product and the kind of record. */
export const EXPORT_FILES = {
  quickbooks: ['invoices', 'credit-memos', 'payments'],
  xero: ['invoices', 'credit-notes'],
} as const
export type ExportProduct = keyof typeof EXPORT_FILES
export type ExportKind = (typeof EXPORT_FILES)[ExportProduct][number]

export const EXPORT_PRODUCT_LABELS: Record<ExportProduct, string> = {
  quickbooks: 'QuickBooks Online',
  xero: 'Xero',
}
export const EXPORT_KIND_LABELS: Record<ExportKind, string> = {
  invoices: 'Invoices',
  'credit-memos': 'Credit memos',
  'credit-notes': 'Credit notes',
  payments: 'Payments received',
}

/**
 * QuickBooks Online's invoice import (Sales > Invoices > Import invoices):
 * the column names its importer maps by itself. One row per invoice line;
 * rows of one invoice share its number. Tax: "Taxable" Y/N per line and the
 * invoice's rate, which QuickBooks applies (US sales tax).
 */
export const QUICKBOOKS_INVOICE_HEADER = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Location',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'Taxable',
  'TaxRate',
  'Service Date',
] as const

/** Credit memos in the same shape as invoices (QuickBooks' credit memo columns); amounts are positive. */
export const QUICKBOOKS_CREDIT_MEMO_HEADER = [
  'CreditMemoNo',
  'Customer',
  'CreditMemoDate',
  'Location',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'Taxable',
  'TaxRate',
  'Service Date',
] as const

/** Payments received, one row per payment applied to an invoice. */
export const QUICKBOOKS_PAYMENT_HEADER = [
  'PaymentDate',
  'Customer',
  'InvoiceNo',
  'Amount',
  'PaymentMethod',
  'ReferenceNo',
  'Memo',
  'Currency',
] as const

/** Xero's sales invoice import template (Business > Invoices > Import), column for column. */
export const XERO_INVOICE_HEADER = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const

/**
 * Xero's credit note import template (Business > Invoices > Credit notes > Import): the
 * invoice template with the note's number and date in place of the invoice's, and no due
 * date; amounts positive.
 */
export const XERO_CREDIT_NOTE_HEADER = XERO_INVOICE_HEADER.flatMap((column) =>
  column === '*DueDate'
    ? []
    : column === '*InvoiceNumber'
      ? ['*CreditNoteNumber']
      : column === '*InvoiceDate'
        ? ['*CreditNoteDate']
        : [column],
)

/** The one date format of every file: US month/day/year, which both products read for a US company. */
export const EXPORT_DATE_FORMAT = 'MM/DD/YYYY'
export const exportDate = (isoDate: string) => {
  const [y, m, d] = isoDate.split('-')
  return `${m}/${d}/${y}`
}

const day = (label: string) =>
  z
    .string({ error: `${label} is required (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (s) =>
        !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      {
        message: `${label} is not a real date`,
      },
    )

/** The range of an export: both days included; at most about five years, so one file stays importable. */
export const exportRangeFields = z.object({ from: day('From'), to: day('To') })
export const exportRange = exportRangeFields.superRefine((r, ctx) => {
  if (r.to < r.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must not be before From' })
  else if (Date.parse(r.to) - Date.parse(r.from) > 5 * 366 * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'A range can be at most five years' })
})
export type ExportRange = z.output<typeof exportRange>
