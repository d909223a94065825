// /api/billing-settings: payment instructions (issue 36).
import { createRoute, z } from '@hono/zod-openapi'
import { accountingCodesInput, billingSettingsInput } from '../../../schema/billing-settings'
import { requireOwner } from '../../auth/middleware'
import { openApiBody as body, openApiJson as json, OWNER_ERRORS, openApiApp } from '../../middleware/openapi'
import { getBillingSettings, saveAccountingCodes, saveBillingSettings } from '../../services/billing-settings'
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

const AccountingCodesSchema = z
  .object({
    xeroAccountCode: z.string().openapi({ description: "The sales account's code in Xero", example: '200' }),
    xeroTaxType: z
      .string()
      .openapi({ description: 'The Xero tax rate of a taxed invoice', example: 'Tax on Sales' }),
    xeroTaxTypeNone: z
      .string()
      .openapi({ description: 'The Xero tax rate of an untaxed invoice', example: 'Tax Exempt' }),
  })
  .openapi('AccountingCodes')

const codesOf = ({
  xeroAccountCode,
  xeroTaxType,
  xeroTaxTypeNone,
}: z.infer<typeof AccountingCodesSchema>) => ({
  xeroAccountCode,
  xeroTaxType,
  xeroTaxTypeNone,
})

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
    async (c) =>
      c.json({ paymentInstructions: (await getBillingSettings(c.var.db)).paymentInstructions }, 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'put',
      path: '/',
      summary: "Saves the owner's billing settings (blank instructions: none)",
      request: {
        body: body(billingSettingsInput, {
          paymentInstructions: 'Bank transfer: First Example Bank, account 000123456789.',
        }),
      },
      responses: { ...OWNER_ERRORS, 200: json(BillingSettingsSchema, 'The settings saved') },
    }),
    async (c) => {
      const saved = await saveBillingSettings(c.var.db, {
        paymentInstructions: c.req.valid('json').paymentInstructions ?? null,
      })
      return c.json({ paymentInstructions: saved.paymentInstructions }, 200)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/accounting-codes',
      summary: "The Xero export's account code and tax rates (issue 56)",
      responses: { ...OWNER_ERRORS, 200: json(AccountingCodesSchema, 'The codes') },
    }),
    async (c) => c.json(codesOf(await getBillingSettings(c.var.db)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'put',
      path: '/accounting-codes',
      summary: "Saves the Xero export's account code and tax rates",
      request: {
        body: body(accountingCodesInput, {
          xeroAccountCode: '200',
          xeroTaxType: 'Tax on Sales',
          xeroTaxTypeNone: 'Tax Exempt',
        }),
      },
      responses: { ...OWNER_ERRORS, 200: json(AccountingCodesSchema, 'The codes saved') },
    }),
    async (c) => c.json(codesOf(await saveAccountingCodes(c.var.db, c.req.valid('json'))), 200),
  )
