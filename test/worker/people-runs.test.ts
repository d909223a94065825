// Issue 55, point 5: a departure is the client's checklist plus a "rotate"
// step per vault credential and a "collect" step per asset tagged with the
// person; each step records who and when, a step done over 60 minutes after
// the leave time is late, and the run's PDF is the evidence. An arrival is
// the onboarding checklist and the standing training.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { addDays, businessToday } from '../../schema/slot-time'
import { createDb } from '../../worker/db'
import { createApiToken } from '../../worker/services/api-tokens'
import { asOwner, json } from './billing-fixtures'
import { call } from './helpers'
import { pdfText } from './pdf-text'
import { clinic, module, trainingMail } from './people-fixtures'
import { ownerCookie } from './session-helpers'

type Step = {
  id: number
  title: string
  kind: string
  doneAt: string | null
  doneBy: string | null
  late: boolean
}
type Run = {
  id: number
  kind: string
  staffId: number
  leavesAt: string
  completedAt: string | null
  steps: Step[]
}

async function credential(clientId: number, label: string, staffId?: number) {
  const res = await asOwner(`/api/clients/${clientId}/credentials`, {
    method: 'POST',
    json: { label, secret: 's3cret!', ...(staffId ? { staffId } : {}) },
  })
  if (res.status !== 201) throw new Error(`credential: ${res.status} ${await res.text()}`)
  return json<{ id: string }>(res)
}

async function asset(clientId: number, name: string, staffId?: number) {
  const res = await asOwner(`/api/clients/${clientId}/assets`, {
    method: 'POST',
    json: { kind: 'laptop', name, ...(staffId ? { staffId } : {}) },
  })
  if (res.status !== 201) throw new Error(`asset: ${res.status} ${await res.text()}`)
  return json<{ id: number; staffId: number | null }>(res)
}

describe('offboarding runs', () => {
  it("adds a rotate step per tagged credential and a collect step per tagged asset to the client's checklist", async () => {
    const c = await clinic(2)
    const [leaver, stays] = [c.people[0]!, c.people[1]!]
    await asOwner(`/api/clients/${c.clientId}/run-templates/offboarding`, {
      method: 'PUT',
      json: { steps: ['Disable the EHR account', 'Change the door code'] },
    })
    await credential(c.clientId, 'EHR login', leaver.id)
    await credential(c.clientId, 'Front desk Wi-Fi', stays.id)
    await credential(c.clientId, 'Shared fax portal')
    const laptop = await asset(c.clientId, 'Dell Latitude 5440', leaver.id)
    expect(laptop.staffId).toBe(leaver.id)
    await asset(c.clientId, 'Reception PC')

    // Another client's person cannot be tagged.
    const other = await clinic(1)
    const refused = await asOwner(`/api/clients/${c.clientId}/credentials`, {
      method: 'POST',
      json: { label: 'x', secret: 'y', staffId: other.people[0]!.id },
    })
    expect(refused.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(refused)).errors).toHaveProperty('staffId')

    const leavesAt = new Date(Date.now() - 2 * 60 * 60_000).toISOString()
    const res = await asOwner(`/api/clients/${c.clientId}/offboardings`, {
      method: 'POST',
      json: { staffId: leaver.id, leavesAt },
    })
    expect(res.status).toBe(201)
    const run = await json<Run>(res)
    expect(run.steps.map((s) => [s.kind, s.title, s.doneAt])).toEqual([
      ['template', 'Disable the EHR account', null],
      ['template', 'Change the door code', null],
      ['rotate', 'Rotate the password: EHR login', null],
      ['collect', 'Collect: Dell Latitude 5440', null],
    ])
    // The person's leave date is recorded; a second departure is refused.
    const roster = await json<{ id: number; leaveDate: string }[]>(
      await asOwner(`/api/clients/${c.clientId}/staff`),
    )
    expect(roster.find((p) => p.id === leaver.id)!.leaveDate).toBe(businessToday(new Date(leavesAt)))
    expect(
      (
        await asOwner(`/api/clients/${c.clientId}/offboardings`, {
          method: 'POST',
          json: { staffId: leaver.id, leavesAt },
        })
      ).status,
    ).toBe(409)

    // Steps done now are more than an hour after the leave time: late. Each records who and when.
    const done = await json<Run>(
      await asOwner(`/api/run-steps/${run.steps[0]!.id}`, {
        method: 'PATCH',
        json: { done: true, note: 'Disabled in the EHR' },
      }),
    )
    expect(done.steps[0]).toMatchObject({ doneBy: 'owner', late: true })
    expect(Date.now() - Date.parse(done.steps[0]!.doneAt!)).toBeLessThan(60_000)
    expect(
      (await asOwner(`/api/run-steps/${run.steps[0]!.id}`, { method: 'PATCH', json: { done: true } })).status,
    ).toBe(409)
    const bad = await asOwner(`/api/run-steps/${run.steps[1]!.id}`, {
      method: 'PATCH',
      json: { done: false },
    })
    expect(bad.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(bad)).errors).toHaveProperty('done')
    for (const s of run.steps.slice(1))
      await asOwner(`/api/run-steps/${s.id}`, { method: 'PATCH', json: { done: true } })
    const finished = await json<Run & { late: boolean }>(await asOwner(`/api/runs/${run.id}`))
    expect(finished.completedAt).not.toBeNull()
    expect(finished.late).toBe(true)
    // A done step stays done, in the database too.
    await expect(
      env.DB.prepare('update run_steps set done_at = null where id = ?').bind(run.steps[0]!.id).run(),
    ).rejects.toThrow(/stays done/)

    const pdf = await asOwner(`/api/runs/${run.id}/pdf`)
    expect(pdf.status).toBe(200)
    const bytes = new Uint8Array(await pdf.arrayBuffer())
    expect(pdf.headers.get('X-Content-SHA256')).toMatch(/^[0-9a-f]{64}$/)
    const text = await pdfText(bytes)
    expect(text).toContain('DEPARTURE')
    expect(text).toContain('Rotate the password: EHR login (LATE)')
    expect(text).toContain('Done by owner on')
    expect(text).toContain('Note: Disabled in the EHR')
  })

  it('a step done within the hour after the leave time is not late', async () => {
    const c = await clinic(1)
    const leavesAt = new Date(Date.now() - 10 * 60_000).toISOString()
    const run = await json<Run>(
      await asOwner(`/api/clients/${c.clientId}/offboardings`, {
        method: 'POST',
        json: { staffId: c.people[0]!.id, leavesAt },
      }),
    )
    const after = await json<Run>(
      await asOwner(`/api/run-steps/${run.steps[0]!.id}`, { method: 'PATCH', json: { done: true } }),
    )
    expect(after.steps[0]!.late).toBe(false)
    expect(after.steps[1]!.late).toBe(false)
  })

  it('refuses bad input naming the field, and a person of another client, storing nothing', async () => {
    const c = await clinic(1)
    const other = await clinic(1)
    const count = () => env.DB.prepare('select count(*) n from people_runs').first<{ n: number }>()
    const before = (await count())!.n
    for (const [body, field, status] of [
      [{ staffId: c.people[0]!.id, leavesAt: 'tomorrow' }, 'leavesAt', 400],
      [{ staffId: 'x', leavesAt: new Date().toISOString() }, 'staffId', 400],
      [{ staffId: other.people[0]!.id, leavesAt: new Date().toISOString() }, null, 400],
    ] as const) {
      const res = await asOwner(`/api/clients/${c.clientId}/offboardings`, { method: 'POST', json: body })
      expect(res.status).toBe(status)
      if (field) expect((await json<{ errors: Record<string, string> }>(res)).errors).toHaveProperty(field)
    }
    expect((await count())!.n).toBe(before)
  })
})

