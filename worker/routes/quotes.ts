// /api/quotes and /api/agreement-templates (issue 25): the owner's quotes for
// automation, declared with @hono/zod-openapi so the same schemas validate each
// request and describe it in /api/openapi.json. Owner only.
import { createRoute, type Hook, OpenAPIHono, z } from '@hono/zod-openapi'
import { API_MESSAGES } from '../../schema/messages'
import { QUOTE_STATUSES, quoteFieldErrors, quoteInput } from '../../schema/quotes'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { deliverEach } from '../mail/outbox'
import { inBackground } from '../middleware/background'
import { ApiError, badRequest } from '../middleware/errors'
import { openApiJson as json, OWNER_SECURITY, refuseEmptyPatch } from '../middleware/openapi'
import { listAgreementTemplates } from '../services/agreements'
import { Conflict } from '../services/errors'
import { parseId } from '../services/ids'
import {
  createQuote,
  duplicateQuote,
  getQuote,
  listQuotes,
  type QuoteDetail,
  quotePdf,
  quoteSendPreview,
  reviseQuote,
  sendQuote,
  updateQuote,
  verifySignature,
  withdrawQuote,
} from '../services/quotes'
import { SendInput, SendPreviewSchema } from './send-schemas'

/** A refused request keeps the API's one error shape, naming each field by its full path (`lines.2.quantity`). */
const defaultHook = async (...[result, c]: Parameters<Hook<unknown, AppEnv, string, undefined>>) => {
  if (result.success) return refuseEmptyPatch(result, c)
  // A body that is not a JSON object at all fails at the root.
  if (result.target === 'json' && result.error.issues.some((i) => i.path.length === 0))
    throw new ApiError(400, API_MESSAGES.invalidJson)
  throw badRequest(quoteFieldErrors(result.error))
}

const ErrorSchema = z
  .object({ message: z.string(), errors: z.record(z.string(), z.string()).optional() })
  .openapi('QuoteError')
const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
})
const ERRORS = {
  400: error('The input was refused; `errors` names each field'),
  401: error('No owner session or valid access token'),
  403: error('A read-only token on a write, or a cross-site request'),
  404: error('No such quote'),
  409: error('The quote is not in a state that allows this'),
} as const

const dateTime = z.string().openapi({ format: 'date-time', example: '2026-11-24T15:00:00.000Z' })
const LineSchema = z
  .object({
    id: z.number().int(),
    position: z.number().int(),
    description: z.string(),
    quantity: z.number(),
    unit: z.string().nullable(),
    unitPriceCents: z.number().int(),
    amountCents: z.number().int(),
    optional: z.boolean(),
  })
  .openapi('QuoteLine')
const SignatureSchema = z
  .object({
    signerName: z.string(),
    signerEmail: z.string(),
    contactId: z.number().int().nullable(),
    signedAt: dateTime,
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    revision: z.number().int(),
    documentSha256: z.string(),
    agreementHashes: z.array(z.object({ name: z.string(), sha256: z.string() })),
    pdfSha256: z.string().nullable(),
  })
  .openapi('Signature')
export const QuoteSchema = z
  .object({
    id: z.number().int(),
    number: z.string().openapi({ example: 'Q-2026-0001' }),
    revision: z.number().int(),
    label: z.string().openapi({ example: 'Q-2026-0001 rev 2' }),
    status: z.enum(QUOTE_STATUSES),
    clientId: z.number().int(),
    clientName: z.string(),
    contactId: z.number().int().nullable(),
    title: z.string(),
    intro: z.string().nullable(),
    lines: z.array(LineSchema),
    agreements: z.array(
      z.object({
        id: z.number().int(),
        templateId: z.number().int().nullable(),
        name: z.string(),
        body: z.string(),
      }),
    ),
    discountCents: z.number().int(),
    taxRatePercent: z.number(),
    depositPercent: z.number().int(),
    paymentTerms: z.string().nullable(),
    validUntil: z.string().openapi({ example: '2026-12-24' }),
    currency: z.string(),
    subtotalCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int().openapi({ description: 'Optional lines count only once chosen' }),
    depositCents: z.number().int(),
    depositToInvoice: z.boolean().openapi({
      description:
        'Accepted with a deposit not invoiced yet (issuing it on acceptance failed, or it was voided)',
    }),
    depositInvoice: z
      .object({ id: z.number().int(), number: z.string(), status: z.string(), totalCents: z.number().int() })
      .nullable()
      .openapi({ description: 'The deposit invoice the acceptance issued' }),
    chosenLineIds: z.array(z.number().int()).nullable(),
    declineReason: z.string().nullable(),
    supersededById: z.number().int().nullable(),
    sentAt: dateTime.nullable(),
    viewedAt: dateTime.nullable(),
    decidedAt: dateTime.nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
    signature: SignatureSchema.nullable(),
    changeRequests: z
      .array(z.object({ authorName: z.string(), message: z.string(), createdAt: dateTime }))
      .openapi({
        description: 'Changes the client asked for ("Ask for changes" in the portal), oldest first',
      }),
  })
  .openapi('Quote')
const QuoteSummarySchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    revision: z.number().int(),
    label: z.string(),
    title: z.string(),
    status: z.enum(QUOTE_STATUSES),
    clientId: z.number().int(),
    clientName: z.string(),
    totalCents: z.number().int(),
    validUntil: z.string(),
    depositToInvoice: z.boolean(),
    depositInvoiceNumber: z.string().nullable(),
  })
  .openapi('QuoteSummary')
const TemplateSchema = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    name: z.string(),
    body: z.string(),
    needsLegalReview: z.boolean(),
    archived: z.boolean(),
  })
  .openapi('AgreementTemplate')

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function quoteJson(d: QuoteDetail): z.infer<typeof QuoteSchema> {
  const s = d.signature
  return {
    id: d.id,
    number: d.number,
    revision: d.revision,
    label: d.label,
    status: d.status as z.infer<typeof QuoteSchema>['status'],
    clientId: d.clientId,
    clientName: d.client.name,
    contactId: d.contactId,
    title: d.title,
    intro: d.intro,
    lines: d.lines.map((l) => ({
      id: l.id,
      position: l.position,
      description: l.description,
      quantity: l.quantityMilli / 1000,
      unit: l.unit,
      unitPriceCents: l.unitPriceCents,
      amountCents: d.lineAmounts[l.id]!,
      optional: l.optional,
    })),
    agreements: d.agreements.map((a) => ({ id: a.id, templateId: a.templateId, name: a.name, body: a.body })),
    discountCents: d.totals.discountCents,
    taxRatePercent: d.taxRateBp / 100,
    depositPercent: d.depositPercent,
    paymentTerms: d.paymentTerms,
    validUntil: d.validUntil,
    currency: d.currency,
    subtotalCents: d.totals.subtotalCents,
    taxCents: d.totals.taxCents,
    totalCents: d.totals.totalCents,
    depositCents: d.depositCents,
    depositToInvoice: d.depositToInvoice,
    depositInvoice: d.depositInvoice,
    chosenLineIds: d.chosenLineIds,
    declineReason: d.declineReason,
    supersededById: d.supersededById,
    sentAt: iso(d.sentAt),
    viewedAt: iso(d.viewedAt),
    decidedAt: iso(d.decidedAt),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    signature: s
      ? {
          signerName: s.signerName,
          signerEmail: s.signerEmail,
          contactId: s.contactId,
          signedAt: s.signedAt.toISOString(),
          ip: s.ip,
          userAgent: s.userAgent,
          revision: s.revision,
          documentSha256: s.documentSha256,
          agreementHashes: s.agreementHashes,
          pdfSha256: s.pdfSha256,
        }
      : null,
    changeRequests: d.changeRequests.map((r) => ({
      authorName: r.authorName,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
    })),
  }
}

const IdParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, type: 'integer', example: '1' }),
})
const common = {
  tags: ['Quotes'],
  security: OWNER_SECURITY,
  middleware: requireOwner,
}

