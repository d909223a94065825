// Issue 54.2-3: client monitors. Targets are stubbed at the network edge only
// (globalThis.fetch); the clock is passed in, as the cron's scheduledTime is.
// Two failures make a monitor down and open one support request; recovery
// notes the downtime and resolves it; flapping opens nothing; a heartbeat is
// late one minute past its grace; certificate warnings go once at 30/14/3
// days; maintenance windows hold the alerts; a retried queue message checks once.
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import {
  checkMonitor,
  consumeChecks,
  createMonitor,
  enqueueDueChecks,
  getMonitor,
  setContactAlerts,
} from '../../worker/services/monitors'
import { asOwner, json, makeClient } from './billing-fixtures'
import { call } from './helpers'
import {
  check,
  DAY,
  db,
  down,
  httpMonitor,
  lastSeq,
  MIN,
  mailLike,
  monitorRequests,
  net,
  notes,
  stubTargets,
  T0,
  up,
} from './monitors-fixtures'
import { formPost, portalCookie, seedClient } from './portal-fixtures'

stubTargets()

describe('monitors: creating', () => {
  it('refuses a bad URL, scheme or credentials with a 400 naming the field, and stores nothing', async () => {
    const c = await makeClient()
    const count = () =>
      env.DB.prepare('select count(*) as n from monitors where client_id = ?')
        .bind(c.clientId)
        .first<{ n: number }>()
    for (const [url, message] of [
      ['not a url', 'Enter a full address starting with http:// or https://'],
      ['ftp://files.example.org/', 'Only http:// and https:// addresses'],
      ['https://user:secret@clinic.example.org/', 'Leave the user name and password out of the address'],
    ] as const) {
      const res = await asOwner('/api/monitors', {
        method: 'POST',
        json: { clientId: c.clientId, kind: 'http', name: 'Site', url },
      })
      expect(res.status).toBe(400)
      expect((await json<{ errors: Record<string, string> }>(res)).errors).toEqual({ url: message })
    }
    const missing = await asOwner('/api/monitors', {
      method: 'POST',
      json: { clientId: c.clientId, kind: 'keyword', name: 'Site', url: 'https://clinic.example.org/' },
    })
    expect(missing.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(missing)).errors).toHaveProperty('keyword')
    const kind = await asOwner('/api/monitors', {
      method: 'POST',
      json: { clientId: c.clientId, kind: 'ping', name: 'Site' },
    })
    expect(kind.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(kind)).errors).toHaveProperty('kind')
    expect((await count())!.n).toBe(0)
  })

  it('refuses private and local addresses in production, allows them in local development', async () => {
    const c = await makeClient()
    const input = {
      clientId: c.clientId,
      kind: 'http',
      name: 'Router',
      url: 'http://192.168.1.1/',
      keywordAbsent: false,
    }
    await expect(
      createMonitor(db(), { ...env, ENVIRONMENT: 'production' }, input as never),
    ).rejects.toMatchObject({
      errors: { url: 'A private or local address cannot be watched' },
    })
    await expect(
      createMonitor(db(), { ...env, ENVIRONMENT: 'production' }, {
        ...input,
        url: 'http://localhost:8080/',
      } as never),
    ).rejects.toMatchObject({ errors: { url: 'A private or local address cannot be watched' } })
    expect((await createMonitor(db(), env, input as never)).state).toBe('pending')
  })

  it('creates over REST, lists, checks now, pauses and resumes; another client is not mixed in', async () => {
    const c = await makeClient()
    const other = await makeClient()
    const res = await asOwner('/api/monitors', {
      method: 'POST',
      json: { clientId: c.clientId, kind: 'http', name: 'Website', url: 'https://rest.example.org/' },
    })
    expect(res.status).toBe(201)
    const { id, state } = await json<{ id: number; state: string }>(res)
    expect(state).toBe('pending')
    await asOwner('/api/monitors', {
      method: 'POST',
      json: { clientId: other.clientId, kind: 'http', name: 'Other', url: 'https://other.example.org/' },
    })
    const list = await json<{ id: number; clientId: number; state: string }[]>(
      await asOwner(`/api/monitors?clientId=${c.clientId}`),
    )
    expect(list.map((m) => m.id)).toEqual([id])
    net.answers['https://rest.example.org/'] = () =>
      new Response('hi', { status: 301, headers: { location: '/x' } })
    const checked = await json<{ ok: boolean; status: number; state: string }>(
      await asOwner(`/api/monitors/${id}/check`, { method: 'POST' }),
    )
    expect(checked).toMatchObject({ ok: true, status: 301, state: 'up' })
    const detail = await json<{ checks: { ok: boolean; status: number }[]; uptime30d: number }>(
      await asOwner(`/api/monitors/${id}`),
    )
    expect(detail.checks).toHaveLength(1)
    expect(detail.uptime30d).toBe(100)
    expect(
      (await json<{ state: string }>(await asOwner(`/api/monitors/${id}/pause`, { method: 'POST' }))).state,
    ).toBe('paused')
    // A paused monitor is not checked, whoever asks (a queued message, "Check now").
    const before = net.fetched.length
    expect(
      (await json<{ state: string }>(await asOwner(`/api/monitors/${id}/check`, { method: 'POST' }))).state,
    ).toBe('paused')
    expect(net.fetched.length).toBe(before)
    expect(
      (await json<{ state: string }>(await asOwner(`/api/monitors/${id}/resume`, { method: 'POST' }))).state,
    ).toBe('up')
    expect((await call(`/api/monitors/${id}`)).status).toBe(401)
    expect((await asOwner('/api/monitors/999999')).status).toBe(404)
    expect((await asOwner(`/api/monitors/${id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await asOwner(`/api/monitors/${id}`)).status).toBe(404)
  })
})

describe('monitors: down, up and the inbox', () => {
  it('two failures: down, one request, the owner told; recovery notes the downtime and resolves it', async () => {
    const c = await makeClient()
    await setContactAlerts(db(), c.contactId, true)
    const { id, url } = await httpMonitor(c.clientId)
    up(url)
    expect((await check(id, T0)).state).toBe('up')
    down(url)
    const first = await check(id, T0 + 5 * MIN)
    expect(first).toMatchObject({ ok: false, status: 502, error: 'Answered 502', state: 'up' })
    expect(await monitorRequests(c.clientId)).toEqual([])
    expect((await check(id, T0 + 10 * MIN)).state).toBe('down')
    await check(id, T0 + 15 * MIN)
    const requests = await monitorRequests(c.clientId)
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ status: 'pending', urgency: 'high' })
    expect(requests[0]!.description).toContain('Answered 502')
    const downMail = await mailLike('Down: %')
    expect(
      downMail.filter((m) => m.subject.includes(`Patient portal ${lastSeq()}`)).map((m) => m.recipient),
    ).toEqual([env.NOTIFY_EMAIL])
    expect((await mailLike(`Patient portal ${lastSeq()} is down`)).map((m) => m.recipient)).toEqual([c.email])
    up(url)
    expect((await check(id, T0 + 20 * MIN)).state).toBe('up')
    const [resolved] = await monitorRequests(c.clientId)
    expect(resolved!.status).toBe('resolved')
    // Down from the first failed check (T0+5) to the good one (T0+20).
    expect(await notes(resolved!.id)).toEqual([expect.stringContaining('after 15 min down')])
    expect(await mailLike(`Up again: Patient portal ${lastSeq()} %`)).toHaveLength(1)
    const detail = await getMonitor(db(), env, id, { now: T0 + 21 * MIN })
    expect(detail.outages).toHaveLength(1)
    // Weighted by time: up 5 min, down 15 min (T0+5 to T0+20), up the last minute (and 1 ms) until now.
    expect(detail.uptime30d).toBeCloseTo((100 * (6 * MIN + 1)) / (21 * MIN + 1), 6)
  })

  it('flapping (fail, ok, fail) opens nothing', async () => {
    const c = await makeClient()
    const { id, url } = await httpMonitor(c.clientId)
    for (const [i, answer] of [down, up, down, up, down].entries()) {
      answer(url)
      await check(id, T0 + i * 5 * MIN)
    }
    expect(await monitorRequests(c.clientId)).toEqual([])
    const detail = await getMonitor(db(), env, id, { now: T0 + 21 * MIN })
    expect(detail.state).toBe('up')
    expect(detail.outages).toEqual([])
    expect(await mailLike(`%Patient portal ${lastSeq()}%`)).toEqual([])
  })

  it('a second outage while the request is still open adds to it instead of opening another', async () => {
    const c = await makeClient()
    const { id, url } = await httpMonitor(c.clientId)
    down(url)
    await check(id, T0)
    await check(id, T0 + 5 * MIN)
    const [req] = await monitorRequests(c.clientId)
    up(url)
    await check(id, T0 + 10 * MIN)
    // The owner reopens it to follow up; then it goes down again.
    await env.DB.prepare("update support_requests set status = 'in_progress', closed_at = null where id = ?")
      .bind(req!.id)
      .run()
    down(url)
    await check(id, T0 + 60 * MIN)
    await check(id, T0 + 65 * MIN)
    const all = await monitorRequests(c.clientId)
    expect(all.map((r) => r.id)).toEqual([req!.id])
    const thread = await notes(req!.id)
    expect(thread).toHaveLength(2)
    expect(thread[1]).toMatch(/^Down again\./)
    // Once resolved, a third outage opens a new request.
    up(url)
    await check(id, T0 + 70 * MIN)
    down(url)
    await check(id, T0 + 120 * MIN)
    await check(id, T0 + 125 * MIN)
    expect(await monitorRequests(c.clientId)).toHaveLength(2)
  })

  it('a maintenance window holds the alerts while checks go on', async () => {
    const c = await makeClient()
    const { id, url } = await httpMonitor(c.clientId)
    const res = await asOwner(`/api/clients/${c.clientId}/monitor-maintenance`, {
      method: 'POST',
      json: {
        startsAt: new Date(T0 - MIN).toISOString(),
        endsAt: new Date(T0 + 30 * MIN).toISOString(),
        note: 'Server move',
      },
    })
    expect(res.status).toBe(201)
    const bad = await asOwner(`/api/clients/${c.clientId}/monitor-maintenance`, {
      method: 'POST',
      json: { startsAt: new Date(T0).toISOString(), endsAt: new Date(T0 - MIN).toISOString() },
    })
    expect(bad.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(bad)).errors).toEqual({
      endsAt: 'End must be after the start',
    })
    down(url)
    await check(id, T0)
    expect((await check(id, T0 + 5 * MIN)).state).toBe('down')
    expect(await monitorRequests(c.clientId)).toEqual([])
    expect((await getMonitor(db(), env, id, { now: T0 + 6 * MIN })).checks).toHaveLength(2)
    up(url)
    await check(id, T0 + 10 * MIN)
    expect(await mailLike(`%Patient portal ${lastSeq()}%`)).toEqual([])
    // After the window, an outage alerts as usual.
    down(url)
    await check(id, T0 + 40 * MIN)
    await check(id, T0 + 45 * MIN)
    expect(await monitorRequests(c.clientId)).toHaveLength(1)
  })

  it('a heartbeat is late one minute past its interval and grace; a beat brings it back', async () => {
    const c = await makeClient()
    const created = await createMonitor(
      db(),
      env,
      {
        clientId: c.clientId,
        kind: 'heartbeat',
        name: 'Nightly backup',
        intervalMinutes: 60,
        graceMinutes: 10,
        keywordAbsent: false,
      } as never,
      T0 - 5 * MIN,
    )
    expect(created.heartbeatUrl).toMatch(/\/hb\/[A-Za-z0-9_-]{20,}$/)
    const path = new URL(created.heartbeatUrl!).pathname
    const beat = await call(path, { method: 'POST', body: 'done' })
    expect(beat.status).toBe(200)
    expect(await beat.json()).toEqual({ ok: true })
    const [row] = (
      await env.DB.prepare('select last_beat_at as at from monitors where id = ?')
        .bind(created.id)
        .all<{ at: number }>()
    ).results
    const beatAt = row!.at
    expect((await checkMonitor(db(), env, created.id, 'a', beatAt + 70 * MIN)).ok).toBe(true)
    const late = await checkMonitor(db(), env, created.id, 'b', beatAt + 71 * MIN)
    expect(late).toMatchObject({ ok: false, error: 'No beat since 1 h 11 min ago' })
    expect((await checkMonitor(db(), env, created.id, 'c', beatAt + 76 * MIN)).state).toBe('down')
    expect(await monitorRequests(c.clientId)).toHaveLength(1)
    expect((await call(path)).status).toBe(200)
    expect((await getMonitor(db(), env, created.id)).state).toBe('up')
    expect((await monitorRequests(c.clientId))[0]!.status).toBe('resolved')
    expect((await call('/hb/unknown-token-000000')).status).toBe(404)
  })
})

describe('monitors: certificates and domains', () => {
  it('warns about a certificate at 30, 14 and 3 days, once each', async () => {
    const c = await makeClient()
    const created = await createMonitor(
      db(),
      env,
      {
        clientId: c.clientId,
        kind: 'tls',
        name: 'Portal certificate',
        url: 'https://portal.clinic.example/',
        keywordAbsent: false,
      } as never,
      T0,
    )
    const end = T0 + 40 * DAY
    net.answers['https://api.certspotter.com/v1/issuances?domain=portal.clinic.example'] = () =>
      Response.json([
        { not_after: new Date(end - 90 * DAY).toISOString(), dns_names: ['portal.clinic.example'] },
        {
          not_after: new Date(end).toISOString(),
          dns_names: ['portal.clinic.example', 'www.clinic.example'],
        },
        { not_after: new Date(end + 300 * DAY).toISOString(), dns_names: ['other.example'] },
      ])
    for (const daysBefore of [35, 30, 29, 20, 14, 13, 3, 2]) {
      const at = end - daysBefore * DAY + MIN
      const r = await checkMonitor(db(), env, created.id, `due:${at}`, at)
      expect(r.ok).toBe(true)
    }
    const warnings = await mailLike('Certificate ends in %')
    expect(warnings.map((w) => w.subject.split(':')[0])).toEqual([
      'Certificate ends in 29 days',
      'Certificate ends in 13 days',
      'Certificate ends in 2 days',
    ])
    expect((await getMonitor(db(), env, created.id)).expiresAt?.getTime()).toBe(end)
  })

  it('reads a domain registration end from RDAP through the IANA bootstrap', async () => {
    const c = await makeClient()
    const created = await createMonitor(
      db(),
      env,
      {
        clientId: c.clientId,
        kind: 'domain',
        name: 'Clinic domain',
        domain: 'Clinic-Example.ORG',
        keywordAbsent: false,
      } as never,
      T0,
    )
    net.answers['https://data.iana.org/rdap/dns.json'] = () =>
      Response.json({
        services: [
          [['com', 'net'], ['https://rdap.verisign.example/']],
          [['org'], ['https://rdap.org.example/rdap']],
        ],
      })
    net.answers['https://rdap.org.example/rdap/domain/clinic-example.org'] = () =>
      Response.json({
        events: [
          { eventAction: 'registration', eventDate: '2010-01-01T00:00:00Z' },
          { eventAction: 'expiration', eventDate: '2027-01-03T00:00:00Z' },
        ],
      })
    const r = await checkMonitor(db(), env, created.id, 'd1', T0)
    expect(r.ok).toBe(true)
    expect((await getMonitor(db(), env, created.id)).expiresAt?.toISOString()).toBe(
      '2027-01-03T00:00:00.000Z',
    )
    expect(await mailLike('Domain ends in 26 days: Clinic domain%')).toHaveLength(1)
  })
})

describe('monitors: the cron and the queue', () => {
  it('the cron queues each due monitor once and moves its next check on', async () => {
    const c = await makeClient()
    const a = await httpMonitor(c.clientId)
    const b = await httpMonitor(c.clientId)
    const sent: { monitorId: number; slot: string }[] = []
    const queue = {
      sendBatch: async (msgs: Iterable<{ body: { monitorId: number; slot: string } }>) => {
        for (const msg of msgs) sent.push(msg.body)
      },
    }
    const fakeEnv = { ...env, MONITOR_CHECKS: queue } as unknown as Env
    await enqueueDueChecks(db(), fakeEnv, T0)
    const mine = sent.filter((s) => s.monitorId === a.id || s.monitorId === b.id)
    expect(mine.map((s) => s.monitorId).sort()).toEqual([a.id, b.id].sort())
    sent.length = 0
    await enqueueDueChecks(db(), fakeEnv, T0 + 2 * MIN)
    expect(sent.filter((s) => s.monitorId === a.id)).toEqual([])
    await enqueueDueChecks(db(), fakeEnv, T0 + 5 * MIN)
    expect(sent.filter((s) => s.monitorId === a.id)).toEqual([
      { monitorId: a.id, slot: `due:${T0 + 5 * MIN}` },
    ])
  })

  it('a message delivered again after a failure checks once', async () => {
    const c = await makeClient()
    const { id, url } = await httpMonitor(c.clientId)
    up(url)
    const message = (body: unknown) => {
      const m = { body, ack: vi.fn(), retry: vi.fn() }
      return m
    }
    const first = message({ monitorId: id, slot: `due:${T0}` })
    const broken = message(null)
    await consumeChecks(db(), env, { messages: [first, broken] } as never, () => T0)
    expect(first.ack).toHaveBeenCalledOnce()
    expect(broken.retry).toHaveBeenCalledOnce()
    // The queue delivers the first again (its invocation failed before the ack reached it).
    const again = message({ monitorId: id, slot: `due:${T0}` })
    await consumeChecks(db(), env, { messages: [again] } as never, () => T0 + 1000)
    expect(again.ack).toHaveBeenCalledOnce()
    expect(net.fetched.filter((u) => u === url)).toHaveLength(1)
    expect((await getMonitor(db(), env, id)).checks).toHaveLength(1)
  })
})

describe('monitors: the monthly report', () => {
  it("gains each monitor's uptime and outages of the month, a deleted monitor's too", async () => {
    const c = await makeClient()
    const oct = Date.parse('2026-10-10T12:00:00Z')
    const url = `https://report-${lastSeq()}-${Date.now()}.example.org/`
    const { id } = await createMonitor(
      db(),
      env,
      { clientId: c.clientId, kind: 'http', name: 'Booking site', url, keywordAbsent: false } as never,
      Date.parse('2026-10-02T00:00:00Z'),
    )
    for (const [i, answer] of [up, down, down, up].entries()) {
      answer(url)
      await checkMonitor(db(), env, id, `due:${oct + i * 5 * MIN}`, oct + i * 5 * MIN)
    }
    expect((await asOwner(`/api/monitors/${id}`, { method: 'DELETE' })).status).toBe(204)
    const report = await json<{ uptime: unknown[] }>(
      await asOwner(`/api/clients/${c.clientId}/reports/2026-10`),
    )
    expect(report.uptime).toEqual([{ monitorId: id, name: 'Booking site', percent: 50, outages: 1 }])
    const before = await json<{ uptime: unknown[] }>(
      await asOwner(`/api/clients/${c.clientId}/reports/2026-09`),
    )
    expect(before.uptime).toEqual([])
  })
})

describe('monitors: the portal', () => {
  it("shows the client's own monitors with state, uptime and the open outage; another client's is a 404", async () => {
    const a = await seedClient('monitors-a')
    const b = await seedClient('monitors-b')
    const now = Date.now()
    const mine = await createMonitor(
      db(),
      env,
      {
        clientId: a.clientId,
        kind: 'http',
        name: 'Clinic website',
        url: 'https://a.example.org/',
        keywordAbsent: false,
      } as never,
      now - 60 * MIN,
    )
    const theirs = await createMonitor(
      db(),
      env,
      {
        clientId: b.clientId,
        kind: 'http',
        name: 'Other clinic site',
        url: 'https://b.example.org/',
        keywordAbsent: false,
      } as never,
      now - 60 * MIN,
    )
    up('https://a.example.org/')
    await checkMonitor(db(), env, mine.id, 'p1', now - 30 * MIN)
    down('https://a.example.org/')
    await checkMonitor(db(), env, mine.id, 'p2', now - 20 * MIN)
    await checkMonitor(db(), env, mine.id, 'p3', now - 10 * MIN)
    const cookie = await portalCookie(a.contactId)
    const page = await call('/portal/monitors', { headers: { Cookie: cookie } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Clinic website')
    expect(html).toContain('Open outages')
    expect(html).toContain('Answered 502')
    expect(html).toContain('33.33%')
    expect(html).not.toContain('Other clinic site')
    const one = await call(`/portal/monitors/${mine.id}`, { headers: { Cookie: cookie } })
    expect(one.status).toBe(200)
    const onePage = await one.text()
    expect(onePage).toContain('Outages in the last 30 days')
    expect(onePage).not.toContain('Alerts by e-mail')
    for (const id of [theirs.id, 999_999, 'x'])
      expect((await call(`/portal/monitors/${id}`, { headers: { Cookie: cookie } })).status).toBe(404)
    const signedOut = await call('/portal/monitors', { redirect: 'manual' })
    expect(signedOut.headers.get('location')).toBe('/portal?next=%2Fportal%2Fmonitors')
    // The REST API is the owner's: a portal session opens none of it.
    expect((await call(`/api/monitors/${mine.id}`, { headers: { Cookie: cookie } })).status).toBe(401)

    // The contact opts in to alerts; a bad choice changes nothing.
    expect(
      (
        await call('/portal/monitors', {
          ...formPost({ alerts: 'maybe' }),
          headers: { ...formPost({}).headers, Cookie: cookie, Origin: 'http://localhost:8787' },
        })
      ).status,
    ).toBe(400)
    const on = await call('/portal/monitors', {
      ...formPost({ alerts: 'on' }),
      headers: { ...formPost({}).headers, Cookie: cookie, Origin: 'http://localhost:8787' },
    })
    expect(on.status).toBe(200)
    const row = await env.DB.prepare('select count(*) as n from monitor_contact_alerts where contact_id = ?')
      .bind(a.contactId)
      .first<{ n: number }>()
    expect(row!.n).toBe(1)
  })
})
