// The month in progress, visible now (issue 52): on Nov 29 (a fake clock) the
// report for November is November "so far, as of Nov 29" everywhere (REST,
// GraphQL, the PDF, the portal), with maintenance overdue judged against today
// (a task due on the 30th is not late yet); December, not begun, is refused
// with a message that says so; and once the clock passes into December the
// same month reads as ended, without "so far".
import { env } from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { businessInstant } from '../../schema/slot-time'
import { gql } from './admin-helpers'
import { asOwner, json, makeClient } from './billing-fixtures'
import { call } from './helpers'
import { pdfText } from './pdf-text'
import { portalCookie } from './portal-fixtures'

const NOV_29 = businessInstant(2026, 11, 29, 10)

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOV_29)
})
afterEach(() => {
  vi.useRealTimers()
})

type Report = {
  period: string
  asOf: string | null
  requests: { opened: number }
  maintenance: { done: number; overdue: number }
}

async function novemberClient() {
  const c = await makeClient()
  await env.DB.prepare('update clients set created_at = ? where id = ?')
    .bind(businessInstant(2026, 10, 3, 9), c.clientId)
    .run()
  // makeClient's request is dated now (Nov 29): opened this month.
  await env.DB.prepare('update support_requests set created_at = ? where client_id = ?')
    .bind(businessInstant(2026, 11, 5, 9), c.clientId)
    .run()
  const task = (due: string, status: string, doneAt: number | null) =>
    env.DB.prepare(
      `insert into maintenance_tasks (client_id, title, due_date, status, done_at) values (?, 'Patch review', ?, ?, ?)`,
    )
      .bind(c.clientId, due, status, doneAt)
      .run()
  await task('2026-11-10', 'done', businessInstant(2026, 11, 12, 10))
  await task('2026-11-20', 'open', null) // overdue today
  await task('2026-11-30', 'open', null) // due tomorrow: not late yet
  return c
}

describe('the report of the month in progress', () => {
  it('is November so far on Nov 29, judged against today, and says so everywhere', async () => {
    const c = await novemberClient()
    const res = await asOwner(`/api/clients/${c.clientId}/reports/2026-11`)
    expect(res.status).toBe(200)
    const report = await json<Report>(res)
    expect(report.period).toBe('2026-11')
    expect(report.asOf).toBe('2026-11-29')
    expect(report.requests.opened).toBe(1)
    expect(report.maintenance).toMatchObject({ done: 1, overdue: 1 })

    const october = await json<Report>(await asOwner(`/api/clients/${c.clientId}/reports/2026-10`))
    expect(october.asOf).toBeNull()

    const months = await gql<{ reportMonths: string[] }>('query($id: ID!) { reportMonths(clientId: $id) }', {
      id: String(c.clientId),
    })
    expect(months.body.data!.reportMonths).toEqual(['2026-11', '2026-10'])
    const one = await gql<{ serviceReport: { label: string; inProgress: boolean } }>(
      'query($id: ID!, $p: String!) { serviceReport(clientId: $id, period: $p) { label inProgress } }',
      { id: String(c.clientId), p: '2026-11' },
    )
    expect(one.body.data!.serviceReport).toEqual({
      label: 'November 2026 so far, as of Nov 29',
      inProgress: true,
    })

    const pdf = await asOwner(`/api/clients/${c.clientId}/reports/2026-11.pdf`)
    expect(pdf.status).toBe(200)
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ')
    expect(text).toContain('November 2026 so far, as of Nov 29')
    expect(text).toContain('these are its figures so far')
  })

  it('refuses a month not begun, clearly, on every path, and stores nothing', async () => {
    const c = await novemberClient()
    const message = 'December 2026 has not begun yet: a report covers a month from its first day.'
    for (const path of [
      `/api/clients/${c.clientId}/reports/2026-12`,
      `/api/clients/${c.clientId}/reports/2026-12.pdf`,
    ]) {
      const res = await asOwner(path)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ message, errors: { period: message } })
    }
    const refused = await gql(
      'query($id: ID!) { serviceReport(clientId: $id, period: "2026-12") { label } }',
      {
        id: String(c.clientId),
      },
    )
    expect(JSON.stringify(refused.body.errors)).toContain('December 2026 has not begun yet')

    const cookie = await portalCookie(c.contactId)
    const page = await call('/portal/reports?month=2026-12', { headers: { Cookie: cookie } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(message)
    const portalPdf = await call('/portal/reports/2026-12.pdf', { headers: { Cookie: cookie } })
    expect(portalPdf.status).toBe(400)
    expect(await portalPdf.json()).toMatchObject({ message })
  })

  it("shows the client this month's report so far in the portal, with its PDF", async () => {
    const c = await novemberClient()
    const cookie = await portalCookie(c.contactId)
    const page = await call('/portal/reports', { headers: { Cookie: cookie } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Service report: November 2026 so far, as of Nov 29')
    expect(html).toContain('This month is not over yet: these are its figures so far.')
    expect(html).toContain('href="/portal/reports/2026-11.pdf"')
    expect(html).toContain('October 2026')
    const pdf = await call('/portal/reports/2026-11.pdf', { headers: { Cookie: cookie } })
    expect(pdf.status).toBe(200)
    expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain('so far')
  })

  it('reads November as ended once the clock is in December', async () => {
    const c = await novemberClient()
    vi.setSystemTime(businessInstant(2026, 12, 1, 0, 30))
    const report = await json<Report>(await asOwner(`/api/clients/${c.clientId}/reports/2026-11`))
    expect(report.asOf).toBeNull()
    // Both open tasks were due by November's end and not done at its end.
    expect(report.maintenance).toMatchObject({ done: 1, overdue: 2 })
    const one = await gql<{ serviceReport: { label: string; inProgress: boolean } }>(
      'query($id: ID!, $p: String!) { serviceReport(clientId: $id, period: $p) { label inProgress } }',
      { id: String(c.clientId), p: '2026-11' },
    )
    expect(one.body.data!.serviceReport).toEqual({ label: 'November 2026', inProgress: false })
  })
})
