// Issue 39, point 4, the screens' back end (ADR 168): the list across clients
// with progress and open remediation work, the clients an analysis is due for,
// the evidence download (owner only), and the portal's PDFs of completed
// analyses and sent notices, strictly the session's client's.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db'
import { createRiskAnalysis, updateRiskAnalysis } from '../../worker/services/risk-analyses'
import { riskAnalysisClients } from '../../worker/services/risk-overview'
import { fixtures } from './admin-fixtures'
import { gql, upload } from './admin-helpers'
import { asOwner, json } from './billing-fixtures'
import { call } from './helpers'
import { pdfText } from './pdf-text'
import { portalCookie, seedClient } from './portal-fixtures'

const db = () => createDb(env.DB)

type Row = {
  id: string
  clientName: string
  answeredCount: number
  itemCount: number
  notMetCount: number
  partlyCount: number
  openTaskCount: number
  nextTaskDue: string | null
  nextAnalysisDue: string
}

const ROWS = `query ($clientId: ID) { riskAnalysisRows(clientId: $clientId) {
  id clientName answeredCount itemCount notMetCount partlyCount openTaskCount nextTaskDue nextAnalysisDue } }`

describe('risk analyses across clients', () => {
  it('counts findings and open tasks, and marks the clients an analysis is due for', async () => {
    const a = await seedClient('risk-list-a')
    const b = await seedClient('risk-list-b')
    const c = await seedClient('risk-list-c')
    const old = await createRiskAnalysis(db(), a.clientId, { analysisDate: '2025-01-10' })
    const [i1, i2, i3] = old.items
    const answered = await updateRiskAnalysis(db(), old.id, {
      items: [
        { id: i1!.id, finding: 'not_met', notes: null },
        { id: i2!.id, finding: 'partly', notes: null },
        { id: i3!.id, finding: 'met', notes: null },
      ],
      newTasks: [
        { itemId: i1!.id, description: 'Turn on MFA', dueDate: '2025-03-01' },
        { itemId: i2!.id, description: 'Lock the closet', dueDate: '2025-02-01' },
        { itemId: i2!.id, description: 'Log keys', dueDate: '2025-01-20' },
      ],
    })
    const logKeys = answered.items[1]!.tasks.find((t) => t.description === 'Log keys')!
    await updateRiskAnalysis(db(), old.id, { tasks: [{ id: logKeys.id, done: true }] })
    const today = new Date().toISOString().slice(0, 10)
    await createRiskAnalysis(db(), b.clientId, { analysisDate: today })

    const res = await gql<{ riskAnalysisRows: Row[] }>(ROWS, { clientId: String(a.clientId) })
    expect(res.body.errors).toBeUndefined()
    const rows = res.body.data!.riskAnalysisRows.filter((r) => r.id === String(old.id))
    expect(rows).toEqual([
      expect.objectContaining({
        answeredCount: 3,
        notMetCount: 1,
        partlyCount: 1,
        openTaskCount: 2,
        nextTaskDue: '2025-02-01',
        nextAnalysisDue: '2025-12-10',
      }),
    ])
    const all = await gql<{ riskAnalysisRows: Row[] }>(ROWS)
    const names = all.body.data!.riskAnalysisRows.map((r) => r.clientName)
    expect(names.some((n) => n.startsWith('risk-list-a Clinic'))).toBe(true)
    expect(names.some((n) => n.startsWith('risk-list-b Clinic'))).toBe(true)

    const clients = await riskAnalysisClients(db())
    const due = (id: number) => clients.find((x) => x.id === id)
    expect(due(a.clientId)).toMatchObject({ due: true, lastAnalysisDate: expect.any(String) })
    expect(due(b.clientId)).toMatchObject({ due: false, lastAnalysisDate: today })
    expect(due(c.clientId)).toMatchObject({ due: true, lastAnalysisDate: null })

    const anonymous = await gql(ROWS, {}, false)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.data ?? null).toBeNull()
  })

  it('downloads evidence for the owner only, and only through its own analysis', async () => {
    const a = await seedClient('risk-evidence')
    const one = await createRiskAnalysis(db(), a.clientId, {})
    const other = await createRiskAnalysis(db(), a.clientId, {})
    const item = one.items[0]!
    const stored = await json<{ id: number }>(
      await upload(
        `/api/risk-analyses/${one.id}/items/${item.id}/evidence`,
        'file',
        new Blob([fixtures.pdf()], { type: 'application/pdf' }),
        'backup-log.pdf',
      ),
    )
    const got = await asOwner(`/api/risk-analyses/${one.id}/evidence/${stored.id}`)
    expect(got.status).toBe(200)
    expect(got.headers.get('Content-Type')).toBe('application/pdf')
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(new Uint8Array(fixtures.pdf()))
    expect((await asOwner(`/api/risk-analyses/${other.id}/evidence/${stored.id}`)).status).toBe(404)
    expect((await asOwner(`/api/risk-analyses/${one.id}/evidence/nope`)).status).toBe(400)
    expect((await call(`/api/risk-analyses/${one.id}/evidence/${stored.id}`)).status).toBe(401)
    // A portal session is not the owner.
    const asClient = await call(`/api/risk-analyses/${one.id}/evidence/${stored.id}`, {
      headers: { Cookie: await portalCookie(a.contactId) },
    })
    expect(asClient.status).toBe(401)
  })
})

