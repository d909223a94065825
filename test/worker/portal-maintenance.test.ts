// The portal's maintenance pages (issue 52): /portal/maintenance shows the
// session's client's overdue tasks, what comes next (open tasks and running
// schedules) and what was done with its checklist, in words (no ISO date, no
// status code), never the owner's checklist notes and never another client's
// task; /portal/maintenance/{id} of another client, or a missing or malformed
// id, is the portal's 404; without a session the page sends to sign-in.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { addDays, businessDate, formatCalendarDate } from '../../schema/slot-time'
import { asOwner } from './billing-fixtures'
import { call } from './helpers'
import { portalCookie, seedClient } from './portal-fixtures'

async function task(
  clientId: number,
  title: string,
  due: string,
  done: boolean,
  items: [string, boolean, string | null][] = [],
) {
  const row = await env.DB.prepare(
    `insert into maintenance_tasks (client_id, title, due_date, status, done_at) values (?, ?, ?, ?, ?) returning id`,
  )
    .bind(clientId, title, due, done ? 'done' : 'open', done ? Date.now() - 86_400_000 : null)
    .first<{ id: number }>()
  for (const [i, [label, ticked, note]] of items.entries())
    await env.DB.prepare(
      'insert into maintenance_task_items (task_id, position, label, done, note) values (?, ?, ?, ?, ?)',
    )
      .bind(row!.id, i, label, ticked ? 1 : 0, note)
      .run()
  return row!.id
}

describe('the portal maintenance pages', () => {
  it("show the client's overdue, coming and done tasks with their checklists, in words", async () => {
    const a = await seedClient('maint-a')
    const b = await seedClient('maint-b')
    const today = businessDate(new Date())
    const late = addDays(today, -10)
    const soon = addDays(today, 5)
    await task(a.clientId, 'Backup restore test', late, false)
    await task(a.clientId, 'User access review', soon, false)
    await task(a.clientId, 'Monthly patch review', addDays(today, -3), true, [
      ['Apply Windows updates', true, 'SECRET OWNER NOTE'],
      ['Reboot the server', true, null],
    ])
    const schedule = await asOwner('/api/maintenance-schedules', {
      method: 'POST',
      json: {
        clientId: a.clientId,
        title: 'Yearly risk analysis review',
        checklist: ['Review'],
        recurrence: { freq: 'yearly' },
        startDate: addDays(today, 40),
      },
    })
    expect(schedule.status).toBe(201)
    await task(b.clientId, 'Other clinic firewall check', late, false)

    const res = await call('/portal/maintenance', { headers: { Cookie: await portalCookie(a.contactId) } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/no-store/)
    const html = await res.text()
    expect(html).toMatch(/<a[^>]+href="\/portal\/maintenance"[^>]*>Maintenance<\/a>/)
    expect(html).toMatch(/<h1[^>]*>Maintenance<\/h1>/)
    expect(html).toContain('Backup restore test')
    expect(html).toContain(`Was due ${formatCalendarDate(late)}`)
    expect(html).toContain('User access review')
    expect(html).toContain(`Due ${formatCalendarDate(soon)}`)
    expect(html).toContain('Yearly risk analysis review')
    expect(html).toContain(`Yearly; next ${formatCalendarDate(addDays(today, 40))}`)
    expect(html).toContain('Monthly patch review')
    expect(html).toContain('Apply Windows updates')
    expect(html).toContain('Reboot the server')
    expect(html).not.toContain('SECRET OWNER NOTE')
    expect(html).not.toContain('Other clinic firewall check')
    // Words only: no ISO date, no stored status.
    expect(html).not.toContain(late)
    expect(html).not.toMatch(/>\s*(open|done|overdue)\s*</)
  })

  it("opens the client's own task; another client's, a missing or a malformed one is a 404", async () => {
    const a = await seedClient('maint-own-a')
    const b = await seedClient('maint-own-b')
    const today = businessDate(new Date())
    const mine = await task(a.clientId, 'Quarterly restore test', addDays(today, -2), true, [
      ['Restore one file', true, 'PRIVATE NOTE'],
      ['Record the time taken', true, null],
    ])
    const theirs = await task(b.clientId, 'Their restore test', today, false, [['Theirs', false, null]])
    const cookie = await portalCookie(a.contactId)

    const own = await call(`/portal/maintenance/${mine}`, { headers: { Cookie: cookie } })
    expect(own.status).toBe(200)
    const html = await own.text()
    // The task's own page, not the list with the task's data beside it.
    expect(html).toMatch(/<h1[^>]*>Quarterly restore test<\/h1>/)
    expect(html).toContain('Restore one file')
    expect(html).toContain('2 of 2 checked')
    expect(html).toContain('Done')
    expect(html).not.toContain('PRIVATE NOTE')

    for (const id of [String(theirs), '999999999', 'abc', '0']) {
      const res = await call(`/portal/maintenance/${id}`, { headers: { Cookie: cookie } })
      expect(res.status).toBe(404)
      const body = await res.text()
      expect(body).toContain('Not found')
      expect(body).not.toContain('Their restore test')
    }
    // b's own contact opens it.
    const theirsOwn = await call(`/portal/maintenance/${theirs}`, {
      headers: { Cookie: await portalCookie(b.contactId) },
    })
    expect(theirsOwn.status).toBe(200)

    for (const path of ['/portal/maintenance', `/portal/maintenance/${mine}`]) {
      const away = await call(path, { redirect: 'manual' })
      expect(away.headers.get('location')).toBe(`/portal?next=${encodeURIComponent(path)}`)
    }
    // A client's session never opens the owner's maintenance API.
    expect(
      (await call(`/api/maintenance-tasks?clientId=${a.clientId}`, { headers: { Cookie: cookie } })).status,
    ).toBe(401)
  })
})
