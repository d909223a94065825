// The monthly service report (issue 40) against a seeded month: requests opened
// and closed in the business time zone, first answers against the targets (the
// plan's, else the defaults), the median first response, the plan's minutes,
// and the renewals of the next 60 days; a correction later shows on reopening.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { businessInstant } from '../../schema/slot-time'
import { createDb } from '../../worker/db'
import { queueMonthlyReports } from '../../worker/services/reports/mailing'
import { median, serviceReport } from '../../worker/services/reports/service-report'
import { gql } from './admin-helpers'
import { asOwner, makeClient } from './billing-fixtures'
import { call } from './helpers'
import { pdfText } from './pdf-text'

const at = (y: number, m: number, d: number, h: number, min = 0) => businessInstant(y, m, d, h, min)
const H = 60 * 60_000

async function request(clientId: number, urgency: string, createdAt: number, closedAt?: number) {
  const row = await env.DB.prepare(
    `insert into support_requests (name, email, phone, issue_type, urgency, description, preferred_contact, client_id, created_at, closed_at, status)
     values ('Dana', 'dana@clinic.example', '618-555-0142', 'network', ?, 'x', 'email', ?, ?, ?, ?) returning id`,
  )
    .bind(urgency, clientId, createdAt, closedAt ?? null, closedAt ? 'resolved' : 'pending')
    .first<{ id: number }>()
  return row!.id
}

const answer = (requestId: number, createdAt: number) =>
  env.DB.prepare(
    `insert into request_messages (support_request_id, direction, author, body, created_at) values (?, 'out', 'owner@example.com', 'On it', ?)`,
  )
    .bind(requestId, createdAt)
    .run()

const time = (clientId: number, date: string, minutes: number) =>
  env.DB.prepare(
    `insert into time_entries (client_id, date, minutes, description, rate_cents) values (?, ?, ?, 'Work', 12000)`,
  )
    .bind(clientId, date, minutes)
    .run()

