// Issue 18: first-party, cookieless insights. The privacy rules (GPC, DNT,
// robots, the owner), what a page view and a beacon count, the daily
// aggregation, the submissions counted at the intake, the owner's report and
// the retention purge.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import {
  batchWindowMs,
  CountBatcher,
  type CountRow,
  DEFAULT_BATCH_MS,
  dayOf,
  insightsBatch,
  purgeInsights,
  recordFacts,
  retentionMonths,
  writeCounts,
} from '../../worker/insights/record'
import { daysOf, insightsReport, lastDays, mondayOf } from '../../worker/insights/report'
import { parseRange } from '../../worker/insights/routes'
import {
  beaconFacts,
  deviceClass,
  notCounted,
  pageViewFacts,
  referrerHost,
} from '../../worker/insights/rules'
import { rest } from './admin-helpers'
import { freshIp, ORIGIN } from './helpers'
import { consultation, freshEmail, send, supportRequest } from './requests-fixtures'
import { ownerCookie } from './session-helpers'

vi.setConfig({ testTimeout: 30_000 })

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

const req = (url: string, headers: Record<string, string> = {}) =>
  new Request(url, { headers: { 'user-agent': BROWSER, ...headers } })

/** Today's count under a kind and key (0 when none). */
async function count(kind: string, key: string, day = dayOf(Date.now())): Promise<number> {
  const row = await env.DB.prepare('select count from insights_daily where day = ? and kind = ? and key = ?')
    .bind(day, kind, key)
    .first<{ count: number }>()
  return row?.count ?? 0
}

/** A page as a browser gets it; `send` waits for what the Worker does after the response. */
const view = (path: string, headers: Record<string, string> = {}) =>
  send(path, { method: 'GET', headers: { 'user-agent': BROWSER, ...headers } })

const beaconSend = (event: unknown, headers: Record<string, string> = {}) =>
  send('/api/insights/events', {
    body: typeof event === 'string' ? event : JSON.stringify(event),
    headers: { 'user-agent': BROWSER, 'content-type': 'text/plain;charset=UTF-8', ...headers },
  })

