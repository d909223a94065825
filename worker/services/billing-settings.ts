// The owner's billing settings (issue 36, ADR 142): one row (id 1) in D1, as
// the availability settings are kept. Payment instructions (bank transfer,
// check) are shown wherever the client is asked to pay: the portal's invoice
// page, the invoice PDF and the invoice e-mail and its reminders. The Xero
// export's codes (issue 56) are set once here and saved on their own, so
// saving one part never clears the other.
import { eq } from 'drizzle-orm'
import { type AccountingCodesInput, XERO_DEFAULTS } from '../../schema/billing-settings'
import type { Db } from '../db'
import { tables } from '../db'

export type BillingSettings = { paymentInstructions: string | null } & AccountingCodesInput

export const NO_BILLING_SETTINGS: BillingSettings = { paymentInstructions: null, ...XERO_DEFAULTS }

export async function getBillingSettings(db: Db): Promise<BillingSettings> {
  const t = tables.billingSettings
  const [row] = await db
    .select({
      paymentInstructions: t.paymentInstructions,
      xeroAccountCode: t.xeroAccountCode,
      xeroTaxType: t.xeroTaxType,
      xeroTaxTypeNone: t.xeroTaxTypeNone,
    })
    .from(t)
    .where(eq(t.id, 1))
  if (!row) return NO_BILLING_SETTINGS
  return {
    paymentInstructions: row.paymentInstructions,
    xeroAccountCode: row.xeroAccountCode ?? XERO_DEFAULTS.xeroAccountCode,
    xeroTaxType: row.xeroTaxType ?? XERO_DEFAULTS.xeroTaxType,
    xeroTaxTypeNone: row.xeroTaxTypeNone ?? XERO_DEFAULTS.xeroTaxTypeNone,
  }
}

async function save(db: Db, set: Partial<typeof tables.billingSettings.$inferInsert>) {
  const t = tables.billingSettings
  const values = { ...set, updatedAt: new Date() }
  await db
    .insert(t)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: t.id, set: values })
  return getBillingSettings(db)
}

/** Saves the payment instructions (already checked by schema/billing-settings.ts); blank instructions are none. */
export function saveBillingSettings(
  db: Db,
  input: { paymentInstructions: string | null },
): Promise<BillingSettings> {
  return save(db, { paymentInstructions: input.paymentInstructions?.trim() || null })
}

/** Saves the Xero export's codes (already checked by accountingCodesInput). */
export function saveAccountingCodes(db: Db, input: AccountingCodesInput): Promise<BillingSettings> {
  return save(db, input)
}
