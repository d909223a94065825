// REST for time and money (issue 26), as OpenAPIHono sub-apps: each route is
// declared with the same zod schemas it validates with, so the OpenAPI
// document cannot drift from what the handler accepts. Every route is the
// owner's (session or, once issue 24 lands, a personal access token); bad
// input answers the project's { message, errors } 400 through the default hook.
import { createRoute, z } from '@hono/zod-openapi'
import {
  blockInput,
  invoiceInput,
  paymentInput,
  timeEntryInput,
  timeEntryPatch,
  timerInput,
} from '../../schema/billing-payloads.server'
import { billingSettingsInput } from '../../schema/billing-settings'
import {
  INVOICE_SOURCES,
  INVOICE_STATUSES,
  PAYMENT_METHODS,
  UNMATCHED_REASONS,
  type UnmatchedReason,
} from '../../schema/billing-words'
import { requireOwner } from '../auth/middleware'
import { deliverEach } from '../mail/outbox'
import { inBackground } from '../middleware/background'
import {
  openApiBody as body,
  CONFLICT,
  idPath,
  openApiJson as json,
  NOT_FOUND,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  pathId,
} from '../middleware/openapi'
import { stripeCheckoutEnabled } from '../payments/stripe'
import { getBillingSettings, saveBillingSettings } from '../services/billing-settings'
import {
  billingOverview,
  createInvoice,
  getInvoice,
  type InvoiceDetail,
  invoicePdfFor,
  invoiceSendPreview,
  invoicesCsv,
  listInvoices,
  paymentsCsv,
  sendInvoice,
  unmatchedPayments,
  voidInvoice,
} from '../services/invoices'
import { matchPaymentAndNotify, recordPaymentAndNotify } from '../services/payment-notices'
import {
  createBlock,
  createTimeEntry,
  deleteTimeEntry,
  getTimer,
  listTimeEntries,
  remainingBlocks,
  startTimer,
  stopTimer,
  updateTimeEntry,
} from '../services/time'
import { SendInput, SendPreviewSchema } from './send-schemas'

/** Every route here is the owner's: the session cookie or a personal access token (issue 24). */
const owner = { tags: ['Time and money'], security: OWNER_SECURITY }

const errors = { ...OWNER_ERRORS, ...NOT_FOUND, ...CONFLICT }

const timeEntry = z
  .looseObject({
    id: z.number(),
    clientId: z.number(),
    supportRequestId: z.number().nullable(),
    consultationId: z.number().nullable(),
    date: z.string(),
    minutes: z.number(),
    description: z.string(),
    billable: z.boolean(),
    rateCents: z.number().openapi({ description: 'Hourly rate in cents (0 while it needs a rate)' }),
    needsRate: z.boolean().openapi({ description: 'Kept without a rate: not invoiced until one is set' }),
    blockId: z.number().nullable(),
    invoiceId: z.number().nullable(),
  })
  .openapi('TimeEntry')

const listQuery = z.object({
  clientId: z.coerce.number().int().positive().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  unbilled: z.enum(['true', 'false']).optional(),
})

// ---------- /api/time-entries ----------

export const timeEntries = openApiApp()
timeEntries.use(requireOwner)
timeEntries
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: 'Time entries, newest first',
      request: { query: listQuery },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.array(timeEntry), 'The entries'),
        401: errors[401],
      },
    }),
    async (c) => {
      const q = c.req.valid('query')
      return c.json(await listTimeEntries(c.var.db, { ...q, unbilled: q.unbilled === 'true' }), 200)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary: 'Records time (billable time draws a prepaid block first; a longer entry is split)',
      request: { body: body(timeEntryInput) },
      responses: {
        ...OWNER_ERRORS,
        201: json(
          timeEntry.extend({ entries: z.array(timeEntry) }),
          'The entry (and, when split, all parts)',
        ),
        400: errors[400],
        401: errors[401],
      },
    }),
    async (c) => {
      const entries = await createTimeEntry(c.var.db, c.env, c.req.valid('json'))
      return c.json({ ...entries[0]!, entries }, 201)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/{id}',
      summary: 'Changes an unbilled entry (409 when it is on an invoice)',
      request: { params: idPath, body: body(timeEntryPatch) },
      responses: {
        ...OWNER_ERRORS,
        200: json(timeEntry, 'The entry'),
        ...errors,
      },
    }),
    async (c) => c.json(await updateTimeEntry(c.var.db, pathId(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/{id}',
      summary: 'Deletes an unbilled entry (409 when it is on an invoice)',
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        204: { description: 'Deleted' },
        401: errors[401],
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) => {
      await deleteTimeEntry(c.var.db, pathId(c))
      return c.body(null, 204)
    },
  )

// ---------- /api/timer ----------

const timer = z
  .object({
    running: z.boolean(),
    startedAt: z.string().nullable(),
    clientId: z.number().nullable(),
    description: z.string().nullable(),
  })
  .openapi('Timer')
const timerBody = (t: Awaited<ReturnType<typeof getTimer>>) => ({
  running: t !== null,
  startedAt: t?.startedAt.toISOString() ?? null,
  clientId: t?.clientId ?? null,
  description: t?.description ?? null,
})

export const timerRoutes = openApiApp()
timerRoutes.use(requireOwner)
timerRoutes
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: 'The running timer',
      responses: {
        ...OWNER_ERRORS,
        200: json(timer, 'The timer'),
        401: errors[401],
      },
    }),
    async (c) => c.json(timerBody(await getTimer(c.var.db)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/start',
      summary: 'Starts the timer (one at a time: 409 when one runs)',
      request: { body: body(timerInput) },
      responses: {
        ...OWNER_ERRORS,
        201: json(timer, 'Started'),
        400: errors[400],
        401: errors[401],
        409: errors[409],
      },
    }),
    async (c) => c.json(timerBody(await startTimer(c.var.db, c.req.valid('json'))), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/stop',
      summary: 'Stops the timer and records its time',
      request: { body: body(timerInput) },
      responses: {
        ...OWNER_ERRORS,
        201: json(z.array(timeEntry), 'The entries made'),
        400: errors[400],
        401: errors[401],
        409: errors[409],
      },
    }),
    async (c) => c.json(await stopTimer(c.var.db, c.env, c.req.valid('json')), 201),
  )