describe('the monthly service report', () => {
  it('counts a seeded October from the records', async () => {
    const db = createDb(env.DB)
    const { clientId } = await makeClient()
    // Opened at 11 pm Central on Oct 31 (Nov 1 in UTC): October's. Answered the next business morning.
    const late = await request(clientId, 'medium', at(2026, 10, 31, 23), at(2026, 11, 3, 10))
    await answer(late, at(2026, 11, 2, 10))
    // High (4 business hours): opened Thu Oct 1 at 9:00, answered 10:30: met.
    const quick = await request(clientId, 'high', at(2026, 10, 1, 9), at(2026, 10, 2, 9))
    await answer(quick, at(2026, 10, 1, 10, 30))
    // High: opened Fri Oct 2 at 16:00, answered Mon Oct 5 at 13:00 (4 business hours = Mon 12:00): missed.
    const slow = await request(clientId, 'high', at(2026, 10, 2, 16))
    await answer(slow, at(2026, 10, 5, 13))
    // Critical (4 wall-clock hours), never answered: missed.
    await request(clientId, 'critical', at(2026, 10, 10, 2))
    // Opened in September, closed in October: counts as closed only.
    await request(clientId, 'low', at(2026, 9, 30, 10), at(2026, 10, 6, 10))
    // November's request is not October's.
    await request(clientId, 'low', at(2026, 11, 1, 1))
    await time(clientId, '2026-10-01', 45)
    await time(clientId, '2026-10-31', 30)
    await time(clientId, '2026-11-01', 60)
    await env.DB.prepare(
      `insert into assets (client_id, kind, name, warranty_end, renewal_date) values
        (?, 'certificate', 'clinic.example TLS', null, '2026-12-15'),
        (?, 'server', 'File server', '2026-11-01', null),
        (?, 'domain', 'clinic.example', null, '2027-01-31'),
        (?, 'laptop', 'Front desk', '2026-11-20', null)`,
    )
      .bind(clientId, clientId, clientId, clientId)
      .run()
    await env.DB.prepare(`update assets set status = 'retired' where name = 'Front desk'`).run()

    // Maintenance: one done in October with two evidence files, one done in November (due in
    // October: overdue at October's end), one still open and due in October, one due in November.
    const task = async (due: string, status: string, doneAt: number | null) =>
      (await env.DB.prepare(
        `insert into maintenance_tasks (client_id, title, due_date, status, done_at) values (?, 'Patch review', ?, ?, ?) returning id`,
      )
        .bind(clientId, due, status, doneAt)
        .first<{ id: number }>())!.id
    const doneOct = await task('2026-10-05', 'done', at(2026, 10, 6, 10))
    await task('2026-10-20', 'done', at(2026, 11, 2, 10))
    await task('2026-10-25', 'open', null)
    await task('2026-11-10', 'open', null)
    for (const n of [1, 2])
      await env.DB.prepare(
        `insert into maintenance_task_files (task_id, key, name, type, size) values (?, ?, 'restore.png', 'image/png', 10)`,
      )
        .bind(doneOct, `evidence/${clientId}/${n}`)
        .run()
    // An incident discovered in October affecting the client; one in November does not count.
    for (const [ref, when] of [
      [`INC-T-${clientId}-1`, at(2026, 10, 14, 9)],
      [`INC-T-${clientId}-2`, at(2026, 11, 3, 9)],
    ] as const) {
      const inc = await env.DB.prepare(
        `insert into incidents (reference, title, discovered_at, discovered_at_ms, description) values (?, 'Phishing e-mail', ?, ?, 'x') returning id`,
      )
        .bind(ref, new Date(when).toISOString(), when)
        .first<{ id: number }>()
      await env.DB.prepare(
        `insert into incident_clients (incident_id, client_id, due_at_ms, basis) values (?, ?, ?, 'statute')`,
      )
        .bind(inc!.id, clientId, when + 60 * 24 * H)
        .run()
    }
    // Ratings given in October: the quick request good, the slow one poor.
    for (const [id, rating] of [
      [quick, 'good'],
      [slow, 'poor'],
    ] as const)
      await env.DB.prepare(
        `insert into request_ratings (support_request_id, rating, source, rated_at) values (?, ?, 'email', ?)`,
      )
        .bind(id, rating, at(2026, 10, 20, 12))
        .run()

    const report = await serviceReport(db, clientId, '2026-10', new Date(at(2026, 11, 5, 12)))
    expect(report.maintenance).toEqual({ done: 1, overdue: 2, evidence: 2 })
    expect(report.incidents).toEqual([{ reference: `INC-T-${clientId}-1`, title: 'Phishing e-mail' }])
    expect(report.ratings).toEqual({ good: 1, okay: 0, poor: 1 })
    expect(report.requests).toEqual({ opened: 4, closed: 2 })
    expect(report.sla.met).toBe(2)
    expect(report.sla.total).toBe(4)
    const high = report.sla.byUrgency.find((l) => l.urgency === 'high')!
    expect([high.met, high.total, high.targetHours, high.businessHours]).toEqual([1, 2, 4, true])
    expect(report.sla.byUrgency.find((l) => l.urgency === 'urgent')).toMatchObject({ met: 0, total: 1 })
    // Waits: 90 min, 3 days less 3 hours (4,140 min) and 36 hours (2,160 min: the clocks went back
    // on Sunday Nov 1, so 11 pm Saturday to 10 am Monday is 36 hours); the median is 2,160.
    expect(report.sla.medianFirstResponseMinutes).toBe(2_160)
    expect(report.minutes).toEqual({ used: 75, included: 0, rollover: 0, plan: null })
    // Nov 1 to Dec 30 (60 days after Oct 31): the retired laptop and January's domain are not listed.
    expect(report.renewals.map((r) => [r.name, r.what, r.date])).toEqual([
      ['File server', 'warranty', '2026-11-01'],
      ['clinic.example TLS', 'renewal', '2026-12-15'],
    ])

    // A correction made later in the month's records shows when the report is opened again.
    await time(clientId, '2026-10-15', 15)
    expect((await serviceReport(db, clientId, '2026-10', new Date(at(2026, 11, 6, 12)))).minutes.used).toBe(
      90,
    )
  })

  it('counts a request inside its target with no answer yet as neither met nor missed', async () => {
    const { clientId } = await makeClient()
    const opened = at(2026, 10, 30, 16)
    await request(clientId, 'low', opened)
    const report = await serviceReport(createDb(env.DB), clientId, '2026-10', new Date(opened + H))
    expect(report.sla).toMatchObject({ met: 0, total: 0, medianFirstResponseMinutes: null })
  })

  it('uses the plan: its minutes with rollover and its response targets', async () => {
    const { clientId } = await makeClient()
    const plan = await env.DB.prepare(
      `insert into plans (name, monthly_fee_cents, included_minutes, overage_rate_cents, rollover, sla_high_hours) values ('Clinic Care', 50000, 120, 15000, 'next', 1) returning id`,
    ).first<{ id: number }>()
    await env.DB.prepare(
      `insert into plan_prices (plan_id, from_period, monthly_fee_cents, included_minutes, overage_rate_cents, rollover) values (?, '0000-00', 50000, 120, 15000, 'next')`,
    )
      .bind(plan!.id)
      .run()
    await env.DB.prepare(
      `insert into subscriptions (client_id, plan_id, start_date) values (?, ?, '2026-09-01')`,
    )
      .bind(clientId, plan!.id)
      .run()
    await time(clientId, '2026-09-10', 60)
    await time(clientId, '2026-10-10', 150)
    // High with the plan's 1 hour: answered after 90 minutes is missed.
    const r = await request(clientId, 'high', at(2026, 10, 1, 9))
    await answer(r, at(2026, 10, 1, 10, 30))
    const report = await serviceReport(createDb(env.DB), clientId, '2026-10', new Date(at(2026, 11, 2, 9)))
    expect(report.minutes).toEqual({ used: 150, included: 120, rollover: 60, plan: 'Clinic Care' })
    expect(report.sla.byUrgency.find((l) => l.urgency === 'high')).toMatchObject({
      met: 0,
      total: 1,
      targetHours: 1,
    })
  })

  it('refuses a malformed month and an unknown client', async () => {
    const db = createDb(env.DB)
    await expect(serviceReport(db, 1, '2026-13')).rejects.toMatchObject({
      errors: { period: expect.any(String) },
    })
    await expect(serviceReport(db, 999_999, '2026-10')).rejects.toThrow(/No such client/)
  })

  it('takes the middle of the waits', () => {
    expect(median([])).toBeNull()
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(3)
  })
})

