// The bad-input suite: every REST route and the GraphQL endpoint, fed malformed
// and hostile input, must answer 4xx JSON in the API's error shape (never 5xx,
// never a stack trace) and leave D1 and R2 exactly as they were.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { call } from './helpers'
import { ownerCookie } from './session-helpers'

type Route = { method: string; path: string; body: 'json' | 'multipart' | 'none'; field?: string }

const ID = '{id}'
const ROUTES: Route[] = [
  { method: 'POST', path: '/api/auth/login', body: 'json' },
  { method: 'POST', path: '/api/auth/register', body: 'json' },
  { method: 'POST', path: '/api/projects', body: 'json' },
  { method: 'PUT', path: `/api/projects/${ID}`, body: 'json' },
  { method: 'DELETE', path: `/api/projects/${ID}`, body: 'none' },
  { method: 'POST', path: '/api/skills', body: 'json' },
  { method: 'DELETE', path: `/api/skills/${ID}`, body: 'none' },
  { method: 'POST', path: '/api/page-content', body: 'json' },
  { method: 'PUT', path: `/api/page-content/${ID}`, body: 'json' },
  { method: 'POST', path: '/api/resumes', body: 'multipart', field: 'resume' },
  { method: 'PUT', path: `/api/resumes/${ID}/activate`, body: 'none' },
  { method: 'DELETE', path: `/api/resumes/${ID}`, body: 'none' },
  { method: 'POST', path: '/api/uploads', body: 'multipart', field: 'file' },
  { method: 'GET', path: `/api/uploads/${ID}`, body: 'none' },
  { method: 'POST', path: '/api/consultations', body: 'json' },
  { method: 'PATCH', path: `/api/consultations/${ID}`, body: 'json' },
  { method: 'POST', path: '/api/consultation', body: 'json' },
  { method: 'PATCH', path: `/api/support-requests/${ID}`, body: 'json' },
]

const TABLES = [
  'users',
  'projects',
  'resumes',
  'uploaded_files',
  'page_content',
  'skills',
  'consultations',
  'support_requests',
  'mail_outbox',
]

async function snapshot() {
  const counts: Record<string, unknown> = {}
  for (const t of TABLES) {
    const row = await env.DB.prepare(
      `select count(*) as n, coalesce(max(updated_at), 0) as u from ${t}`,
    ).first()
    counts[t] = row
  }
  counts.r2 = (await env.FILES.list()).objects.length
  return counts
}

let cookie = ''
beforeAll(async () => {
  cookie = await ownerCookie()
  // Real rows so that ids 1 exist and unchanged data is meaningful.
  await env.DB.prepare(
    "insert into projects (title, slug, description, category, status) values ('Keep me', 'keep-me', 'Stays', 'other', 'beta')",
  ).run()
  await env.DB.prepare("insert into skills (category, name) values ('Languages', 'SQL')").run()
  await env.DB.prepare("insert into page_content (key, content) values ('home.hero.subtitle', 'Hello')").run()
})

async function expectRefused(res: Response, label: string) {
  const text = await res.text()
  expect(res.status, `${label}: status (${text.slice(0, 200)})`).toBeGreaterThanOrEqual(400)
  expect(res.status, `${label}: status (${text.slice(0, 200)})`).toBeLessThan(500)
  expect(res.headers.get('content-type'), `${label}: content type`).toContain('application/json')
  const body = JSON.parse(text) as { message?: unknown; errors?: unknown }
  expect(typeof body.message, `${label}: message`).toBe('string')
  if (body.errors !== undefined) expect(typeof body.errors, `${label}: errors`).toBe('object')
  expect(text, `${label}: no stack trace`).not.toMatch(/\n\s+at\s|\bat .+\.(ts|js):\d+|"stack"/)
}

const send = (route: Route, path: string, init: RequestInit) =>
  call(path, {
    method: route.method,
    ...init,
    headers: { cookie, ...(init.headers as Record<string, string>) },
  })

const pathWith = (route: Route, id: string) => route.path.replace(ID, id)

const BAD_IDS = ['-1', '0', 'abc', '1.5', '99999999999999999999999', '..%2F..%2Fetc%2Fpasswd', '%00', '1%00']

