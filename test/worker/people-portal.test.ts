// Issue 55 in the portal: a contact sees and keeps only its own clinic's
// people; another client's staff, records, runs and PDFs are a 404 on every
// route, exactly like ones that do not exist; the owner's REST routes are not
// the portal's. "Someone is leaving" starts the departure's run.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { addDays, businessToday } from '../../schema/slot-time'
import { asOwner, json } from './billing-fixtures'
import { call } from './helpers'
import { answer, clinic, linkOf, module, RIGHT } from './people-fixtures'
import { formPost, portalCookie } from './portal-fixtures'

type Run = { id: number; steps: { id: number }[] }

async function setUp() {
  const a = await clinic(3)
  const b = await clinic(1)
  const m = await module()
  for (const c of [a, b])
    await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: addDays(businessToday(), 10) },
    })
  await answer(await linkOf(a.people[0]!.email), RIGHT)
  await answer(await linkOf(a.people[1]!.email), RIGHT)
  const bRun = await json<Run>(
    await asOwner(`/api/clients/${b.clientId}/offboardings`, {
      method: 'POST',
      json: { staffId: b.people[0]!.id, leavesAt: new Date().toISOString() },
    }),
  )
  return { a, b, bRun, cookieA: await portalCookie(a.contactId), cookieB: await portalCookie(b.contactId) }
}

