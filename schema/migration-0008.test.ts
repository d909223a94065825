// @vitest-environment node
// Migration 0008 (issue 16) on a database that already has projects: slugs are
// made from titles (unique, never empty), and free-text metrics and
// testimonials are kept as one metric's value and as the quote.
import { readFileSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'

const sql = (name: string) => readFileSync(new URL(`../migrations/${name}.sql`, import.meta.url), 'utf8')

describe('migration 0008_cms', () => {
  it('keeps existing free text and gives every project a unique slug', () => {
    const db = new DatabaseSync(':memory:')
    for (const name of [
      '0000_init',
      '0001_owner_security',
      '0002_privacy_flood_retention',
      '0006_insights',
      '0007_inbox',
    ])
      db.exec(sql(name))
    const insert = db.prepare(
      'insert into projects (title, description, metrics, testimonial) values (?, ?, ?, ?)',
    )
    insert.run('Clinic Flow & Co.', 'd', '70% less time', '"Great" - Bob')
    insert.run('Clinic flow co', 'd', null, '  ')
    insert.run('!!!', 'd', '', null)
    db.exec(sql('0008_cms'))
    const rows = db.prepare('select id, slug, metrics, testimonial from projects order by id').all() as {
      slug: string
      metrics: string
      testimonial: string | null
    }[]
    expect(rows.map((r) => r.slug)).toEqual(['clinic-flow-co', 'clinic-flow-co-2', 'project-3'])
    expect(JSON.parse(rows[0]!.metrics)).toEqual([{ label: '', value: '70% less time' }])
    expect(JSON.parse(rows[0]!.testimonial!)).toEqual({ quote: '"Great" - Bob', author: '', role: '' })
    expect(rows.slice(1).map((r) => [JSON.parse(r.metrics), r.testimonial])).toEqual([
      [[], null],
      [[], null],
    ])
  })
})
