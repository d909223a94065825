// /api/billing-settings: payment instructions (issue 36).
import { createRoute, z } from '@hono/zod-openapi'
import { billingSettingsInput } from '../../../schema/billing-settings'
import { requireOwner } from '../../auth/middleware'
import { openApiBody as body, openApiJson as json, OWNER_ERRORS, openApiApp } from '../../middleware/openapi'
import { getBillingSettings, saveBillingSettings } from '../../services/billing-settings'
import { owner } from './shared'

// ---------- /api/billing-settings: payment instructions (issue 36) ----------

const BillingSettingsSchema = z
  .object({
    paymentInstructions: z.string().nullable().openapi({
      description:
        'How to pay by bank transfer or check; shown on the portal invoice page, the invoice PDF and e-mail',
      example: 'Bank transfer to Example Bank, routing 111000025, account 123456789. Checks to Alex Morgan.',
    }),
  })
  .openapi('BillingSettings')

export const billingSettingsRoutes = openApiApp()
billingSettingsRoutes.use(requireOwner)
billingSettingsRoutes
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: "The owner's billing settings (payment instructions)",
      responses: { ...OWNER_ERRORS, 200: json(BillingSettingsSchema, 'The settings') },
    }),
    async (c) => c.json(await getBillingSettings(c.var.db), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'put',
      path: '/',
      summary: "Saves the owner's billing settings (blank instructions: none)",
      request: { body: body(billingSettingsInput) },
      responses: { ...OWNER_ERRORS, 200: json(BillingSettingsSchema, 'The settings saved') },
    }),
    async (c) => c.json(await saveBillingSettings(c.var.db, c.req.valid('json')), 200),
  )
