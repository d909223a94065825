// The network edge of the monitors (issue 54, ADR 198): what a check asks the
// outside world. Each probe is a small function over `fetch`, the one thing
// tests stub. A Worker's fetch() cannot see a TLS certificate, and RDAP
// servers are per top-level domain, so:
// - certificates: Certificate Transparency, through SSLMate's certspotter
//   issuances API (unauthenticated: a small hourly allowance, enough for daily
//   checks; MONITOR_CT_URL replaces it, MONITOR_CT_TOKEN adds a key);
// - domains: IANA's RDAP bootstrap file names each TLD's RDAP server, whose
//   domain record carries the "expiration" event (MONITOR_RDAP_BOOTSTRAP_URL).
// docs/configuration.md lists the settings.

/** Bounds of one check: whatever the target does, a check ends and reads little. */
export const MIN_TIMEOUT_MS = 1_000
export const MAX_TIMEOUT_MS = 30_000
/** The most of a page a keyword check reads; past it the text counts as not found. */
export const MAX_BODY_BYTES = 512 * 1024

export type ProbeResult = {
  ok: boolean
  status?: number
  ms?: number
  error?: string
  /** tls and domain: when the certificate or the registration ends. */
  expiresAt?: Date
}

/** True when the host names this machine or a private network (RFC 1918, link-local, ULA, CGNAT, .local). */
export function isPrivateHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (h === 'localhost' || /\.(localhost|local|internal|home\.arpa)$/.test(h)) return true
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h)
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])]
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    )
  }
  if (h.includes(':')) {
    return (
      h === '::' || h === '::1' || /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || /^::ffff:/.test(h) // v4-mapped: judged as refused rather than parsed
    )
  }
  return false
}

/**
 * Watching this machine or a private network is for local development only
 * (ENVIRONMENT=local, what `npm start`, the tests and the e2e servers run
 * with); a deployed site refuses such targets. Names that resolve to private
 * addresses are not seen here: Cloudflare's own fetch refuses those.
 */
export const privateTargetsAllowed = (env: Pick<Env, 'ENVIRONMENT'>) => env.ENVIRONMENT === 'local'

/** Why a URL cannot be watched, or null when it can. */
export function urlRefusal(value: string, env: Pick<Env, 'ENVIRONMENT'>): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'Enter a full address starting with http:// or https://'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http:// and https:// addresses'
  if (url.username || url.password) return 'Leave the user name and password out of the address'
  if (!privateTargetsAllowed(env) && isPrivateHost(url.hostname))
    return 'A private or local address cannot be watched'
  return null
}

/** A domain name as RDAP and CT searches take it: lower case, no trailing dot, at least one dot. */
export function domainRefusal(value: string): string | null {
  const d = value.trim().toLowerCase().replace(/\.$/, '')
  if (!/^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(d))
    return 'Enter a domain name such as clinic.example.com'
  return null
}

const clampTimeout = (ms: number) => Math.min(MAX_TIMEOUT_MS, Math.max(MIN_TIMEOUT_MS, ms))

const errorText = (err: unknown, timeoutMs: number) => {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return `No answer within ${Math.round(timeoutMs / 100) / 10} s`
  return err instanceof Error ? err.message.slice(0, 300) : String(err).slice(0, 300)
}

/** Reads at most `limit` bytes of a body as text, then lets the rest go. */
async function boundedText(res: Response, limit = MAX_BODY_BYTES): Promise<string> {
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  while (size < limit) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    size += value.byteLength
  }
  await reader.cancel().catch(() => {})
  const all = new Uint8Array(Math.min(size, limit))
  let at = 0
  for (const c of chunks) {
    const part = c.subarray(0, Math.min(c.byteLength, all.byteLength - at))
    all.set(part, at)
    at += part.byteLength
    if (at >= all.byteLength) break
  }
  return new TextDecoder().decode(all)
}

/** http: the URL answers 2xx or 3xx in time (redirects not followed: a 301 is an answer). */
export async function probeHttp(url: string, timeoutMs: number): Promise<ProbeResult> {
  const limit = clampTimeout(timeoutMs)
  const started = Date.now()
  try {
    const res = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      signal: AbortSignal.timeout(limit),
      headers: { 'user-agent': 'portfolio-monitor/1 (+uptime check)' },
    })
    const ms = Date.now() - started
    await res.body?.cancel().catch(() => {})
    const ok = res.status >= 200 && res.status < 400
    return { ok, status: res.status, ms, ...(ok ? {} : { error: `Answered ${res.status}` }) }
  } catch (err) {
    return { ok: false, ms: Date.now() - started, error: errorText(err, limit) }
  }
}