// ---------- /api/prepaid-blocks ----------

const block = z
  .looseObject({
    id: z.number(),
    clientId: z.number(),
    minutes: z.number(),
    priceCents: z.number(),
    validUntil: z.string().nullable(),
  })
  .openapi('PrepaidBlock')

export const prepaidBlocks = openApiApp()
prepaidBlocks.use(requireOwner)
prepaidBlocks
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: "A client's blocks that are still valid, with what is left",
      request: { query: z.object({ clientId: z.coerce.number().int().positive() }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(
          z.array(block.extend({ remainingMinutes: z.number(), usedMinutes: z.number() })),
          'The blocks',
        ),
        400: errors[400],
        401: errors[401],
      },
    }),
    async (c) => c.json(await remainingBlocks(c.var.db, c.req.valid('query').clientId), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary: 'Sells a client a prepaid block of hours',
      request: { body: body(blockInput) },
      responses: {
        ...OWNER_ERRORS,
        201: json(block, 'The block'),
        400: errors[400],
        401: errors[401],
      },
    }),
    async (c) => c.json(await createBlock(c.var.db, c.req.valid('json')), 201),
  )

// ---------- /api/invoices ----------

const payment = z
  .looseObject({
    id: z.number(),
    invoiceId: z.number().nullable(),
    amountCents: z.number(),
    date: z.string(),
    method: z.enum(PAYMENT_METHODS),
    currency: z.string(),
    reference: z.string().nullable(),
  })
  .openapi('Payment')
const line = z.looseObject({
  position: z.number(),
  description: z.string(),
  quantityMilli: z.number(),
  unit: z.string().nullable(),
  unitPriceCents: z.number(),
  amountCents: z.number(),
})
const invoiceSummary = {
  id: z.number(),
  number: z.string().openapi({ example: 'INV-2026-0001' }),
  clientId: z.number(),
  source: z.enum(INVOICE_SOURCES),
  status: z.enum(INVOICE_STATUSES),
  issueDate: z.string(),
  dueDate: z.string(),
  totalCents: z.number(),
  // The one balance (services/balance.ts): the same figures in every view.
  owedCents: z.number().openapi({ description: 'The total, or 0 for a credit note or a void invoice' }),
  creditedCents: z.number().openapi({ description: 'Live credit notes against it (zero or negative)' }),
  paidCents: z.number(),
  balanceCents: z.number().openapi({ description: 'What is left to pay: owed + credited - paid' }),
}
const invoice = z
  .looseObject({
    ...invoiceSummary,
    subtotalCents: z.number(),
    discountCents: z.number(),
    taxCents: z.number(),
    lines: z.array(line),
    payments: z.array(payment),
  })
  .openapi('Invoice')
const invoiceListItem = z
  .looseObject({ ...invoiceSummary, clientName: z.string() })
  .openapi('InvoiceListItem')

/** An invoice as the API shows it (dates as ISO strings by JSON). */
const invoiceBody = (i: InvoiceDetail) => i

