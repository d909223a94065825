// @vitest-environment node
// Migration 0028 (issue 36) on a database seeded before it: each client's one
// overwritten notes field becomes the first entry of its dated notes log;
// clients without notes get none.
import { readdirSync, readFileSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'

const dir = new URL('../migrations/', import.meta.url)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort()

describe('migration 0028_client_notes', () => {
  it("keeps each client's old notes as its first dated entry", () => {
    const db = new DatabaseSync(':memory:')
    db.exec('PRAGMA foreign_keys = ON')
    for (const name of files.filter((f) => f < '0028')) db.exec(readFileSync(new URL(name, dir), 'utf8'))
    db.exec(
      `insert into clients (id, name, notes, updated_at) values (1, 'A', '  Three doctors.\nFront desk: Ana.  ', 1700000000000)`,
    )
    db.exec(`insert into clients (id, name, notes) values (2, 'B', NULL), (3, 'C', '   ')`)
    db.exec(readFileSync(new URL(files.find((f) => f.startsWith('0028'))!, dir), 'utf8'))
    expect(db.prepare('select client_id, body, author, created_at from client_notes').all()).toEqual([
      { client_id: 1, body: 'Three doctors.\nFront desk: Ana.', author: null, created_at: 1700000000000 },
    ])
    // A client's notes go with it.
    db.exec('delete from clients where id = 1')
    expect(db.prepare('select count(*) as n from client_notes').get()).toEqual({ n: 0 })
  })
})
