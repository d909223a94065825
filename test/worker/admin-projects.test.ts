import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { enumName, enumValue } from '../../schema/graphql-enums'
import { publicProject } from '../../schema/project-card'
import { gql, rest } from './admin-helpers'
import { call } from './helpers'

const valid = {
  title: 'Clinic Scheduler',
  description: 'Books patients.',
  category: 'healthcare',
  status: 'beta',
  technologies: ['React', 'D1'],
  keyFeatures: ['Reminders'],
  order: 3,
}

const PROJECT_FIELDS = `id title slug description category businessValue keyFeatures problemSolved targetAudience status
  image technologies liveUrl githubUrl demoUrl isPublic featured order metrics { label value }
  testimonial { quote author role }`

/** Polls until the public read's edge copy is in the cache (it is stored after the response). */
const edgeCopyStored = (path: string) =>
  vi.waitFor(
    async () => {
      const cache = await caches.open('public-reads')
      expect(await cache.match(`https://public-read.cache${path}`)).toBeDefined()
    },
    { interval: 5 },
  )

/** The same project as GraphQL input: category and status are enums there. */
const asInput = (project: typeof valid) => ({
  ...project,
  category: enumName('ProjectCategory', project.category),
  status: enumName('ProjectStatus', project.status),
})

/** What REST and GraphQL must agree on: everything but the row's identity, clock and (unique) slug. */
const comparable = ({ id: _id, createdAt: _c, updatedAt: _u, slug: _s, ...rest }: Record<string, unknown>) =>
  rest
/** A project read through GraphQL, in REST's terms (stored enum values). */
const fromGql = (project: Record<string, unknown>) =>
  comparable({
    ...project,
    category: enumValue('ProjectCategory', String(project.category)),
    status: project.status === null ? null : enumValue('ProjectStatus', String(project.status)),
  })

describe('projects REST', () => {
  it('creates (201, the created project with defaults), lists, edits and deletes (204)', async () => {
    const created = await rest('POST', '/api/projects', {
      title: 'Minimal',
      description: 'D',
      category: 'pos',
      status: 'production',
    })
    expect(created.status).toBe(201)
    const project = (await created.json()) as Record<string, unknown>
    expect(project).toMatchObject({
      title: 'Minimal',
      isPublic: true,
      featured: false,
      order: 0,
      keyFeatures: [],
      technologies: [],
      liveUrl: null,
    })

    const list = (await (await call('/api/projects')).json()) as { id: number }[]
    expect(list.map((p) => p.id)).toContain(project.id)

    const edited = await rest('PUT', `/api/projects/${project.id}`, {
      ...valid,
      title: 'Renamed',
      featured: true,
    })
    expect(edited.status).toBe(200)
    expect(await edited.json()).toMatchObject({
      id: project.id,
      title: 'Renamed',
      featured: true,
      status: 'beta',
    })

    const deleted = await rest('DELETE', `/api/projects/${project.id}`)
    expect(deleted.status).toBe(204)
    expect(await rest('DELETE', `/api/projects/${project.id}`).then((r) => r.status)).toBe(404)
    const after = (await (await call('/api/projects')).json()) as { id: number }[]
    expect(after.map((p) => p.id)).not.toContain(project.id)
  })

  it('refuses anonymous writes with 401 and changes nothing', async () => {
    const before = await env.DB.prepare('select count(*) as n from projects').first<{ n: number }>()
    expect((await rest('POST', '/api/projects', valid, false)).status).toBe(401)
    expect((await rest('PUT', '/api/projects/1', valid, false)).status).toBe(401)
    expect((await rest('DELETE', '/api/projects/1', undefined, false)).status).toBe(401)
    const after = await env.DB.prepare('select count(*) as n from projects').first<{ n: number }>()
    expect(after?.n).toBe(before?.n)
  })

  it('answers 400 with a message per field for invalid input', async () => {
    const res = await rest('POST', '/api/projects', {
      title: '  ',
      category: 'nope',
      status: 'done',
      order: 1.5,
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: {
        title: 'Title is required',
        description: 'Description is required',
        category: 'Choose a category',
        status: 'Choose a status',
        order: 'Order must be a whole number',
      },
    })
  })

  it.each(['abc', '-1', '0', '1.5', '1e3', '9007199254740993', '99999999999999999999'])(
    'answers 400 naming id for the id %s',
    async (id) => {
      for (const [method, body] of [
        ['PUT', valid],
        ['DELETE', undefined],
      ] as const) {
        const res = await rest(method, `/api/projects/${id}`, body)
        expect(res.status).toBe(400)
        expect(await res.json()).toEqual({
          message: 'Please correct the highlighted fields.',
          errors: { id: 'Id must be a positive whole number' },
        })
      }
    },
  )

  it('answers 404 for a missing id', async () => {
    expect((await rest('PUT', '/api/projects/987654', valid)).status).toBe(404)
    const res = await rest('DELETE', '/api/projects/987654')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Project not found' })
  })
})

