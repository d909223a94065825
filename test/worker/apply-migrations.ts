import { applyD1Migrations, env } from 'cloudflare:test'
import { vi } from 'vitest'
import { warmLazyImports } from './lazy-imports'

// Runs before every test file. The worker project runs with `isolate: false`
// (vitest.config.ts, ADR 075): one workerd per Vitest worker serves many files
// one after another, so its storage outlives a file. Migrations run once per
// isolate; every later file gets the database back as the migrations left it,
// and empty KV, R2 and edge caches, as a file had with a workerd of its own.
// All of it is found from the bindings and sqlite_master, not from a list of
// known tables or keys, so a new table, namespace, bucket or cache is covered.

type Snapshot = { tables: { name: string; rows: Record<string, unknown>[] }[] }
const state = globalThis as typeof globalThis & {
  __migratedSnapshot?: Snapshot
  __fileSpace?: { id: string }
}

/**
 * Service-style bindings (`send_email`, service bindings, `ASSETS`) are RPC stubs
 * that answer every property name. A test's `vi.spyOn(env.MAIL, 'send')` puts the
 * spy on the stub as an own property, but V8 can keep answering a warm property
 * read in Worker code (`env.MAIL.send` in worker/mail/send.ts) from an inline
 * cache that still points at the stub's RPC method. With modules shared across
 * files, that read is warm from an earlier file, so the mail went past the spy
 * (inbox.test.ts saw no call, only in the full run). Reading through a Proxy
 * makes every read a full lookup, which sees the spy; the spy still lands on the
 * stub itself, so restoring it works as before. Only the test's view changes.
 */
function lookedUpEachTime(stub: object): object {
  return new Proxy(stub, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key)
      // Native methods (a Fetcher's fetch, connect) need the stub as `this`.
      return typeof value === 'function' && Object.hasOwn(Object.getPrototypeOf(target), key)
        ? Function.prototype.bind.call(value, target)
        : value
    },
  })
}

/** Whether a binding answers any property name, as RPC stubs do. */
const answersEveryName = (value: unknown) =>
  typeof value === 'object' && value !== null && '__no_such_member_of_any_binding__' in value

/**
 * The rate-limit bindings count in memory in workerd, out of a test's reach, and
 * a file posting without a client address (key `local`) would spend the next
 * file's allowance. Each file counts its keys apart, as with a workerd of its own.
 */
function rateLimitsPerFile(limiter: RateLimit, space: { id: string }): RateLimit {
  const limit = (options: RateLimitOptions) =>
    limiter.limit({ ...options, key: `${space.id}:${options.key}` })
  return new Proxy(limiter, { get: (target, key) => (key === 'limit' ? limit : Reflect.get(target, key)) })
}

function wrapRpcBindings() {
  const bindings = env as unknown as Record<string, unknown>
  // The pool's own bindings stay as they are: the runner uses them.
  for (const [name, value] of Object.entries(bindings))
    if (!name.startsWith('__VITEST_POOL_WORKERS_') && answersEveryName(value))
      bindings[name] = lookedUpEachTime(value as object)
}

async function userTables() {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>()
  return results.map((r) => r.name)
}

async function takeSnapshot(): Promise<Snapshot> {
  const tables = []
  for (const name of [...(await userTables()), 'sqlite_sequence']) {
    const exists = await env.DB.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .bind(name)
      .first()
    if (!exists) continue
    const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>()
    tables.push({ name, rows: results })
  }
  return { tables }
}