describe('GET /api/clients/{id}/reports/{month}', () => {
  it("answers the figures, the PDF with them, and a clear 4xx for a bad month or someone else's call", async () => {
    const { clientId } = await makeClient()
    const r = await request(clientId, 'high', at(2026, 10, 1, 9), at(2026, 10, 2, 9))
    await answer(r, at(2026, 10, 1, 9, 45))
    const figures = await asOwner(`/api/clients/${clientId}/reports/2026-10`)
    expect(figures.status).toBe(200)
    expect(await figures.json()).toMatchObject({
      period: '2026-10',
      requests: { opened: 1, closed: 1 },
      sla: { met: 1, total: 1, medianFirstResponseMinutes: 45 },
    })
    const pdf = await asOwner(`/api/clients/${clientId}/reports/2026-10.pdf`)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(text).toContain('SERVICE REPORT')
    expect(text).toContain('October 2026')
    expect(text).toContain('1 of 1')

    const bad = await asOwner(`/api/clients/${clientId}/reports/2026-13`)
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ errors: { period: 'Use a month as YYYY-MM.' } })
    expect((await asOwner(`/api/clients/${clientId}/reports/2026-1x.pdf`)).status).toBe(400)
    expect((await asOwner(`/api/clients/999999/reports/2026-10`)).status).toBe(404)
    expect((await call(`/api/clients/${clientId}/reports/2026-10`)).status).toBe(401)
  })
})

