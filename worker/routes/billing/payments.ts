// /api/payments: the owner's side (the webhook is in stripe-webhook.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { UNMATCHED_REASONS, type UnmatchedReason } from '../../../schema/billing-words'
import { requireOwner } from '../../auth/middleware'
import { deliverEach } from '../../mail/outbox'
import { inBackground } from '../../middleware/background'
import {
  openApiBody as body,
  idPath,
  openApiJson as json,
  OWNER_ERRORS,
  openApiApp,
  pathId,
} from '../../middleware/openapi'
import { unmatchedPayments } from '../../services/invoices'
import { matchPaymentAndNotify } from '../../services/payment-notices'
import { invoice, invoiceBody, payment } from './invoices'
import { errors, owner } from './shared'

// ---------- /api/payments (the owner's side; the webhook is in stripe-webhook.ts) ----------

export const paymentsRoutes = openApiApp()
paymentsRoutes.use(requireOwner)
paymentsRoutes
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/unmatched',
      summary:
        'Payments kept for the owner instead of recorded on an invoice (unknown number, not open, wrong currency, not positive, more than the balance), with the reason',
      responses: {
        ...OWNER_ERRORS,
        200: json(
          z.array(
            payment.extend({
              unmatchedNumber: z.string().nullable(),
              unmatchedReason: z.enum(Object.keys(UNMATCHED_REASONS) as [UnmatchedReason]).nullable(),
              reasonText: z.string().nullable(),
            }),
          ),
          'Unmatched payments, newest first',
        ),
      },
    }),
    async (c) =>
      c.json(
        (await unmatchedPayments(c.var.db)).map((p) => ({
          ...p,
          reasonText: p.unmatchedReason ? UNMATCHED_REASONS[p.unmatchedReason] : null,
        })),
        200,
      ),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/{id}/match',
      summary: 'Attaches an unmatched payment to an invoice',
      request: {
        params: idPath,
        body: body(z.object({ invoiceId: z.number().int().positive() }).strict(), { invoiceId: 7 }),
      },
      responses: {
        ...OWNER_ERRORS,
        200: json(invoice, 'The invoice after the payment'),
        ...errors,
      },
    }),
    async (c) => {
      const { invoice, outboxIds } = await matchPaymentAndNotify(
        c.var.db,
        c.env,
        pathId(c),
        c.req.valid('json').invoiceId,
      )
      inBackground(c, deliverEach(c.var.db, c.env, outboxIds))
      return c.json(invoiceBody(invoice), 200)
    },
  )
