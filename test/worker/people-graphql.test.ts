// Issue 55 through GraphQL (the admin's API): owner-only, the same field
// errors as REST, the client's people, completion and runs, the compliance
// desk, the monthly report's lines, and the checklists the admin's editor saves.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { DEFAULT_TEMPLATES } from '../../schema/people'
import { reportLines } from '../../schema/service-report'
import { addDays, businessToday } from '../../schema/slot-time'
import { createDb } from '../../worker/db'
import { serviceReport } from '../../worker/services/reports/service-report'
import { gql } from './admin-helpers'
import { asOwner } from './billing-fixtures'
import { call } from './helpers'
import { answer, clinic, linkOf, module, RIGHT } from './people-fixtures'
import { portalCookie } from './portal-fixtures'

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

const SET_TEMPLATE =
  'mutation ($c: ID!, $k: String!, $s: [String!]!) { setRunTemplate(clientId: $c, kind: $k, steps: $s) }'
const TEMPLATES = 'query ($id: ID!) { client(id: $id) { onboardingTemplate offboardingTemplate } }'
const RUN = 'query ($id: ID!) { peopleRun(id: $id) { steps { title kind } } }'

describe("a client's checklists in GraphQL (the admin's editor)", () => {
  it('replaces a checklist; a new run copies it, a started run keeps its own', async () => {
    const c = await clinic(2)
    const id = String(c.clientId)
    const saved = await gql<{ setRunTemplate: string[] }>(SET_TEMPLATE, {
      c: id,
      k: 'offboarding',
      s: ['  Disable the EHR login ', 'Return the keys'],
    })
    expect(saved.body.data?.setRunTemplate).toEqual(['Disable the EHR login', 'Return the keys'])
    const read = await gql<{ client: { onboardingTemplate: string[]; offboardingTemplate: string[] } }>(
      TEMPLATES,
      { id },
    )
    expect(read.body.data?.client.offboardingTemplate).toEqual(['Disable the EHR login', 'Return the keys'])
    expect(read.body.data?.client.onboardingTemplate).toEqual(DEFAULT_TEMPLATES.onboarding)

    const leave = (staffId: number) =>
      gql<{ startOffboarding: { id: string; steps: { title: string }[] } }>(
        'mutation ($c: ID!, $s: Int!, $at: String!) { startOffboarding(clientId: $c, staffId: $s, leavesAt: $at) { id steps { title } } }',
        { c: id, s: staffId, at: new Date().toISOString() },
      )
    const first = await leave(c.people[0]!.id)
    expect(first.body.data?.startOffboarding.steps.map((s) => s.title)).toEqual([
      'Disable the EHR login',
      'Return the keys',
    ])
    await gql(SET_TEMPLATE, { c: id, k: 'offboarding', s: ['Change the door code'] })
    const second = await leave(c.people[1]!.id)
    expect(second.body.data?.startOffboarding.steps.map((s) => s.title)).toEqual(['Change the door code'])
    const kept = await gql<{ peopleRun: { steps: { title: string }[] } }>(RUN, {
      id: first.body.data!.startOffboarding.id,
    })
    expect(kept.body.data?.peopleRun.steps.map((s) => s.title)).toEqual([
      'Disable the EHR login',
      'Return the keys',
    ])

    // An empty checklist is allowed: a departure then has only its tagged passwords and assets.
    const emptied = await gql<{ setRunTemplate: string[] }>(SET_TEMPLATE, { c: id, k: 'onboarding', s: [] })
    expect(emptied.body.data?.setRunTemplate).toEqual([])
  })

  it("names a bad step by its place and the list by 'steps', stores nothing, and is the owner's only", async () => {
    const c = await clinic(1)
    const id = String(c.clientId)
    const bad = await gql(SET_TEMPLATE, { c: id, k: 'offboarding', s: ['Fine', '   ', 'x'.repeat(201)] })
    expect(bad.body.errors?.[0]?.extensions?.errors).toEqual({
      1: 'Step is required',
      2: 'Step must be at most 200 characters',
    })
    const many = await gql(SET_TEMPLATE, {
      c: id,
      k: 'offboarding',
      s: Array.from({ length: 51 }, (_, i) => `Step ${i + 1}`),
    })
    expect(many.body.errors?.[0]?.extensions?.errors).toEqual({ steps: 'At most 50 steps' })

    // Neither the anonymous nor a client's portal session reaches it.
    expect((await gql(SET_TEMPLATE, { c: id, k: 'offboarding', s: ['Anonymous'] }, false)).status).toBe(401)
    const portal = await call('/graphql', {
      method: 'POST',
      json: { query: SET_TEMPLATE, variables: { c: id, k: 'offboarding', s: ['From the portal'] } },
      headers: { 'x-graphql-yoga-csrf': '1', Cookie: await portalCookie(c.contactId) },
    })
    expect(portal.status).toBe(401)

    const read = await gql<{ client: { offboardingTemplate: string[] } }>(TEMPLATES, { id })
    expect(read.body.data?.client.offboardingTemplate).toEqual(DEFAULT_TEMPLATES.offboarding)
  })
})
