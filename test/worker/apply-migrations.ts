import { applyD1Migrations, env } from 'cloudflare:test'
import { vi } from 'vitest'
import { purgeAvailability, purgePublicReads } from '../../worker/http/cache'

// Runs before every test file. The worker project runs with `isolate: false`
// (vitest.config.ts, ADR 075): one workerd per Vitest worker serves many files
// one after another, so its storage outlives a file. Migrations run once per
// isolate; every later file gets the database back as the migrations left it,
// and empty KV, R2 and edge caches, as a file had with a workerd of its own.

type Snapshot = { tables: { name: string; rows: Record<string, unknown>[] }[] }
const state = globalThis as typeof globalThis & { __migratedSnapshot?: Snapshot }

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
  const statements = [env.DB.prepare('PRAGMA defer_foreign_keys = ON')]
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

if (!state.__migratedSnapshot) {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
  state.__migratedSnapshot = await takeSnapshot()
} else {
  // A spy or fake clock a file left behind (on env.MAIL, say) would reach the next file.
  vi.restoreAllMocks()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  await restore(state.__migratedSnapshot)
  await Promise.all([emptyKv(env.SESSIONS), emptyR2(env.FILES), purgePublicReads(), purgeAvailability()])
}