describe('projects REST and GraphQL parity', () => {
  it('create gives the same project', async () => {
    const viaRest = (await (await rest('POST', '/api/projects', valid)).json()) as Record<string, unknown>
    const viaGql = await gql<{ createProject: Record<string, unknown> }>(
      `mutation ($input: ProjectInput!) { createProject(input: $input) { ${PROJECT_FIELDS} } }`,
      { input: asInput(valid) },
    )
    expect(viaGql.status).toBe(200)
    expect(viaGql.body.data!.createProject).toMatchObject({ category: 'HEALTHCARE', status: 'BETA' })
    expect(fromGql(viaGql.body.data!.createProject)).toEqual(comparable(viaRest))
    // GraphQL ids are strings; they name the same kind of row.
    expect(Number(viaGql.body.data!.createProject.id)).toBeGreaterThan(Number(viaRest.id))
  })

  it('validation gives the same field messages', async () => {
    const bad = { title: '', liveUrl: 'javascript:alert(1)', status: 'beta', description: 'x' }
    const viaRest = (await (await rest('POST', '/api/projects', bad)).json()) as {
      errors: Record<string, string>
    }
    const viaGql = await gql(`mutation ($input: ProjectInput!) { createProject(input: $input) { id } }`, {
      input: { ...bad, status: 'BETA' },
    })
    expect(viaGql.status).toBe(400)
    expect(viaGql.body.errors?.[0]).toMatchObject({
      message: 'Please correct the highlighted fields.',
      extensions: { code: 'BAD_USER_INPUT', errors: viaRest.errors },
    })
    expect(viaRest.errors).toEqual({
      title: 'Title is required',
      category: 'Choose a category',
      liveUrl: 'Live URL must be a valid http(s) URL',
    })
  })

  it('an unknown category is refused by the enum itself on GraphQL', async () => {
    const viaGql = await gql(`mutation ($input: ProjectInput!) { createProject(input: $input) { id } }`, {
      input: { ...asInput(valid), category: 'ai-chatbot' },
    })
    expect(viaGql.status).toBe(400)
    expect(viaGql.body.errors?.[0]?.message).toMatch(/ProjectCategory/)
  })

  it('update, delete, a bad id and a missing id agree', async () => {
    const { id } = (await (await rest('POST', '/api/projects', valid)).json()) as { id: number }
    const update = { ...valid, title: 'Edited', metrics: [{ label: 'Calls', value: '-40%' }] }
    const viaGql = await gql<{ updateProject: Record<string, unknown> }>(
      `mutation ($id: ID!, $input: ProjectInput!) { updateProject(id: $id, input: $input) { ${PROJECT_FIELDS} } }`,
      { id, input: asInput(update) },
    )
    const viaRest = (await (await rest('PUT', `/api/projects/${id}`, update)).json()) as Record<
      string,
      unknown
    >
    expect(fromGql(viaGql.body.data!.updateProject)).toEqual(comparable(viaRest))

    const badId = await gql(`mutation { deleteProject(id: "0") }`)
    expect(badId.status).toBe(400)
    expect(badId.body.errors?.[0]?.extensions?.errors).toEqual({ id: 'Id must be a positive whole number' })

    const deleted = await gql<{ deleteProject: string }>(`mutation ($id: ID!) { deleteProject(id: $id) }`, {
      id,
    })
    expect(deleted.body.data?.deleteProject).toBe(String(id))
    const missing = await gql(`mutation ($id: ID!) { deleteProject(id: $id) }`, { id })
    expect(missing.status).toBe(404)
    expect(missing.body.errors?.[0]).toMatchObject({
      message: 'Project not found',
      extensions: { code: 'NOT_FOUND' },
    })
    expect((await rest('DELETE', `/api/projects/${id}`)).status).toBe(404)
  })

  it("the public list is the public projection of the owner's list, in the same order", async () => {
    await rest('POST', '/api/projects', valid)
    const viaRest = (await (await call('/api/projects')).json()) as Record<string, unknown>[]
    const viaGql = await gql<{ projects: Record<string, unknown>[] }>(`{ projects { ${PROJECT_FIELDS} } }`)
    // REST is the public projection of what the owner reads through GraphQL.
    const projected = viaGql.body.data!.projects.map((p) => {
      const stored = fromGql(p)
      return publicProject({
        ...(stored as unknown as Parameters<typeof publicProject>[0]),
        id: Number(p.id),
        slug: String(p.slug),
      })
    })
    expect(viaRest).toEqual(projected)
    expect(viaGql.body.data!.projects.map((p) => Number(p.id))).toEqual(viaRest.map((p) => p.id))
  })

  it('a write through either API is on the public list at once (the edge copy is purged)', async () => {
    const before = (await (await call('/api/projects')).json()) as { title: string }[]
    // Wait until the edge copy is stored, so the next read would be served from it without a purge.
    await edgeCopyStored('/api/projects')
    const viaGql = await gql<{ createProject: { id: string } }>(
      'mutation ($input: ProjectInput!) { createProject(input: $input) { id } }',
      { input: { ...asInput(valid), title: 'Fresh from GraphQL' } },
    )
    const after = (await (await call('/api/projects')).json()) as { id: number; title: string }[]
    expect(after).toHaveLength(before.length + 1)
    expect(after.map((p) => p.title)).toContain('Fresh from GraphQL')

    await rest('DELETE', `/api/projects/${viaGql.body.data!.createProject.id}`)
    const final = (await (await call('/api/projects')).json()) as { title: string }[]
    expect(final.map((p) => p.title)).not.toContain('Fresh from GraphQL')
  })

  it('a 304 from the edge copy tells the browser to revalidate next time too', async () => {
    const first = await call('/api/projects')
    const etag = first.headers.get('etag')!
    await edgeCopyStored('/api/projects')
    const revalidated = await call('/api/projects', { headers: { 'If-None-Match': etag } })
    expect(revalidated.status).toBe(304)
    // Not the edge copy's own lifetime: a browser holding this could not see the next write.
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  })
})
