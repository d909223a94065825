// @vitest-environment node
// Migration 0017 (issue 34) on a database that already has quote invoices and
// payments: it names each quote invoice's part from its first line (so the
// unique (quote, part) index holds from then on), keeps older payments, and
// the balance view agrees with what the old code showed for them.
import { readdirSync, readFileSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'

const dir = new URL('../migrations/', import.meta.url)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort()

function migratedWithData() {
  const db = new DatabaseSync(':memory:')
  db.exec('PRAGMA foreign_keys = ON')
  for (const name of files.filter((f) => f < '0017')) db.exec(readFileSync(new URL(name, dir), 'utf8'))
  db.exec(`insert into clients (id, name) values (1, 'A')`)
  db.exec(
    `insert into quotes (id, client_id, number, title, deposit_percent, valid_until, status, subtotal_cents, total_cents)
     values (1, 1, 'Q-2026-0001', 'Network', 30, '2099-01-01', 'accepted', 10000, 10000)`,
  )
  const invoice = (id: number, status: string, line: string, total: number) => {
    db.exec(
      `insert into invoices (id, client_id, number, source, quote_id, status, issue_date, due_date, subtotal_cents, total_cents)
       values (${id}, 1, 'INV-2026-000${id}', 'quote', 1, '${status}', '2026-11-24', '2026-12-09', ${total}, ${total})`,
    )
    db.exec(
      `insert into invoice_lines (invoice_id, position, description, quantity_milli, unit_price_cents, amount_cents)
       values (${id}, 1, '${line}', 1000, ${total}, ${total})`,
    )
  }
  invoice(1, 'void', 'Deposit (30%) of quote Q-2026-0001: Network', 3000)
  invoice(2, 'partially_paid', 'Deposit (30%) of quote Q-2026-0001: Network', 3000)
  invoice(3, 'sent', 'Remainder after the 30% deposit of quote Q-2026-0001: Network', 7000)
  db.exec(
    `insert into payments (invoice_id, amount_cents, date, method) values (2, 1000, '2026-11-25', 'check')`,
  )
  db.exec(readFileSync(new URL(files.find((f) => f.startsWith('0017'))!, dir), 'utf8'))
  return db
}

describe('migration 0017_billing_balance', () => {
  it('names the part of existing quote invoices and enforces one live invoice per part', () => {
    const db = migratedWithData()
    expect(db.prepare('select id, quote_part from invoices order by id').all()).toEqual([
      { id: 1, quote_part: 'deposit' },
      { id: 2, quote_part: 'deposit' },
      { id: 3, quote_part: 'remainder' },
    ])
    expect(() =>
      db.exec(
        `insert into invoices (client_id, number, source, quote_id, quote_part, issue_date, due_date, subtotal_cents, total_cents)
         values (1, 'INV-2026-0009', 'quote', 1, 'deposit', '2026-11-26', '2026-12-11', 1, 1)`,
      ),
    ).toThrow(/UNIQUE/)
  })

  it('keeps existing payments, in dollars by default, and shows their balance', () => {
    const db = migratedWithData()
    expect(db.prepare('select currency from payments').get()).toEqual({ currency: 'USD' })
    expect(db.prepare('select * from invoice_balances order by invoice_id').all()).toEqual([
      { invoice_id: 1, owed_cents: 0, credited_cents: 0, paid_cents: 0, balance_cents: 0 },
      { invoice_id: 2, owed_cents: 3000, credited_cents: 0, paid_cents: 1000, balance_cents: 2000 },
      { invoice_id: 3, owed_cents: 7000, credited_cents: 0, paid_cents: 0, balance_cents: 7000 },
    ])
  })
})
