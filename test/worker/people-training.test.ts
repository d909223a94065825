// Issue 55, points 1-4: the staff roster, training modules and their versions,
// assignments (never duplicated), the personal link (pass, fail, retry; one
// person and one assignment only), reminders once each and the yearly round
// with a fake clock, the records and their evidence PDF, and records that the
// database itself keeps append-only, whatever the retention settings.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { addDays, businessToday } from '../../schema/slot-time'
import { asOwner, json } from './billing-fixtures'
import { call } from './helpers'
import { pdfText } from './pdf-text'
import { answer, clinic, linkOf, module, QUIZ, RIGHT, runCron, trainingMail } from './people-fixtures'

const today = () => businessToday()
const DAY = 24 * 60 * 60_000
type Rec = {
  staffId: number
  name: string
  version: number
  status: string
  score: number | null
  completedAt: string | null
}

describe('the staff roster (REST)', () => {
  it('adds, lists and changes people; refuses bad input naming the field, storing nothing', async () => {
    const c = await clinic(1)
    const list = await json<{ id: number; email: string; active: boolean }[]>(
      await asOwner(`/api/clients/${c.clientId}/staff`),
    )
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ id: c.people[0]!.id, active: true })

    const bad = await asOwner(`/api/clients/${c.clientId}/staff`, {
      method: 'POST',
      json: { name: '', email: 'not-an-address', startDate: '2026-02-30' },
    })
    expect(bad.status).toBe(400)
    const errors = (await json<{ errors: Record<string, string> }>(bad)).errors
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'startDate'])
    const dup = await asOwner(`/api/clients/${c.clientId}/staff`, {
      method: 'POST',
      json: { name: 'Again', email: c.people[0]!.email.toUpperCase() },
    })
    expect(dup.status).toBe(409)
    expect((await json<{ errors: Record<string, string> }>(dup)).errors.email).toBeTruthy()
    const count = await env.DB.prepare('select count(*) n from staff where client_id = ?')
      .bind(c.clientId)
      .first<{ n: number }>()
    expect(count!.n).toBe(1)

    const patched = await asOwner(`/api/staff/${c.people[0]!.id}`, {
      method: 'PATCH',
      json: { role: 'Nurse', leaveDate: '2026-12-31', active: false },
    })
    expect(patched.status).toBe(200)
    expect(await json(patched)).toMatchObject({ role: 'Nurse', leaveDate: '2026-12-31', active: false })
    const badPatch = await asOwner(`/api/staff/${c.people[0]!.id}`, {
      method: 'PATCH',
      json: { active: 'no' },
    })
    expect(badPatch.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(badPatch)).errors).toHaveProperty('active')
    expect((await asOwner('/api/staff/999999', { method: 'PATCH', json: { role: 'x' } })).status).toBe(404)
    expect((await asOwner('/api/clients/999999/staff')).status).toBe(404)
    // Not signed in: none of it.
    expect((await call(`/api/clients/${c.clientId}/staff`)).status).toBe(401)
  })
})

describe('training modules', () => {
  it('bumps the version when the content or quiz change, not otherwise; checks the quiz', async () => {
    const m = await module('Privacy basics')
    expect(m.version).toBe(1)
    const same = await json<{ version: number }>(
      await asOwner(`/api/trainings/${m.id}`, { method: 'PATCH', json: { draft: false } }),
    )
    expect(same.version).toBe(1)
    const body = await json<{ version: number }>(
      await asOwner(`/api/trainings/${m.id}`, { method: 'PATCH', json: { body: 'New words' } }),
    )
    expect(body.version).toBe(2)
    const quiz = await json<{ version: number; questions: unknown[] }>(
      await asOwner(`/api/trainings/${m.id}`, { method: 'PATCH', json: { questions: QUIZ.slice(0, 2) } }),
    )
    expect(quiz.version).toBe(3)
    expect(quiz.questions).toHaveLength(2)
    // Every version is kept as it was: the database refuses to change one.
    await expect(
      env.DB.prepare("update training_versions set body = 'x' where training_id = ?").bind(m.id).run(),
    ).rejects.toThrow(/kept as it was/)

    const bad = await asOwner('/api/trainings', {
      method: 'POST',
      json: {
        title: 'T',
        body: 'B',
        questions: [{ prompt: 'Q', choices: ['a', 'b'], answer: 2 }],
        passPercent: 120,
      },
    })
    expect(bad.status).toBe(400)
    const errors = (await json<{ errors: Record<string, string> }>(bad)).errors
    expect(errors).toHaveProperty('questions')
    expect(errors).toHaveProperty('passPercent')
    const n = await env.DB.prepare("select count(*) n from trainings where title = 'T'").first<{
      n: number
    }>()
    expect(n!.n).toBe(0)
  })

  it('refuses to assign a draft until it is published', async () => {
    const c = await clinic(1)
    const m = await module('Draft one', { draft: true })
    const res = await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: addDays(today(), 14) },
    })
    expect(res.status).toBe(409)
    await asOwner(`/api/trainings/${m.id}`, { method: 'PATCH', json: { draft: false } })
    const ok = await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: addDays(today(), 14) },
    })
    expect(await json(ok)).toEqual({ assigned: 1 })
  })
})

