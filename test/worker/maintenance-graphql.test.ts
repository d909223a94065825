// Recurring maintenance over GraphQL (issue 40): the admin's API, the owner's only.
import { describe, expect, it } from 'vitest'
import { addDays, businessDate } from '../../schema/slot-time'
import { gql } from './admin-helpers'
import { makeClient } from './billing-fixtures'

const today = businessDate(new Date())
const CREATE =
  'mutation ($input: MaintenanceScheduleInput!) { createMaintenanceSchedule(input: $input) { id nextDueDates rrule } }'

describe('maintenance GraphQL', () => {
  it('creates, generates, ticks and closes; bad input names the field; no session, no data', async () => {
    const { clientId } = await makeClient()
    const input = {
      clientId: String(clientId),
      title: 'Monthly patch review',
      checklist: ['Review updates'],
      recurrence: { freq: 'MONTHLY', byWeekday: '2TU' },
      startDate: today,
      templateKey: 'patch-review',
    }
    const created = await gql<{ createMaintenanceSchedule: { id: string; nextDueDates: string[] } }>(CREATE, {
      input,
    })
    expect(created.body.errors).toBeUndefined()
    expect(created.body.data!.createMaintenanceSchedule.nextDueDates).toHaveLength(3)

    const bad = await gql(CREATE, { input: { ...input, startDate: '2026-13-01' } })
    expect(bad.body.errors?.[0]?.extensions?.errors).toHaveProperty('startDate')

    const generated = await gql<{ generateMaintenanceTasks: number }>(
      'mutation ($until: String!) { generateMaintenanceTasks(until: $until) }',
      { until: addDays(today, 40) },
    )
    expect(generated.body.data!.generateMaintenanceTasks).toBeGreaterThan(0)
    const tasks = await gql<{
      maintenanceTasks: { id: string; status: string; items: { label: string }[] }[]
    }>(
      'query ($clientId: ID) { maintenanceTasks(clientId: $clientId) { id status items { label done note } } }',
      { clientId: String(clientId) },
    )
    const task = tasks.body.data!.maintenanceTasks[0]!
    expect(task.status).toBe('OPEN')
    const done = await gql<{ updateMaintenanceTask: { status: string; items: { note: string }[] } }>(
      'mutation ($id: ID!, $input: MaintenanceTaskPatchInput!) { updateMaintenanceTask(id: $id, input: $input) { status items { note } } }',
      { id: task.id, input: { items: [{ done: true, note: 'Six updates' }], status: 'DONE' } },
    )
    expect(done.body.data!.updateMaintenanceTask).toEqual({
      status: 'DONE',
      items: [{ note: 'Six updates' }],
    })

    const anonymous = await gql('{ maintenanceSchedules { id } }', {}, false)
    expect(anonymous.status).toBe(401)
  })
})