const routes = {
  list: createRoute({
    ...common,
    method: 'get',
    path: '/quotes',
    summary: 'List quotes',
    request: {
      query: z.object({
        status: z.enum(QUOTE_STATUSES).optional(),
        clientId: z.string().regex(/^\d+$/).optional(),
      }),
    },
    responses: { 200: json(z.array(QuoteSummarySchema), 'Quotes, newest first'), ...ERRORS },
  }),
  create: createRoute({
    ...common,
    method: 'post',
    path: '/quotes',
    summary: 'Create a draft quote',
    description:
      'Numbered Q-YYYY-NNNN. `totalCents` counts optional lines only once the client chooses them.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: quoteInput,
            example: {
              clientId: 1,
              contactId: null,
              title: 'Network refresh',
              lines: [
                {
                  description: 'Firewall',
                  quantity: 1.5,
                  unit: 'each',
                  unitPriceCents: 120_000,
                  optional: false,
                },
              ],
              discountCents: 0,
              taxRatePercent: 8.25,
              depositPercent: 30,
              validUntil: '2026-12-31',
              agreementTemplateIds: [1],
            },
          },
        },
      },
    },
    responses: { 201: json(QuoteSchema, 'The draft'), ...ERRORS },
  }),
  get: createRoute({
    ...common,
    method: 'get',
    path: '/quotes/{id}',
    summary: 'A quote with its status and signature record',
    request: { params: IdParams },
    responses: { 200: json(QuoteSchema, 'The quote'), ...ERRORS },
  }),
  patch: createRoute({
    ...common,
    method: 'patch',
    path: '/quotes/{id}',
    summary: 'Edit a draft (409 once sent)',
    description:
      'Fields not given keep their value; `lines` and `agreementTemplateIds`, when given, replace the lists.',
    request: {
      params: IdParams,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: quoteInput.partial(),
            example: { title: 'Network refresh, revised', validUntil: null },
          },
        },
      },
    },
    responses: { 200: json(QuoteSchema, 'The draft'), ...ERRORS },
  }),
  send: createRoute({
    ...common,
    method: 'post',
    path: '/quotes/{id}/send',
    summary: 'Send a draft to the chosen contacts of its client',
    description:
      "Freezes the totals and the agreements (merge fields filled, owner-only notes removed) and replaces the earlier revision, which stays current until now. `recipientContactIds` are contacts of the quote's client (default: the quote's contact, else the billing or primary one, else the first). The link is e-mailed to each when visitor mail is on and returned either way.",
    request: {
      params: IdParams,
      body: {
        required: false,
        content: { 'application/json': { schema: SendInput, example: { recipientContactIds: [1, 2] } } },
      },
    },
    responses: {
      200: json(z.object({ quote: QuoteSchema, link: z.string() }), 'The sent quote and its link'),
      ...ERRORS,
    },
  }),
  sendPreview: createRoute({
    ...common,
    method: 'get',
    path: '/quotes/{id}/send-preview',
    summary: "A draft's send step: recipients, the e-mail as the client reads it, warnings",
    request: { params: IdParams },
    responses: { 200: json(SendPreviewSchema, 'What Send will do'), ...ERRORS },
  }),
  withdraw: createRoute({
    ...common,
    method: 'post',
    path: '/quotes/{id}/withdraw',
    summary: 'Withdraw a quote the client has not decided on',
    request: { params: IdParams },
    responses: { 200: json(QuoteSchema, 'The withdrawn quote'), ...ERRORS },
  }),
  duplicate: createRoute({
    ...common,
    method: 'post',
    path: '/quotes/{id}/duplicate',
    summary: 'Copy a quote as a new draft with a new number',
    request: { params: IdParams },
    responses: { 201: json(QuoteSchema, 'The copy'), ...ERRORS },
  }),
  revise: createRoute({
    ...common,
    method: 'post',
    path: '/quotes/{id}/revise',
    summary: 'Make a new revision of a sent quote (the old one is superseded)',
    request: { params: IdParams },
    responses: { 201: json(QuoteSchema, 'The new revision, a draft'), ...ERRORS },
  }),
  pdf: createRoute({
    ...common,
    method: 'get',
    path: '/quotes/{id}/pdf',
    summary: 'The quote as a PDF (the stored signed copy once accepted)',
    request: { params: IdParams },
    responses: {
      200: {
        description: 'The PDF',
        content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...ERRORS,
    },
  }),
  verify: createRoute({
    ...common,
    method: 'get',
    path: '/quotes/{id}/verify',
    summary: "Check the stored signed PDF and the quote's text against the signature record",
    request: { params: IdParams },
    responses: {
      200: json(
        z.object({
          recordedPdfSha256: z.string().nullable(),
          storedPdfSha256: z.string().nullable(),
          pdfMatches: z.boolean(),
          documentMatches: z.boolean(),
          agreementsMatch: z.boolean(),
        }),
        'The comparison',
      ),
      ...ERRORS,
    },
  }),
  templates: createRoute({
    ...common,
    method: 'get',
    path: '/agreement-templates',
    summary: 'Agreement templates (Markdown with merge fields)',
    responses: { 200: json(z.array(TemplateSchema), 'The templates that are not archived'), ...ERRORS },
  }),
}