describe('the monthly report e-mail', () => {
  it('goes once, from the 1st, to the contacts who opted in, even when the cron runs twice at once', async () => {
    const db = createDb(env.DB)
    const { clientId, contactId, email } = await makeClient()
    await env.DB.prepare(`update clients set created_at = ? where id = ?`)
      .bind(at(2026, 9, 1, 9), clientId)
      .run()
    // A second contact who did not opt in gets nothing.
    await env.DB.prepare(
      `insert into contacts (client_id, name, email) values (?, 'Maria Lopez', ?) returning id`,
    )
      .bind(clientId, `maria-${clientId}@clinic.example`)
      .run()
    const r = await request(clientId, 'high', at(2026, 10, 1, 9))
    await answer(r, at(2026, 10, 1, 10))
    const mailsTo = async () =>
      (
        await env.DB.prepare(
          `select recipient, subject, text_body from mail_outbox where once_key like ? order by recipient`,
        )
          .bind(`report:${clientId}:%`)
          .all<{ recipient: string; subject: string; text_body: string }>()
      ).results
    // Nobody opted in: nothing queued.
    await queueMonthlyReports(db, env, new Date(at(2026, 11, 1, 8)))
    expect(await mailsTo()).toEqual([])
    await env.DB.prepare(`update contacts set report_opt_in = 1 where id = ?`).bind(contactId).run()
    const runs = await Promise.all(
      [1, 2, 3].map(() => queueMonthlyReports(db, env, new Date(at(2026, 11, 1, 8)))),
    )
    expect(runs.flat()).toContain(clientId)
    await queueMonthlyReports(db, env, new Date(at(2026, 11, 2, 8)))
    const mails = await mailsTo()
    expect(mails.map((m) => m.recipient)).toEqual([email])
    expect(mails[0]!.subject).toBe('Your IT service report for October 2026')
    expect(mails[0]!.text_body).toContain('First answers on time: 1 of 1')
    expect(mails[0]!.text_body).toContain('/portal/reports?month=2026-10')
  })
})

describe('the service report in GraphQL', () => {
  it("gives the owner the months and one month's worded figures, and nothing to anyone else", async () => {
    const { clientId } = await makeClient()
    await env.DB.prepare('update clients set created_at = ? where id = ?')
      .bind(at(2025, 11, 5, 9), clientId)
      .run()
    const months = await gql<{ reportMonths: string[] }>('query($id: ID!) { reportMonths(clientId: $id) }', {
      id: String(clientId),
    })
    expect(months.body.data!.reportMonths.at(-1)).toBe('2025-11')
    expect(months.body.data!.reportMonths[0]! > '2025-11').toBe(true)
    const q =
      'query($id: ID!, $p: String!) { serviceReport(clientId: $id, period: $p) { label lines { label value } } }'
    const one = await gql<{ serviceReport: { label: string; lines: { label: string; value: string }[] } }>(
      q,
      {
        id: String(clientId),
        p: '2025-11',
      },
    )
    expect(one.body.data!.serviceReport.label).toBe('November 2025')
    expect(one.body.data!.serviceReport.lines[0]).toEqual({ label: 'Requests opened', value: '0' })
    const bad = await gql(q, { id: String(clientId), p: 'November' })
    expect(bad.body.errors?.[0]?.message).toBeTruthy()
    const anonymous = await gql(q, { id: String(clientId), p: '2025-11' }, false)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.data ?? null).toBeNull()
  })
})

describe('the report to a maintenance token', () => {
  it('opens the reports and nothing of the client beside them', async () => {
    const { clientId } = await makeClient()
    const made = await asOwner('/api/security/tokens', {
      method: 'POST',
      json: { name: 'Reports', scope: 'maintenance', expiresInDays: 7 },
    })
    expect(made.status).toBe(201)
    const { token } = (await made.json()) as { token: string }
    const bearer = { headers: { Authorization: `Bearer ${token}` } }
    expect((await call(`/api/clients/${clientId}/reports/2026-10`, bearer)).status).toBe(200)
    expect((await call(`/api/clients/${clientId}`, bearer)).status).toBe(403)
  })
})