describe('assignments and the personal link', () => {
  it('assigns once per module, version and person; mails each a link of their own', async () => {
    const c = await clinic(3)
    const m = await module()
    const due = addDays(today(), 14)
    const first = await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, staffIds: [c.people[0]!.id, c.people[1]!.id], dueDate: due },
    })
    expect(first.status).toBe(201)
    expect(await json(first)).toEqual({ assigned: 2 })
    const all = await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: due },
    })
    expect(await json(all)).toEqual({ assigned: 1 })
    const again = await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: due },
    })
    expect(await json(again)).toEqual({ assigned: 0 })
    const emails = new Set(c.people.map((p) => p.email))
    const mails = (await trainingMail()).filter((x) => emails.has(x.recipient))
    expect(mails.map((x) => x.subject)).toEqual(Array(3).fill('Training to do: HIPAA security basics'))
    expect(new Set(mails.map((x) => x.recipient))).toEqual(emails)
    // Each link names its own person: three different links.
    expect(new Set(await Promise.all(c.people.map((p) => linkOf(p.email)))).size).toBe(3)

    // Bad input: each field named, nothing stored.
    const other = await clinic(1)
    const before = await env.DB.prepare('select count(*) n from training_assignments').first<{ n: number }>()
    for (const [body, field] of [
      [{ clientId: c.clientId, dueDate: '2026-13-01' }, 'dueDate'],
      [{ clientId: c.clientId, dueDate: 20261201 }, 'dueDate'],
      [{ clientId: c.clientId, staffIds: [other.people[0]!.id], dueDate: due }, 'staffIds'],
      [{ clientId: 'x', dueDate: due }, 'clientId'],
    ] as const) {
      const res = await asOwner(`/api/trainings/${m.id}/assignments`, { method: 'POST', json: body })
      expect(res.status).toBe(400)
      expect((await json<{ errors: Record<string, string> }>(res)).errors).toHaveProperty(field)
    }
    const after = await env.DB.prepare('select count(*) n from training_assignments').first<{ n: number }>()
    expect(after!.n).toBe(before!.n)
  })

  it('a fail may retry; a pass records time, version, score and answers, once', async () => {
    const c = await clinic(2)
    const m = await module()
    await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: addDays(today(), 10) },
    })
    const link = await linkOf(c.people[0]!.email)
    const page = await call(link)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('HIPAA security basics')
    expect(html).toContain('Never share them.')
    expect(html).toContain(QUIZ[0]!.prompt)
    // The answer key never reaches the page.
    expect(html).not.toContain('"answer"')

    const wrong = RIGHT.map((a, i) => (i < 2 ? 1 - a : a))
    const fail = await answer(link, wrong)
    expect(fail.status).toBe(200)
    expect(await json(fail)).toEqual({ passed: false, score: 60 })
    const short = await answer(link, [1])
    expect(short.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(short)).errors).toHaveProperty('answers')
    const pass = await answer(link, RIGHT)
    expect(await json(pass)).toEqual({ passed: true, score: 100 })
    expect((await answer(link, RIGHT)).status).toBe(409)

    const rows = await env.DB.prepare(
      'select staff_id, version, score, passed, answers, at from training_completions where staff_id = ? order by id',
    )
      .bind(c.people[0]!.id)
      .all<{ version: number; score: number; passed: number; answers: string; at: number }>()
    expect(rows.results.map((r) => [r.score, r.passed])).toEqual([
      [60, 0],
      [100, 1],
    ])
    expect(JSON.parse(rows.results[1]!.answers)).toEqual(RIGHT)
    expect(rows.results[1]!.version).toBe(1)
    expect(Math.abs(rows.results[1]!.at - Date.now())).toBeLessThan(60_000)

    // The page, opened again, says it is done, and the form post without JavaScript works too.
    expect(await (await call(link)).text()).toContain('Passed on')
    const second = await linkOf(c.people[1]!.email)
    const form = new URLSearchParams(RIGHT.map((a, i) => [`q${i}`, String(a)]))
    const posted = await call(second, {
      method: 'POST',
      body: form.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(posted.status).toBe(200)
    expect(await posted.text()).toContain('You passed with 100%')

    const records = await json<Rec[]>(
      await asOwner(`/api/clients/${c.clientId}/training-records?year=${today().slice(0, 4)}`),
    )
    expect(records.map((r) => r.status)).toEqual(['done', 'done'])
    expect(records[0]).toMatchObject({ version: 1, score: 100 })
  })

  it('a link works only for its person and assignment: tampered, swapped or expired links open nothing', async () => {
    const c = await clinic(2)
    const m = await module()
    await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: addDays(today(), 10) },
    })
    const a = await linkOf(c.people[0]!.email)
    const b = await linkOf(c.people[1]!.email)
    const [aAssignment, aStaff, aExp, aSig] = a.replace('/training/', '').split('~') as [
      string,
      string,
      string,
      string,
    ]
    const [bAssignment] = b.replace('/training/', '').split('~') as [string]
    // A's signature on B's assignment, A's assignment with B's person, a later expiry: all refused.
    for (const forged of [
      `/training/${bAssignment}~${aStaff}~${aExp}~${aSig}`,
      `/training/${aAssignment}~${c.people[1]!.id}~${aExp}~${aSig}`,
      `/training/${aAssignment}~${aStaff}~${Number(aExp) + 1}~${aSig}`,
      '/training/not-a-token',
    ]) {
      expect((await call(forged)).status).toBe(404)
      expect((await answer(forged, RIGHT)).status).toBe(404)
    }
    // A person who left: their link no longer opens.
    await asOwner(`/api/staff/${c.people[0]!.id}`, { method: 'PATCH', json: { active: false } })
    expect((await call(a)).status).toBe(404)
    expect((await call(b)).status).toBe(200)
    const n = await env.DB.prepare('select count(*) n from training_completions where staff_id in (?, ?)')
      .bind(c.people[0]!.id, c.people[1]!.id)
      .first<{ n: number }>()
    expect(n!.n).toBe(0)
    // The page is one person's: no cache keeps it, and its address is never passed on.
    const page = await call(b)
    expect(page.headers.get('Cache-Control')).toBe('private, no-store')
    expect(page.headers.get('Referrer-Policy')).toBe('no-referrer')
  })

  it('keeps the version a record was taken against when the module changes', async () => {
    const c = await clinic(1)
    const m = await module()
    await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: addDays(today(), 10) },
    })
    const link = await linkOf(c.people[0]!.email)
    await asOwner(`/api/trainings/${m.id}`, {
      method: 'PATCH',
      json: { title: 'HIPAA security basics (2027)' },
    })
    // The person's assignment is still version 1, and says so.
    expect(await (await call(link)).text()).toContain('HIPAA security basics')
    await answer(link, RIGHT)
    // The new version is a new assignment for the same person (not a duplicate).
    const again = await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: addDays(today(), 10) },
    })
    expect(await json(again)).toEqual({ assigned: 1 })
    const records = await json<(Rec & { title: string })[]>(
      await asOwner(`/api/clients/${c.clientId}/training-records`),
    )
    expect(records.map((r) => [r.version, r.title, r.status])).toEqual([
      [1, 'HIPAA security basics', 'done'],
      [2, 'HIPAA security basics (2027)', 'pending'],
    ])
  })
})