describe('who is counted', () => {
  it('honours Global Privacy Control and Do Not Track, and leaves out robots, the owner and prefetches', () => {
    expect(notCounted(req('https://x.test/'))).toBeNull()
    expect(notCounted(req('https://x.test/', { 'sec-gpc': '1' }))).toBe('gpc')
    expect(notCounted(req('https://x.test/', { dnt: '1' }))).toBe('dnt')
    expect(notCounted(req('https://x.test/', { 'sec-gpc': '0', dnt: '0' }))).toBeNull()
    for (const ua of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'curl/8.5.0',
      'HeadlessChrome/131',
      '',
    ])
      expect(notCounted(req('https://x.test/', { 'user-agent': ua }))).toBe('bot')
    expect(notCounted(req('https://x.test/', { cookie: 'a=1; session=abc' }))).toBe('owner')
    expect(notCounted(req('https://x.test/', { cookie: '__Host-session=abc' }))).toBe('owner')
    expect(notCounted(req('https://x.test/'), true)).toBe('owner')
    expect(notCounted(req('https://x.test/', { 'sec-purpose': 'prefetch' }))).toBe('prefetch')
  })

  it('keeps a device class, never the user agent; a referrer host from another site only', () => {
    expect(deviceClass(PHONE)).toBe('mobile')
    expect(deviceClass(BROWSER)).toBe('desktop')
    expect(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet')
    expect(deviceClass('Mozilla/5.0 (Linux; Android 14; SM-X710) Safari/537.36')).toBe('tablet')
    expect(referrerHost('https://www.google.com/search?q=it+support', 'site.test')).toBe('google.com')
    expect(referrerHost('https://site.test/about', 'site.test')).toBeNull()
    expect(referrerHost('android-app://com.slack', 'site.test')).toBeNull()
    expect(referrerHost('not a url', 'site.test')).toBeNull()
  })

  it('counts of a page view: page, referrer, campaign, device, country, filter and the form shown', () => {
    const request = req(
      'https://site.test/portfolio-solutions?category=healthcare&utm_source=Newsletter&utm_medium=email&utm_campaign=Spring%202027',
      { referer: 'https://news.example.org/issue/4', 'user-agent': PHONE },
    )
    Object.defineProperty(request, 'cf', { value: { country: 'US' } })
    expect(pageViewFacts(request)).toEqual([
      { kind: 'view', key: '/portfolio-solutions' },
      { kind: 'referrer', key: 'news.example.org' },
      { kind: 'campaign', key: 'newsletter / email / spring 2027' },
      { kind: 'device', key: 'mobile' },
      { kind: 'country', key: 'US' },
      { kind: 'filter', key: 'healthcare' },
    ])
    expect(pageViewFacts(req('https://site.test/schedule-consultation'))).toContainEqual({
      kind: 'form',
      key: 'consultation:shown',
    })
    expect(pageViewFacts(req('https://site.test/it-support?form=support'))).toContainEqual({
      kind: 'form',
      key: 'support:shown',
    })
    expect(pageViewFacts(req('https://site.test/it-support'))).not.toContainEqual(
      expect.objectContaining({ kind: 'form' }),
    )
  })

  it('accepts only the events the site sends, never text a visitor typed', () => {
    expect(beaconFacts({ t: 'view', k: '/about' })).toEqual([{ kind: 'view', key: '/about' }])
    expect(beaconFacts({ t: 'filter', k: 'pos' })).toEqual([{ kind: 'filter', key: 'pos' }])
    expect(beaconFacts({ t: 'project', k: '12' })).toEqual([{ kind: 'project', key: '12' }])
    expect(beaconFacts({ t: 'form', k: 'support:rejected', f: ['email', 'email', 'name'] })).toEqual([
      { kind: 'form', key: 'support:rejected' },
      { kind: 'field', key: 'support:email' },
      { kind: 'field', key: 'support:name' },
    ])
    for (const bad of [
      null,
      [],
      { t: 'view', k: '/admin' },
      { t: 'view', k: '/about.data' },
      { t: 'view', k: 'https://evil.test/' },
      { t: 'filter', k: 'anything' },
      { t: 'project', k: 'x' },
      // Submissions are counted by the Worker at the intake: a beacon may not add one.
      { t: 'form', k: 'consultation:submitted' },
      { t: 'form', k: 'consultation:started', f: ['email'] },
      { t: 'form', k: 'support:rejected', f: ['my e-mail is x@y.z'] },
      { t: 'other', k: '/' },
    ])
      expect(beaconFacts(bad)).toBeNull()
  })
})

describe('aggregation', () => {
  it('adds up per day, kind and key in one statement, with no per-visitor row', async () => {
    const db = createDb(env.DB)
    const at = Date.parse('2026-03-04T10:00:00Z')
    await recordFacts(
      db,
      [
        { kind: 'view', key: '/agg' },
        { kind: 'view', key: '/agg' },
        { kind: 'device', key: 'desktop' },
      ],
      at,
    )
    await recordFacts(db, [{ kind: 'view', key: '/agg' }], at)
    await recordFacts(db, [{ kind: 'view', key: '/agg' }], at + 86_400_000)
    expect(await count('view', '/agg', '2026-03-04')).toBe(3)
    expect(await count('device', 'desktop', '2026-03-04')).toBe(1)
    expect(await count('view', '/agg', '2026-03-05')).toBe(1)
    const columns = await env.DB.prepare('select name from pragma_table_info(?)').bind('insights_daily').all()
    expect(columns.results.map((c) => c.name)).toEqual(['day', 'kind', 'key', 'count'])
  })
})