describe('the people pages of the portal', () => {
  it("shows the clinic's own people and training, never another's; every route of another client is a 404", async () => {
    const { a, b, bRun, cookieA } = await setUp()
    const page = await call('/portal/people', { headers: { Cookie: cookieA } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('2 of 3 done this year')
    for (const p of a.people) expect(html).toContain(p.email)
    expect(html).not.toContain(b.people[0]!.email)
    expect(html).toMatch(/<a[^>]+href="\/portal\/people"[^>]*>People<\/a>/)

    // B's run page and its PDF, B's person in a departure: 404, as a missing one.
    expect((await call(`/portal/people/runs/${bRun.id}`, { headers: { Cookie: cookieA } })).status).toBe(404)
    expect((await call('/portal/people/runs/999999', { headers: { Cookie: cookieA } })).status).toBe(404)
    expect((await call(`/portal/people/runs/${bRun.id}/pdf`, { headers: { Cookie: cookieA } })).status).toBe(
      404,
    )
    expect((await call('/portal/people/runs/999999/pdf', { headers: { Cookie: cookieA } })).status).toBe(404)
    const leave = await call('/portal/people', {
      ...formPost({
        intent: 'leave',
        staffId: String(b.people[0]!.id),
        leaveDate: businessToday(),
        leaveTime: '17:00',
      }),
      headers: { ...formPost({}).headers, Cookie: cookieA },
    })
    expect(leave.status).toBe(404)
    // Changing another clinic's person: 404 too, and nothing changed.
    const update = await call('/portal/people', {
      ...formPost({ intent: 'update', staffId: String(b.people[0]!.id), role: 'Hacked', active: 'on' }),
      headers: { ...formPost({}).headers, Cookie: cookieA },
    })
    expect(update.status).toBe(404)
    const roleOfB = await env.DB.prepare('select role from staff where id = ?')
      .bind(b.people[0]!.id)
      .first<{ role: string }>()
    expect(roleOfB!.role).toBe('Front desk')
    const runsOfB = await env.DB.prepare(
      "select count(*) n from people_runs where staff_id = ? and kind = 'offboarding'",
    )
      .bind(b.people[0]!.id)
      .first<{ n: number }>()
    expect(runsOfB!.n).toBe(1)

    // The year's records PDF is the contact's own clinic's, whatever the path says.
    const pdf = await call(`/portal/people/training/${businessToday().slice(0, 4)}.pdf`, {
      headers: { Cookie: cookieA },
    })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('X-Content-SHA256')).toMatch(/^[0-9a-f]{64}$/)
    expect((await call('/portal/people/training/20x6.pdf', { headers: { Cookie: cookieA } })).status).toBe(
      404,
    )

    // The owner's REST routes are not the portal's: a portal session is 401 on each.
    for (const path of [
      `/api/clients/${b.clientId}/staff`,
      `/api/clients/${a.clientId}/staff`,
      `/api/clients/${b.clientId}/training-records`,
      `/api/clients/${b.clientId}/training-records/2026.pdf`,
      `/api/clients/${b.clientId}/runs`,
      `/api/runs/${bRun.id}`,
      `/api/runs/${bRun.id}/pdf`,
      '/api/trainings',
    ])
      expect((await call(path, { headers: { Cookie: cookieA } })).status).toBe(401)
    expect(
      (
        await call(`/api/staff/${b.people[0]!.id}`, {
          method: 'PATCH',
          json: { role: 'x' },
          headers: { Cookie: cookieA },
        })
      ).status,
    ).toBe(401)
    expect(
      (
        await call(`/api/run-steps/${bRun.steps[0]!.id}`, {
          method: 'PATCH',
          json: { done: true },
          headers: { Cookie: cookieA },
        })
      ).status,
    ).toBe(401)
    // Without a session: the page sends to sign-in, a PDF is 401.
    expect((await call('/portal/people', { redirect: 'manual' })).status).toBe(302)
    expect((await call(`/portal/people/runs/${bRun.id}/pdf`)).status).toBe(401)
  })

  it('a contact adds a person and starts a departure, and follows the run', async () => {
    const { a, cookieA } = await setUp()
    const bad = await call('/portal/people', {
      ...formPost({ intent: 'add', name: '', email: 'nope' }),
      headers: { ...formPost({}).headers, Cookie: cookieA },
    })
    expect(bad.status).toBe(400)
    const badHtml = await bad.text()
    expect(badHtml).toContain('Name is required')
    expect(badHtml).toContain('E-mail must be an e-mail address')
    const added = await call('/portal/people', {
      ...formPost({ intent: 'add', name: 'Fay Grant', email: 'fay.grant@clinic.example', role: 'Nurse' }),
      headers: { ...formPost({}).headers, Cookie: cookieA },
    })
    expect(added.status).toBe(200)
    expect(await added.text()).toContain('Fay Grant is added to your people.')
    const changed = await call('/portal/people', {
      ...formPost({ intent: 'update', staffId: String(a.people[0]!.id), role: 'Office manager' }),
      headers: { ...formPost({}).headers, Cookie: cookieA },
    })
    expect(changed.status).toBe(200)
    const person = await env.DB.prepare('select role, active from staff where id = ?')
      .bind(a.people[0]!.id)
      .first<{ role: string; active: number }>()
    expect(person).toEqual({ role: 'Office manager', active: 0 })

    const noDate = await call('/portal/people', {
      ...formPost({ intent: 'leave', staffId: String(a.people[2]!.id), leaveDate: '', leaveTime: '17:00' }),
      headers: { ...formPost({}).headers, Cookie: cookieA },
    })
    expect(noDate.status).toBe(400)
    expect(await noDate.text()).toContain('Give the day and time they leave')

    const started = await call('/portal/people', {
      ...formPost({
        intent: 'leave',
        staffId: String(a.people[2]!.id),
        leaveDate: businessToday(),
        leaveTime: '17:00',
      }),
      headers: { ...formPost({}).headers, Cookie: cookieA },
    })
    expect(started.status).toBe(302)
    const href = started.headers.get('Location')!
    expect(href).toMatch(/^\/portal\/people\/runs\/\d+$/)
    const runPage = await call(href, { headers: { Cookie: cookieA } })
    expect(runPage.status).toBe(200)
    const html = await runPage.text()
    expect(html).toContain('Departure: Chen Wei')
    expect(html).toContain('0 of 5 steps done')
    const run = await json<{ startedBy: string }>(await asOwner(`/api/runs/${href.split('/').pop()}`))
    expect(run.startedBy).toMatch(/^portal:/)
  })
})
