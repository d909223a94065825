// Uptime weighted by time (worker/services/monitors/index.ts uptimeOf): each
// check stands for the time until the next one, at most one interval, never
// past the end of the period. The share of good checks would say 50% for a
// blip checked three times with "Check now" and 100% after a week nobody
// checked; these say what the clinic's site really did.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getMonitor, uptimeOf } from '../../worker/services/monitors'
import { makeClient } from './billing-fixtures'
import { check, DAY, db, down, httpMonitor, MIN, stubTargets, T0, up } from './monitors-fixtures'

stubTargets()

describe('uptime, weighted by time', () => {
  it('a blip checked again and again within seconds weighs seconds, not half the checks', async () => {
    const c = await makeClient()
    const { id, url } = await httpMonitor(c.clientId)
    up(url)
    await check(id, T0)
    down(url)
    await check(id, T0 + 1_000)
    await check(id, T0 + 2_000)
    up(url)
    await check(id, T0 + 3_000)
    for (let n = 1; n <= 3; n++) await check(id, T0 + n * 5 * MIN)
    const detail = await getMonitor(db(), env, id, { now: T0 + 15 * MIN })
    // Observed: the first second, two seconds down, then up to T0+15 min (and 1 ms).
    const observed = 15 * MIN + 1
    expect(detail.uptime30d).toBeCloseTo((100 * (observed - 2_000)) / observed, 6)
    // Four good checks of six would have said 66.67%.
    expect(detail.uptime30d).toBeGreaterThan(99.7)
  })

  it('a stretch without checks counts neither way: each check stands for one interval at most', async () => {
    const c = await makeClient()
    const { id, url } = await httpMonitor(c.clientId)
    up(url)
    await check(id, T0)
    down(url)
    await check(id, T0 + 2 * DAY)
    // Five minutes up, then five minutes down (the period ends at T0 + 3 days).
    const uptime = await uptimeOf(db(), [id], new Date(T0 - DAY), new Date(T0 + 3 * DAY))
    expect(uptime.get(id)).toEqual({ percent: 50, checks: 2 })
  })

  it('stops at the end of the period, and is null for a monitor without checks', async () => {
    const c = await makeClient()
    const { id, url } = await httpMonitor(c.clientId)
    const quiet = await httpMonitor(c.clientId)
    up(url)
    await check(id, T0)
    down(url)
    await check(id, T0 + 4 * MIN)
    // Up 4 minutes, then down for the last minute of the period.
    const uptime = await uptimeOf(db(), [id, quiet.id], new Date(T0), new Date(T0 + 5 * MIN))
    expect(uptime.get(id)).toEqual({ percent: 80, checks: 2 })
    expect(uptime.has(quiet.id)).toBe(false)
    expect((await getMonitor(db(), env, quiet.id, { now: T0 })).uptime30d).toBeNull()
  })
})
