// @vitest-environment node
// The local migrations (scripts/local-migrations.ts): every file applied once,
// in wrangler's order, split by wrangler's splitter and recorded in wrangler's
// table; nothing applied twice. On SQLite itself (node:sqlite, what D1 runs on)
// behind the few D1 calls the helper makes: wrangler's platform proxy cannot run
// in this project's VM pool. The real local D1 path runs on every e2e run, whose
// servers all start from a state made this way (scripts/serve-e2e.sh).
import { readFileSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { expect, test } from 'vitest'
import { applyLocalMigrations, MIGRATIONS_TABLE, migrationFiles } from './local-migrations'

/** D1's prepare/bind/run/all/first and an all-or-nothing batch, over an in-memory SQLite. */
function sqliteD1() {
  const sqlite = new DatabaseSync(':memory:')
  const statement = (sql: string, params: unknown[] = []) => ({
    bind: (...values: unknown[]) => statement(sql, values),
    run: async () => sqlite.prepare(sql).run(...(params as never[])),
    all: async () => ({ results: sqlite.prepare(sql).all(...(params as never[])) }),
    first: async () => sqlite.prepare(sql).get(...(params as never[])) ?? null,
  })
  const db = {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: ReturnType<typeof statement>[]) => {
      sqlite.exec('begin')
      try {
        for (const s of statements) await s.run()
        sqlite.exec('commit')
      } catch (error) {
        sqlite.exec('rollback')
        throw error
      }
    },
  }
  return { sqlite, db: db as unknown as D1Database }
}

test('applies every migration once, in numeric order, and records each in d1_migrations', async () => {
  const files = migrationFiles('migrations')
  expect(files[0]).toMatch(/^0000_/)
  const numbers = files.map((name) => Number.parseInt(name, 10))
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
  expect(files.length).toBe(new Set(numbers).size)

  const { sqlite, db } = sqliteD1()
  expect(await applyLocalMigrations(db)).toEqual(files)
  const rows = sqlite.prepare(`select name from ${MIGRATIONS_TABLE} order by id`).all()
  expect(rows.map((row) => row.name)).toEqual(files)
  // Wrangler's own table shape, so `wrangler d1 migrations apply` sees these as applied.
  const table = sqlite.prepare(`select sql from sqlite_master where name = ?`).get(MIGRATIONS_TABLE)
  expect(String(table?.sql).replace(/\s+/g, ' ')).toBe(
    `CREATE TABLE "${MIGRATIONS_TABLE}"( id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL )`,
  )
  // Every statement ran: the last migration's column is there, and so is every
  // table and trigger the migrations create.
  const columns = sqlite.prepare(`select name from pragma_table_info('clients')`).all()
  expect(columns.map((c) => c.name)).toContain('handles_phi')
  const created = files
    .flatMap((name) => [
      ...readFileSync(`migrations/${name}`, 'utf8').matchAll(/CREATE (?:TABLE|TRIGGER) `?(\w+)`?/gi),
    ])
    .map((match) => match[1])
  const present = new Set(
    sqlite
      .prepare(`select name from sqlite_master`)
      .all()
      .map((r) => r.name),
  )
  // ...except those a later statement drops or renames (drizzle rebuilds a table as __new_<name>).
  const dropped = new Set(
    files.flatMap((name) =>
      [
        ...readFileSync(`migrations/${name}`, 'utf8').matchAll(
          /(?:DROP (?:TABLE|TRIGGER) (?:IF EXISTS )?`?(\w+)`?|ALTER TABLE `?(\w+)`? RENAME TO)/gi,
        ),
      ].map((m) => m[1] ?? m[2]),
    ),
  )
  expect(created.filter((name) => !present.has(name) && !dropped.has(name))).toEqual([])

  // A second run finds nothing to do.
  expect(await applyLocalMigrations(db)).toEqual([])
  expect(sqlite.prepare(`select count(*) as n from ${MIGRATIONS_TABLE}`).get()?.n).toBe(files.length)
})

test('a migration that fails leaves neither its changes nor its row, and stops the rest', async () => {
  const { sqlite, db } = sqliteD1()
  const files = migrationFiles('migrations')
  // The first file's tables already exist, so its first CREATE TABLE fails.
  const first = readFileSync(`migrations/${files[0]}`, 'utf8').match(/CREATE TABLE `?(\w+)`?/i)?.[1]
  sqlite.exec(`create table ${first} (id integer)`)
  await expect(applyLocalMigrations(db)).rejects.toThrow(/already exists/)
  expect(sqlite.prepare(`select count(*) as n from ${MIGRATIONS_TABLE}`).get()?.n).toBe(0)
  expect(
    sqlite
      .prepare(`select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_%'`)
      .get()?.n,
  ).toBe(2)
})
