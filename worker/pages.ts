// The public pages: React Router's request handler behind Hono, with the
// page modules' server context (web/lib/site-server.ts) built on the service
// layer, and the rendered HTML kept in the edge cache
// (docs/decisions/052-framework-mode.md).
import type { Context } from 'hono'
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router'
import { MAX_JSON_BODY_BYTES } from '../schema/constants'
import { type ContentKey, resolveContent } from '../schema/content-keys'
import { API_MESSAGES } from '../schema/messages'
import {
  formUnreadable,
  requestNonce,
  type SiteServer,
  type SubmitResult,
  siteServer,
} from '../web/lib/site-server'
import { PAGE_CACHE, pageCacheKey } from './cache/pages'
import { cachedJson, EDGE_TTL_S } from './cache/public-reads'
import type { AppEnv } from './env'
import { countFormOutcome } from './insights/forms'
import { deliverEach } from './mail/outbox'
import { afterAnswer, inBackground } from './middleware/background'
import { INTAKE_STATUS, intakeContext } from './middleware/intake'
import { type PageRequest, pageRequest } from './page-context'
import { clearPortalCookie, portalSessionCookie, readPortalCookie } from './portal/session'
import { siteConfig } from './seo/site'
import { publicAvailability } from './services/availability'
import { cancelBooking, checkCancellable, rescheduleBooking, viewBooking } from './services/booking'
import { BOOKING_DONE, bookingChange, rescheduleSlot } from './services/booking-change'
import { listPublicContent } from './services/content'
import { NotFound } from './services/errors'
import { takeRequest } from './services/intake'
import { findPublicProjectBySlug, listPublicProjects } from './services/projects'
import { getActiveResume, publicResume } from './services/resumes'
import { listSkills } from './services/skills'
import { publicTestimonials } from './services/testimonials'
import { viteDev } from './vite-dev'

const loadBuild = () => import('virtual:react-router/server-build') as Promise<ServerBuild>
const handleRequest = createRequestHandler(loadBuild, viteDev ? 'development' : 'production')

/** The pages' view of the server: public reads from the edge cache, and the request intake for forms. */
function siteServerFor(c: Context<AppEnv>): SiteServer {
  const db = c.var.db
  const later = (p: Promise<unknown>) => inBackground(c, p)
  // Only blocks under keys a page reads, and only the public projection of each
  // project (no link its card would not offer): the loader data travels in the page.
  const content = () => cachedJson('/pages/content', () => listPublicContent(db), later)
  return {
    config: siteConfig(c.env),
    activeResume: () =>
      cachedJson(
        '/pages/resume',
        async () => {
          const row = await getActiveResume(db)
          return row ? publicResume(row) : null
        },
        later,
      ),
    async content<K extends ContentKey>(keys: readonly K[]) {
      const blocks = await content()
      return Object.fromEntries(keys.map((key) => [key, resolveContent(blocks, key)])) as Record<K, string>
    },
    async blocks(page) {
      return (await content()).filter((b) => b.key.startsWith(`${page}.`))
    },
    projects: () => cachedJson('/pages/projects', () => listPublicProjects(db), later),
    // Read from D1: the rendered page itself is kept in the edge cache (renderPage).
    async project(slug) {
      try {
        const found = await findPublicProjectBySlug(db, slug)
        return 'movedTo' in found ? { movedTo: found.movedTo } : { project: found.project }
      } catch (err) {
        if (err instanceof NotFound) return null
        throw err
      }
    },
    skills: () => cachedJson('/pages/skills', () => listSkills(db), later),
    testimonials: () => cachedJson('/pages/testimonials', () => publicTestimonials(db), later),
    async submit(form, payload): Promise<SubmitResult> {
      // The same intake the REST route calls (limits, validation, honeypot,
      // Turnstile, storage, mail), in-process. The payload is held to the
      // API's JSON body limit, as when it was re-sent there as JSON.
      if (new TextEncoder().encode(JSON.stringify(payload)).byteLength > MAX_JSON_BODY_BYTES) {
        countFormOutcome(c, form, 413)
        return { ok: false, status: 413, message: API_MESSAGES.tooLarge, errors: {} }
      }
      const result = await takeRequest(intakeContext(c), form, payload)
      const status = INTAKE_STATUS[result.outcome]
      countFormOutcome(c, form, status, 'errors' in result ? result.errors : {})
      switch (result.outcome) {
        case 'received':
          return { ok: true, reference: result.reference, ...(result.when ? { when: result.when } : {}) }
        case 'conflict':
          return {
            ok: false,
            status,
            message: result.message,
            errors: result.errors,
            freeSlots: { date: result.date, slots: result.freeSlots },
          }
        case 'invalid':
          return { ok: false, status, message: result.message, errors: result.errors }
        case 'limited':
          return { ok: false, status, message: result.message, errors: {} }
      }
    },
    availability: () => cachedJson('/pages/availability', () => publicAvailability(db), later),
    async booking(token) {
      try {
        return await viewBooking(db, c.env, token)
      } catch (err) {
        if (err instanceof NotFound) return null
        throw err
      }
    },
    cancelBooking: (token, reason) =>
      bookingChange(async () => {
        sendQueuedAfter(await cancelBooking(db, c.env, token, undefined, reason))
        return BOOKING_DONE.cancelled
      }),
    checkCancellable: (token) =>
      bookingChange(async () => {
        await checkCancellable(db, c.env, token)
        return BOOKING_DONE.confirmCancel
      }),
    rescheduleBooking: (token, date, time) =>
      bookingChange(async () => {
        sendQueuedAfter(await rescheduleBooking(db, c.env, token, rescheduleSlot(date, time)))
        return BOOKING_DONE.moved
      }),
  }
  function sendQueuedAfter(ids: number[]) {
    later(deliverEach(db, c.env, ids))
  }
}

