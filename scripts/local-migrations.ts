// Applies the migrations a local D1 database has not had yet, through the one
// binding the caller already holds (scripts/setup-local.ts's platform proxy).
// `wrangler d1 migrations apply --local` starts a workerd for each file: about
// 10 s for 28 files on this machine, where this takes under one, and it sat on
// every `npm start` and on the e2e run's critical path (ADR 173). The result is
// the same: each file split into statements by wrangler's own splitter, run in
// one batch with its row in wrangler's `d1_migrations` table, so wrangler sees
// exactly what it applied itself (and `--remote` is still wrangler's).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { unstable_splitSqlQuery } from 'wrangler'

export const MIGRATIONS_TABLE = 'd1_migrations'

// Word for word the table wrangler creates (getCreateMigrationsTableQuery).
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`

/** The migration files in the order wrangler applies them (by their leading number). */
export function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b))
}

/** Applies every migration in `dir` not yet recorded in d1_migrations; returns the names applied. */
export async function applyLocalMigrations(db: D1Database, dir = 'migrations'): Promise<string[]> {
  await db.prepare(CREATE_TABLE).run()
  const applied = await db.prepare(`select name from "${MIGRATIONS_TABLE}"`).all<{ name: string }>()
  const done = new Set(applied.results.map((row) => row.name))
  const pending = migrationFiles(dir).filter((name) => !done.has(name))
  for (const name of pending) {
    const statements = unstable_splitSqlQuery(readFileSync(join(dir, name), 'utf8'))
    // One batch per file: a file that fails leaves neither its tables nor its row.
    await db.batch([
      ...statements.map((sql) => db.prepare(sql)),
      db.prepare(`insert into "${MIGRATIONS_TABLE}" (name) values (?)`).bind(name),
    ])
  }
  return pending
}