describe('page views', () => {
  it('counts a page after the response, edge-cache hits included, and sets no cookie', async () => {
    const before = await count('view', '/about')
    const referrers = await count('referrer', 'search.example')
    const first = await view('/about', { referer: 'https://search.example/?q=x' })
    expect(first.status).toBe(200)
    expect(first.headers.get('set-cookie')).toBeNull()
    // The second is served from the edge cache, and counted all the same; a 304 too.
    const second = await view('/about')
    expect(second.headers.get('set-cookie')).toBeNull()
    const etag = second.headers.get('etag')
    expect(etag).toBeTruthy()
    const revalidated = await view('/about', { 'if-none-match': etag! })
    expect(revalidated.status).toBe(304)
    expect(await count('view', '/about')).toBe(before + 3)
    expect(await count('referrer', 'search.example')).toBe(referrers + 1)
  })

  it('does not count a visitor who sends GPC or DNT, a robot, the signed-in owner, a 404 or the admin', async () => {
    const cookie = await ownerCookie()
    await view('/contact')
    const before = await count('view', '/contact')
    await view('/contact', { 'sec-gpc': '1' })
    await view('/contact', { dnt: '1' })
    await view('/contact', { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' })
    await view('/contact', { cookie })
    expect(await count('view', '/contact')).toBe(before)
    await view('/no-such-page')
    expect(await count('view', '/no-such-page')).toBe(0)
    await view('/admin')
    expect(await count('view', '/admin')).toBe(0)
  })
})

describe('Workers Analytics Engine', () => {
  it('also gets each count as a data point when the INSIGHTS binding is configured', async () => {
    const writeDataPoint = vi.fn()
    const before = await count('view', '/privacy')
    await send('/privacy', { method: 'GET', headers: { 'user-agent': BROWSER } }, {
      INSIGHTS: { writeDataPoint },
    } as unknown as Partial<Env>)
    expect(writeDataPoint).toHaveBeenCalledWith({
      indexes: ['view'],
      blobs: ['view', '/privacy'],
      doubles: [1],
    })
    expect(writeDataPoint).toHaveBeenCalledWith({
      indexes: ['device'],
      blobs: ['device', 'desktop'],
      doubles: [1],
    })
    // D1 stays the source of the owner's view.
    expect(await count('view', '/privacy')).toBe(before + 1)
  })
})

describe('the beacon', () => {
  it('counts a browser-side event from a plain-text body, answering 204 with no cookie', async () => {
    const views = await count('view', '/it-support')
    const desktop = await count('device', 'desktop')
    const res = await beaconSend({ t: 'view', k: '/it-support' })
    expect(res.status).toBe(204)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await count('view', '/it-support')).toBe(views + 1)
    expect(await count('device', 'desktop')).toBe(desktop + 1)
    const started = await count('form', 'support:started')
    expect((await beaconSend({ t: 'form', k: 'support:started' })).status).toBe(204)
    expect(await count('form', 'support:started')).toBe(started + 1)
  })

  it('answers 204 without counting for GPC, DNT or the owner', async () => {
    const before = await count('filter', 'inventory')
    expect((await beaconSend({ t: 'filter', k: 'inventory' }, { 'sec-gpc': '1' })).status).toBe(204)
    expect((await beaconSend({ t: 'filter', k: 'inventory' }, { dnt: '1' })).status).toBe(204)
    const cookie = await ownerCookie()
    expect((await beaconSend({ t: 'filter', k: 'inventory' }, { cookie })).status).toBe(204)
    expect(await count('filter', 'inventory')).toBe(before)
  })

  it('refuses what is not an event (400), too large a body (413) and another site (403), storing nothing', async () => {
    const rows = async () =>
      (await env.DB.prepare('select coalesce(sum(count), 0) as n from insights_daily').first<{
        n: number
      }>())!.n
    const before = await rows()
    const bad = await beaconSend({ t: 'view', k: '/admin' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      message: expect.any(String),
      errors: { event: expect.any(String) },
    })
    const notJson = await beaconSend('{nope')
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toMatchObject({ message: expect.any(String) })
    const big = await beaconSend({ t: 'view', k: '/', pad: 'x'.repeat(2000) })
    expect(big.status).toBe(413)
    const foreign = await beaconSend(
      { t: 'view', k: '/' },
      { Origin: 'https://evil.test', 'Sec-Fetch-Site': 'cross-site' },
    )
    expect(foreign.status).toBe(403)
    expect(await rows()).toBe(before)
  })
})

describe('resume downloads', () => {
  it("counts a download of the active resume, not the owner's", async () => {
    await env.FILES.put('resumes/insights-test.pdf', '%PDF-1.4 test')
    await env.DB.prepare('update resumes set is_active = 0').run()
    await env.DB.prepare(
      "insert into resumes (original_name, mime_type, file_size, object_key, is_active) values ('Resume.pdf', 'application/pdf', 13, 'resumes/insights-test.pdf', 1)",
    ).run()
    const before = await count('resume', '')
    const res = await view('/api/resume/download')
    expect(res.status).toBe(200)
    await res.arrayBuffer()
    await view('/api/resume/download', { cookie: await ownerCookie() }).then((r) => r.arrayBuffer())
    expect(await count('resume', '')).toBe(before + 1)
  })
})

describe('the form funnel at the intake', () => {
  it('counts a JSON submission as submitted, a refused one as rejected with its fields', async () => {
    const submitted = await count('form', 'consultation:submitted')
    const rejected = await count('form', 'consultation:rejected')
    const emailRefused = await count('field', 'consultation:email')
    const ok = await send('/api/consultations', {
      json: consultation({ email: freshEmail() }),
      headers: { 'user-agent': BROWSER },
    })
    expect(ok.status).toBe(201)
    const refused = await send('/api/consultations', {
      json: consultation({ email: 'not-an-email' }),
      headers: { 'user-agent': BROWSER },
    })
    expect(refused.status).toBe(400)
    expect(await count('form', 'consultation:submitted')).toBe(submitted + 1)
    expect(await count('form', 'consultation:rejected')).toBe(rejected + 1)
    expect(await count('field', 'consultation:email')).toBe(emailRefused + 1)
  })

  it('counts a form posted without JavaScript once, through the same intake, unless GPC is sent', async () => {
    const before = await count('form', 'support:submitted')
    const post = (headers: Record<string, string> = {}) =>
      send('/it-support?form=support', {
        body: new URLSearchParams(supportRequest({ email: freshEmail() }) as Record<string, string>),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER, ...headers },
        ip: freshIp(),
      })
    expect((await post()).status).toBe(200)
    expect(await count('form', 'support:submitted')).toBe(before + 1)
    expect((await post({ 'sec-gpc': '1' })).status).toBe(200)
    expect(await count('form', 'support:submitted')).toBe(before + 1)
  })
})

