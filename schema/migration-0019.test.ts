// @vitest-environment node
// Migration 0019 (issue 36) on a database seeded before it: the seeded
// agreements' "Draft template" note becomes a fenced owner-note (stripped from
// all the client sees), in the templates and in draft quotes only; a sent
// quote's frozen text is not rewritten.
import { readdirSync, readFileSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { forClient, ownerNotes } from './owner-notes'

const dir = new URL('../migrations/', import.meta.url)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort()

const OLD_NOTE =
  '> **Draft template: have it reviewed by a lawyer before you rely on it.** It is a starting point, not legal advice.'
const body = `# Business Associate Agreement\n\n${OLD_NOTE}\n\nThis BAA is between {{client.name}} and {{owner.name}}.\n`

describe('migration 0019_send_and_pay', () => {
  it('fences the draft note in templates and draft quotes, and leaves sent quotes as they were', () => {
    const db = new DatabaseSync(':memory:')
    db.exec('PRAGMA foreign_keys = ON')
    for (const name of files.filter((f) => f < '0019')) db.exec(readFileSync(new URL(name, dir), 'utf8'))
    db.prepare(`insert into agreement_templates (id, kind, name, body) values (1, 'baa', 'BAA', ?)`).run(body)
    db.exec(`insert into clients (id, name) values (1, 'A')`)
    for (const id of [1, 2]) {
      db.exec(
        `insert into quotes (id, client_id, number, title, valid_until) values (${id}, 1, 'Q-2026-000${id}', 'Q', '2099-01-01')`,
      )
      db.prepare(
        `insert into quote_agreements (quote_id, template_id, name, body) values (?, 1, 'BAA', ?)`,
      ).run(id, body)
    }
    // Quote 2 was sent: its text is frozen (the triggers of 0014 refuse any change from now on).
    db.exec(`update quotes set status = 'sent' where id = 2`)
    db.exec(readFileSync(new URL(files.find((f) => f.startsWith('0019'))!, dir), 'utf8'))
    const template = (
      db.prepare('select body from agreement_templates where id = 1').get() as { body: string }
    ).body
    expect(ownerNotes(template)).toEqual([
      '**Draft template: have it reviewed by a lawyer before you rely on it.** It is a starting point, not legal advice.',
    ])
    expect(forClient(template)).not.toMatch(/Draft template/)
    expect(forClient(template)).toContain('This BAA is between')
    const bodies = db.prepare('select quote_id, body from quote_agreements order by quote_id').all() as {
      quote_id: number
      body: string
    }[]
    expect(ownerNotes(bodies[0]!.body)).toHaveLength(1)
    expect(bodies[1]!.body).toBe(body)
  })
})

describe('owner-only notes', () => {
  it('are found and stripped only when fenced; the rest of the text stays', () => {
    const md = 'Intro\n\n:::owner-note\nFor me only.\n:::\n\nBody\n\n:::owner-note\nAnd this.\n:::\n'
    expect(ownerNotes(md)).toEqual(['For me only.', 'And this.'])
    expect(forClient(md)).toBe('Intro\n\nBody\n\n')
    expect(forClient('No notes: ::: stays.')).toBe('No notes: ::: stays.')
  })
})
