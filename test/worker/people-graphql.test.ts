// Issue 55 through GraphQL (the admin's API): owner-only, the same field
// errors as REST, the client's people, completion and runs, the compliance
// desk, and the monthly report's lines.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { reportLines } from '../../schema/service-report'
import { addDays, businessToday } from '../../schema/slot-time'
import { createDb } from '../../worker/db'
import { serviceReport } from '../../worker/services/reports/service-report'
import { gql } from './admin-helpers'
import { asOwner } from './billing-fixtures'
import { answer, clinic, linkOf, module, RIGHT } from './people-fixtures'

const CLIENT = `query ($id: ID!) { client(id: $id) {
  staff { id name active }
  trainingCompletion { total done overdue percent }
  trainingRecords { name status version }
  peopleRuns { id kind steps { id title kind late } }
} }`

describe('the clinic people in GraphQL', () => {
  it('is the owner’s only', async () => {
    const res = await gql('{ trainings { id } peopleDesk { clients { clientId } } }', {}, false)
    expect(res.status).toBe(401)
    expect(res.body.data ?? null).toBeNull()
  })

  it('adds people, assigns, reports completion, runs a departure, and names bad fields', async () => {
    const c = await clinic(2)
    const m = await module()
    const bad = await gql(
      'mutation ($c: ID!, $i: StaffInput!) { addStaff(clientId: $c, input: $i) { id } }',
      { c: String(c.clientId), i: { name: '', email: 'nope' } },
    )
    expect(bad.body.errors?.[0]?.extensions?.errors).toMatchObject({
      name: expect.any(String),
      email: expect.any(String),
    })
    const added = await gql<{ addStaff: { id: string } }>(
      'mutation ($c: ID!, $i: StaffInput!) { addStaff(clientId: $c, input: $i) { id } }',
      { c: String(c.clientId), i: { name: 'Gil Stone', email: 'gil.stone@clinic.example' } },
    )
    expect(added.body.errors).toBeUndefined()

    const assigned = await gql<{ assignTraining: number }>(
      'mutation ($id: ID!, $i: TrainingAssignInput!) { assignTraining(id: $id, input: $i) }',
      { id: String(m.id), i: { clientId: c.clientId, dueDate: addDays(businessToday(), 5) } },
    )
    expect(assigned.body.data?.assignTraining).toBe(3)
    await answer(await linkOf(c.people[0]!.email), RIGHT)

    const started = await gql<{ startOffboarding: { id: string; steps: { id: string }[] } }>(
      'mutation ($c: ID!, $s: Int!, $at: String!) { startOffboarding(clientId: $c, staffId: $s, leavesAt: $at) { id steps { id } } }',
      { c: String(c.clientId), s: c.people[1]!.id, at: new Date(Date.now() - 3 * 60 * 60_000).toISOString() },
    )
    expect(started.body.errors).toBeUndefined()
    const stepId = started.body.data!.startOffboarding.steps[0]!.id
    const done = await gql<{ completeRunStep: { steps: { late: boolean }[] } }>(
      'mutation ($id: ID!) { completeRunStep(id: $id, note: "Done at the desk") { steps { late } } }',
      { id: stepId },
    )
    expect(done.body.data?.completeRunStep.steps[0]?.late).toBe(true)
    const badLeave = await gql(
      'mutation ($c: ID!, $s: Int!, $at: String!) { startOffboarding(clientId: $c, staffId: $s, leavesAt: $at) { id } }',
      { c: String(c.clientId), s: c.people[0]!.id, at: 'tomorrow' },
    )
    expect(badLeave.body.errors?.[0]?.extensions?.errors).toHaveProperty('leavesAt')

    const view = await gql<{
      client: {
        staff: unknown[]
        trainingCompletion: { total: number; done: number; percent: number }
        peopleRuns: { kind: string }[]
      }
    }>(CLIENT, { id: String(c.clientId) })
    expect(view.body.data?.client.staff).toHaveLength(3)
    expect(view.body.data?.client.trainingCompletion).toMatchObject({ total: 3, done: 1, percent: 33 })
    expect(view.body.data?.client.peopleRuns.map((r) => r.kind).sort()).toEqual([
      'offboarding',
      'onboarding',
      'onboarding',
      'onboarding',
    ])

    const desk = await gql<{
      peopleDesk: { clients: { clientId: string; percent: number }[]; lateRuns: { id: string }[] }
    }>('{ peopleDesk { clients { clientId percent } lateRuns { id } } }')
    expect(desk.body.data?.peopleDesk.clients.find((x) => x.clientId === String(c.clientId))?.percent).toBe(
      33,
    )
    expect(desk.body.data?.peopleDesk.lateRuns.map((r) => r.id)).toContain(
      started.body.data!.startOffboarding.id,
    )

    // The monthly report counts this month's passes and completed runs.
    for (const s of started.body.data!.startOffboarding.steps.slice(1))
      await asOwner(`/api/run-steps/${s.id}`, { method: 'PATCH', json: { done: true } })
    const report = await serviceReport(createDb(env.DB), c.clientId, businessToday().slice(0, 7))
    expect(report.people).toEqual({ trainingDone: 1, runsCompleted: 1 })
    expect(reportLines(report)).toContainEqual(['Training completed', '1'])
    expect(reportLines(report)).toContainEqual(['Arrivals and departures completed', '1'])
  })
})
