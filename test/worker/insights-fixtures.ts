// Shared by the insights tests: requests as a browser or a phone, counts, views and beacons.
import { env } from 'cloudflare:test'
import { dayOf } from '../../worker/insights/record'
import { send } from './requests-fixtures'

export const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
export const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

export const req = (url: string, headers: Record<string, string> = {}) =>
  new Request(url, { headers: { 'user-agent': BROWSER, ...headers } })

/** Today's count under a kind and key (0 when none). */
export async function count(kind: string, key: string, day = dayOf(Date.now())): Promise<number> {
  const row = await env.DB.prepare('select count from insights_daily where day = ? and kind = ? and key = ?')
    .bind(day, kind, key)
    .first<{ count: number }>()
  return row?.count ?? 0
}

/** A page as a browser gets it; `send` waits for what the Worker does after the response. */
export const view = (path: string, headers: Record<string, string> = {}) =>
  send(path, { method: 'GET', headers: { 'user-agent': BROWSER, ...headers } })

export const beaconSend = (event: unknown, headers: Record<string, string> = {}) =>
  send('/api/insights/events', {
    body: typeof event === 'string' ? event : JSON.stringify(event),
    headers: { 'user-agent': BROWSER, 'content-type': 'text/plain;charset=UTF-8', ...headers },
  })
