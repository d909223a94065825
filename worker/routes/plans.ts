// REST for managed-service plans (issue 37), as OpenAPIHono sub-apps: the
// same zod schemas validate each request and describe it in the OpenAPI
// document. Every route is the owner's: the session cookie, or a personal
// access token with the read-write or billing scope (worker/auth/bearer.ts).
import { createRoute, z } from '@hono/zod-openapi'
import {
  billPeriodInput,
  periodText,
  planInput,
  planPatch,
  subscriptionInput,
  subscriptionPatch,
} from '../../schema/plan-payloads.server'
import { PLAN_ROLLOVER, periodOf, SUBSCRIPTION_STATUSES } from '../../schema/plans'
import { requireOwner } from '../auth/middleware'
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
import { billPeriod, periodInvoicesOf } from '../services/plan-billing'
import { periodFigures } from '../services/plan-figures'
import { createPlan, getPlan, listPlans, updatePlan } from '../services/plans'
import {
  cancelSubscription,
  createSubscription,
  getSubscription,
  listSubscriptions,
  pauseSubscription,
  resumeSubscription,
  undoCancelSubscription,
  updateSubscription,
} from '../services/subscriptions'

const owner = { tags: ['Plans'], security: OWNER_SECURITY }
const errors = { ...OWNER_ERRORS, ...NOT_FOUND, ...CONFLICT }

const slaHours = z.object({
  urgent: z.number().nullable(),
  high: z.number().nullable(),
  medium: z.number().nullable(),
  low: z.number().nullable(),
})
const plan = z
  .looseObject({
    id: z.number(),
    name: z.string(),
    monthlyFeeCents: z.number(),
    includedMinutes: z.number(),
    overageRateCents: z.number().openapi({ description: 'Cents per hour over the included time' }),
    rollover: z.enum(PLAN_ROLLOVER),
    units: z.array(z.object({ description: z.string(), unitPriceCents: z.number() })),
    slaHours: slaHours.openapi({ description: 'First-response targets in hours; null: the default' }),
    autoSend: z.boolean(),
    termsFrom: z
      .string()
      .nullable()
      .openapi({ description: 'The period (YYYY-MM) from which the current prices are billed' }),
  })
  .openapi('Plan')
const subscription = z
  .looseObject({
    id: z.number(),
    clientId: z.number(),
    planId: z.number(),
    planName: z.string(),
    startDate: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    cancelAtPeriodEnd: z.boolean(),
    endsPeriod: z.string().nullable(),
    autopay: z.boolean(),
    cardSaved: z.boolean().openapi({ description: 'The client saved a card for autopay' }),
    alertContactId: z.number().nullable(),
    units: z.array(z.object({ description: z.string(), unitPriceCents: z.number(), quantity: z.number() })),
  })
  .openapi('Subscription')
const usage = z
  .looseObject({
    period: z.string(),
    label: z.string().openapi({ description: 'The period in words: "November 2026"' }),
    state: z.enum(['open', 'ended', 'billed']).openapi({
      description: 'open: running; ended: can be billed; billed: its period invoice is made',
    }),
    endsOn: z.string(),
    billableFrom: z.string().openapi({ description: 'The first day the period can be billed' }),
    includedMinutes: z.number(),
    rolloverMinutes: z.number(),
    usedMinutes: z
      .number()
      .openapi({ description: 'Used, late time apart (billed: what the invoice counted)' }),
    remainingMinutes: z.number(),
    overageMinutes: z.number(),
    overageRateCents: z.number(),
    overageCents: z.number().openapi({ description: 'What the overage bills (or billed)' }),
    paused: z.boolean(),
    invoice: z
      .object({ invoiceId: z.number(), number: z.string(), status: z.string(), totalCents: z.number() })
      .nullable(),
    late: z.looseObject({
      pendingMinutes: z.number(),
      pendingOverageCents: z.number(),
      billedMinutes: z.number(),
      notBilledMinutes: z.number(),
      undecidedMinutes: z.number(),
    }),
    carriedIn: z.array(z.looseObject({ period: z.string(), minutes: z.number(), overageCents: z.number() })),
  })
  .openapi('PeriodUsage')
const periodInvoice = z
  .looseObject({
    id: z.number(),
    number: z.string(),
    totalCents: z.number(),
    status: z.string(),
    lines: z.array(z.looseObject({ description: z.string(), amountCents: z.number() })),
  })
  .openapi('PeriodInvoice')

// ---------- /api/plans ----------

