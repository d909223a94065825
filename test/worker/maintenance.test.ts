// Recurring maintenance over REST (issue 40): schedules, generation once, tasks, evidence, time, access.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { addDays, businessDate } from '../../schema/slot-time'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import { createApiToken } from '../../worker/services/api-tokens'
import { createPlan } from '../../worker/services/plans'
import { createSubscription, periodUsage } from '../../worker/services/subscriptions'
import { asFile, fixtures } from './admin-fixtures'
import { upload } from './admin-helpers'
import { asOwner, json, makeClient, owner } from './billing-fixtures'
import { call } from './helpers'

const today = businessDate(new Date())
const count = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n

type Task = {
  id: number
  scheduleId: number | null
  clientId: number
  dueDate: string
  status: string
  items: { label: string; done: boolean; note: string | null }[]
  evidenceCount: number
  minutesLogged: number
}

const checklist = ['Check updates', 'Reboot servers', 'Note failures']

async function newSchedule(clientId: number, extra: Record<string, unknown> = {}) {
  const res = await asOwner('/api/maintenance-schedules', {
    method: 'POST',
    json: {
      clientId,
      title: 'Weekly patch check',
      checklist,
      recurrence: { freq: 'weekly' },
      startDate: today,
      estimatedMinutes: 30,
      ...extra,
    },
  })
  expect(res.status).toBe(201)
  return json<{ id: number; nextDueDates: string[] }>(res)
}

const generate = (until: string) => asOwner('/api/maintenance/generate', { method: 'POST', json: { until } })
const tasksOf = async (query: string) => json<Task[]>(await asOwner(`/api/maintenance-tasks?${query}`))

describe('maintenance schedules', () => {
  it('creates a schedule and answers its next three due dates', async () => {
    const { clientId } = await makeClient()
    const created = await newSchedule(clientId, {
      recurrence: { freq: 'monthly', byMonthDay: 31 },
      startDate: '2027-10-31',
    })
    expect(created.nextDueDates).toEqual(['2027-10-31', '2027-11-30', '2027-12-31'])
    const listed = await json<{ id: number; rrule: string }[]>(
      await asOwner(`/api/maintenance-schedules?clientId=${clientId}`),
    )
    expect(listed.map((s) => s.id)).toEqual([created.id])
    expect(listed[0]!.rrule).toContain('BYSETPOS=-1')
  })

  it('refuses bad input with the field named, and stores nothing', async () => {
    const { clientId } = await makeClient()
    const before = await count('select count(*) as n from maintenance_schedules')
    // A nested field is named by its top-level key, its message says which part.
    const cases: [Record<string, unknown>, string, RegExp?][] = [
      [{ recurrence: { freq: 'daily' } }, 'recurrence', /Frequency/],
      [{ recurrence: { freq: 'monthly', byMonthDay: 32 } }, 'recurrence', /Day of the month/],
      [{ recurrence: { freq: 'monthly', byWeekday: '5TU' } }, 'recurrence', /Weekday/],
      [{ recurrence: { freq: 'monthly', interval: 0 } }, 'recurrence', /Interval/],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ checklist: [] }, 'checklist'],
      [{ title: '' }, 'title'],
      [{ clientId: 999_999 }, 'clientId'],
      [{ assetIds: [999_999] }, 'assetIds'],
    ]
    for (const [patch, field, message] of cases) {
      const res = await asOwner('/api/maintenance-schedules', {
        method: 'POST',
        json: {
          clientId,
          title: 'x',
          checklist: ['a'],
          recurrence: { freq: 'weekly' },
          startDate: today,
          ...patch,
        },
      })
      expect(res.status, field).toBe(400)
      const body = await json<{ errors: Record<string, string> }>(res)
      expect(Object.keys(body.errors), field).toContain(field)
      if (message) expect(body.errors[field]).toMatch(message)
    }
    expect(await count('select count(*) as n from maintenance_schedules')).toBe(before)
    const bad = await generate('tomorrow')
    expect(bad.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(bad)).errors.until).toBeTruthy()
    expect((await generate(addDays(today, 2000))).status).toBe(400)
  })

  it('generates each task once, also when generate runs four times at once', async () => {
    const { clientId } = await makeClient()
    const { id } = await newSchedule(clientId)
    const until = addDays(today, 20)
    const results = await Promise.all([1, 2, 3, 4].map(() => generate(until)))
    const created = await Promise.all(results.map((r) => json<{ created: number }>(r)))
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
    expect(created.reduce((sum, r) => sum + r.created, 0)).toBe(3)
    expect(await json(await generate(until))).toEqual({ created: 0 })
    expect(await count('select count(*) as n from maintenance_tasks where schedule_id = ?', id)).toBe(3)
    expect(
      await count(
        'select count(*) as n from maintenance_task_items i join maintenance_tasks t on t.id = i.task_id where t.schedule_id = ?',
        id,
      ),
    ).toBe(9)
    const tasks = await tasksOf(`clientId=${clientId}`)
    expect(tasks.map((t) => t.dueDate)).toEqual([today, addDays(today, 7), addDays(today, 14)])
    expect(tasks[0]!.items.map((i) => i.label)).toEqual(checklist)
  })

  it('a paused schedule makes no tasks; deleting one keeps its done tasks and those with time', async () => {
    const { clientId } = await makeClient()
    const s = await newSchedule(clientId, { startDate: addDays(today, -14) })
    await generate(today)
    const [first, second] = await tasksOf(`clientId=${clientId}`)
    // Time on an open task keeps it too (what was billed keeps its record).
    await asOwner(`/api/maintenance-tasks/${second!.id}/time`, { method: 'POST', json: { minutes: 15 } })
    await asOwner(`/api/maintenance-tasks/${first!.id}`, {
      method: 'PATCH',
      json: { items: checklist.map(() => ({ done: true })), status: 'done' },
    })
    const paused = await asOwner(`/api/maintenance-schedules/${s.id}`, {
      method: 'PATCH',
      json: { status: 'paused' },
    })
    expect((await json<{ nextDueDates: string[] }>(paused)).nextDueDates).toEqual([])
    await generate(addDays(today, 30))
    expect(await count('select count(*) as n from maintenance_tasks where schedule_id = ?', s.id)).toBe(3)
    expect((await asOwner(`/api/maintenance-schedules/${s.id}`, { method: 'DELETE' })).status).toBe(204)
    const left = await tasksOf(`clientId=${clientId}`)
    expect(left.map((t) => [t.id, t.status, t.scheduleId])).toEqual([
      [first!.id, 'done', null],
      [second!.id, 'overdue', null],
    ])
  })
})