describe('arrivals', () => {
  it('adding a person starts the onboarding run and assigns the standing training', async () => {
    const c = await clinic(1)
    const m = await module()
    await asOwner(`/api/trainings/${m.id}/assignments`, {
      method: 'POST',
      json: { clientId: c.clientId, dueDate: addDays(businessToday(), 10) },
    })
    const added = await json<{ id: number; onboardingRunId: number }>(
      await asOwner(`/api/clients/${c.clientId}/staff`, {
        method: 'POST',
        json: { name: 'Eli Park', email: 'eli.park@clinic.example' },
      }),
    )
    const run = await json<Run>(await asOwner(`/api/runs/${added.onboardingRunId}`))
    expect(run.kind).toBe('onboarding')
    expect(run.steps.map((s) => s.title)).toEqual([
      'EHR account',
      'Microsoft 365 account',
      'VPN access',
      'Door code',
      'Badge',
    ])
    expect((await trainingMail('eli.park@clinic.example')).map((x) => x.subject)).toEqual([
      'Training to do: HIPAA security basics',
    ])
    const runs = await json<Run[]>(await asOwner(`/api/clients/${c.clientId}/runs`))
    expect(runs.map((r) => r.id)).toContain(added.onboardingRunId)
  })
})

describe('access tokens', () => {
  it('a compliance token opens the people routes; a billing token does not', async () => {
    const c = await clinic(1)
    await ownerCookie()
    const user = await env.DB.prepare('select id from users limit 1').first<{ id: number }>()
    const tokenOf = async (scope: 'compliance' | 'billing') =>
      (
        await createApiToken(createDb(env.DB), user!.id, {
          name: `people ${scope}`,
          scope,
          expiresInDays: 30,
        })
      ).token
    const as = (token: string, path: string) => call(path, { headers: { Authorization: `Bearer ${token}` } })
    const compliance = await tokenOf('compliance')
    for (const path of [
      `/api/clients/${c.clientId}/staff`,
      '/api/trainings',
      `/api/clients/${c.clientId}/runs`,
    ])
      expect((await as(compliance, path)).status).toBe(200)
    expect((await as(compliance, `/api/clients/${c.clientId}`)).status).toBe(403)
    expect((await as(await tokenOf('billing'), `/api/clients/${c.clientId}/staff`)).status).toBe(403)
  })
})
