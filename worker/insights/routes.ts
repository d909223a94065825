// Insights over HTTP (issue 18): the counting hooks for pages, the resume and
// the request forms; the public beacon endpoint; the owner's report.
import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { InsightForm } from '../../schema/insights'
import { API_MESSAGES } from '../../schema/messages'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { inBackground } from '../middleware/background'
import { privateNoStore } from '../middleware/cache-headers'
import { ApiError, badRequest } from '../middleware/errors'
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

/** GET /api/insights: the owner's report for a range. */
export const insights = new Hono<AppEnv>().get('/', requireOwner, privateNoStore, async (c) => {
  const range = parseRange(c.req.query())
  // What this isolate counted and has not written yet is part of the answer:
  // every view whose response went out is in the report (ADR 065).
  await flushInsights(c.var.db)
  return c.json(await insightsReport(c.var.db, range))
})
