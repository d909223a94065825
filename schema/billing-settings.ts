// The owner's billing settings as a payload (issue 36): checked by REST and
// GraphQL alike and stored by worker/services/billing-settings.ts.
import { z } from 'zod'
import { optionalText } from './text'

export const PAYMENT_INSTRUCTIONS_MAX = 2000

export const billingSettingsInput = z.object({
  paymentInstructions: optionalText('Payment instructions', PAYMENT_INSTRUCTIONS_MAX, 'multi'),
})
export type BillingSettingsInput = z.output<typeof billingSettingsInput>

/**
 * The Xero export's codes (issue 56), set once: the sales account's code and
 * the names of the tax rates for a taxed and an untaxed invoice, as they read
 * in the owner's Xero (Accounting > Chart of accounts, Tax rates). The defaults
 * are a new US Xero organisation's.
 */
export const XERO_DEFAULTS = {
  xeroAccountCode: '200',
  xeroTaxType: 'Tax on Sales',
  xeroTaxTypeNone: 'Tax Exempt',
} as const

const xeroCode = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(60, `${label} can be at most 60 characters`)

export const accountingCodesInput = z.object({
  xeroAccountCode: xeroCode('The sales account code'),
  xeroTaxType: xeroCode('The tax rate for taxed invoices'),
  xeroTaxTypeNone: xeroCode('The tax rate for untaxed invoices'),
})
export type AccountingCodesInput = z.output<typeof accountingCodesInput>