async function restore(snapshot: Snapshot) {
  // Triggers guard stored data (a billed time entry cannot be deleted, say); they
  // are dropped for the reset and created again from their own SQL, in the same
  // batch, which D1 runs as one transaction.
  const { results: triggers } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL",
  ).all<{ name: string; sql: string }>()
  const statements = [env.DB.prepare('PRAGMA defer_foreign_keys = ON')]
  for (const { name } of triggers) statements.push(env.DB.prepare(`DROP TRIGGER "${name}"`))
  for (const { name } of snapshot.tables) statements.push(env.DB.prepare(`DELETE FROM "${name}"`))
  for (const { name, rows } of snapshot.tables)
    for (const row of rows) {
      const columns = Object.keys(row)
      statements.push(
        env.DB.prepare(
          `INSERT INTO "${name}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        ).bind(...columns.map((c) => row[c])),
      )
    }
  for (const { sql } of triggers) statements.push(env.DB.prepare(sql))
  await env.DB.batch(statements)
}

async function emptyKv(kv: KVNamespace) {
  let cursor: string | undefined
  do {
    const page = await kv.list({ cursor })
    await Promise.all(page.keys.map((k) => kv.delete(k.name)))
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
}

async function emptyR2(bucket: R2Bucket) {
  let cursor: string | undefined
  do {
    const page = await bucket.list({ cursor })
    if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key))
    cursor = page.truncated ? page.cursor : undefined
  } while (cursor)
}

const bindingsOfKind = <T>(kind: string) =>
  Object.values(env as unknown as Record<string, unknown>).filter(
    (value): value is T => typeof value === 'object' && value !== null && value.constructor?.name === kind,
  )

/**
 * The Cache API cannot list what it holds, so each file gets caches of its own
 * instead: `caches.open(name)` opens `name` in this file's space (and
 * `caches.default` likewise). The Worker's code and the tests call the same
 * `caches`, so they keep seeing each other's entries within a file.
 */
function cachesPerFile(space: { id: string }) {
  const storage = caches as CacheStorage & { default: Cache }
  const open = storage.open.bind(storage)
  const spaced = (name: string) => open(`${name}#${space.id}`)
  Object.defineProperty(storage, 'open', { value: spaced, configurable: true })
  let opened: { id: string; cache: Promise<Cache> } | null = null
  // `caches.default` is synchronous: hand out a proxy that opens the file's cache on first use.
  const defaultCache = new Proxy({} as Cache, {
    get(_target, key) {
      if (opened?.id !== space.id) opened = { id: space.id, cache: spaced('default') }
      const current = opened.cache
      return async (...args: unknown[]) => {
        const cache = (await current) as unknown as Record<string | symbol, (...a: unknown[]) => unknown>
        return cache[key]!(...args)
      }
    },
  })
  Object.defineProperty(storage, 'default', { get: () => defaultCache, configurable: true })
}

if (!state.__migratedSnapshot) {
  wrapRpcBindings()
  state.__fileSpace = { id: crypto.randomUUID() }
  cachesPerFile(state.__fileSpace)
  const bindings = env as unknown as Record<string, unknown>
  for (const [name, value] of Object.entries(bindings))
    if ((value as object | null)?.constructor?.name === 'Ratelimit')
      bindings[name] = rateLimitsPerFile(value as RateLimit, state.__fileSpace)
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
  state.__migratedSnapshot = await takeSnapshot()
  // The page modules, loaded here once per isolate rather than by whichever test
  // first renders a page: transforming them all inside workerd took that test past
  // its 30 s on a clean clone with the e2e suite beside it (booking.test.ts in CI).
  // Setup has no test timeout; every later render finds them loaded.
  await import('virtual:react-router/server-build')
  // Likewise every module the Worker imports lazily: loaded by requests side by
  // side, one would wait on another request's I/O (lazy-imports.ts says why).
  await warmLazyImports()
} else {
  // A spy or fake clock a file left behind (on env.MAIL, say) would reach the next file.
  vi.restoreAllMocks()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  state.__fileSpace!.id = crypto.randomUUID()
  await restore(state.__migratedSnapshot)
  await Promise.all([
    ...bindingsOfKind<KVNamespace>('KvNamespace').map(emptyKv),
    ...bindingsOfKind<R2Bucket>('R2Bucket').map(emptyR2),
  ])
}
