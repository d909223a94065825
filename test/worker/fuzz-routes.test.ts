// The route fuzz (issue 52, "Done when"): every route the Hono app answers
// under /api, read from the app itself (app.routes), not a hand-kept list, so
// a new route is fuzzed the day it is added. As the signed-in owner, each
// method that takes a body gets an empty body, {}, an object of unknown fields
// and a body past the limit; every GET gets 2,000-character search
// parameters. No answer may be a 5xx, and a refused request (4xx) or a PATCH
// that changed nothing (no-op 200) must leave D1 as it was: AFTER triggers
// on every table count each row written, read after each batch of calls.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_JSON_BODY_BYTES } from '../../schema/constants'
import { app } from '../../worker/app'
import { asOwner, json, makeClient } from './billing-fixtures'
import { call } from './helpers'
import { ownerCookie } from './session-helpers'

type Route = { method: string; path: string }

// Left out, each for a reason: logging out ends the session every other call uses
// (its own tests: auth.test.ts).
const SKIP = new Set(['POST /api/auth/logout'])
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])
/** Calls sent side by side. */
const BATCH = 16
// Written by requests whatever their answer, by design: the audit trail records
// refusals, a session keeps its last-seen time.
const UNWATCHED = new Set(['audit_log', 'sessions', 'fuzz_writes', 'd1_migrations'])

function apiRoutes(): Route[] {
  const seen = new Map<string, Route>()
  for (const r of app.routes) {
    if (!r.path.startsWith('/api/') || r.path.includes('*') || r.method === 'ALL') continue
    const key = `${r.method} ${r.path}`
    if (!SKIP.has(key)) seen.set(key, { method: r.method, path: r.path })
  }
  return [...seen.values()]
}

/** Ids of seeded records by the path segment before `:id`; anything else is 999999 (a 404). */
const ids: Record<string, string> = {}
const PARAM_VALUES: Record<string, string> = {
  key: 'home.title',
  page: 'home',
  month: '2026-11',
  file: 'invoices.csv',
}

function concretePath(path: string): string {
  return path.replace(/:(\w+)/g, (_match, name: string, offset: number) => {
    if (name !== 'id') return PARAM_VALUES[name] ?? '999999'
    const segment =
      path
        .slice(0, offset - 1)
        .split('/')
        .pop() ?? ''
    return ids[segment] ?? '999999'
  })
}

/** AFTER INSERT/UPDATE/DELETE triggers on every watched table, each adding a row to fuzz_writes. */
async function watchWrites() {
  await env.DB.exec('create table if not exists fuzz_writes (id integer primary key, tbl text)')
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'",
  ).all<{ name: string }>()
  const statements = results
    .map((r) => r.name)
    .filter((name) => !UNWATCHED.has(name))
    .flatMap((name) =>
      // The outbox's rows are updated by deliveries after an answer (an earlier
      // call's mail going out): only a new message is this call's own write.
      (name === 'mail_outbox' ? ['insert'] : ['insert', 'update', 'delete']).map((op) =>
        env.DB.prepare(
          `create trigger if not exists "fuzz_${name}_${op}" after ${op} on "${name}" begin insert into fuzz_writes (tbl) values ('${name}'); end`,
        ),
      ),
    )
  await env.DB.batch(statements)
}

const writes = async () =>
  (await env.DB.prepare('select coalesce(max(id), 0) as n from fuzz_writes').first<{ n: number }>())!.n
/** The tables written since `after` (for the failure message). */
const writtenSince = async (after: number) =>
  (
    await env.DB.prepare('select distinct tbl from fuzz_writes where id > ?')
      .bind(after)
      .all<{ tbl: string }>()
  ).results
    .map((r) => r.tbl)
    .join(', ')

let cookie = ''