/** keyword: the page (redirects followed) answers 2xx and contains the text, or does not when `absent`. */
export async function probeKeyword(
  url: string,
  keyword: string,
  absent: boolean,
  timeoutMs: number,
): Promise<ProbeResult> {
  const limit = clampTimeout(timeoutMs)
  const started = Date.now()
  try {
    const res = await fetch(url, {
      redirect: 'follow',
      signal: AbortSignal.timeout(limit),
      headers: { 'user-agent': 'portfolio-monitor/1 (+keyword check)' },
    })
    const text = await boundedText(res)
    const ms = Date.now() - started
    if (res.status < 200 || res.status >= 300)
      return { ok: false, status: res.status, ms, error: `Answered ${res.status}` }
    const found = text.toLowerCase().includes(keyword.toLowerCase())
    if (found === !absent) return { ok: true, status: res.status, ms }
    return {
      ok: false,
      status: res.status,
      ms,
      error: absent ? `The page contains "${keyword}"` : `The page does not contain "${keyword}"`,
    }
  } catch (err) {
    return { ok: false, ms: Date.now() - started, error: errorText(err, limit) }
  }
}

const LOOKUP_TIMEOUT_MS = 15_000

/** Certificate lookups: the newest certificate logged for the host, and when it ends. */
export type CertificateLookup = (host: string, env: Env) => Promise<Date>
/** Domain lookups: when the registration ends. */
export type DomainLookup = (domain: string, env: Env) => Promise<Date>

type Issuance = { not_after?: string; dns_names?: string[] }

const envOf = (env: Env) => env as Env & Record<string, string | undefined>

/**
 * certspotter's issuances API: every unexpired certificate logged for the
 * host. The site's certificate is the one that ends last (a renewal logs a new
 * one before the old ends), which is what a warning should count down to.
 */
export const certspotterLookup: CertificateLookup = async (host, env) => {
  const base = envOf(env).MONITOR_CT_URL || 'https://api.certspotter.com/v1/issuances'
  const url = `${base}?domain=${encodeURIComponent(host)}&expand=dns_names`
  const token = envOf(env).MONITOR_CT_TOKEN
  const res = await fetch(url, {
    signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })
  if (!res.ok) throw new Error(`The certificate search answered ${res.status}`)
  const list = (await res.json()) as Issuance[]
  const ends = list
    .filter(
      (i) =>
        !i.dns_names ||
        i.dns_names.some((n) => n === host || (n.startsWith('*.') && host.endsWith(n.slice(1)))),
    )
    .map((i) => Date.parse(i.not_after ?? ''))
    .filter((t) => Number.isFinite(t))
  if (!ends.length) throw new Error('No certificate is logged for this host')
  return new Date(Math.max(...ends))
}

type Bootstrap = { services: [string[], string[]][] }
type RdapDomain = { events?: { eventAction?: string; eventDate?: string }[] }

/**
 * RDAP: IANA's bootstrap file names the registry's RDAP server for the
 * domain's TLD; the domain's record carries its "expiration" event.
 */
export const rdapLookup: DomainLookup = async (domain, env) => {
  const bootstrapUrl = envOf(env).MONITOR_RDAP_BOOTSTRAP_URL || 'https://data.iana.org/rdap/dns.json'
  const res = await fetch(bootstrapUrl, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) })
  if (!res.ok) throw new Error(`The RDAP bootstrap answered ${res.status}`)
  const bootstrap = (await res.json()) as Bootstrap
  const labels = domain.split('.')
  let base: string | undefined
  // The longest matching suffix (co.uk before uk), as RFC 9224 asks.
  for (let i = 1; i < labels.length && !base; i++) {
    const suffix = labels.slice(i).join('.')
    base = bootstrap.services.find(([tlds]) => tlds.includes(suffix))?.[1][0]
  }
  if (!base) throw new Error('No RDAP server is known for this domain')
  const rec = await fetch(`${base.replace(/\/?$/, '/')}domain/${encodeURIComponent(domain)}`, {
    signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    headers: { accept: 'application/rdap+json' },
  })
  if (rec.status === 404) throw new Error('The registry does not know this domain')
  if (!rec.ok) throw new Error(`The registry answered ${rec.status}`)
  const data = (await rec.json()) as RdapDomain
  const end = data.events?.find((e) => e.eventAction === 'expiration')?.eventDate
  const at = end ? Date.parse(end) : Number.NaN
  if (!Number.isFinite(at)) throw new Error('The registry gives no expiry date')
  return new Date(at)
}

/** tls and domain: the lookup's date; failing once it has passed. */
export async function probeExpiry(lookup: () => Promise<Date>, now: number): Promise<ProbeResult> {
  const started = Date.now()
  try {
    const expiresAt = await lookup()
    const ms = Date.now() - started
    if (expiresAt.getTime() <= now) return { ok: false, ms, expiresAt, error: 'Expired' }
    return { ok: true, ms, expiresAt }
  } catch (err) {
    return { ok: false, ms: Date.now() - started, error: errorText(err, LOOKUP_TIMEOUT_MS) }
  }
}