describe('the cron with a fake clock', () => {
  it('reminds 7 and 1 days before and when overdue, once each', async () => {
    const c = await clinic(1)
    const m = await module()
    const due = addDays(today(), 20)
    await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: due },
    })
    const at = (date: string) => new Date(`${date}T15:00:00Z`)
    const subjects = async () => (await trainingMail(c.people[0]!.email)).map((x) => x.subject)
    await runCron(at(addDays(due, -10)))
    expect(await subjects()).toHaveLength(1)
    await runCron(at(addDays(due, -7)))
    await runCron(at(addDays(due, -6)))
    expect(await subjects()).toEqual([
      'Training to do: HIPAA security basics',
      'Reminder: "HIPAA security basics" is due in 7 days',
    ])
    await runCron(at(addDays(due, -1)))
    await runCron(at(addDays(due, -1)))
    await runCron(at(due))
    expect((await subjects()).slice(2)).toEqual(['Reminder: "HIPAA security basics" is due tomorrow'])
    await runCron(at(addDays(due, 1)))
    await runCron(at(addDays(due, 5)))
    expect((await subjects()).slice(3)).toEqual([
      expect.stringMatching(/^Overdue: "HIPAA security basics" was due /),
    ])
    const records = await json<Rec[]>(await asOwner(`/api/clients/${c.clientId}/training-records`))
    expect(records[0]!.status).toBe('pending')
  })

  it('sends no reminder to a person who passed', async () => {
    const c = await clinic(1)
    const m = await module()
    const due = addDays(today(), 20)
    await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: due },
    })
    await answer(await linkOf(c.people[0]!.email), RIGHT)
    for (const d of [-7, -1, 1]) await runCron(new Date(`${addDays(due, d)}T15:00:00Z`))
    expect(await trainingMail(c.people[0]!.email)).toHaveLength(1)
  })

  it('assigns standing modules on a start date, and again on the anniversary', async () => {
    const start = addDays(today(), 3)
    const c = await clinic(1)
    const m = await module()
    await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: addDays(today(), 10) },
    })
    const late = await json<{ id: number }>(
      await asOwner(`/api/clients/${c.clientId}/staff`, {
        method: 'POST',
        json: { name: 'New Nurse', email: 'new.nurse@clinic.example', startDate: start },
      }),
    )
    const assignmentsOf = (id: number) =>
      env.DB.prepare(
        'select cycle, due_date, source from training_assignments where staff_id = ? order by id',
      )
        .bind(id)
        .all<{ cycle: number; due_date: string; source: string }>()
    expect((await assignmentsOf(late.id)).results).toEqual([])
    await runCron(new Date(`${addDays(start, -1)}T15:00:00Z`))
    expect((await assignmentsOf(late.id)).results).toEqual([])
    await runCron(new Date(`${start}T15:00:00Z`))
    await runCron(new Date(`${start}T16:00:00Z`))
    const first = (await assignmentsOf(late.id)).results
    expect(first).toEqual([
      { cycle: Number(today().slice(0, 4)), due_date: addDays(start, 30), source: 'standing' },
    ])

    // A year on: the first person's round again, once, at the module's current version.
    const year = Number(today().slice(0, 4))
    const anniversary = new Date(Date.now() + 366 * DAY)
    await runCron(anniversary)
    await runCron(new Date(anniversary.getTime() + DAY))
    const yearly = (await assignmentsOf(c.people[0]!.id)).results
    expect(yearly.map((r) => [r.cycle, r.source])).toEqual([
      [year, 'owner'],
      [year + 1, 'yearly'],
    ])
  })
})

