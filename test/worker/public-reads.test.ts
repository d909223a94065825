import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { slugify } from '../../schema/slug'
import { purgePublicReads } from '../../worker/cache/public-reads'
import { call } from './helpers'

// Storage is shared by the tests of this file: each test creates the rows it
// needs (with a unique tag) and only asserts on those, or resets what it reads.

const tag = () => crypto.randomUUID().slice(0, 8)

async function insertProject(
  title: string,
  order: number,
  createdAt: number,
  extra: Record<string, unknown> = {},
) {
  const columns = {
    title,
    slug: slugify(title),
    description: `${title} description`,
    sort_order: order,
    created_at: createdAt,
    ...extra,
  }
  const names = Object.keys(columns)
  await env.DB.prepare(
    `insert into projects (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`,
  )
    .bind(...Object.values(columns))
    .run()
  await ownerWriteDone()
}

// These tests write to D1 behind the API's back; an owner write through the
// API also purges the edge copies of public reads (worker/cache/public-reads.ts).
const ownerWriteDone = () => purgePublicReads()

async function deactivateResumes() {
  await env.DB.prepare('update resumes set is_active = 0').run()
  await ownerWriteDone()
}

async function insertActiveResume(originalName: string, mimeType: string, bytes: Uint8Array) {
  await deactivateResumes()
  const objectKey = `resumes/test-${tag()}`
  await env.FILES.put(objectKey, bytes, { httpMetadata: { contentType: mimeType } })
  const row = await env.DB.prepare(
    'insert into resumes (original_name, mime_type, file_size, object_key, is_active) values (?, ?, ?, ?, 1) returning id',
  )
    .bind(originalName, mimeType, bytes.byteLength, objectKey)
    .first<{ id: number }>()
  await ownerWriteDone()
  return { id: row!.id, objectKey }
}