export const plansRoutes = openApiApp()
plansRoutes.use(requireOwner)
plansRoutes
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: 'The plans, by name',
      responses: { ...OWNER_ERRORS, 200: json(z.array(plan), 'The plans') },
    }),
    async (c) => c.json(await listPlans(c.var.db), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary: 'Creates a plan',
      request: {
        body: body(planInput, {
          name: 'Clinic Care',
          monthlyFeeCents: 60_000,
          includedMinutes: 300,
          overageRateCents: 12_000,
          rollover: 'next',
          units: [{ description: 'Workstation', unitPriceCents: 2_500 }],
          slaHours: { urgent: 2, high: 8, medium: 24, low: 72 },
          autoSend: false,
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(plan, 'The plan'),
      },
    }),
    async (c) => c.json(await createPlan(c.var.db, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/{id}',
      summary: 'One plan',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: json(plan, 'The plan'), 404: errors[404] },
    }),
    async (c) => c.json(await getPlan(c.var.db, pathId(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/{id}',
      summary: 'Changes a plan; new prices apply from the next period, never to an issued invoice',
      request: { params: idPath, body: body(planPatch, { monthlyFeeCents: 65_000 }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(plan, 'The plan'),
        404: errors[404],
      },
    }),
    async (c) => c.json(await updatePlan(c.var.db, pathId(c), c.req.valid('json')), 200),
  )

// ---------- /api/subscriptions ----------

const action = (path: 'pause' | 'resume' | 'cancel' | 'undo-cancel', summary: string) =>
  createRoute({
    ...owner,
    method: 'post',
    path: `/{id}/${path}`,
    summary,
    request: { params: idPath },
    responses: {
      ...OWNER_ERRORS,
      200: json(subscription, 'The subscription'),
      404: errors[404],
      409: errors[409],
    },
  })

export const subscriptionsRoutes = openApiApp()
subscriptionsRoutes.use(requireOwner)
subscriptionsRoutes
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/',
      summary: 'Subscriptions, of one client or all',
      request: { query: z.object({ clientId: z.coerce.number().int().positive().optional() }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.array(subscription), 'The subscriptions'),
      },
    }),
    async (c) => c.json(await listSubscriptions(c.var.db, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary: 'Puts a client on a plan from a start date; a client has at most one live subscription (409)',
      request: {
        body: body(subscriptionInput, {
          clientId: 1,
          planId: 1,
          startDate: '2026-11-10',
          units: [{ description: 'Workstation', unitPriceCents: 2_500, quantity: 6 }],
          autopay: false,
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(subscription, 'The subscription'),
        409: errors[409],
      },
    }),
    async (c) => c.json(await createSubscription(c.var.db, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/{id}',
      summary: 'One subscription',
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        200: json(subscription, 'The subscription'),
        404: errors[404],
      },
    }),
    async (c) => c.json(await getSubscription(c.var.db, pathId(c)), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/{id}',
      summary: 'Unit quantities, autopay and the usage-alert contact',
      request: {
        params: idPath,
        body: body(subscriptionPatch, {
          units: [{ description: 'User', unitPriceCents: 1_000, quantity: 4 }],
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        200: json(subscription, 'The subscription'),
        404: errors[404],
      },
    }),
    async (c) => c.json(await updateSubscription(c.var.db, pathId(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/{id}/usage',
      summary:
        "A period's figures (this period by default): used, included, rolled over, overage billed or to be billed, late time",
      request: { params: idPath, query: z.object({ period: periodText.optional() }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(usage, 'The usage'),
        404: errors[404],
      },
    }),
    async (c) =>
      c.json(
        await periodFigures(c.var.db, pathId(c), c.req.valid('query').period ?? periodOf(new Date())),
        200,
      ),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/{id}/invoices',
      summary: "The subscription's period invoices, newest period first",
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.array(z.looseObject({ period: z.string(), invoiceId: z.number() })), 'The invoices'),
        404: errors[404],
      },
    }),
    async (c) => {
      const sub = await getSubscription(c.var.db, pathId(c))
      return c.json(await periodInvoicesOf(c.var.db, sub.id), 200)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/{id}/invoices',
      summary:
        "Bills a period once it has ended in the business time zone (before: 409 naming its end date): one draft invoice per subscription and period, with the late lines of earlier periods; the same period again is 409 with the first one's invoiceId",
      request: { params: idPath, body: body(billPeriodInput, { period: '2026-11' }) },
      responses: {
        ...OWNER_ERRORS,
        201: json(periodInvoice, 'The draft invoice'),
        404: errors[404],
        409: errors[409],
      },
    }),
    async (c) => c.json(await billPeriod(c.var.db, pathId(c), c.req.valid('json').period), 201),
  )
  .openapi(action('pause', 'Pauses from this period on: no fee, time billed as usual'), async (c) =>
    c.json(await pauseSubscription(c.var.db, pathId(c)), 200),
  )
  .openapi(action('resume', 'Resumes: this period is billed again'), async (c) =>
    c.json(await resumeSubscription(c.var.db, pathId(c)), 200),
  )
  .openapi(action('cancel', 'Cancels at the end of this period (the cron ends it then)'), async (c) =>
    c.json(await cancelSubscription(c.var.db, pathId(c)), 200),
  )
  .openapi(
    action('undo-cancel', 'Takes a cancellation back while its last period runs (409 once it has ended)'),
    async (c) => c.json(await undoCancelSubscription(c.var.db, pathId(c)), 200),
  )