const JSON_CASES: [string, BodyInit, string][] = [
  ['malformed JSON', '{"title": ', 'application/json'],
  ['a JSON array', '[]', 'application/json'],
  ['null', 'null', 'application/json'],
  ['a number', '42', 'application/json'],
  ['a wrong content type', 'title=x', 'text/plain'],
  ['an empty object', '{}', 'application/json'],
  [
    'wrong field types',
    JSON.stringify({
      title: 1,
      description: [],
      category: {},
      status: 5,
      key: 7,
      content: false,
      username: 1,
      password: {},
      name: [],
      email: 5,
      phone: {},
      projectType: 1,
      issueType: 2,
      urgency: 3,
      preferredContact: 4,
      preferredDate: 'yesterday',
      preferredTime: 12,
      description2: 1,
      keyFeatures: 'nope',
      technologies: 3,
      isPublic: 'yes',
      order: 'first',
    }),
    'application/json',
  ],
  [
    '1 MB strings',
    JSON.stringify({ title: 'x'.repeat(1024 * 1024), name: 'y'.repeat(1024 * 1024) }),
    'application/json',
  ],
  ['a body past the limit', `{"pad":"${'z'.repeat(200 * 1024)}"}`, 'application/json'],
]

describe('bad input on REST routes', () => {
  for (const route of ROUTES) {
    describe(`${route.method} ${route.path}`, () => {
      if (route.path.includes(ID)) {
        it('refuses hostile ids without changing data', async () => {
          const before = await snapshot()
          for (const id of BAD_IDS) {
            const init: RequestInit =
              route.body === 'json' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}
            await expectRefused(
              await send(route, pathWith(route, id), init),
              `${route.method} ${pathWith(route, id)}`,
            )
          }
          expect(await snapshot()).toEqual(before)
        })
      }

      if (route.body === 'json') {
        it('refuses malformed and hostile bodies without changing data', async () => {
          const before = await snapshot()
          for (const [label, body, type] of JSON_CASES) {
            const res = await send(route, pathWith(route, '1'), { body, headers: { 'content-type': type } })
            await expectRefused(res, `${route.method} ${route.path} with ${label}`)
          }
          expect(await snapshot()).toEqual(before)
        })
      }

      if (route.body === 'multipart') {
        it('refuses forged multipart without changing data', async () => {
          const before = await snapshot()
          const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00])
          const forms: [string, FormData][] = []
          const noFile = new FormData()
          noFile.append('other', 'value')
          forms.push(['no file', noFile])
          const wrongField = new FormData()
          wrongField.append('wrong', new File(['%PDF-1.4 hello'], 'a.pdf', { type: 'application/pdf' }))
          forms.push(['a wrong field', wrongField])
          const renamed = new FormData()
          renamed.append(route.field!, new File([exe], 'resume.pdf', { type: 'application/pdf' }))
          forms.push(['a renamed executable', renamed])
          const empty = new FormData()
          empty.append(route.field!, new File([], 'empty.pdf', { type: 'application/pdf' }))
          forms.push(['an empty file', empty])
          const text = new FormData()
          text.append(route.field!, 'just a string')
          forms.push(['a string instead of a file', text])
          for (const [label, form] of forms) {
            await expectRefused(await send(route, route.path, { body: form }), `${route.path} with ${label}`)
          }
          await expectRefused(
            await send(route, route.path, {
              body: 'not multipart',
              headers: { 'content-type': 'multipart/form-data; boundary=x' },
            }),
            `${route.path} with a broken multipart body`,
          )
          expect(await snapshot()).toEqual(before)
        })
      }
    })
  }
})

describe('bad input on /graphql', () => {
  const gql = (body: BodyInit, type = 'application/json') =>
    call('/graphql', {
      method: 'POST',
      body,
      headers: { cookie, 'content-type': type, 'x-graphql-yoga-csrf': '1' },
    })

  it('refuses syntax errors, unknown fields, wrong bodies and over-deep queries without changing data', async () => {
    const before = await snapshot()
    const deep = `{ __schema { types { fields { type { ${'ofType { '.repeat(20)}name${' }'.repeat(20)} } } } } }`
    const cases: [string, BodyInit, string?][] = [
      ['a syntax error', JSON.stringify({ query: '{ me { username ' })],
      ['an unknown field', JSON.stringify({ query: '{ nope }' })],
      ['an over-deep query', JSON.stringify({ query: deep })],
      ['malformed JSON', '{"query": '],
      ['a JSON array', '[1]'],
      ['null', 'null'],
      ['a non-string query', JSON.stringify({ query: 5 })],
      ['a 1 MB query', JSON.stringify({ query: `{ ${'me { username } '.repeat(70_000)} }` })],
      ['a wrong content type', 'query=1', 'text/plain'],
    ]
    for (const [label, body, type] of cases)
      await expectRefused(await gql(body, type), `/graphql with ${label}`)
    expect(await snapshot()).toEqual(before)
  })
})
