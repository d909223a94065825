// @vitest-environment node
// Migration 0010 (issues 24-26) on a database that already has requests: every
// request gets a contact and client made from its e-mail address (one per
// address, the earliest request's details), nothing else about it changes; and
// a billed time entry is locked by the database's own triggers.
import { readdirSync, readFileSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'

const dir = new URL('../migrations/', import.meta.url)
const sql = (name: string) => readFileSync(new URL(name, dir), 'utf8')
const before = readdirSync(dir)
  .filter((f) => f.endsWith('.sql') && f < '0010')
  .sort()

function migratedWithRequests() {
  const db = new DatabaseSync(':memory:')
  db.exec('PRAGMA foreign_keys = ON')
  for (const name of before) db.exec(sql(name))
  const consultation = db.prepare(
    `insert into consultations (name, email, phone, company, project_type, preferred_date, preferred_time, description, reference, created_at)
     values (?, ?, ?, ?, 'ehr', '2026-12-01', '10:00', 'd', ?, ?)`,
  )
  const support = db.prepare(
    `insert into support_requests (name, email, phone, business_name, issue_type, urgency, description, preferred_contact, reference, created_at)
     values (?, ?, ?, ?, 'network', 'low', 'd', 'email', ?, ?)`,
  )
  consultation.run('Grace Hopper', 'Grace@Clinic.example', '555-0101', 'Riverside Clinic', 'C-1001', 1000)
  support.run('Grace H.', ' grace@clinic.example ', '555-0102', 'Other name', 'S-1002', 2000)
  support.run('Sam Solo', 'sam@solo.example', '555-0103', '  ', 'S-1003', 3000)
  db.exec(sql('0010_clients_billing.sql'))
  return db
}

describe('migration 0010_clients_billing', () => {
  it('gives every existing request a contact and client, one per e-mail address', () => {
    const db = migratedWithRequests()
    const clients = db.prepare('select id, name from clients order by id').all()
    expect(clients).toEqual([
      { id: 1, name: 'Riverside Clinic' },
      { id: 2, name: 'Sam Solo' },
    ])
    const contacts = db.prepare('select id, client_id, name, email, phone from contacts order by id').all()
    expect(contacts).toEqual([
      { id: 1, client_id: 1, name: 'Grace Hopper', email: 'grace@clinic.example', phone: '555-0101' },
      { id: 2, client_id: 2, name: 'Sam Solo', email: 'sam@solo.example', phone: '555-0103' },
    ])
    const requests = db
      .prepare(
        `select reference, email, name, client_id, contact_id from consultations
         union all select reference, email, name, client_id, contact_id from support_requests order by reference`,
      )
      .all()
    // The requests keep what they were sent with; only the links are new.
    expect(requests).toEqual([
      {
        reference: 'C-1001',
        email: 'Grace@Clinic.example',
        name: 'Grace Hopper',
        client_id: 1,
        contact_id: 1,
      },
      { reference: 'S-1002', email: ' grace@clinic.example ', name: 'Grace H.', client_id: 1, contact_id: 1 },
      { reference: 'S-1003', email: 'sam@solo.example', name: 'Sam Solo', client_id: 2, contact_id: 2 },
    ])
    expect(db.prepare(`select name from sqlite_master where name = '_contact_backfill'`).all()).toEqual([])
  })

  it('locks a billed time entry: no second invoice, no edit, no delete, unbilled only when void', () => {
    const db = migratedWithRequests()
    db.exec(
      `insert into time_entries (id, client_id, date, minutes, description, rate_cents) values (1, 1, '2026-11-20', 95, 'x', 12000)`,
    )
    const invoice = db.prepare(
      `insert into invoices (id, client_id, number, source, issue_date, due_date, subtotal_cents, total_cents) values (?, 1, ?, 'time', '2026-11-24', '2026-12-09', 19000, 19000)`,
    )
    invoice.run(1, 'INV-2026-0001')
    invoice.run(2, 'INV-2026-0002')
    db.exec('update time_entries set invoice_id = 1 where id = 1')
    expect(() => db.exec('update time_entries set invoice_id = 2 where id = 1')).toThrow(/already billed/)
    expect(() => db.exec('update time_entries set minutes = 10 where id = 1')).toThrow(/is billed/)
    expect(() => db.exec('delete from time_entries where id = 1')).toThrow(/is billed/)
    expect(() => db.exec('update time_entries set invoice_id = null where id = 1')).toThrow(/is billed/)
    db.exec(`update invoices set status = 'void' where id = 1`)
    db.exec('update time_entries set invoice_id = null where id = 1')
    db.exec('update time_entries set invoice_id = 2 where id = 1')
    expect(db.prepare('select invoice_id from time_entries').get()).toEqual({ invoice_id: 2 })
  })
})
