// Issue 53 (point 6): the whole API documented. Every /api route the Worker
// answers, read from the app itself (app.routes, as fuzz-routes.test.ts reads
// it), must be an operation of the document it serves at /api/openapi.json,
// and every documented operation must be a route it answers: a route added
// without createRoute (or registerPath) fails here, naming its method and path.
import { describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import { call } from './helpers'
import { PUBLIC_ROUTES } from './public-routes'

type Route = { method: string; path: string }
type Operation = { security?: Record<string, string[]>[] }
type Doc = { servers: { url: string }[]; paths: Record<string, Record<string, Operation>> }

/** Routes the app answers that are not operations of the API, each with its reason. Keep it tiny. */
const NOT_IN_CONTRACT = new Map([
  ['GET /api/openapi.json', 'the document itself: it describes the API and is not one of its operations'],
])

/** "METHOD /api/path/{param}" for a Hono route (`:param`, as OpenAPI writes it). */
const routeKey = (r: Route) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`

/** The API routes of a Hono route table: middleware (ALL) and wildcards are not routes. */
function apiRoutes(routes: readonly Route[]): Set<string> {
  return new Set(
    routes
      .filter((r) => r.path.startsWith('/api/') && !r.path.includes('*') && r.method !== 'ALL')
      .map(routeKey),
  )
}

/** The document's operations as "METHOD /api/path/{param}" (its paths are relative to its server, /api). */
function documentedOperations(doc: Doc): Map<string, Operation> {
  const base = doc.servers[0]?.url ?? ''
  const ops = new Map<string, Operation>()
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) ops.set(`${method.toUpperCase()} ${base}${path}`, op)
  return ops
}

/** What the check reports: routes missing from the document, and operations no route answers. */
function compare(routes: readonly Route[], doc: Doc) {
  const answered = apiRoutes(routes)
  const documented = documentedOperations(doc)
  return {
    undocumented: [...answered].filter((key) => !documented.has(key) && !NOT_IN_CONTRACT.has(key)).sort(),
    unanswered: [...documented.keys()].filter((key) => !answered.has(key)).sort(),
  }
}

const servedDocument = async () => {
  const res = await call('/api/openapi.json')
  expect(res.status).toBe(200)
  return (await res.json()) as Doc
}

describe('/api/openapi.json documents the whole API', () => {
  it('every /api route the app answers is documented, and every documented operation is answered', async () => {
    const doc = await servedDocument()
    expect(compare(app.routes, doc)).toEqual({ undocumented: [], unanswered: [] })
    // The count the issue closed on (229 routes, the document itself left out); a drop means routes went missing.
    expect(documentedOperations(doc).size).toBeGreaterThanOrEqual(228)
  })

  it('names a route that is not documented, and an operation nobody answers (the check can fail)', async () => {
    const doc = await servedDocument()
    const routes = [...app.routes, { method: 'POST', path: '/api/projects/:id/fabricated' }]
    const extra: Doc = { ...doc, paths: { ...doc.paths, '/gone/{id}': { delete: {} } } }
    expect(compare(routes, extra)).toEqual({
      undocumented: ['POST /api/projects/{id}/fabricated'],
      unanswered: ['DELETE /api/gone/{id}'],
    })
    // A method the document lacks on a path it has is missing too.
    const withoutDelete: Doc = { ...doc, paths: { ...doc.paths, '/skills/{id}': {} } }
    expect(compare(app.routes, withoutDelete).undocumented).toEqual(['DELETE /api/skills/{id}'])
  })

  it('leaves out only routes the app answers, each for a written reason', () => {
    const answered = apiRoutes(app.routes)
    for (const [key, reason] of NOT_IN_CONTRACT) {
      expect(answered.has(key), key).toBe(true)
      expect(reason.length, key).toBeGreaterThan(20)
    }
  })

  it('documents without security exactly the routes a visitor may call (the others answer a visitor 401)', async () => {
    const documented = documentedOperations(await servedDocument())
    const publicOps = [...documented].filter(([, op]) => op.security?.length === 0).map(([key]) => key)
    const visitorRoutes = [...PUBLIC_ROUTES]
      .map((entry) => {
        const [method, path] = entry.split(' ') as [string, string]
        return routeKey({ method, path })
      })
      // /auth/me answers a visitor 401 itself: documented as the session's route.
      .filter((key) => key !== 'GET /api/auth/me' && !NOT_IN_CONTRACT.has(key))
    expect(publicOps.sort()).toEqual(visitorRoutes.sort())
    // Every other operation names how it is signed in.
    for (const [key, op] of documented)
      if (!publicOps.includes(key)) expect(op.security?.length, key).toBeGreaterThan(0)
  })
})
