// Shared by the monitor tests (issue 54): targets stubbed at the network edge
// only (globalThis.fetch), by URL prefix; anything else is a refused connection.
import { env } from 'cloudflare:test'
import { afterEach, beforeEach, vi } from 'vitest'
import { createDb } from '../../worker/db'
import { checkMonitor, createMonitor } from '../../worker/services/monitors'

export const db = () => createDb(env.DB)
export const MIN = 60_000
export const DAY = 24 * 60 * MIN
export const T0 = Date.parse('2026-12-07T15:00:00Z')

/** What the stubbed network answers, by URL prefix, and every URL asked for. */
export const net: { answers: Record<string, () => Response>; fetched: string[] } = {
  answers: {},
  fetched: [],
}

/** Installs the stubbed network around each test of the file that calls it. */
export function stubTargets() {
  beforeEach(() => {
    net.answers = {}
    net.fetched = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input)
      net.fetched.push(url)
      const match = Object.keys(net.answers).find((prefix) => url.startsWith(prefix))
      if (!match) throw new TypeError('Network connection lost.')
      return net.answers[match]!()
    })
  })
  afterEach(() => vi.restoreAllMocks())
}

let seq = 0
/** The number the last httpMonitor took (its name is `Patient portal ${n}`). */
export const lastSeq = () => seq
export async function httpMonitor(clientId: number, extra: Record<string, unknown> = {}) {
  const url = `https://clinic-${++seq}.example.org/`
  const created = await createMonitor(
    db(),
    env,
    { clientId, kind: 'http', name: `Patient portal ${seq}`, url, keywordAbsent: false, ...extra } as never,
    T0 - MIN,
  )
  return { id: created.id, url }
}

export const up = (url: string) => (net.answers[url] = () => new Response('ok', { status: 200 }))
export const down = (url: string) => (net.answers[url] = () => new Response('bad gateway', { status: 502 }))

export const check = (id: number, at: number) => checkMonitor(db(), env, id, `due:${at}`, at)

export const monitorRequests = (clientId: number) =>
  env.DB.prepare(
    "select id, status, urgency, description from support_requests where client_id = ? and issue_type = 'monitor' order by id",
  )
    .bind(clientId)
    .all<{ id: number; status: string; urgency: string; description: string }>()
    .then((r) => r.results)

export const notes = (requestId: number) =>
  env.DB.prepare(
    'select body, author_name as authorName from request_messages where support_request_id = ? order by id',
  )
    .bind(requestId)
    .all<{ body: string; authorName: string }>()
    .then((r) => r.results.map((n) => n.body))

export const mailLike = (pattern: string) =>
  env.DB.prepare(
    "select recipient, subject from mail_outbox where kind = 'monitor' and subject like ? order by id",
  )
    .bind(pattern)
    .all<{ recipient: string; subject: string }>()
    .then((r) => r.results)
