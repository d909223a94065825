// GraphQL for the owner's books (issue 56): the export panel on /admin/invoices
// reads what a range's files will hold (the receivables report the files
// reconcile with) and saves the Xero export's codes. The files themselves are
// downloads from REST (/api/exports/...): a CSV is not GraphQL data.
import { type ExportRange, exportRange } from '../../schema/accounting-export'
import { accountingCodesInput } from '../../schema/billing-settings'
import { fieldErrors } from '../../schema/payloads'
import { type Receivables, receivables } from '../services/accounting-export'
import { type BillingSettings, getBillingSettings, saveAccountingCodes } from '../services/billing-settings'
import { Invalid } from '../services/errors'
import { builder } from './builder'

const ReceivablesRef = builder.objectRef<Receivables & ExportRange>('Receivables').implement({
  description: 'What was invoiced, credited and received in a range: the figures the export files add up to.',
  fields: (t) => ({
    from: t.exposeString('from', { description: 'First day (YYYY-MM-DD), by invoice or payment date.' }),
    to: t.exposeString('to', { description: 'Last day (YYYY-MM-DD), included.' }),
    invoices: t.exposeInt('invoices', { description: 'Invoices issued (not drafts, not void).' }),
    invoicedCents: t.exposeInt('invoicedCents', { description: 'Their totals, tax included.' }),
    taxCents: t.exposeInt('taxCents', { description: 'The tax in those totals.' }),
    creditNotes: t.exposeInt('creditNotes', { description: 'Credit notes issued (not void).' }),
    creditedCents: t.exposeInt('creditedCents', { description: 'Their totals, as a positive amount.' }),
    payments: t.exposeInt('payments', { description: 'Payments recorded on an invoice.' }),
    receivedCents: t.exposeInt('receivedCents', { description: 'Their amounts.' }),
  }),
})

builder.queryField('receivables', (t) =>
  t.field({
    type: ReceivablesRef,
    description: 'The receivables report for a range (what each export file of that range holds).',
    args: {
      from: t.arg.string({ required: true, description: 'First day, YYYY-MM-DD.' }),
      to: t.arg.string({ required: true, description: 'Last day, YYYY-MM-DD.' }),
    },
    resolve: async (_r, args, { db }) => {
      const range = exportRange.safeParse(args)
      if (!range.success) throw new Invalid(fieldErrors(range.error))
      return { ...range.data, ...(await receivables(db, range.data)) }
    },
  }),
)

const AccountingCodesRef = builder.objectRef<BillingSettings>('AccountingCodes').implement({
  description: "The Xero export's codes, as the owner's Xero names them.",
  fields: (t) => ({
    xeroAccountCode: t.exposeString('xeroAccountCode', { description: "The sales account's code." }),
    xeroTaxType: t.exposeString('xeroTaxType', { description: 'The tax rate of a taxed invoice.' }),
    xeroTaxTypeNone: t.exposeString('xeroTaxTypeNone', {
      description: 'The tax rate of an untaxed invoice.',
    }),
  }),
})

builder.queryField('accountingCodes', (t) =>
  t.field({
    type: AccountingCodesRef,
    description: "The Xero export's codes (a new US Xero organisation's until the owner sets them).",
    resolve: (_r, _a, { db }) => getBillingSettings(db),
  }),
)

builder.mutationField('saveAccountingCodes', (t) =>
  t.field({
    type: AccountingCodesRef,
    description: "Saves the Xero export's codes.",
    args: {
      xeroAccountCode: t.arg.string({ required: true, description: "The sales account's code." }),
      xeroTaxType: t.arg.string({ required: true, description: 'The tax rate of a taxed invoice.' }),
      xeroTaxTypeNone: t.arg.string({ required: true, description: 'The tax rate of an untaxed invoice.' }),
    },
    resolve: (_r, args, { db }) => {
      const input = accountingCodesInput.safeParse(args)
      if (!input.success) throw new Invalid(fieldErrors(input.error))
      return saveAccountingCodes(db, input.data)
    },
  }),
)
