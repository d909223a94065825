// Load with autocannon against the local server: 50 connections for a fixed
// duration per target, all on loopback, bounded in time.
import autocannon from 'autocannon'

export type LoadFigures = {
  name: string
  rps: number
  p50: number
  p99: number
  non2xx: number
  /** Answers of 5xx, connection errors and timeouts: never acceptable. */
  serverErrors: number
  total: number
}

export async function runLoad(
  name: string,
  url: string,
  seconds: number,
  options: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {},
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    method: options.method ?? 'GET',
    body: options.body,
    headers: options.headers,
  })
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    // autocannon counts answers per status class; its types only name the 2xx one.
    serverErrors:
      ((result as unknown as Record<string, number>)['5xx'] ?? 0) + result.errors + result.timeouts,
    total: result.requests.total,
  }
}