describe("the owner's report", () => {
  it('is for the owner only', async () => {
    const res = await rest('GET', '/api/insights', undefined, false)
    expect(res.status).toBe(401)
  })

  it('shows the range: views per day, top pages and referrers, the funnel and requests per week', async () => {
    const db = createDb(env.DB)
    const at = Date.parse('2025-06-11T12:00:00Z')
    await recordFacts(
      db,
      [
        { kind: 'view', key: '/r-home' },
        { kind: 'view', key: '/r-home' },
        { kind: 'view', key: '/r-about' },
        { kind: 'referrer', key: 'r.example' },
        { kind: 'campaign', key: 'news / email / june' },
        { kind: 'project', key: '999999' },
        { kind: 'form', key: 'consultation:shown' },
        { kind: 'form', key: 'consultation:submitted' },
        { kind: 'field', key: 'consultation:phone' },
      ],
      at,
    )
    await env.DB.prepare(
      "insert into consultations (name, email, project_type, preferred_date, preferred_time, description, created_at, updated_at) values ('A', 'a@example.com', 'web', '2025-06-20', '09:00', 'x', ?, ?)",
    )
      .bind(at, at)
      .run()
    const res = await rest('GET', '/api/insights?from=2025-06-09&to=2025-06-15')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('no-store')
    const report = (await res.json()) as Awaited<ReturnType<typeof insightsReport>>
    expect(report.days).toHaveLength(7)
    expect(report.days.find((d) => d.day === '2025-06-11')?.views).toBe(3)
    expect(report.totalViews).toBe(3)
    expect(report.pages[0]).toMatchObject({ key: '/r-home', count: 2 })
    expect(report.referrers).toEqual([{ key: 'r.example', label: 'r.example', count: 1 }])
    expect(report.campaigns[0]?.key).toBe('news / email / june')
    expect(report.projects[0]?.label).toBe('Project 999999 (deleted)')
    const funnel = report.funnels.find((f) => f.form === 'consultation')!
    expect(funnel.steps).toEqual({ shown: 1, started: 0, submitted: 1, rejected: 0, failed: 0 })
    expect(funnel.rejectedFields).toEqual([{ key: 'phone', label: 'phone', count: 1 }])
    expect(report.requestsPerWeek).toEqual([{ week: '2025-06-09', consultations: 1, support: 0 }])
  })

  it("counts a project's page views and its card's clicks together under its title", async () => {
    const db = createDb(env.DB)
    const { meta } = await env.DB.prepare(
      "insert into projects (title, slug, description) values ('Triage Board', 'triage-board-insights', 'd')",
    ).run()
    const id = String(meta.last_row_id)
    const at = Date.parse('2025-03-05T12:00:00Z')
    await recordFacts(
      db,
      [
        { kind: 'view', key: '/portfolio-solutions/triage-board-insights' },
        { kind: 'view', key: '/portfolio-solutions/triage-board-insights' },
        { kind: 'view', key: '/portfolio-solutions/an-old-slug' },
        { kind: 'project', key: id },
      ],
      at,
    )
    const report = await insightsReport(db, { from: '2025-03-05', to: '2025-03-05' })
    expect(report.projects).toEqual([{ key: id, label: 'Triage Board', count: 3 }])
  })

  it('reads 7, 30 or 90 days or a custom range, and refuses anything else with a 400', async () => {
    const now = Date.parse('2026-11-22T15:00:00Z')
    expect(parseRange({}, now)).toEqual({ from: '2026-10-24', to: '2026-11-22' })
    expect(parseRange({ days: '7' }, now)).toEqual({ from: '2026-11-16', to: '2026-11-22' })
    expect(daysOf(lastDays(90, now))).toHaveLength(90)
    expect(mondayOf('2026-11-22')).toBe('2026-11-16')
    for (const query of [
      'days=8',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-02&to=2026-03-01',
      'from=2020-01-01&to=2026-03-01',
      'from=yesterday',
    ]) {
      const res = await rest('GET', `/api/insights?${query}`)
      expect(res.status, query).toBe(400)
      expect(await res.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) })
    }
  })
})

