// The owner's billing settings as a payload (issue 36): checked by REST and
// GraphQL alike and stored by worker/services/billing-settings.ts.
import { z } from 'zod'
import { optionalText } from './text'

export const PAYMENT_INSTRUCTIONS_MAX = 2000

export const billingSettingsInput = z.object({
  paymentInstructions: optionalText('Payment instructions', PAYMENT_INSTRUCTIONS_MAX, 'multi'),
})
export type BillingSettingsInput = z.output<typeof billingSettingsInput>