describe('risk analyses and notices in the portal', () => {
  it("serves the session's client its completed analyses and sent notices, another's is a 404", async () => {
    const a = await seedClient('risk-portal-a')
    const b = await seedClient('risk-portal-b')
    const done = await createRiskAnalysis(db(), a.clientId, { analysisDate: '2026-04-07' })
    await updateRiskAnalysis(db(), done.id, {
      items: [{ id: done.items[0]!.id, finding: 'not_met', notes: 'No written plan' }],
      complete: true,
    })
    const open = await createRiskAnalysis(db(), a.clientId, { analysisDate: '2026-05-01' })
    const theirs = await createRiskAnalysis(db(), b.clientId, { analysisDate: '2026-04-08' })
    await updateRiskAnalysis(db(), theirs.id, { complete: true })
    const inc = await json<{ id: number; reference: string }>(
      await asOwner('/api/incidents', {
        method: 'POST',
        json: {
          title: 'Lost laptop',
          discoveredAt: '2026-11-02T08:15:00-06:00',
          description: 'A laptop was left on a bus.',
          clientIds: [a.clientId, b.clientId],
          ephiInvolved: 'unknown',
        },
      }),
    )
    const notices = []
    for (const client of [a, b]) {
      const n = await json<{ id: number }>(
        await asOwner(`/api/incidents/${inc.id}/notices`, {
          method: 'POST',
          json: { clientId: client.clientId },
        }),
      )
      expect((await asOwner(`/api/incident-notices/${n.id}/send`, { method: 'POST', json: {} })).status).toBe(
        200,
      )
      notices.push(n.id)
    }
    const [noticeA, noticeB] = notices
    const cookieA = await portalCookie(a.contactId)
    const get = (path: string, cookie?: string) => call(path, cookie ? { headers: { Cookie: cookie } } : {})

    const page = await (await get('/portal/compliance', cookieA)).text()
    expect(page).toContain(`/portal/compliance/risk-analyses/${done.id}/pdf`)
    expect(page).toContain(`/portal/compliance/notices/${noticeA}/pdf`)
    expect(page).not.toContain(`/portal/compliance/risk-analyses/${open.id}/pdf`)
    expect(page).not.toContain(`/portal/compliance/risk-analyses/${theirs.id}/pdf`)
    expect(page).not.toContain(`/portal/compliance/notices/${noticeB}/pdf`)

    const pdf = await get(`/portal/compliance/risk-analyses/${done.id}/pdf`, cookieA)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(text).toContain('risk-portal-a Clinic')
    expect(text).toContain('No written plan')
    const notice = await get(`/portal/compliance/notices/${noticeA}/pdf`, cookieA)
    expect(notice.status).toBe(200)
    expect(await pdfText(new Uint8Array(await notice.arrayBuffer()))).toContain(inc.reference)

    // Another client's analysis or notice, an analysis in progress, an unknown id: all the same 404.
    for (const path of [
      `/portal/compliance/risk-analyses/${theirs.id}/pdf`,
      `/portal/compliance/risk-analyses/${open.id}/pdf`,
      `/portal/compliance/risk-analyses/999999/pdf`,
      `/portal/compliance/notices/${noticeB}/pdf`,
      `/portal/compliance/notices/999999/pdf`,
    ])
      expect((await get(path, cookieA)).status, path).toBe(404)
    // Without a session: 401, not a page.
    expect((await get(`/portal/compliance/risk-analyses/${done.id}/pdf`)).status).toBe(401)
    expect((await get(`/portal/compliance/notices/${noticeA}/pdf`)).status).toBe(401)
  })
})