beforeAll(async () => {
  // Records the id routes can find (ids of one kind per table start at 1 in this file's fresh D1).
  const c = await makeClient()
  ids.clients = String(c.clientId)
  ids['support-requests'] = String(c.requestId)
  cookie = await ownerCookie()
  const post = async (path: string, body: unknown) => {
    const res = await asOwner(path, { method: 'POST', json: body })
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300)
    return json<{ id: number | string }>(res)
  }
  ids.quotes = String(
    (
      await post('/api/quotes', {
        clientId: c.clientId,
        title: 'Network refresh',
        lines: [{ description: 'Router', quantity: 1, unitPriceCents: 150_000 }],
      })
    ).id,
  )
  ids.invoices = String(
    (
      await post('/api/invoices', {
        clientId: c.clientId,
        source: 'manual',
        lines: [{ description: 'Setup', quantity: 1, unitPriceCents: 10_000 }],
      })
    ).id,
  )
  ids['time-entries'] = String(
    (await post('/api/time-entries', { clientId: c.clientId, minutes: 30, description: 'Printer' })).id,
  )
  const plan = await post('/api/plans', {
    name: 'Practice Care',
    monthlyFeeCents: 60_000,
    includedMinutes: 600,
    overageRateCents: 15_000,
  })
  ids.plans = String(plan.id)
  ids.subscriptions = String(
    (await post('/api/subscriptions', { clientId: c.clientId, planId: plan.id, startDate: '2026-02-01' })).id,
  )
  ids['maintenance-schedules'] = String(
    (
      await post('/api/maintenance-schedules', {
        clientId: c.clientId,
        title: 'Weekly patch check',
        checklist: ['Updates'],
        recurrence: { freq: 'weekly' },
        startDate: '2026-11-02',
      })
    ).id,
  )
  ids.assets = String(
    (await post(`/api/clients/${c.clientId}/assets`, { kind: 'phone', name: 'Reception phone' })).id,
  )
  ids['risk-analyses'] = String(
    (await post(`/api/clients/${c.clientId}/risk-analyses`, { analysisDate: '2026-03-02' })).id,
  )
  ids.baas = String(
    (
      await post('/api/baas', {
        clientId: c.clientId,
        effectiveDate: '2026-01-01',
        renewalDate: '2027-01-01',
        notificationDays: 10,
        notificationDayKind: 'business',
      })
    ).id,
  )
  const incident = await post('/api/incidents', {
    title: 'Laptop stolen',
    discoveredAt: '2026-11-23T09:00:00-06:00',
    description: 'The front-desk laptop was stolen.',
    clientIds: [c.clientId],
    ephiInvolved: 'unknown',
    individualsAffected: null,
  })
  ids.incidents = String(incident.id)
  ids['incident-notices'] = String(
    (await post(`/api/incidents/${incident.id}/notices`, { clientId: c.clientId })).id,
  )
  ids.credentials = String(
    (await post(`/api/clients/${c.clientId}/credentials`, { label: 'Router admin', secret: 'hunter22' })).id,
  )
  const task = await env.DB.prepare('select id from maintenance_tasks order by id limit 1').first<{
    id: number
  }>()
  if (task) ids['maintenance-tasks'] = String(task.id)
  await watchWrites()
})

const as = (method: string, path: string, init: { body?: string; type?: string } = {}) =>
  call(path, {
    method,
    headers: { Cookie: cookie, ...(init.type ? { 'Content-Type': init.type } : {}) },
    ...(init.body === undefined ? {} : { body: init.body }),
  })

/** Documents and downloads, not lists: they take no search (and a PDF costs seconds to make). */
const DOCUMENT =
  /(\.pdf|\/pdf|\.csv|\.json|\/preview|\/send-preview|\/download|\/document|\/verify|\/:file|\/:fileId|\/:evidenceId)$/
const LONG = 'ż'.repeat(1000) + 'a'.repeat(1000)
// Past every JSON limit, the Stripe webhook's own 256 KB included.
const OVERSIZED = JSON.stringify({ name: 'x'.repeat(Math.max(MAX_JSON_BODY_BYTES, 256 * 1024) + 1024) })
const VARIANTS = [
  { name: 'empty body', body: undefined, type: undefined },
  { name: '{}', body: '{}', type: 'application/json' },
  {
    name: 'unknown fields',
    body: JSON.stringify({ fuzzUnknownField: 'x', zz: 1 }),
    type: 'application/json',
  },
] as const

