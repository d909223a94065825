// The maintenance data model (issue 40): the rules the database keeps on its own.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { MAINTENANCE_FREQS, SCHEDULE_STATUSES, TASK_STATUSES } from '../../schema/maintenance'
import { makeClient } from './billing-fixtures'

async function schedule(clientId: number) {
  const row = await env.DB.prepare(
    `insert into maintenance_schedules (client_id, title, checklist, freq, start_date) values (?, 'Patch review', '["Check updates"]', 'monthly', '2026-11-01') returning id`,
  )
    .bind(clientId)
    .first<{ id: number }>()
  return row!.id
}

const task = (scheduleId: number | null, clientId: number, due: string, status = 'open') =>
  env.DB.prepare(
    `insert into maintenance_tasks (schedule_id, client_id, title, due_date, status) values (?, ?, 'Patch review', ?, ?) returning id`,
  )
    .bind(scheduleId, clientId, due, status)
    .first<{ id: number }>()

describe('maintenance tables', () => {
  it('the triggers know the same words as schema/maintenance.ts', async () => {
    const { results } = await env.DB.prepare(
      "select sql from sqlite_master where type = 'trigger' and name like 'maintenance_%'",
    ).all<{ sql: string }>()
    const sql = results.map((r) => r.sql).join('\n')
    for (const word of [...MAINTENANCE_FREQS, ...SCHEDULE_STATUSES, ...TASK_STATUSES])
      expect(sql).toContain(`'${word}'`)
    const { clientId } = await makeClient()
    await expect(
      env.DB.prepare(
        `insert into maintenance_schedules (client_id, title, freq, start_date) values (?, 'x', 'daily', '2026-11-01')`,
      )
        .bind(clientId)
        .run(),
    ).rejects.toThrow(/invalid/)
    await expect(task(await schedule(clientId), clientId, '2026-11-01', 'overdue')).rejects.toThrow(/invalid/)
  })

  it('one task per schedule and due date, even when inserted at once', async () => {
    const { clientId } = await makeClient()
    const id = await schedule(clientId)
    const results = await Promise.allSettled([1, 2, 3].map(() => task(id, clientId, '2026-12-01')))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const n = await env.DB.prepare('select count(*) as n from maintenance_tasks where schedule_id = ?')
      .bind(id)
      .first<{ n: number }>()
    expect(n!.n).toBe(1)
  })

  it('a done task outlives its schedule and is never deleted', async () => {
    const { clientId } = await makeClient()
    const id = await schedule(clientId)
    const done = await task(id, clientId, '2026-11-01', 'done')
    await env.DB.prepare('delete from maintenance_schedules where id = ?').bind(id).run()
    const kept = await env.DB.prepare('select schedule_id from maintenance_tasks where id = ?')
      .bind(done!.id)
      .first<{ schedule_id: number | null }>()
    expect(kept).toEqual({ schedule_id: null })
    await expect(
      env.DB.prepare('delete from maintenance_tasks where id = ?').bind(done!.id).run(),
    ).rejects.toThrow(/kept/)
  })

  it("time on a task is the task's client's time", async () => {
    const a = await makeClient()
    const b = await makeClient()
    const t = await task(await schedule(a.clientId), a.clientId, '2026-11-01')
    const insert = (clientId: number) =>
      env.DB.prepare(
        `insert into time_entries (client_id, date, minutes, description, rate_cents, maintenance_task_id) values (?, '2026-11-01', 30, 'Patches', 12000, ?)`,
      )
        .bind(clientId, t!.id)
        .run()
    await expect(insert(b.clientId)).rejects.toThrow(/its client/)
    await insert(a.clientId)
  })
})