describe('the cron', () => {
  it('makes each task 7 days ahead, once', async () => {
    const { clientId } = await makeClient()
    const { id } = await newSchedule(clientId, { startDate: addDays(today, 3) })
    for (let run = 0; run < 2; run++) {
      const ctx = createExecutionContext()
      await worker.scheduled(createScheduledController({ scheduledTime: Date.now() }), env, ctx)
      await waitOnExecutionContext(ctx)
    }
    const made = await env.DB.prepare('select due_date from maintenance_tasks where schedule_id = ?')
      .bind(id)
      .all()
    expect(made.results).toEqual([{ due_date: addDays(today, 3) }])
  })
})

describe('maintenance tasks', () => {
  it('lists open, overdue and done; ticks items with notes; done once every item is ticked', async () => {
    const { clientId } = await makeClient()
    await newSchedule(clientId, { startDate: addDays(today, -7) })
    await generate(addDays(today, 6))
    expect((await tasksOf(`clientId=${clientId}&status=overdue`)).map((t) => t.dueDate)).toEqual([
      addDays(today, -7),
    ])
    const [open] = await tasksOf(`clientId=${clientId}&status=open`)
    expect(open!.dueDate).toBe(today)
    const other = await makeClient()
    expect(await tasksOf(`clientId=${other.clientId}`)).toEqual([])

    const path = `/api/maintenance-tasks/${open!.id}`
    const ticked = await json<Task>(
      await asOwner(path, { method: 'PATCH', json: { items: [{ done: true, note: 'All current' }] } }),
    )
    expect(ticked.items.map((i) => [i.done, i.note])).toEqual([
      [true, 'All current'],
      [false, null],
      [false, null],
    ])
    const early = await asOwner(path, { method: 'PATCH', json: { status: 'done' } })
    expect(early.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(early)).errors.status).toMatch(/Tick every/)
    const tooMany = await asOwner(path, {
      method: 'PATCH',
      json: { items: [1, 2, 3, 4].map(() => ({ done: true })) },
    })
    expect(tooMany.status).toBe(400)
    expect((await asOwner(path, { method: 'PATCH', json: { items: [{ done: 'yes' }] } })).status).toBe(400)
    const done = await json<Task>(
      await asOwner(path, {
        method: 'PATCH',
        json: {
          items: [{ done: true }, { done: true }, { done: true, note: 'None failed' }],
          status: 'done',
        },
      }),
    )
    expect(done.status).toBe('done')
    expect(done.items[0]!.note).toBe('All current')
    expect((await tasksOf(`clientId=${clientId}&status=done`)).map((t) => t.id)).toEqual([open!.id])
    // What was done is not rewritten.
    expect((await asOwner(path, { method: 'PATCH', json: { items: [{ done: false }] } })).status).toBe(409)
    expect((await asOwner('/api/maintenance-tasks/999999')).status).toBe(404)
    expect((await asOwner('/api/maintenance-tasks?status=late')).status).toBe(400)
  })

  it('keeps evidence in R2 (type and size checked) and logs time for the client', async () => {
    const { clientId } = await makeClient()
    await newSchedule(clientId)
    await generate(today)
    const [task] = await tasksOf(`clientId=${clientId}`)
    const files = `/api/maintenance-tasks/${task!.id}/files`
    const added = await upload(files, 'file', asFile(fixtures.png()), 'updates.png')
    expect(added.status).toBe(201)
    const file = await json<{ id: number; type: string }>(added)
    expect(file.type).toBe('image/png')
    expect((await upload(files, 'file', asFile(fixtures.exe()), 'setup.exe')).status).toBe(400)
    expect((await upload(files, 'file', null)).status).toBe(400)
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set(fixtures.png())
    expect((await upload(files, 'file', asFile(big), 'big.png')).status).toBe(413)
    const download = await asOwner(`${files}/${file.id}`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('image/png')
    await download.arrayBuffer()

    const logged = await asOwner(`/api/maintenance-tasks/${task!.id}/time`, {
      method: 'POST',
      json: { minutes: 25 },
    })
    expect(logged.status).toBe(201)
    expect(
      (await asOwner(`/api/maintenance-tasks/${task!.id}/time`, { method: 'POST', json: { minutes: 0 } }))
        .status,
    ).toBe(400)
    const entry = await env.DB.prepare(
      'select client_id, minutes, maintenance_task_id from time_entries where maintenance_task_id = ?',
    )
      .bind(task!.id)
      .first()
    expect(entry).toEqual({ client_id: clientId, minutes: 25, maintenance_task_id: task!.id })
    const [after] = await tasksOf(`clientId=${clientId}`)
    expect([after!.evidenceCount, after!.minutesLogged]).toEqual([1, 25])
  })
})

