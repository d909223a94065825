// Issue 54.5: the admin's GraphQL for monitors and maintenance windows, owner only.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { asOwner, json, makeClient } from './billing-fixtures'
import { call } from './helpers'
import { check, httpMonitor, MIN, stubTargets, up } from './monitors-fixtures'

stubTargets()

describe('monitors: GraphQL', () => {
  it('gives the owner the monitors with their checks and chart, and nothing to anyone else', async () => {
    const c = await makeClient()
    const { id, url } = await httpMonitor(c.clientId)
    up(url)
    // Within the last 30 days of the real clock (what the admin's uptime counts).
    await check(id, Date.now() - MIN)
    const query = `query($id: ID!) { monitor(id: $id) { name state uptime30d responseChartSvg checks { ok ms } } jobs { name state } }`
    const post = (headers: Record<string, string> = {}) =>
      call('/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-graphql-yoga-csrf': '1', ...headers },
        body: JSON.stringify({ query, variables: { id: String(id) } }),
      })
    const anonymous = await post()
    expect(anonymous.status).toBe(401)
    expect(JSON.stringify(await anonymous.json())).not.toContain('Patient portal')
    const res = await asOwner('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-graphql-yoga-csrf': '1' },
      body: JSON.stringify({ query, variables: { id: String(id) } }),
    })
    const body = await json<{
      data: { monitor: { state: string; uptime30d: number; responseChartSvg: string; checks: unknown[] } }
    }>(res)
    expect(body.data.monitor).toMatchObject({
      state: 'UP',
      uptime30d: 100,
      checks: [{ ok: true, ms: expect.any(Number) }],
    })
    expect(body.data.monitor.responseChartSvg).toMatch(/^<svg[^>]*>.*<\/svg>$/)
  })
})

describe('monitors: maintenance windows in GraphQL', () => {
  it("adds, lists and removes a client's window; a bad one names the field and stores nothing", async () => {
    const c = await makeClient()
    const gql = async (query: string, variables: Record<string, unknown>) =>
      json<{
        data: Record<string, unknown> | null
        errors?: { extensions?: { errors?: Record<string, string> } }[]
      }>(
        await asOwner('/graphql', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'x-graphql-yoga-csrf': '1' },
          body: JSON.stringify({ query, variables }),
        }),
      )
    const add = `mutation($clientId: ID!, $input: MonitorMaintenanceInput!) { addMonitorMaintenance(clientId: $clientId, input: $input) { id note } }`
    const bad = await gql(add, {
      clientId: String(c.clientId),
      input: { startsAt: '2026-12-05T22:00:00-06:00', endsAt: '2026-12-05T21:00:00-06:00' },
    })
    expect(bad.errors?.[0]?.extensions?.errors).toEqual({ endsAt: 'End must be after the start' })
    const count = () =>
      env.DB.prepare('select count(*) as n from monitor_maintenance where client_id = ?')
        .bind(c.clientId)
        .first<{ n: number }>()
    expect((await count())!.n).toBe(0)
    const ok = await gql(add, {
      clientId: String(c.clientId),
      input: {
        startsAt: '2099-12-05T22:00:00-06:00',
        endsAt: '2099-12-06T02:00:00-06:00',
        note: 'Server move',
      },
    })
    const id = (ok.data!.addMonitorMaintenance as { id: string }).id
    const list = await gql('query($clientId: ID!) { monitorMaintenance(clientId: $clientId) { id note } }', {
      clientId: String(c.clientId),
    })
    expect(list.data!.monitorMaintenance).toEqual([{ id, note: 'Server move' }])
    await gql('mutation($id: ID!) { deleteMonitorMaintenance(id: $id) }', { id })
    expect((await count())!.n).toBe(0)
  })
})