describe('batching (ADR 065)', () => {
  const DAY = '2026-05-06'
  const AT = Date.parse(`${DAY}T09:00:00Z`)

  /** A writer whose writes end only when the test lets them: what each write carried, in order. */
  function heldWriter() {
    const writes: CountRow[][] = []
    const ends: (() => void)[] = []
    const write = (rows: CountRow[]) => {
      writes.push(rows.map((row) => ({ ...row })))
      return new Promise<void>((resolve) => ends.push(resolve))
    }
    return { writes, write, endNext: () => ends.shift()?.() }
  }

  it('merges the same day, kind and key into one row, and writes what arrives during a write in the next one', async () => {
    const batcher = new CountBatcher()
    const writer = heldWriter()
    // No window: the first request writes its count at once...
    const first = batcher.add([{ kind: 'view', key: '/a' }], writer.write, 0, AT)
    expect(writer.writes).toEqual([[{ day: DAY, kind: 'view', key: '/a', count: 1 }]])
    // ...and while that write is in flight, two more requests' facts gather.
    const visit = [
      { kind: 'view', key: '/b' },
      { kind: 'device', key: 'desktop' },
    ]
    const second = batcher.add(visit, writer.write, 0, AT)
    const third = batcher.add([...visit, { kind: 'view', key: '/b' }], writer.write, 0, AT)
    await Promise.resolve()
    // One write at a time: the next waits for the one in flight.
    expect(writer.writes).toHaveLength(1)
    writer.endNext()
    await first
    await vi.waitFor(() => expect(writer.writes).toHaveLength(2))
    expect(writer.writes[1]).toEqual([
      { day: DAY, kind: 'view', key: '/b', count: 3 },
      { day: DAY, kind: 'device', key: 'desktop', count: 2 },
    ])
    // Both requests were waiting for that one write; they are done when it is.
    let done = 0
    void Promise.all([second, third]).then(() => done++)
    await Promise.resolve()
    expect(done).toBe(0)
    writer.endNext()
    await Promise.all([second, third])
    expect(writer.writes).toHaveLength(2)
  })

  it("gathers a window's views into one write; each request is done once its batch is written", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: AT })
    try {
      const batcher = new CountBatcher()
      const writes: CountRow[][] = []
      const write = async (rows: CountRow[]) => {
        writes.push(rows)
      }
      const settled: string[] = []
      for (const key of ['/x', '/y', '/x'])
        void batcher.add([{ kind: 'view', key }], write, 1000).then(() => settled.push(key))
      await vi.advanceTimersByTimeAsync(999)
      expect(writes).toEqual([])
      expect(settled).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      await vi.waitFor(() => expect(settled).toHaveLength(3))
      expect(writes).toEqual([
        [
          { day: DAY, kind: 'view', key: '/x', count: 2 },
          { day: DAY, kind: 'view', key: '/y', count: 1 },
        ],
      ])
    } finally {
      vi.useRealTimers()
    }
  })

  it('a flush (the report) waits for the write in flight and then writes what is waiting', async () => {
    const batcher = new CountBatcher()
    const writer = heldWriter()
    void batcher.add([{ kind: 'view', key: '/in-flight' }], writer.write, 0, AT)
    // Gathering behind the write in flight, with a long window of its own.
    void batcher.add([{ kind: 'view', key: '/waiting' }], writer.write, 60_000, AT)
    let flushed = false
    const flush = batcher.flush(writer.write).then(() => {
      flushed = true
    })
    await Promise.resolve()
    expect(writer.writes).toHaveLength(1)
    writer.endNext()
    // The flush took the waiting batch without waiting for its window.
    await vi.waitFor(() => expect(writer.writes).toHaveLength(2))
    expect(writer.writes[1]).toEqual([{ day: DAY, kind: 'view', key: '/waiting', count: 1 }])
    expect(flushed).toBe(false)
    writer.endNext()
    await flush
    expect(flushed).toBe(true)
    // Nothing waiting and nothing in flight: a flush is done at once.
    await batcher.flush(writer.write)
    expect(writer.writes).toHaveLength(2)
  })

  it('logs a failed write and goes on; the request is never failed by it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const batcher = new CountBatcher()
      const failing = async () => {
        throw new Error('D1 is unavailable')
      }
      await expect(batcher.add([{ kind: 'view', key: '/f' }], failing, 0, AT)).resolves.toBeUndefined()
      const logged = warn.mock.calls.map(([line]) => JSON.parse(String(line)))
      expect(logged).toContainEqual({
        level: 'warn',
        message: 'insights: not recorded',
        error: 'Error: D1 is unavailable',
        rows: 1,
      })
      // The next batch is written as usual.
      const writes: CountRow[][] = []
      await batcher.add([{ kind: 'view', key: '/g' }], async (rows) => void writes.push(rows), 0, AT)
      expect(writes).toEqual([[{ day: DAY, kind: 'view', key: '/g', count: 1 }]])
    } finally {
      warn.mockRestore()
    }
  })

  it('a write that never ends (its request cut off) holds the next one back for at most the stall time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const batcher = new CountBatcher(5_000)
      void batcher.add([{ kind: 'view', key: '/stuck' }], () => new Promise<void>(() => {}), 0, AT)
      const writes: CountRow[][] = []
      let done = false
      void batcher
        .add([{ kind: 'view', key: '/next' }], async (rows) => void writes.push(rows), 0, AT)
        .then(() => {
          done = true
        })
      await vi.advanceTimersByTimeAsync(4_999)
      expect(writes).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      await vi.waitFor(() => expect(done).toBe(true))
      expect(writes).toEqual([[{ day: DAY, kind: 'view', key: '/next', count: 1 }]])
      expect(warn.mock.calls.map(([line]) => JSON.parse(String(line)).message)).toContain(
        'insights: a write did not end; the next one goes ahead',
      )
    } finally {
      warn.mockRestore()
      vi.useRealTimers()
    }
  })

  it("chunks a large batch under D1's 100 bound parameters per statement, in one round trip", async () => {
    const statements: number[] = []
    const batches: number[] = []
    const d1 = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'prepare')
          return (query: string) => {
            statements.push(query.match(/\?/g)?.length ?? 0)
            return target.prepare(query)
          }
        if (prop === 'batch')
          return (list: D1PreparedStatement[]) => {
            batches.push(list.length)
            return target.batch(list)
          }
        const value = Reflect.get(target, prop)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const rows = Array.from({ length: 60 }, (_, i) => ({
      day: '2025-02-03',
      kind: 'view',
      key: `/many-${i}`,
      count: 2,
    }))
    await writeCounts(createDb(d1))(rows)
    expect(statements).toEqual([100, 100, 40])
    expect(batches).toEqual([3])
    const { n, total } = (await env.DB.prepare(
      "select count(*) as n, sum(count) as total from insights_daily where day = '2025-02-03' and key like '/many-%'",
    ).first<{ n: number; total: number }>())!
    expect({ n, total }).toEqual({ n: 60, total: 120 })
  })

  it('reads INSIGHTS_BATCH_MS (unset: the default; at most 10 s)', () => {
    expect(batchWindowMs({})).toBe(DEFAULT_BATCH_MS)
    expect(batchWindowMs({ INSIGHTS_BATCH_MS: '0' })).toBe(0)
    expect(batchWindowMs({ INSIGHTS_BATCH_MS: '250' })).toBe(250)
    expect(batchWindowMs({ INSIGHTS_BATCH_MS: 'soon' })).toBe(DEFAULT_BATCH_MS)
    expect(batchWindowMs({ INSIGHTS_BATCH_MS: '-1' })).toBe(DEFAULT_BATCH_MS)
    expect(batchWindowMs({ INSIGHTS_BATCH_MS: '600000' })).toBe(10_000)
  })

  it("the owner's report shows every view whose request has completed, inside the window; none is written twice", async () => {
    // The beacon: its 204 is the request completed (no page render, so only the batch uses timers here).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const batched = { ...env, INSIGHTS_BATCH_MS: '60000' } as Env
      const ctx = createExecutionContext()
      const beaconView = () =>
        worker.fetch(
          new Request(`${ORIGIN}/api/insights/events`, {
            method: 'POST',
            body: JSON.stringify({ t: 'view', k: '/about' }),
            headers: {
              Origin: ORIGIN,
              'Sec-Fetch-Site': 'same-origin',
              'cf-connecting-ip': freshIp(),
              'user-agent': BROWSER,
              'content-type': 'text/plain;charset=UTF-8',
            },
          }) as Parameters<typeof worker.fetch>[0],
          batched,
          ctx,
        )
      const before = await count('view', '/about')
      expect((await beaconView()).status).toBe(204)
      expect((await beaconView()).status).toBe(204)
      // Within the window nothing is written yet...
      expect(await count('view', '/about')).toBe(before)
      // ...and the owner's report is never behind what was counted.
      const res = await rest('GET', '/api/insights?days=7')
      expect(res.status).toBe(200)
      const report = (await res.json()) as Awaited<ReturnType<typeof insightsReport>>
      expect(report.pages.find((p) => p.key === '/about')?.count).toBe(before + 2)
      // The two requests' windows then end with nothing left to write: no count twice.
      await vi.advanceTimersByTimeAsync(60_000)
      await waitOnExecutionContext(ctx)
      expect(await count('view', '/about')).toBe(before + 2)
      await insightsBatch.flush(writeCounts(createDb(env.DB)))
      expect(await count('view', '/about')).toBe(before + 2)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('retention', () => {
  it('the cron purges days older than INSIGHTS_RETENTION_MONTHS (default 25)', async () => {
    expect(retentionMonths({})).toBe(25)
    expect(retentionMonths({ INSIGHTS_RETENTION_MONTHS: '13' })).toBe(13)
    expect(retentionMonths({ INSIGHTS_RETENTION_MONTHS: 'soon' })).toBe(25)
    const db = createDb(env.DB)
    await recordFacts(db, [{ kind: 'view', key: '/old' }], Date.parse('2024-01-01T00:00:00Z'))
    await recordFacts(db, [{ kind: 'view', key: '/kept' }], Date.parse('2024-11-01T00:00:00Z'))
    const ctx = createExecutionContext()
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.parse('2026-11-22T00:00:00Z') }),
      env,
      ctx,
    )
    await waitOnExecutionContext(ctx)
    expect(await count('view', '/old', '2024-01-01')).toBe(0)
    expect(await count('view', '/kept', '2024-11-01')).toBe(1)
    // A shorter configured period purges more.
    expect(await purgeInsights(db, 12, Date.parse('2026-11-22T00:00:00Z'))).toBeGreaterThan(0)
    expect(await count('view', '/kept', '2024-11-01')).toBe(0)
  })
})