export const invoices = openApiApp()
invoices.use(requireOwner)
invoices
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: 'Invoices, newest first',
      request: {
        query: z.object({
          clientId: z.coerce.number().int().positive().optional(),
          status: z.enum(INVOICE_STATUSES).optional(),
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.array(invoiceListItem), 'The invoices'),
        400: errors[400],
        401: errors[401],
      },
    }),
    async (c) => {
      const rows = await listInvoices(c.var.db, c.req.valid('query'))
      return c.json(
        rows.map(({ invoice, clientName, ...balance }) => ({ ...invoice, clientName, ...balance })),
        200,
      )
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary:
        "Creates a draft invoice from a client's unbilled time, an accepted quote, a block, manual lines, or a credit note",
      request: { body: body(invoiceInput) },
      responses: {
        ...OWNER_ERRORS,
        201: json(invoice, 'The invoice, numbered INV-YYYY-NNNN'),
        400: errors[400],
        401: errors[401],
        409: errors[409],
      },
    }),
    async (c) => c.json(invoiceBody(await createInvoice(c.var.db, c.req.valid('json'))), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/overview',
      summary: 'Unbilled time per client, outstanding and overdue invoices, paid this month and year',
      responses: {
        ...OWNER_ERRORS,
        200: json(z.looseObject({ outstandingCents: z.number(), overdueCents: z.number() }), 'The overview'),
        401: errors[401],
      },
    }),
    async (c) => c.json(await billingOverview(c.var.db), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/export/{file}',
      summary: 'CSV for the accountant: invoices.csv or payments.csv',
      request: { params: z.object({ file: z.enum(['invoices.csv', 'payments.csv']) }) },
      responses: {
        ...OWNER_ERRORS,
        200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
        400: errors[400],
        401: errors[401],
      },
    }),
    async (c) => {
      const { file } = c.req.valid('param')
      const csv = file === 'invoices.csv' ? await invoicesCsv(c.var.db) : await paymentsCsv(c.var.db)
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file}"`,
      })
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/{id}',
      summary: 'An invoice with its lines, payments and balance',
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        200: json(invoice, 'The invoice'),
        400: errors[400],
        401: errors[401],
        404: errors[404],
      },
    }),
    async (c) => c.json(invoiceBody(await getInvoice(c.var.db, pathId(c))), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/{id}/send-preview',
      summary:
        "The send step: the client's contacts to choose from, the e-mail as the client reads it, warnings",
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: json(SendPreviewSchema, 'What Send will do'), ...errors },
    }),
    async (c) => c.json(await invoiceSendPreview(c.var.db, c.env, pathId(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/{id}/send',
      summary:
        'Sends the invoice or credit note to the chosen contacts (e-mail with visitor mail on; the portal link either way)',
      description:
        "`recipientContactIds` are contacts of the invoice's client; absent or empty: its contact, else the billing or primary one, else the first. See `GET /api/invoices/{id}/send-preview`.",
      request: {
        params: idPath,
        body: { required: false, content: { 'application/json': { schema: SendInput } } },
      },
      responses: {
        ...OWNER_ERRORS,
        200: json(invoice.extend({ mailed: z.boolean(), link: z.string() }), 'Sent'),
        ...errors,
      },
    }),
    async (c) => {
      const input = c.req.header('content-type')?.includes('json') ? c.req.valid('json') : undefined
      const sent = await sendInvoice(c.var.db, c.env, pathId(c), {
        recipientContactIds: input?.recipientContactIds,
      })
      if (sent.outboxIds.length) inBackground(c, deliverEach(c.var.db, c.env, sent.outboxIds))
      return c.json({ ...invoiceBody(sent.invoice), mailed: sent.mailed, link: sent.link }, 200)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/{id}/payments',
      summary: 'Records a manual payment (a partial one leaves a balance; an overpayment is credit)',
      request: { params: idPath, body: body(paymentInput) },
      responses: {
        ...OWNER_ERRORS,
        201: json(invoice, 'The invoice after the payment'),
        ...errors,
      },
    }),
    async (c) => {
      const { invoice, outboxIds } = await recordPaymentAndNotify(
        c.var.db,
        c.env,
        pathId(c),
        c.req.valid('json'),
      )
      inBackground(c, deliverEach(c.var.db, c.env, outboxIds))
      return c.json(invoiceBody(invoice), 201)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/{id}/void',
      summary: 'Voids the invoice: it keeps its number and its time returns to unbilled',
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        200: json(invoice, 'The void invoice'),
        ...errors,
      },
    }),
    async (c) => c.json(invoiceBody(await voidInvoice(c.var.db, pathId(c))), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/{id}/pdf',
      summary: 'The invoice as a PDF',
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        200: {
          description: 'PDF',
          content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        400: errors[400],
        401: errors[401],
        404: errors[404],
      },
    }),
    async (c) => {
      const pdf = await invoicePdfFor(c.var.db, c.env, pathId(c), stripeCheckoutEnabled(c.env))
      return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${pdf.filename}"`,
      })
    },
  )

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
        401: errors[401],
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
      request: { params: idPath, body: body(z.object({ invoiceId: z.number().int().positive() }).strict()) },
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

/** The routes of this module by their mount point, for app.ts and the OpenAPI document. */
export const billingRoutes = {
  '/time-entries': timeEntries,
  '/timer': timerRoutes,
  '/prepaid-blocks': prepaidBlocks,
  '/invoices': invoices,
  '/payments': paymentsRoutes,
  '/billing-settings': billingSettingsRoutes,
} as const