/** A quote as the input it was made from, so a PATCH can change some fields and validate the whole. */
const asInput = (d: QuoteDetail) => ({
  clientId: d.clientId,
  contactId: d.contactId,
  consultationId: d.consultationId,
  title: d.title,
  intro: d.intro,
  lines: d.lines.map((l) => ({
    description: l.description,
    quantity: l.quantityMilli / 1000,
    unit: l.unit,
    unitPriceCents: l.unitPriceCents,
    optional: l.optional,
  })),
  discountCents: d.discountCents,
  taxRatePercent: d.taxRateBp / 100,
  depositPercent: d.depositPercent,
  paymentTerms: d.paymentTerms,
  validUntil: d.validUntil,
  agreementTemplateIds: d.agreements.filter((a) => a.templateId !== null).map((a) => a.templateId!),
})

export const quotesApi = new OpenAPIHono<AppEnv>({ defaultHook })
  .openapi(routes.list, async (c) => {
    const { status, clientId } = c.req.valid('query')
    const rows = await listQuotes(c.var.db, { status, clientId: clientId ? Number(clientId) : null })
    return c.json(
      rows.map((r) => ({
        id: r.id,
        number: r.number,
        revision: r.revision,
        label: r.label,
        title: r.title,
        status: r.status as (typeof QUOTE_STATUSES)[number],
        clientId: r.clientId,
        clientName: r.clientName,
        totalCents: r.totalCents,
        validUntil: r.validUntil,
        depositToInvoice: r.depositToInvoice,
        depositInvoiceNumber: r.depositInvoiceNumber,
      })),
      200,
    )
  })
  .openapi(routes.create, async (c) =>
    c.json(quoteJson(await createQuote(c.var.db, c.req.valid('json'))), 201),
  )
  .openapi(routes.get, async (c) =>
    c.json(quoteJson(await getQuote(c.var.db, parseId(c.req.valid('param').id))), 200),
  )
  .openapi(routes.patch, async (c) => {
    const id = parseId(c.req.valid('param').id)
    const current = await getQuote(c.var.db, id)
    if (current.status !== 'draft')
      throw new Conflict('Only a draft can be edited; revise the sent quote instead.')
    // The body was checked field by field; the merged whole is checked again (a line list, the client).
    const raw = (await c.req.json()) as Record<string, unknown>
    const merged = quoteInput.safeParse({ ...asInput(current), ...raw })
    if (!merged.success) throw badRequest(quoteFieldErrors(merged.error))
    return c.json(quoteJson(await updateQuote(c.var.db, id, merged.data)), 200)
  })
  .openapi(routes.sendPreview, async (c) =>
    c.json(await quoteSendPreview(c.var.db, c.env, parseId(c.req.valid('param').id)), 200),
  )
  .openapi(routes.send, async (c) => {
    const body = c.req.header('content-type')?.includes('json') ? c.req.valid('json') : undefined
    const { quote, link, outboxIds } = await sendQuote(c.var.db, c.env, parseId(c.req.valid('param').id), {
      recipientContactIds: body?.recipientContactIds,
    })
    inBackground(c, deliverEach(c.var.db, c.env, outboxIds))
    return c.json({ quote: quoteJson(quote), link }, 200)
  })
  .openapi(routes.withdraw, async (c) =>
    c.json(quoteJson(await withdrawQuote(c.var.db, parseId(c.req.valid('param').id))), 200),
  )
  .openapi(routes.duplicate, async (c) =>
    c.json(quoteJson(await duplicateQuote(c.var.db, parseId(c.req.valid('param').id))), 201),
  )
  .openapi(routes.revise, async (c) =>
    c.json(quoteJson(await reviseQuote(c.var.db, parseId(c.req.valid('param').id))), 201),
  )
  .openapi(routes.pdf, async (c) => {
    const { filename, bytes } = await quotePdf(c.var.db, c.env, parseId(c.req.valid('param').id))
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
    }) as never
  })
  .openapi(routes.verify, async (c) =>
    c.json(await verifySignature(c.var.db, c.env, parseId(c.req.valid('param').id)), 200),
  )
  .openapi(routes.templates, async (c) => c.json(await listAgreementTemplates(c.var.db), 200))
