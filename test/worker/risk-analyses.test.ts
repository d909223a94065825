// The yearly risk analysis (issue 39, point 4; ADR 156): seeding from the
// checklist and the client's ePHI assets, findings and tasks in one PATCH, the
// lock on completion (service and database), evidence in R2, the PDF report,
// the reminder once, bad input, and the compliance token scope.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { RISK_CHECKLIST } from '../../schema/risk-checklist'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import { createApiToken } from '../../worker/services/api-tokens'
import { createRiskAnalysis, reminderDate } from '../../worker/services/risk-analyses'
import { fixtures } from './admin-fixtures'
import { gql } from './admin-helpers'
import { asOwner, countRows, json, makeClient, owner } from './billing-fixtures'
import { call } from './helpers'
import { pdfText } from './pdf-text'

const db = () => createDb(env.DB)

type Analysis = {
  id: number
  status: string
  itemCount: number
  answeredCount: number
  items: {
    id: number
    topic: string
    area: string
    assetId: number | null
    finding: string | null
    tasks: { id: number; done: boolean }[]
    evidence: { id: number; name: string }[]
  }[]
}

async function asset(clientId: number, name: string, ephi: string, status = 'in_use') {
  const row = await env.DB.prepare(
    "insert into assets (client_id, kind, name, ephi, status) values (?, 'server', ?, ?, ?) returning id",
  )
    .bind(clientId, name, ephi, status)
    .first<{ id: number }>()
  return row!.id
}

async function runCron(at: Date) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at.getTime() }), env, ctx)
  await waitOnExecutionContext(ctx)
}

