// The typed GraphQL documents of the accountant's export (issue 56).
import { graphql } from '../graphql'

export const RECEIVABLES = graphql(
  'query Receivables($from: String!, $to: String!) { receivables(from: $from, to: $to) { from to invoices invoicedCents taxCents creditNotes creditedCents payments receivedCents } }',
)
export const ACCOUNTING_CODES = graphql(
  'query AccountingCodes { accountingCodes { xeroAccountCode xeroTaxType xeroTaxTypeNone } }',
)
export const SAVE_ACCOUNTING_CODES = graphql(
  'mutation SaveAccountingCodes($xeroAccountCode: String!, $xeroTaxType: String!, $xeroTaxTypeNone: String!) { saveAccountingCodes(xeroAccountCode: $xeroAccountCode, xeroTaxType: $xeroTaxType, xeroTaxTypeNone: $xeroTaxTypeNone) { xeroAccountCode xeroTaxType xeroTaxTypeNone } }',
)
