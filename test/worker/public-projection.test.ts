// Issue 14: an anonymous client learns of a project exactly what its public
// card shows, and of the page copy only the blocks a page reads.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_CONTENT_KEYS } from '../../schema/public-content'
import { purgePublicReads } from '../../worker/cache/public-reads'
import { rest } from './admin-helpers'
import { call } from './helpers'

const SECRET = 'https://secret-internal.example/admin?token=abc'
const base = { description: 'D', category: 'healthcare', technologies: ['React'], order: -500 }

/** Every string anywhere in an anonymous answer. */
const allText = async (path: string) => JSON.stringify(await (await call(path)).json())

describe('the public project list', () => {
  beforeAll(async () => {
    const projects = [
      // "Contact for Access" by status: no link of any kind may leave.
      { title: 'Private one', status: 'private', liveUrl: SECRET, demoUrl: SECRET, githubUrl: SECRET },
      // "Contact for Access" because it is not public.
      { title: 'Hidden one', status: 'beta', isPublic: false, demoUrl: SECRET, githubUrl: SECRET },
      // "View Live Solution": the live link only.
      {
        title: 'Live one',
        status: 'production',
        liveUrl: 'https://live.example/',
        demoUrl: 'https://demo-unused.example/',
        githubUrl: 'https://github.com/x/y',
      },
      // "Schedule Demo": the demo link only.
      {
        title: 'Demo one',
        status: 'beta',
        liveUrl: 'https://live-unused.example/',
        demoUrl: 'https://demo.example/',
      },
      {
        title: 'Many features',
        status: 'beta',
        keyFeatures: ['a', 'b', 'c', 'd', 'e'],
        testimonial: { quote: 'Great' },
      },
    ]
    for (const p of projects)
      expect((await rest('POST', '/api/projects', { ...base, ...p })).status).toBe(201)
  })

  it('carries none of a "Contact for Access" project\'s links, and never the repository link', async () => {
    const text = await allText('/api/projects')
    expect(text).not.toContain('secret-internal')
    expect(text).not.toContain('github.com')
    expect(text).not.toContain('githubUrl')
    const list = JSON.parse(text) as Record<string, unknown>[]
    const byTitle = Object.fromEntries(list.map((p) => [p.title, p]))
    expect(byTitle['Private one']).toMatchObject({ liveUrl: null, demoUrl: null, status: 'private' })
    expect(byTitle['Hidden one']).toMatchObject({ liveUrl: null, demoUrl: null, isPublic: false })
  })

  it("keeps the link the card's button opens, and only that one", async () => {
    const list = (await (await call('/api/projects')).json()) as Record<string, unknown>[]
    const byTitle = Object.fromEntries(list.map((p) => [p.title, p]))
    expect(byTitle['Live one']).toMatchObject({ liveUrl: 'https://live.example/', demoUrl: null })
    expect(byTitle['Demo one']).toMatchObject({ liveUrl: null, demoUrl: 'https://demo.example/' })
  })

  it('carries only the fields the cards show (the first 3 key features, no testimonial or technologies)', async () => {
    const list = (await (await call('/api/projects')).json()) as Record<string, unknown>[]
    const project = list.find((p) => p.title === 'Many features')!
    expect(Object.keys(project).sort()).toEqual(
      [
        'businessValue',
        'category',
        'demoUrl',
        'description',
        'featured',
        'id',
        'image',
        'isPublic',
        'keyFeatures',
        'liveUrl',
        'metrics',
        'problemSolved',
        'slug',
        'status',
        'targetAudience',
        'title',
      ].sort(),
    )
    expect(project.keyFeatures).toEqual(['a', 'b', 'c'])
  })

  it('the owner still gets every field through GraphQL', async () => {
    const { gql } = await import('./admin-helpers')
    const res = await gql<{
      projects: { title: string; githubUrl: string | null; liveUrl: string | null }[]
    }>('{ projects { title githubUrl liveUrl } }')
    const priv = res.body.data!.projects.find((p) => p.title === 'Private one')!
    expect(priv).toMatchObject({ githubUrl: SECRET, liveUrl: SECRET })
  })
})

describe('public page content', () => {
  beforeAll(async () => {
    await env.DB.batch(
      [
        ['unused.block', 'Shown nowhere'],
        ['home.background', 'Home copy'],
        ['about.intro', 'About copy'],
      ].map(([key, content]) =>
        env.DB.prepare(
          'insert into page_content (key, content, content_type) values (?, ?, ?) on conflict(key) do update set content = excluded.content',
        ).bind(key, content, 'text'),
      ),
    )
    await purgePublicReads()
  })

  it('the list leaves out blocks under keys no page reads', async () => {
    const blocks = (await (await call('/api/page-content')).json()) as { key: string }[]
    expect(blocks.map((b) => b.key)).not.toContain('unused.block')
    expect(blocks.every((b) => b.key in PUBLIC_CONTENT_KEYS)).toBe(true)
    expect(blocks.map((b) => b.key)).toEqual(expect.arrayContaining(['home.background', 'about.intro']))
  })

  it('one page gets only its own blocks', async () => {
    const res = await call('/api/page-content/home')
    expect(res.status).toBe(200)
    const blocks = (await res.json()) as { key: string }[]
    expect(blocks.map((b) => b.key)).toContain('home.background')
    expect(blocks.every((b) => b.key.startsWith('home.'))).toBe(true)
  })

  it('an unknown page is a JSON 404', async () => {
    const res = await call('/api/page-content/nowhere')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: expect.any(String) })
  })
})
