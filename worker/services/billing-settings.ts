// The owner's billing settings (issue 36, ADR 142): one row (id 1) in D1, as
// the availability settings are kept. Payment instructions (bank transfer,
// check) are shown wherever the client is asked to pay: the portal's invoice
// page, the invoice PDF and the invoice e-mail and its reminders.
import { eq } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'

export type BillingSettings = { paymentInstructions: string | null }

export const NO_BILLING_SETTINGS: BillingSettings = { paymentInstructions: null }

export async function getBillingSettings(db: Db): Promise<BillingSettings> {
  const [row] = await db
    .select({ paymentInstructions: tables.billingSettings.paymentInstructions })
    .from(tables.billingSettings)
    .where(eq(tables.billingSettings.id, 1))
  return row ?? NO_BILLING_SETTINGS
}

/** Saves the settings (already checked by schema/billing-settings.ts); blank instructions are none. */
export async function saveBillingSettings(db: Db, input: BillingSettings): Promise<BillingSettings> {
  const t = tables.billingSettings
  const values = {
    id: 1,
    paymentInstructions: input.paymentInstructions?.trim() || null,
    updatedAt: new Date(),
  }
  await db.insert(t).values(values).onConflictDoUpdate({ target: t.id, set: values })
  return getBillingSettings(db)
}
