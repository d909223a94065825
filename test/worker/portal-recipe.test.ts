// The recipe for a portal page (docs/architecture.md, "A portal page"; ADR 211):
// two files, the route module and its service, on one request context. Its
// example, the maintenance task page (web/routes/portal_.maintenance_.$id.tsx on
// worker/services/portal-maintenance.ts), is rendered for its client's contact,
// is the 404 page for another client's and the sign-in form without a session;
// and every portal page is built the same way: its server half reaches the
// Worker only through worker/page-context.ts and worker/services/, with no
// per-area context file, page server or registration in worker/pages.ts.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { addDays, businessDate } from '../../schema/slot-time'
import { call } from './helpers'
import { portalCookie, seedClient } from './portal-fixtures'

/** The page modules' and the wiring's source, as the build reads it. */
const source = (files: Record<string, string>) =>
  Object.entries(files).map(([file, text]) => ({ file: file.replace(/^(\.\.\/)+/, ''), text }))
const portalPages = source(
  import.meta.glob<string>(['../../web/routes/portal*.tsx', '!**/*.test.tsx'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
)
const webLib = Object.keys(import.meta.glob('../../web/lib/*.ts'))
const portalWorker = Object.keys(import.meta.glob('../../worker/portal/*.ts'))
const [pagesTs] = source(
  import.meta.glob<string>('../../worker/pages.ts', { query: '?raw', import: 'default', eager: true }),
)

describe('the recipe’s example: the maintenance task page', () => {
  it('shows the client’s task, is a 404 for another client and the sign-in form without a session', async () => {
    const a = await seedClient('recipe-a')
    const b = await seedClient('recipe-b')
    const due = addDays(businessDate(new Date()), 3)
    const row = await env.DB.prepare(
      `insert into maintenance_tasks (client_id, title, due_date, status) values (?, 'Firewall rule review', ?, 'open') returning id`,
    )
      .bind(a.clientId, due)
      .first<{ id: number }>()
    const path = `/portal/maintenance/${row!.id}`

    const mine = await call(path, { headers: { Cookie: await portalCookie(a.contactId) } })
    expect(mine.status).toBe(200)
    const html = await mine.text()
    expect(html).toContain('Firewall rule review')

    const theirs = await call(path, { headers: { Cookie: await portalCookie(b.contactId) } })
    expect(theirs.status).toBe(404)
    expect(await theirs.text()).not.toContain('Firewall rule review')

    const nobody = await call(path, { redirect: 'manual' })
    expect([302, 303]).toContain(nobody.status)
    expect(nobody.headers.get('location')).toBe(`/portal?next=${encodeURIComponent(path)}`)
  })
})

describe('every portal page follows the recipe', () => {
  it('reaches the Worker only through the request context and the services', () => {
    expect(portalPages.length).toBeGreaterThan(15)
    const elsewhere = portalPages.flatMap(({ file, text }) =>
      [...text.matchAll(/from '(\.\.\/\.\.\/worker\/[^']+)'/g)]
        .map((m) => m[1]!)
        .filter((spec) => !/^\.\.\/\.\.\/worker\/(page-context|services\/.+)$/.test(spec))
        .map((spec) => `${file} -> ${spec}`),
    )
    expect(elsewhere).toEqual([])
    // None reads a per-area context of web/lib/ (their view types come from the services).
    const perArea = portalPages.filter(({ text }) => /from '\.\.\/lib\/(portal|people|ratings)-/.test(text))
    expect(perArea.map(({ file }) => file)).toEqual([])
  })

  it('has no per-area context file, page server or wiring, and worker/pages.ts names no portal area', () => {
    expect(webLib.filter((f) => /\/(portal|people|ratings)-[^/]*\.ts$/.test(f))).toEqual([])
    expect(portalWorker.filter((f) => /-(server|wiring)\.ts$/.test(f))).toEqual([])
    expect(pagesTs).toBeDefined()
    const text = pagesTs!.text
    // What renderPage sets: the public site's server, the nonce, the request context, the form banner.
    const set = [...text.matchAll(/context\.set\((\w+)/g)].map((m) => m[1])
    expect(set.sort()).toEqual(['formUnreadable', 'pageRequest', 'requestNonce', 'siteServer'])
    // Of the portal, only its session cookie (worker/portal/session.ts), for the request context.
    const portalImports = [...text.matchAll(/from '([^']*portal[^']*)'/g)].map((m) => m[1])
    expect(portalImports).toEqual(['./portal/session'])
    expect(text).not.toMatch(
      /portal[A-Z]\w*For\b|\b(plan|monitors|maintenance|assets|reports|compliance|invoices|quotes|people|ratings|training)Server\b/,
    )
  })
})
