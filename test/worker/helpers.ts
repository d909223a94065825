import { exports } from 'cloudflare:workers'

export const ORIGIN = 'http://localhost:8787'

/** A fresh client IP per use, so each test has its own rate-limit budget (per-IP keys start at zero). */
export const freshIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`

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
