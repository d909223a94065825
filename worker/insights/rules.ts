// Who is counted, and what of a request is kept (issue 18,
// docs/decisions/061-cookieless-insights.md). Everything here is a pure
// function of the request, cheap enough for every page view: a few header
// reads and regular expressions, no I/O.
import { FILTER_CATEGORIES } from '../../schema/constants'
import { FUNNEL_STEPS, INSIGHT_FORMS, type InsightForm } from '../../schema/insights'

/** One count to add: a day's total under a kind and key. */
export type Fact = { kind: string; key: string }

/**
 * Crawlers, monitors, scripts and headless browsers: their visits are not
 * people. A missing user agent counts as a script too.
 */
const BOT_UA =
  /bot|crawl|spider|slurp|archiver|headless|lighthouse|pagespeed|preview|facebookexternalhit|embedly|monitor|pingdom|uptime|curl|wget|python|httpclient|http-client|go-http|okhttp|node-fetch|undici|axios|java\/|libwww|scrapy|phantom|selenium|playwright|puppeteer/i

/** The owner's session cookie, under either of its names (worker/auth/cookie.ts). */
const OWNER_COOKIE = /(?:^|;\s*)(?:__Host-)?session=/

type CfProperties = { country?: string; botManagement?: { verifiedBot?: boolean } }

/**
 * Why a request is not counted, or null when it is. The visitor's wishes
 * (Global Privacy Control, Do Not Track) come first; then robots, the owner
 * (signed in: the session cookie is present, or the session is loaded), and
 * browsers' speculative prefetches, which are not views.
 */
export function notCounted(request: Request, ownerSignedIn = false): string | null {
  const h = request.headers
  if (h.get('sec-gpc') === '1') return 'gpc'
  if (h.get('dnt') === '1') return 'dnt'
  const ua = h.get('user-agent') ?? ''
  const cf = (request as { cf?: CfProperties }).cf
  if (!ua || BOT_UA.test(ua) || cf?.botManagement?.verifiedBot) return 'bot'
  if (ownerSignedIn || OWNER_COOKIE.test(h.get('cookie') ?? '')) return 'owner'
  if (/prefetch|prerender/i.test(`${h.get('sec-purpose') ?? ''} ${h.get('purpose') ?? ''}`)) return 'prefetch'
  return null
}

/** The device class, from the user agent (which itself is never stored). */
export function deviceClass(ua: string): 'mobile' | 'tablet' | 'desktop' {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(ua)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(ua)) return 'mobile'
  return 'desktop'
}

const clip = (value: string | null, max = 60) =>
  (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ._\-/]/gu, '')
    .slice(0, max)

/** The host of a referrer from another site, or null (own site, none, or not a URL). */
export function referrerHost(referrer: string | null, ownHost: string): string | null {
  if (!referrer) return null
  try {
    const url = new URL(referrer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    const host = url.hostname.toLowerCase().replace(/^www\./, '')
    return host && host !== ownHost.replace(/^www\./, '') ? host : null
  } catch {
    return null
  }
}

/** Public pages a view may name; anything else (the admin, sign-in, API, files) is no view. */
export function isPublicPath(path: string): boolean {
  return (
    path.length <= 100 &&
    /^\/[a-z0-9\-/]*$/.test(path) &&
    !/^\/(admin|login|api|graphql|assets)(\/|$)/.test(path) &&
    !path.endsWith('.data')
  )
}

const normalPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

/** The form a page shows as loaded, if any (the support form is a state of /it-support). */
function formShownBy(url: URL): InsightForm | null {
  const path = normalPath(url.pathname)
  if (path === INSIGHT_FORMS.consultation) return 'consultation'
  if (path === INSIGHT_FORMS.support && url.searchParams.get('form') === 'support') return 'support'
  return null
}

/** Of a view: the device class and, when Cloudflare gives one, the country. */
export function visitorFacts(request: Request): Fact[] {
  const facts: Fact[] = [{ kind: 'device', key: deviceClass(request.headers.get('user-agent') ?? '') }]
  const country = (request as { cf?: CfProperties }).cf?.country
  if (country && /^[A-Z0-9]{2}$/.test(country)) facts.push({ kind: 'country', key: country })
  return facts
}

/**
 * The counts of one page served (fresh, from the edge cache, or a 304): the
 * page, the referrer host from another site, the campaign, the device class,
 * the country when Cloudflare gives one, a catalogue filter in the address,
 * and the form the page shows.
 */
export function pageViewFacts(request: Request): Fact[] {
  const url = new URL(request.url)
  const path = normalPath(url.pathname)
  const facts: Fact[] = [{ kind: 'view', key: path }]
  const host = referrerHost(request.headers.get('referer'), url.hostname)
  if (host) facts.push({ kind: 'referrer', key: host })
  const source = clip(url.searchParams.get('utm_source'))
  if (source) {
    const part = (name: string) => clip(url.searchParams.get(name)) || '-'
    facts.push({ kind: 'campaign', key: `${source} / ${part('utm_medium')} / ${part('utm_campaign')}` })
  }
  facts.push(...visitorFacts(request))
  const category = url.searchParams.get('category')
  if (path === '/portfolio-solutions' && category && FILTER_KEYS.has(category))
    facts.push({ kind: 'filter', key: category })
  const form = formShownBy(url)
  if (form) facts.push({ kind: 'form', key: `${form}:shown` })
  return facts
}

const FILTER_KEYS = new Set<string>(FILTER_CATEGORIES.map((c) => c.value))
const FORM_KEYS = new Set<string>(
  Object.keys(INSIGHT_FORMS).flatMap((form) => FUNNEL_STEPS.map((step) => `${form}:${step}`)),
)
/** Steps the Worker counts itself for a submission; a beacon may not report them (no double count). */
const SERVER_STEPS = new Set(['submitted'])
const FIELD_NAME = /^[a-zA-Z][a-zA-Z0-9_]{0,39}$/
export const MAX_BEACON_FIELDS = 12

/**
 * The counts of one beacon, or null when it is not one the site sends: an
 * unknown kind, a key that is not a public page, category, project id or
 * form step, or malformed field names. Nothing a visitor types is accepted.
 */
export function beaconFacts(body: unknown): Fact[] | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const { t, k, f } = body as { t?: unknown; k?: unknown; f?: unknown }
  if (typeof k !== 'string') return null
  switch (t) {
    case 'view': {
      if (!isPublicPath(k)) return null
      return [{ kind: 'view', key: normalPath(k) }]
    }
    case 'filter':
      return FILTER_KEYS.has(k) ? [{ kind: 'filter', key: k }] : null
    case 'project':
      return /^[1-9][0-9]{0,8}$/.test(k) ? [{ kind: 'project', key: k }] : null
    case 'form': {
      if (!FORM_KEYS.has(k) || SERVER_STEPS.has(k.split(':')[1] ?? '')) return null
      if (f === undefined) return [{ kind: 'form', key: k }]
      if (
        !k.endsWith(':rejected') ||
        !Array.isArray(f) ||
        f.length > MAX_BEACON_FIELDS ||
        !f.every((name) => typeof name === 'string' && FIELD_NAME.test(name))
      )
        return null
      const form = k.split(':')[0]
      return [{ kind: 'form', key: k }, ...new Set(f)].map((x) =>
        typeof x === 'string' ? { kind: 'field', key: `${form}:${x}` } : x,
      )
    }
    default:
      return null
  }
}