/** What the page modules' loaders and actions may use of this request (worker/page-context.ts). */
function pageRequestFor(c: Context<AppEnv>): PageRequest {
  return {
    db: c.var.db,
    env: c.env,
    url: c.req.url,
    // Set by loadContact on /portal paths only; unset (null) everywhere else.
    contact: c.var.contact ?? null,
    later: (work) => inBackground(c, work),
    afterAnswer: (task) => afterAnswer(c, task),
    ip: c.req.header('cf-connecting-ip') ?? null,
    userAgent: c.req.header('user-agent') ?? null,
    portalCookie: {
      token: readPortalCookie(c),
      start: (token, expiresAt) => portalSessionCookie(c, token, expiresAt),
      end: () => clearPortalCookie(c),
    },
  }
}

/** Query parameters a page reads; any other makes the request uncached. */
const CACHEABLE_PARAMS = new Set(['category', 'form'])
const RENDER_NONCE_HEADER = 'X-Render-Nonce'

function cacheable(request: Request): boolean {
  if (request.method !== 'GET') return false
  const url = new URL(request.url)
  // The schedule form's free slots change with every booking and the clock, and a
  // manage page and the client portal are one visitor's own: none is kept as a rendered page.
  if (
    url.pathname.endsWith('.data') ||
    /^\/(admin|login|schedule-consultation|booking|portal|rate|training)\b/.test(url.pathname)
  )
    return false
  return [...url.searchParams.keys()].every((key) => CACHEABLE_PARAMS.has(key)) && url.search.length <= 100
}

/**
 * The page's ETag, from its markup without the render's nonce: two renders of
 * the same content (a copy that was purged, or stored by a slower request
 * meanwhile) name the same version, so a browser's copy still earns its 304.
 */
async function weakEtag(body: string, nonce: string): Promise<string> {
  const content = nonce ? body.replaceAll(nonce, '') : body
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(content))
  const hex = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `W/"${hex}"`
}

/**
 * A stored page is served with this request's nonce: the inline scripts of the
 * copy carry the nonce it was rendered with, which is replaced, so a nonce is
 * never valid for more than one response.
 */
function withNonce(res: Response, nonce: string): Response {
  const headers = new Headers(res.headers)
  headers.delete(RENDER_NONCE_HEADER)
  // Browsers revalidate every view (cheap: a 304); the page carries a nonce, so no shared cache keeps it.
  headers.set('Cache-Control', 'private, no-cache')
  return new HTMLRewriter()
    .on('[nonce]', {
      element(el) {
        el.setAttribute('nonce', nonce)
      },
    })
    .transform(new Response(res.body, { status: res.status, headers }))
}

/** The answer for a stored or fresh page: 304 when the browser's copy is current. */
function answer(c: Context<AppEnv>, stored: Response, nonce: string): Response {
  const etag = stored.headers.get('ETag')
  if (
    etag &&
    c.req
      .header('If-None-Match')
      ?.split(/\s*,\s*/)
      .includes(etag)
  ) {
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': 'private, no-cache' } })
  }
  return withNonce(stored, nonce)
}

/**
 * Renders the page this request asks for. `unreadableForm`: the GET that shows
 * the page again after a form post whose body could not be read
 * (worker/page-forms.ts); the page then carries a banner above the form. Only
 * that module passes it, so no request from outside can ask for the banner.
 */
export async function renderPage(
  c: Context<AppEnv>,
  options: { unreadableForm?: Request } = {},
): Promise<Response> {
  const nonce = c.get('secureHeadersNonce') ?? ''
  const request = options.unreadableForm ?? c.req.raw
  // A page shown again after an unreadable form post carries a banner: one visitor's, never stored.
  const unreadable = options.unreadableForm !== undefined
  const render = async () => {
    const context = new RouterContextProvider()
    context.set(pageRequest, pageRequestFor(c))
    context.set(siteServer, siteServerFor(c))
    context.set(requestNonce, nonce)
    context.set(formUnreadable, unreadable)
    return handleRequest(request, context)
  }
  if (unreadable || !cacheable(request)) return render()

  const cache = await caches.open(PAGE_CACHE)
  const key = await pageCacheKey(cache, (await loadBuild()).assets.version, new URL(c.req.url))
  const hit = await cache.match(key)
  if (hit) return answer(c, hit, nonce)

  const res = await render()
  // Only a plain page is shared: no redirect, error or 404, and nothing that sets a cookie.
  if (
    res.status !== 200 ||
    res.headers.has('Set-Cookie') ||
    !res.headers.get('Content-Type')?.includes('text/html')
  )
    return res
  const html = await res.text()
  const headers = new Headers(res.headers)
  headers.set('ETag', await weakEtag(html, nonce))
  const stored = new Response(html, { status: 200, headers })
  const copy = new Response(html, { status: 200, headers: new Headers(headers) })
  copy.headers.set('Cache-Control', `public, max-age=${EDGE_TTL_S}`)
  copy.headers.set(RENDER_NONCE_HEADER, nonce)
  inBackground(c, cache.put(key, copy))
  return answer(c, stored, nonce)
}