describe('time on a task', () => {
  it("counts against the client's plan", async () => {
    const { clientId } = await makeClient()
    const db = createDb(env.DB)
    const plan = await createPlan(db, {
      name: 'Practice Care',
      monthlyFeeCents: 60_000,
      includedMinutes: 600,
      overageRateCents: 15_000,
    })
    const sub = await createSubscription(db, {
      clientId,
      planId: plan.id,
      startDate: `${today.slice(0, 7)}-01`,
    })
    await newSchedule(clientId)
    await generate(today)
    const [task] = await tasksOf(`clientId=${clientId}`)
    const before = (await periodUsage(db, sub.id, today.slice(0, 7))).usedMinutes
    const logged = await asOwner(`/api/maintenance-tasks/${task!.id}/time`, {
      method: 'POST',
      json: { minutes: 45, date: today },
    })
    expect(logged.status).toBe(201)
    expect((await periodUsage(db, sub.id, today.slice(0, 7))).usedMinutes).toBe(before + 45)
  })
})

describe('access', () => {
  const script = (method: string, path: string, token: string, body?: unknown) =>
    call(path, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const tokenOf = async (scope: 'read' | 'billing' | 'maintenance') => {
    await owner()
    const user = await env.DB.prepare('select id from users limit 1').first<{ id: number }>()
    return (
      await createApiToken(createDb(env.DB), user!.id, { name: `m ${scope}`, scope, expiresInDays: 30 })
    ).token
  }

  it('a maintenance token works on maintenance only; billing and read tokens cannot write it; no session is 401', async () => {
    const { clientId } = await makeClient()
    const token = await tokenOf('maintenance')
    const body = {
      clientId,
      title: 'Backups',
      checklist: ['Restore'],
      recurrence: { freq: 'quarterly' },
      startDate: today,
    }
    expect((await script('POST', '/api/maintenance-schedules', token, body)).status).toBe(201)
    expect((await script('POST', '/api/maintenance/generate', token, { until: today })).status).toBe(200)
    expect((await script('GET', '/api/maintenance-tasks', token)).status).toBe(200)
    expect((await script('GET', '/api/clients', token)).status).toBe(403)
    expect((await script('GET', '/api/plans', token)).status).toBe(403)
    expect((await script('POST', '/api/maintenance-schedules', await tokenOf('billing'), body)).status).toBe(
      403,
    )
    expect((await script('POST', '/api/maintenance-schedules', await tokenOf('read'), body)).status).toBe(403)
    expect((await call('/api/maintenance-tasks')).status).toBe(401)
  })
})
