import { exports } from 'cloudflare:workers'

export const ORIGIN = 'http://localhost:8787'

/** A fresh client IP per use, so each test has its own rate-limit budget (per-IP keys start at zero). */
export const freshIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`

/**
 * Runs a scenario of the rate-limit bindings inside one of their windows. The
 * local stand-in (miniflare) counts in wall-clock windows aligned to the epoch
 * and resets every key when one rolls over, so a scenario that happens to
 * straddle a boundary sees fresh counts half-way. When that happened (seen by
 * the clock, which workerd advances on each answer), the scenario runs once
 * more, then well inside the next window, whether its expectations passed or
 * failed the first time. It must use fresh keys (freshIp).
 */
export async function inOneRateWindow<T>(scenario: () => Promise<T>, periodSeconds = 60): Promise<T> {
  const window = () => Math.floor(Date.now() / (periodSeconds * 1000))
  const start = window()
  try {
    const result = await scenario()
    if (window() === start) return result
  } catch (error) {
    // An expectation that failed inside one window is a real failure; one that
    // failed across a boundary (a limit that reset half-way) is not yet.
    if (window() === start) throw error
  }
  return scenario()
}

/** Calls the Worker as a browser on the site would (same-origin headers on writes). */
export function call(path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers)
  const method = (init.method ?? 'GET').toUpperCase()
  if (method !== 'GET' && method !== 'HEAD') {
    if (!headers.has('Origin')) headers.set('Origin', ORIGIN)
    if (!headers.has('Sec-Fetch-Site')) headers.set('Sec-Fetch-Site', 'same-origin')
  }
  let body = init.body
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(init.json)
  }
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { ...init, method, headers, body }))
}
