// @vitest-environment node
// Migration 0012 (issue 24): a billed time entry may change client only to
// its own invoice's client (so merging two clients moves it with its
// invoice); the rest of the billed-time lock of 0010 is unchanged.
import { readdirSync, readFileSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'

const dir = new URL('../migrations/', import.meta.url)
const upTo0011 = readdirSync(dir)
  .filter((f) => f.endsWith('.sql') && f < '0013')
  .sort()

function migrated() {
  const db = new DatabaseSync(':memory:')
  db.exec('PRAGMA foreign_keys = ON')
  for (const name of upTo0011) db.exec(readFileSync(new URL(name, dir), 'utf8'))
  db.exec(`insert into clients (id, name) values (1, 'A'), (2, 'B'), (3, 'C')`)
  db.exec(
    `insert into invoices (id, client_id, number, source, issue_date, due_date, subtotal_cents, total_cents)
     values (1, 1, 'INV-2026-0001', 'time', '2026-11-24', '2026-12-09', 6000, 6000)`,
  )
  db.exec(
    `insert into time_entries (id, client_id, date, minutes, description, rate_cents) values (1, 1, '2026-11-20', 30, 'x', 12000)`,
  )
  db.exec('update time_entries set invoice_id = 1 where id = 1')
  return db
}

describe('migration 0012_billed_time_follows_invoice', () => {
  it('lets a billed entry follow its invoice to another client, and nowhere else', () => {
    const db = migrated()
    expect(() => db.exec('update time_entries set client_id = 2 where id = 1')).toThrow(/is billed/)
    db.exec('update invoices set client_id = 2 where id = 1')
    db.exec('update time_entries set client_id = 2 where id = 1')
    expect(db.prepare('select client_id from time_entries').get()).toEqual({ client_id: 2 })
    expect(() => db.exec('update time_entries set client_id = 3 where id = 1')).toThrow(/is billed/)
  })

  it('keeps the rest of the lock', () => {
    const db = migrated()
    expect(() => db.exec('update time_entries set minutes = 10 where id = 1')).toThrow(/is billed/)
    expect(() => db.exec('delete from time_entries where id = 1')).toThrow(/is billed/)
    expect(() => db.exec('update time_entries set invoice_id = null where id = 1')).toThrow(/is billed/)
    // An unbilled entry moves freely.
    db.exec(
      `insert into time_entries (id, client_id, date, minutes, description, rate_cents) values (2, 1, '2026-11-21', 15, 'y', 12000)`,
    )
    db.exec('update time_entries set client_id = 3 where id = 2')
  })
})
