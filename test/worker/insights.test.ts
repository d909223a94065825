// Issue 18: first-party, cookieless insights. The privacy rules (GPC, DNT,
// robots, the owner), what a page view and a beacon count, the daily
// aggregation, the submissions counted at the intake, the owner's report and
// the retention purge.
import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { createDb } from '../../worker/db'
import { recordFacts } from '../../worker/insights/record'
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
import { freshIp } from './helpers'
import { BROWSER, beaconSend, count, PHONE, req, view } from './insights-fixtures'
import { consultation, freshEmail, send, supportRequest } from './requests-fixtures'
import { ownerCookie } from './session-helpers'

vi.setConfig({ testTimeout: 30_000 })

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
    expect(funnel.rejectedFields).toEqual([{ key: 'phone', label: 'Phone Number', count: 1 }])
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
