// Insights over HTTP (issue 18): the counting hooks for pages, the resume and
// the request forms; the public beacon endpoint; the owner's report.
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { FUNNEL_STEPS, INSIGHT_FORMS, type InsightForm } from '../../schema/insights'
import { API_MESSAGES } from '../../schema/messages'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { inBackground } from '../middleware/background'
import { privateNoStore } from '../middleware/cache-headers'
import { ApiError, badRequest } from '../middleware/errors'
import {
  ErrorSchema,
  openApiJson as json,
  noContent,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  PUBLIC,
} from '../middleware/openapi'
import { counted, countFormOutcome, rejectedFacts } from './forms'
import { flushInsights, record, recordLater } from './record'
import { insightsReport, lastDays, MAX_RANGE_DAYS, type Range } from './report'
import { beaconFacts, isPublicPath, notCounted, pageViewFacts, visitorFacts } from './rules'

/** A beacon is a few dozen bytes; anything past this is not one of ours. */
export const MAX_BEACON_BYTES = 1024

/**
 * After a page was answered: counts it when it is a public page that was
 * shown (200, fresh or from the edge cache, or 304: the browser's copy is
 * current). Nothing is awaited; the response goes out as it is.
 */
export function countPageView(c: Context<AppEnv>, res: Response): void {
  if (c.req.method !== 'GET' || (res.status !== 200 && res.status !== 304)) return
  if (res.status === 200 && !res.headers.get('Content-Type')?.includes('text/html')) return
  if (!isPublicPath(c.req.path) || notCounted(c.req.raw) !== null) return
  recordLater(c, pageViewFacts(c.req.raw))
}

/** A resume download, counted once it was answered. */
export const countResumeDownload = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (c.res.status === 200 && counted(c)) recordLater(c, [{ kind: 'resume', key: '' }])
})

/** The REST intake's counting: its answer's status, and for a 400 the fields its body names. */
export const countSubmission = (form: InsightForm) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next()
    if (!counted(c)) return
    const { status } = c.res
    if (status !== 400) return countFormOutcome(c, form, status)
    const body = c.res.clone()
    inBackground(
      c,
      body
        .json()
        .then((json) =>
          record(c, rejectedFacts(form, (json as { errors?: Record<string, string> }).errors ?? {})),
        ),
    )
  })

/**
 * POST /api/insights/events: one event from the beacon module, as plain-text
 * JSON (what `navigator.sendBeacon` sends without a preflight). Answers 204
 * whether or not it was counted (a visitor's GPC or DNT, a robot, the owner),
 * 400 for anything that is not an event the site sends, 413 when too large.
 */
export async function beacon(c: Context<AppEnv>): Promise<Response> {
  const length = Number(c.req.header('content-length') ?? 0)
  if (length > MAX_BEACON_BYTES) throw new ApiError(413, API_MESSAGES.tooLarge)
  const text = await c.req.text()
  if (text.length > MAX_BEACON_BYTES) throw new ApiError(413, API_MESSAGES.tooLarge)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new ApiError(400, API_MESSAGES.invalidJson)
  }
  const facts = beaconFacts(body)
  if (!facts) throw badRequest({ event: 'Not an event this site sends.' })
  if (counted(c)) recordLater(c, facts[0]?.kind === 'view' ? [...facts, ...visitorFacts(c.req.raw)] : facts)
  return c.body(null, 204)
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The range of a report: ?days=7|30|90, or ?from=YYYY-MM-DD&to=YYYY-MM-DD (custom). */
export function parseRange(query: Record<string, string | undefined>, now = Date.now()): Range {
  const { days, from, to } = query
  if (from !== undefined || to !== undefined) {
    const errors: Record<string, string> = {}
    const valid = (d: string | undefined) =>
      d !== undefined &&
      DAY.test(d) &&
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
      new Date(`${d}T00:00:00Z`).toISOString().startsWith(d)
    if (!valid(from)) errors.from = 'Enter a start date as YYYY-MM-DD.'
    if (!valid(to)) errors.to = 'Enter an end date as YYYY-MM-DD.'
    if (Object.keys(errors).length) throw badRequest(errors)
    const span = (Date.parse(to!) - Date.parse(from!)) / 86_400_000
    if (span < 0) throw badRequest({ to: 'The end date must not be before the start date.' })
    if (span >= MAX_RANGE_DAYS)
      throw badRequest({ from: `Choose a range of at most ${MAX_RANGE_DAYS} days.` })
    return { from: from!, to: to! }
  }
  if (days === undefined) return lastDays(30, now)
  if (!['7', '30', '90'].includes(days)) throw badRequest({ days: 'Choose 7, 30 or 90 days.' })
  return lastDays(Number(days), now)
}

