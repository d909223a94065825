// /api/invoices: list, create, overview, CSV export, read, send, payments, void and the PDF.
import { createRoute, z } from '@hono/zod-openapi'
import { invoiceInput, paymentInput } from '../../../schema/billing-payloads.server'
import { INVOICE_SOURCES, INVOICE_STATUSES, PAYMENT_METHODS } from '../../../schema/billing-words'
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
import { stripeCheckoutEnabled } from '../../payments/stripe'
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
  voidInvoice,
} from '../../services/invoices'
import { recordPaymentAndNotify } from '../../services/payment-notices'
import { SendInput, SendPreviewSchema } from '../send-schemas'
import { errors, owner } from './shared'

// ---------- /api/invoices ----------

export const payment = z
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
export const invoice = z
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
export const invoiceBody = (i: InvoiceDetail) => i

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
      request: {
        body: body(invoiceInput, {
          clientId: 1,
          source: 'time',
          from: '2026-11-01',
          to: '2026-11-30',
          grouping: 'request',
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(invoice, 'The invoice, numbered INV-YYYY-NNNN'),
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
        body: {
          required: false,
          content: { 'application/json': { schema: SendInput, example: { recipientContactIds: [1] } } },
        },
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
      request: {
        params: idPath,
        body: body(paymentInput, {
          amountCents: 5_000,
          method: 'check',
          date: '2026-11-24',
          reference: '1043',
        }),
      },
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