describe('public reads carry validators', () => {
  it.each(['/api/projects', '/api/skills', '/api/page-content'])(
    '%s: ETag, revalidating Cache-Control, 304 on a matching If-None-Match',
    async (path) => {
      const first = await call(path)
      expect(first.status).toBe(200)
      expect(first.headers.get('content-type')).toContain('application/json')
      expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
      const etag = first.headers.get('etag')
      expect(etag).toBeTruthy()
      await first.arrayBuffer()

      const again = await call(path, { headers: { 'If-None-Match': etag! } })
      expect(again.status).toBe(304)
      expect(again.headers.get('etag')).toBe(etag)
      expect(await again.text()).toBe('')

      const other = await call(path, { headers: { 'If-None-Match': '"something-else"' } })
      expect(other.status).toBe(200)
      expect(Array.isArray(await other.json())).toBe(true)
    },
  )

  it('a write changes the ETag, so a stale If-None-Match gets the new list', async () => {
    const before = await call('/api/skills')
    const etag = before.headers.get('etag')!
    await before.arrayBuffer()
    const name = `Skill ${tag()}`
    await env.DB.prepare('insert into skills (category, name) values (?, ?)').bind('Testing', name).run()
    await ownerWriteDone()

    const after = await call('/api/skills', { headers: { 'If-None-Match': etag } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    expect(await after.json()).toContainEqual(expect.objectContaining({ category: 'Testing', name }))
  })

  it('page content changes invalidate too', async () => {
    const before = await call('/api/page-content')
    const etag = before.headers.get('etag')!
    await before.arrayBuffer()
    const key = 'contact.hours'
    const content = `Hello ${tag()}`
    await env.DB.prepare(
      'insert into page_content (key, content, content_type) values (?, ?, ?) on conflict(key) do update set content = excluded.content',
    )
      .bind(key, content, 'text')
      .run()
    await ownerWriteDone()
    const after = await call('/api/page-content', { headers: { 'If-None-Match': etag } })
    expect(after.status).toBe(200)
    expect(await after.json()).toContainEqual(expect.objectContaining({ key, content, contentType: 'text' }))
  })
})

describe('GET /api/projects', () => {
  it('orders by `order`, then newest first', async () => {
    const t = tag()
    const now = Date.now()
    await insertProject(`${t} order2-old`, 2, now - 3000)
    await insertProject(`${t} order1-old`, 1, now - 2000)
    await insertProject(`${t} order2-new`, 2, now - 1000)
    await insertProject(`${t} order1-new`, 1, now)
    await insertProject(`${t} order0`, 0, now - 10_000)

    const list = (await (await call('/api/projects')).json()) as { title: string }[]
    const mine = list.filter((p) => p.title.startsWith(t)).map((p) => p.title.slice(t.length + 1))
    expect(mine).toEqual(['order0', 'order1-new', 'order1-old', 'order2-new', 'order2-old'])
  })

  it('returns the fields the cards need, with lists as arrays and a missing status as null', async () => {
    const t = tag()
    await insertProject(`${t} fields`, 50, Date.now(), {
      category: 'ai-chatbot',
      key_features: JSON.stringify(['A', 'B']),
      technologies: JSON.stringify(['TS']),
      live_url: 'https://live.example.com',
      is_public: 0,
    })
    const list = (await (await call('/api/projects')).json()) as Record<string, unknown>[]
    const project = list.find((p) => p.title === `${t} fields`)
    expect(project).toMatchObject({
      category: 'ai-chatbot',
      keyFeatures: ['A', 'B'],
      // A missing status shows as production, so the live link is the card's button.
      liveUrl: 'https://live.example.com',
      isPublic: false,
      status: null,
    })
    // Not shown on any public card (the owner reads them through GraphQL).
    expect(project).not.toHaveProperty('technologies')
    expect(project).not.toHaveProperty('order')
  })
})

describe('GET /api/resume/active', () => {
  it('is 404 with the JSON error shape when no resume is active', async () => {
    await deactivateResumes()
    const res = await call('/api/resume/active')
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ message: expect.any(String) })
  })

  it("returns the active resume's metadata, never its storage key, with validators", async () => {
    const { id, objectKey } = await insertActiveResume('CV.pdf', 'application/pdf', new Uint8Array([1, 2, 3]))
    const res = await call('/api/resume/active')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      id,
      originalName: 'CV.pdf',
      mimeType: 'application/pdf',
      fileSize: 3,
      isActive: true,
    })
    expect(body).toHaveProperty('createdAt')
    expect(JSON.stringify(body)).not.toContain(objectKey)
    expect(body).not.toHaveProperty('objectKey')

    const etag = res.headers.get('etag')!
    expect(etag).toBeTruthy()
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect((await call('/api/resume/active', { headers: { 'If-None-Match': etag } })).status).toBe(304)
  })
})

describe('GET /api/resume/download', () => {
  it('streams the active resume with its original name and type as an attachment', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 test resume')
    await insertActiveResume('Alex Morgan Resume.pdf', 'application/pdf', bytes)
    const res = await call('/api/resume/download')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-length')).toBe(String(bytes.byteLength))
    const disposition = res.headers.get('content-disposition')!
    expect(disposition).toMatch(/^attachment;/)
    expect(disposition).toContain('filename="Alex Morgan Resume.pdf"')
    expect(disposition).toContain("filename*=UTF-8''Alex%20Morgan%20Resume.pdf")
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes)
  })

  it('keeps a non-ASCII name in filename* and a safe ASCII fallback', async () => {
    const type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
    await insertActiveResume('Résumé "2025".docx', type, new Uint8Array([80, 75, 3, 4]))
    const res = await call('/api/resume/download')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(type)
    const disposition = res.headers.get('content-disposition')!
    expect(disposition).toContain('filename="R_sum_ _2025_.docx"')
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Résumé "2025".docx')}`)
    await res.arrayBuffer()
  })

  it('follows the active resume when another one is activated', async () => {
    await insertActiveResume('first.pdf', 'application/pdf', new Uint8Array([1]))
    await insertActiveResume('second.pdf', 'application/pdf', new Uint8Array([2, 2]))
    const res = await call('/api/resume/download')
    expect(res.headers.get('content-disposition')).toContain('filename="second.pdf"')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([2, 2]))
  })

  it('is 404 when no resume is active', async () => {
    await deactivateResumes()
    const res = await call('/api/resume/download')
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ message: expect.any(String) })
  })
})