/**
 * The beacon as documented (POST /api/insights/events, answered in
 * worker/app.ts before the API's JSON-only body guard; api.ts registers it).
 * The schema describes the event; `beaconFacts` is the check, and stricter:
 * only keys the site itself sends.
 */
export const beaconRoute = createRoute({
  method: 'post',
  path: '/insights/events',
  tags: ['Insights'],
  security: PUBLIC,
  summary: 'Count one event from the pages (the beacon)',
  description:
    "Sent by `navigator.sendBeacon` as plain-text JSON (no preflight). Answers 204 whether or not it was counted (a visitor's GPC or DNT, a robot, the owner).",
  request: {
    body: {
      required: true,
      content: {
        'text/plain': {
          schema: z.object({
            t: z.enum(['view', 'filter', 'project', 'form']),
            k: z.string().openapi({ description: 'A public path, a category, a project id or a form step' }),
            f: z
              .array(z.string())
              .max(12)
              .optional()
              .openapi({ description: "A refused form's field names (with a `form:rejected` key)" }),
          }),
          example: { t: 'view', k: '/about' },
        },
      },
    },
  },
  responses: {
    204: noContent('Received'),
    400: json(ErrorSchema, 'Not an event this site sends'),
    403: json(ErrorSchema, 'A cross-site request'),
    413: json(ErrorSchema, `Larger than ${MAX_BEACON_BYTES} bytes`),
  },
})

const count = z.object({ key: z.string(), label: z.string(), count: z.number().int() })
const InsightsReportSchema = z
  .object({
    from: z.string().openapi({ example: '2026-11-01' }),
    to: z.string().openapi({ example: '2026-11-30' }),
    days: z.array(z.object({ day: z.string(), views: z.number().int() })),
    totalViews: z.number().int(),
    pages: z.array(count),
    referrers: z.array(count),
    campaigns: z.array(count),
    projects: z.array(count),
    filters: z.array(count),
    devices: z.array(count),
    countries: z.array(count),
    resumeDownloads: z.number().int(),
    funnels: z.array(
      z.object({
        form: z.enum(Object.keys(INSIGHT_FORMS) as [InsightForm, ...InsightForm[]]),
        steps: z.record(z.enum(FUNNEL_STEPS), z.number().int()),
        rejectedFields: z.array(count),
      }),
    ),
    requestsPerWeek: z.array(
      z.object({ week: z.string(), consultations: z.number().int(), support: z.number().int() }),
    ),
  })
  .openapi('InsightsReport')
const day = { type: 'string' as const, format: 'date' }

/** GET /api/insights: the owner's report for a range. */
export const insights = openApiApp().openapi(
  createRoute({
    method: 'get',
    path: '/',
    tags: ['Insights'],
    security: OWNER_SECURITY,
    middleware: [requireOwner, privateNoStore],
    summary: "The site's counts for a range",
    description: `The last 7, 30 or 90 days (\`days\`, 30 by default), or \`from\` and \`to\` (at most ${MAX_RANGE_DAYS} days). Checked by the route itself: each refusal names its parameter.`,
    parameters: [
      { name: 'days', in: 'query', schema: { type: 'string', enum: ['7', '30', '90'] } },
      { name: 'from', in: 'query', description: 'With `to`: a custom range', schema: day },
      { name: 'to', in: 'query', description: 'With `from`', schema: day },
    ],
    responses: { 200: json(InsightsReportSchema, 'The report'), ...OWNER_ERRORS },
  }),
  async (c) => {
    const range = parseRange(c.req.query())
    // What this isolate counted and has not written yet is part of the answer:
    // every view whose response went out is in the report (ADR 065).
    await flushInsights(c.var.db)
    return c.json(await insightsReport(c.var.db, range), 200)
  },
)