describe('records that hold up', () => {
  it('lists the year, draws the evidence PDF with its SHA-256, and refuses bad years', async () => {
    const c = await clinic(3)
    const m = await module()
    await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: addDays(today(), 1) },
    })
    await answer(await linkOf(c.people[0]!.email), RIGHT)
    const year = today().slice(0, 4)
    const res = await asOwner(`/api/clients/${c.clientId}/training-records/${year}.pdf`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    const bytes = new Uint8Array(await res.arrayBuffer())
    const digest = [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')
    expect(res.headers.get('X-Content-SHA256')).toBe(digest)
    const text = await pdfText(bytes)
    expect(text).toContain('WORKFORCE TRAINING RECORDS')
    expect(text).toContain('1 of 3 done (33%)')
    expect(text).toContain('Ana Lopez: HIPAA security basics (version 1)')
    expect(text).toContain('Score 100%')
    expect((await asOwner(`/api/clients/${c.clientId}/training-records/26.pdf`)).status).toBe(400)
    const badYear = await asOwner(`/api/clients/${c.clientId}/training-records?year=abc`)
    expect(badYear.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(badYear)).errors).toHaveProperty('year')
  })

  it('are append-only in the database, and no retention run removes them', async () => {
    const c = await clinic(1)
    const m = await module()
    await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: addDays(today(), 5) },
    })
    await answer(await linkOf(c.people[0]!.email), RIGHT)
    await expect(env.DB.prepare('update training_completions set score = 10').run()).rejects.toThrow(
      /append-only/,
    )
    await expect(env.DB.prepare('delete from training_completions').run()).rejects.toThrow(/append-only/)
    // Five years and eleven months later, with every retention purge run: the record is there.
    await runCron(new Date(Date.now() + (6 * 365 - 30) * DAY))
    const row = await env.DB.prepare('select score, passed from training_completions where staff_id = ?')
      .bind(c.people[0]!.id)
      .first<{ score: number; passed: number }>()
    expect(row).toEqual({ score: 100, passed: 1 })
  })
})