describe('risk analyses', () => {
  it('seeds a new analysis from the checklist and the ePHI assets still in service', async () => {
    const c = await makeClient()
    const ehr = await asset(c.clientId, 'EHR server', 'yes')
    await asset(c.clientId, 'Lobby printer', 'no')
    await asset(c.clientId, 'Old PACS', 'yes', 'retired')
    const res = await asOwner(`/api/clients/${c.clientId}/risk-analyses`, {
      method: 'POST',
      json: { analysisDate: '2026-03-02' },
    })
    expect(res.status).toBe(201)
    const a = await json<Analysis>(res)
    expect(a.status).toBe('in_progress')
    expect(a.itemCount).toBe(RISK_CHECKLIST.length + 1)
    expect(a.items.filter((x) => x.assetId !== null).map((x) => x.assetId)).toEqual([ehr])
    expect(new Set(a.items.map((x) => x.area))).toEqual(new Set(['administrative', 'physical', 'technical']))
    expect(a.items.map((x) => x.topic)).toContain('Business associate contracts')
    const list = await json<{ id: number }[]>(await asOwner(`/api/clients/${c.clientId}/risk-analyses`))
    expect(list.map((x) => x.id)).toEqual([a.id])
  })

  it('records findings, notes and tasks, then completing locks it (409, and the database refuses)', async () => {
    const c = await makeClient()
    const a = await createRiskAnalysis(db(), c.clientId, { analysisDate: '2026-03-02' })
    const [first, second] = a.items
    const res = await asOwner(`/api/risk-analyses/${a.id}`, {
      method: 'PATCH',
      json: {
        items: [
          { id: first!.id, finding: 'met', notes: 'Risk plan reviewed in February' },
          { id: second!.id, finding: 'not_met' },
        ],
        newTasks: [{ itemId: second!.id, description: 'Name a security officer', dueDate: '2026-04-01' }],
      },
    })
    expect(res.status).toBe(200)
    const patched = await json<Analysis>(res)
    expect(patched.answeredCount).toBe(2)
    const taskId = patched.items[1]!.tasks[0]!.id
    const done = await asOwner(`/api/risk-analyses/${a.id}`, {
      method: 'PATCH',
      json: { tasks: [{ id: taskId, done: true }], complete: true },
    })
    expect(done.status).toBe(200)
    expect((await json<Analysis>(done)).status).toBe('completed')

    const again = await asOwner(`/api/risk-analyses/${a.id}`, {
      method: 'PATCH',
      json: { items: [{ id: first!.id, finding: 'not_met' }] },
    })
    expect(again.status).toBe(409)
    await expect(
      env.DB.prepare("update risk_items set finding = 'not_met' where id = ?").bind(first!.id).run(),
    ).rejects.toThrow(/cannot be changed/)
    await expect(
      env.DB.prepare('update risk_tasks set done = 0 where id = ?').bind(taskId).run(),
    ).rejects.toThrow(/cannot be changed/)
    expect(
      await countRows("select count(*) as n from risk_items where id = ? and finding = 'met'", first!.id),
    ).toBe(1)
    const upload = new FormData()
    upload.append('file', new Blob([fixtures.pdf()], { type: 'application/pdf' }), 'policy.pdf')
    const late = await call(`/api/risk-analyses/${a.id}/items/${first!.id}/evidence`, {
      method: 'POST',
      body: upload,
      headers: { Cookie: await owner() },
    })
    expect(late.status).toBe(409)
  })

  it('refuses bad input with the field named and stores nothing', async () => {
    const c = await makeClient()
    const other = await createRiskAnalysis(db(), (await makeClient()).clientId, {})
    const a = await createRiskAnalysis(db(), c.clientId, {})
    const before = await countRows('select count(*) as n from risk_tasks')
    const cases: [unknown, string][] = [
      [{ items: [{ id: a.items[0]!.id, finding: 'mostly' }] }, 'items'],
      [{ items: [{ id: other.items[0]!.id, finding: 'met' }] }, 'items'],
      [{ newTasks: [{ itemId: a.items[0]!.id, description: 'Fix', dueDate: '2026-02-30' }] }, 'newTasks'],
      [{ complete: false }, 'complete'],
      [{ colour: 'red' }, '_'],
    ]
    for (const [body, field] of cases) {
      const res = await asOwner(`/api/risk-analyses/${a.id}`, { method: 'PATCH', json: body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      const answer = await json<{ message: string; errors: Record<string, string> }>(res)
      if (field !== '_') expect(Object.keys(answer.errors)).toContain(field)
    }
    // A good change beside a bad one: nothing of the batch is stored.
    const mixed = await asOwner(`/api/risk-analyses/${a.id}`, {
      method: 'PATCH',
      json: {
        items: [{ id: a.items[0]!.id, finding: 'met' }],
        tasks: [{ id: 999_999, done: true }],
      },
    })
    expect(mixed.status).toBe(400)
    expect(
      await countRows(
        'select count(*) as n from risk_items where analysis_id = ? and finding is not null',
        a.id,
      ),
    ).toBe(0)
    expect(await countRows('select count(*) as n from risk_tasks')).toBe(before)
    const badDate = await asOwner(`/api/clients/${c.clientId}/risk-analyses`, {
      method: 'POST',
      json: { analysisDate: 'soon' },
    })
    expect(badDate.status).toBe(400)
    expect(Object.keys((await json<{ errors: Record<string, string> }>(badDate)).errors)).toContain(
      'analysisDate',
    )
    expect((await asOwner('/api/clients/999999/risk-analyses', { method: 'POST', json: {} })).status).toBe(
      404,
    )
    expect((await call(`/api/risk-analyses/${a.id}`)).status).toBe(401)
  })

  it('keeps evidence in R2 and draws the PDF report with the findings and tasks', async () => {
    const c = await makeClient()
    await asset(c.clientId, 'Front desk PC', 'yes')
    const a = await createRiskAnalysis(db(), c.clientId, { analysisDate: '2026-05-04' })
    const item = a.items.find((x) => x.topic === 'Contingency plan')!
    const bad = new FormData()
    bad.append('file', new Blob([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])]), 'tool.exe')
    const refused = await call(`/api/risk-analyses/${a.id}/items/${item.id}/evidence`, {
      method: 'POST',
      body: bad,
      headers: { Cookie: await owner() },
    })
    expect(refused.status).toBe(400)
    expect(Object.keys((await json<{ errors: Record<string, string> }>(refused)).errors)).toEqual(['file'])
    const form = new FormData()
    form.append('file', new Blob([fixtures.pdf()], { type: 'application/pdf' }), 'backup-test.pdf')
    const stored = await call(`/api/risk-analyses/${a.id}/items/${item.id}/evidence`, {
      method: 'POST',
      body: form,
      headers: { Cookie: await owner() },
    })
    expect(stored.status).toBe(201)
    const key = await env.DB.prepare('select key from risk_evidence').first<{ key: string }>()
    expect(key!.key.startsWith(`risk/${a.id}/`)).toBe(true)
    expect(await env.FILES.get(key!.key)).not.toBeNull()
    await asOwner(`/api/risk-analyses/${a.id}`, {
      method: 'PATCH',
      json: {
        items: [{ id: item.id, finding: 'partly', notes: 'Backups run nightly; restore untested' }],
        newTasks: [{ itemId: item.id, description: 'Test a full restore', dueDate: '2026-06-30' }],
      },
    })
    const pdf = await asOwner(`/api/risk-analyses/${a.id}/pdf`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    for (const expected of [
      'SECURITY RISK ANALYSIS',
      '2026-05-04',
      'Contingency plan',
      'Partly met',
      'Backups run nightly; restore untested',
      'backup-test.pdf',
      'Test a full restore, due 2026-06-30',
      'ePHI asset: Front desk PC',
    ])
      expect(text).toContain(expected)
  })

  it('reminds the owner once, 11 months after the last analysis', async () => {
    expect(reminderDate('2026-01-31')).toBe('2026-12-31')
    expect(reminderDate('2026-03-31')).toBe('2027-02-28')
    const c = await makeClient()
    await createRiskAnalysis(db(), c.clientId, { analysisDate: '2025-01-10' })
    const latest = await createRiskAnalysis(db(), c.clientId, { analysisDate: '2026-01-10' })
    const reminders = () =>
      countRows("select count(*) as n from mail_outbox where subject like 'Risk analysis due:%'")
    await runCron(new Date('2026-12-09T18:00:00Z'))
    expect(await reminders()).toBe(0)
    await Promise.all([runCron(new Date('2026-12-10T18:00:00Z')), runCron(new Date('2026-12-10T18:00:00Z'))])
    await runCron(new Date('2026-12-11T18:00:00Z'))
    expect(await reminders()).toBe(1)
    expect(await countRows('select count(*) as n from risk_reminders where analysis_id = ?', latest.id)).toBe(
      1,
    )
  })

  it('a compliance token opens risk analyses and nothing else; a billing token not these', async () => {
    const c = await makeClient()
    await owner()
    const user = await env.DB.prepare('select id from users limit 1').first<{ id: number }>()
    const tokenOf = async (scope: 'compliance' | 'billing') =>
      (await createApiToken(db(), user!.id, { name: `risk ${scope}`, scope, expiresInDays: 30 })).token
    const compliance = await tokenOf('compliance')
    const script = (method: string, path: string, token: string, body?: unknown) =>
      call(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    const created = await script('POST', `/api/clients/${c.clientId}/risk-analyses`, compliance, {})
    expect(created.status).toBe(201)
    const { id } = await json<{ id: number }>(created)
    expect((await script('GET', `/api/risk-analyses/${id}`, compliance)).status).toBe(200)
    expect((await script('GET', `/api/clients/${c.clientId}/risk-analyses`, compliance)).status).toBe(200)
    expect((await script('GET', `/api/clients/${c.clientId}`, compliance)).status).toBe(403)
    expect((await script('GET', '/api/invoices', compliance)).status).toBe(403)
    const billing = await tokenOf('billing')
    expect((await script('GET', `/api/risk-analyses/${id}`, billing)).status).toBe(403)
  })

  it('GraphQL: the owner starts and answers an analysis with the same field errors; anyone else is refused', async () => {
    const c = await makeClient()
    const started = await gql<{ startRiskAnalysis: { id: string; items: { id: string }[] } }>(
      'mutation($c: ID!) { startRiskAnalysis(clientId: $c) { id items { id } } }',
      { c: String(c.clientId) },
    )
    const { id, items } = started.body.data!.startRiskAnalysis
    const patch =
      'mutation($id: ID!, $in: RiskAnalysisPatchInput!) { updateRiskAnalysis(id: $id, input: $in) { answeredCount status } }'
    const bad = await gql(patch, { id, in: { items: [{ id: Number(items[0]!.id), finding: 'mostly' }] } })
    expect(bad.body.errors?.[0]?.extensions?.errors).toHaveProperty('items')
    const ok = await gql<{ updateRiskAnalysis: { answeredCount: number; status: string } }>(patch, {
      id,
      in: { items: [{ id: Number(items[0]!.id), finding: 'met' }], complete: true },
    })
    expect(ok.body.data!.updateRiskAnalysis).toEqual({ answeredCount: 1, status: 'completed' })
    const anonymous = await gql('query($id: ID!) { riskAnalysis(id: $id) { id } }', { id }, false)
    expect(anonymous.body.data?.riskAnalysis ?? null).toBeNull()
    expect(anonymous.status).toBe(401)
  })
})