describe('every /api route, fuzzed', () => {
  it('reads its routes from the app', () => {
    const routes = apiRoutes()
    // A floor, not a count: the list grows with the app.
    expect(routes.length).toBeGreaterThan(150)
    expect(routes).toContainEqual({ method: 'PATCH', path: '/api/baas/:id' })
    expect(routes).toContainEqual({ method: 'GET', path: '/api/clients' })
  })

  // One test per kind of bad body. Calls go in batches side by side; a batch
  // that wrote anything has its refused calls (and its PATCHes) sent again one
  // at a time, each with its own count, so a write is pinned on its call.
  it.each(VARIANTS)(
    'answers $name without a 5xx, writing nothing when it refuses or has nothing to change',
    async (variant) => {
      const failures: string[] = []
      const routes = apiRoutes().filter((r) => BODY_METHODS.has(r.method))
      const send = async (route: Route) => {
        const res = await as(route.method, concretePath(route.path), variant)
        const text = await res.text()
        if (res.status >= 500)
          failures.push(
            `${route.method} ${route.path} (${variant.name}) -> ${res.status}: ${text.slice(0, 200)}`,
          )
        return { route, status: res.status }
      }
      const suspect = (a: { route: Route; status: number }) => a.status >= 400 || a.route.method === 'PATCH'
      for (let i = 0; i < routes.length; i += BATCH) {
        const before = await writes()
        const answers = await Promise.all(routes.slice(i, i + BATCH).map(send))
        if ((await writes()) === before) continue
        const pinned = failures.length
        for (const { route } of answers.filter(suspect)) {
          const start = await writes()
          const again = await send(route)
          const wrote = (await writes()) - start
          if (wrote > 0 && suspect(again))
            failures.push(
              `${route.method} ${route.path} (${variant.name}) -> ${again.status}: wrote to ${await writtenSince(start)}`,
            )
        }
        // Nothing in the batch may write when every call in it was refused.
        if (failures.length === pinned && answers.every(suspect))
          failures.push(
            `${answers.map((a) => `${a.route.method} ${a.route.path}`).join(', ')} wrote when refused`,
          )
      }
      expect(failures).toEqual([])
    },
    60_000,
  )

  it('refuses a body past the limit (413) on every route that takes one, writing nothing', async () => {
    const before = await writes()
    // Refused before any handler, so these may run side by side.
    const answers = await Promise.all(
      apiRoutes()
        .filter((r) => BODY_METHODS.has(r.method))
        .map(async (route) => {
          const res = await as(route.method, concretePath(route.path), {
            body: OVERSIZED,
            type: 'application/json',
          })
          await res.body?.cancel()
          return `${route.method} ${route.path} -> ${res.status}`
        }),
    )
    expect(answers.filter((line) => !line.endsWith('413'))).toEqual([])
    expect(await writes()).toBe(before)
  })

  it('answers 2,000-character searches on every GET without a 5xx or a write', async () => {
    const before = await writes()
    const query = new URLSearchParams({ q: LONG, search: LONG, action: LONG }).toString()
    const gets = apiRoutes().filter((r) => r.method === 'GET' && !DOCUMENT.test(r.path))
    const failures: string[] = []
    // GETs write nothing, so they may run side by side.
    for (let i = 0; i < gets.length; i += 8) {
      await Promise.all(
        gets.slice(i, i + 8).map(async (route) => {
          const res = await as('GET', `${concretePath(route.path)}?${query}`)
          const text = await res.text()
          if (res.status >= 500) failures.push(`GET ${route.path} -> ${res.status}: ${text.slice(0, 200)}`)
        }),
      )
    }
    expect(failures).toEqual([])
    expect(await writes()).toBe(before)
  })
})
