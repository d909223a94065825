// Issue 16, the catalogue and the copy run like a CMS: project pages by slug
// (their head, the sitemap, old slugs), the owner's order and Home's featured
// cards, public images served from the site, and content blocks reset by delete.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { CONTENT_KEYS } from '../../schema/content-keys'
import worker from '../../worker'
import { asFile, fixtures } from './admin-fixtures'
import { gql, rest, upload } from './admin-helpers'
import { call, ORIGIN } from './helpers'

// The first render of each page module inside workerd is slow on a shared machine (as in pages.test.ts).
vi.setConfig({ testTimeout: 30_000 })

const base = { description: 'Books patients online.', category: 'healthcare', status: 'beta' }

type Created = { id: number; slug: string; order: number }
async function create(project: Record<string, unknown>): Promise<Created> {
  const res = await rest('POST', '/api/projects', { ...base, ...project })
  expect(res.status).toBe(201)
  return (await res.json()) as Created
}

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  )
const metaContent = (html: string, attr: string, name: string) =>
  new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1]

async function uploadImage() {
  const res = await upload('/api/uploads/images', 'file', asFile(fixtures.png(), 'image/png'), 'shot.png')
  expect(res.status).toBe(201)
  return (await res.json()) as { id: number; publicUrl: string }
}

describe('project pages', () => {
  it('generates a unique slug from the title and serves a page whose raw HTML has its head', async () => {
    const image = await uploadImage()
    const first = await create({
      title: 'Clinic Scheduler & Reminders!',
      image: image.publicUrl,
      technologies: ['React', 'D1'],
      metrics: [{ label: 'No-shows', value: '-35%' }],
      testimonial: { quote: 'We stopped losing Mondays.', author: 'Ana', role: 'Office manager' },
    })
    expect(first.slug).toBe('clinic-scheduler-reminders')
    const second = await create({ title: 'Clinic scheduler reminders' })
    expect(second.slug).toBe('clinic-scheduler-reminders-2')

    const res = await call('/portfolio-solutions/clinic-scheduler-reminders')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>Clinic Scheduler &amp; Reminders! | Software Solutions</title>')
    expect(metaContent(html, 'name', 'description')).toBe('Books patients online.')
    expect(html).toContain(
      `<link rel="canonical" href="${env.SITE_URL}/portfolio-solutions/clinic-scheduler-reminders"/>`,
    )
    expect(metaContent(html, 'property', 'og:image')).toBe(`${env.SITE_URL}${image.publicUrl}`)
    const [ld] = jsonLdOf(html)
    expect(ld).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'Clinic Scheduler & Reminders!',
      image: `${env.SITE_URL}${image.publicUrl}`,
      keywords: 'React, D1',
      review: { reviewBody: 'We stopped losing Mondays.' },
    })
    // Metrics, testimonial and technologies are on the page.
    expect(html).toContain('-35%')
    expect(html).toContain('We stopped losing Mondays.')
    expect(html).toContain('Office manager')
  })

  it('keeps the catalogue filter for the way back, and the catalogue cards link to the pages', async () => {
    await create({ title: 'Filter Keeper' })
    const page = await (await call('/portfolio-solutions/filter-keeper?category=healthcare')).text()
    expect(page).toContain('href="/portfolio-solutions?category=healthcare"')
    const catalogue = await (await call('/portfolio-solutions?category=healthcare')).text()
    expect(catalogue).toContain('href="/portfolio-solutions/filter-keeper?category=healthcare"')
  })

  it('moves an old slug to the new one with a 301, and refuses a slug another project uses', async () => {
    const project = await create({ title: 'Renamed Tool' })
    const edit = await rest('PUT', `/api/projects/${project.id}`, {
      ...base,
      title: 'Renamed Tool',
      slug: 'better-name',
    })
    expect(edit.status).toBe(200)
    const old = await call('/portfolio-solutions/renamed-tool?category=healthcare', { redirect: 'manual' })
    expect(old.status).toBe(301)
    expect(new URL(old.headers.get('Location')!, 'http://x').pathname).toBe(
      '/portfolio-solutions/better-name',
    )
    expect(old.headers.get('Location')).toContain('?category=healthcare')
    expect((await call('/portfolio-solutions/better-name')).status).toBe(200)

    const other = await create({ title: 'Other Tool' })
    const clash = await rest('PUT', `/api/projects/${other.id}`, {
      ...base,
      title: 'Other Tool',
      slug: 'renamed-tool',
    })
    expect(clash.status).toBe(400)
    expect(await clash.json()).toMatchObject({ errors: { slug: 'Another project already uses this slug' } })
    const bad = await rest('POST', '/api/projects', { ...base, title: 'X', slug: 'Not A Slug' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.slug).toMatch(/Slug may contain/)
  })

  it('gives a private project a page with "Contact for Access" and none of its links', async () => {
    await create({
      title: 'Enterprise Vault',
      status: 'private',
      liveUrl: 'https://vault-secret.example/',
      githubUrl: 'https://github.com/owner/vault',
    })
    const html = await (await call('/portfolio-solutions/enterprise-vault')).text()
    expect(html).toContain('Contact for Access')
    expect(html).not.toContain('vault-secret')
    expect(html).not.toContain('github.com/owner/vault')
  })

  it('answers an unknown slug with the 404 page', async () => {
    const res = await call('/portfolio-solutions/no-such-project')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('The page you&#x27;re looking for doesn&#x27;t exist.')
  })

  it('lists every project page in the sitemap with its lastmod', async () => {
    await create({ title: 'Sitemap Entry' })
    const xml = await (await call('/sitemap.xml')).text()
    expect(xml).toMatch(
      new RegExp(
        `<url><loc>${env.SITE_URL}/portfolio-solutions/sitemap-entry</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+Z</lastmod></url>`,
      ),
    )
  })
})

describe('order and featured', () => {
  const titles = async () =>
    ((await (await call('/api/projects')).json()) as { title: string }[]).map((p) => p.title)

  it('places a new project without an order last, keeps a typed order, and saves a new arrangement', async () => {
    const a = await create({ title: 'Order A' })
    const b = await create({ title: 'Order B' })
    expect(b.order).toBe(a.order + 1)
    const typed = await create({ title: 'Order Typed', order: -5 })
    expect(typed.order).toBe(-5)
    expect((await titles()).slice(0, 1)).toEqual(['Order Typed'])
    expect((await titles()).slice(-2)).toEqual(['Order A', 'Order B'])

    const all = (await (await call('/api/projects')).json()) as { id: number }[]
    const ids = all.map((p) => p.id).reverse()
    const res = await rest('PUT', '/api/projects/order', { ids })
    expect(res.status).toBe(200)
    expect(((await (await call('/api/projects')).json()) as { id: number }[]).map((p) => p.id)).toEqual(ids)

    // Every project exactly once, or nothing changes.
    const partial = await rest('PUT', '/api/projects/order', { ids: ids.slice(1) })
    expect(partial.status).toBe(400)
    const viaGql = await gql('mutation ($ids: [ID!]!) { reorderProjects(ids: $ids) { id } }', {
      ids: [String(ids[0]), String(ids[0])],
    })
    expect(viaGql.status).toBe(400)
    expect(((await (await call('/api/projects')).json()) as { id: number }[]).map((p) => p.id)).toEqual(ids)
    expect((await rest('PUT', '/api/projects/order', { ids }, false)).status).toBe(401)
  })

  it("fills Home's Featured Work with featured projects first, in catalogue order", async () => {
    const all = (await (await call('/api/projects')).json()) as { id: number; title: string }[]
    const featured = await create({ title: 'Featured Late', featured: true })
    const ids = [...all.map((p) => p.id), featured.id]
    await rest('PUT', '/api/projects/order', { ids })
    const html = await (await call('/')).text()
    const cards = [...html.matchAll(/data-testid="featured-project"[^>]*><h3[^>]*>([^<]*)</g)].map(
      (m) => m[1],
    )
    expect(cards).toHaveLength(3)
    expect(cards[0]).toBe('Featured Late')
    expect(cards.slice(1)).toEqual(all.slice(0, 2).map((p) => p.title))
  })
})

describe('skills order', () => {
  type Skill = { id: number; category: string; name: string; order: number }
  const namesIn = async (category: string) =>
    ((await (await call('/api/skills')).json()) as Skill[])
      .filter((s) => s.category === category)
      .map((s) => s.name)

  it('saves the arrangement of one category, for the owner only, from a complete list', async () => {
    const category = `Reorder ${Date.now()}`
    const made: Skill[] = []
    for (const name of ['Alpha', 'Bravo', 'Charlie']) {
      const res = await rest('POST', '/api/skills', { category, name })
      expect(res.status).toBe(201)
      made.push((await res.json()) as Skill)
    }
    const other = (await (
      await rest('POST', '/api/skills', { category: `${category} other`, name: 'Zulu' })
    ).json()) as Skill
    expect(await namesIn(category)).toEqual(['Alpha', 'Bravo', 'Charlie'])
    const [a, b, c] = made.map((s) => s.id) as [number, number, number]

    const res = await rest('PUT', '/api/skills/order', { category, ids: [c, a, b] })
    expect(res.status).toBe(200)
    expect(await namesIn(category)).toEqual(['Charlie', 'Alpha', 'Bravo'])
    // The About page shows the new arrangement.
    const about = await (await call('/about')).text()
    expect(about.indexOf('Charlie')).toBeGreaterThan(-1)
    expect(about.indexOf('Charlie')).toBeLessThan(about.indexOf('Alpha'))
    expect(about.indexOf('Alpha')).toBeLessThan(about.indexOf('Bravo'))

    // Refused, and nothing changes: partial, repeated, another category's skill, unknown category, no session.
    for (const [body, field] of [
      [{ category, ids: [c, a] }, 'ids'],
      [{ category, ids: [c, a, a] }, 'ids'],
      [{ category, ids: [c, a, b, b] }, 'ids'],
      [{ category, ids: [c, a, other.id] }, 'ids'],
      [{ category, ids: [] }, 'ids'],
      [{ ids: [c, a, b] }, 'category'],
    ] as const) {
      const bad = await rest('PUT', '/api/skills/order', body)
      expect(bad.status, JSON.stringify(body)).toBe(400)
      expect(((await bad.json()) as { errors: Record<string, string> }).errors[field]).toBeTruthy()
    }
    expect((await rest('PUT', '/api/skills/order', { category: 'No such category', ids: [a] })).status).toBe(
      404,
    )
    expect((await rest('PUT', '/api/skills/order', { category, ids: [a, b, c] }, false)).status).toBe(401)
    expect(await namesIn(category)).toEqual(['Charlie', 'Alpha', 'Bravo'])
  })
})

describe('public images', () => {
  it('serves an uploaded image from the site with an immutable cache header, to anyone', async () => {
    const image = await uploadImage()
    expect(image.publicUrl).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/)
    const res = await call(image.publicUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/png')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(fixtures.png())
  })

  it('accepts raster images only, judged by content', async () => {
    for (const [data, name] of [
      [fixtures.svg(), 'logo.svg'],
      [fixtures.pdf(), 'doc.pdf'],
      [fixtures.exe(), 'photo.png'],
    ] as const) {
      const res = await upload('/api/uploads/images', 'file', asFile(data), name)
      expect(res.status, name).toBe(400)
      expect(await res.json()).toMatchObject({
        errors: { file: 'Only PNG, JPEG, GIF or WebP images are accepted' },
      })
    }
  })

  it('never serves an owner-only file or an unknown name', async () => {
    const res = await upload('/api/uploads', 'file', asFile(fixtures.png(), 'image/png'), 'private.png')
    const file = (await res.json()) as { publicUrl: string | null }
    expect(file.publicUrl).toBeNull()
    const [row] = (await env.DB.prepare('select object_key from uploaded_files where original_name = ?')
      .bind('private.png')
      .raw()) as [string][]
    const name = row![0]!.split('/').pop()
    expect((await call(`/media/${name}`)).status).toBe(404)
    expect((await call(`/media/${name}.png`)).status).toBe(404)
    expect((await call(`/media/${crypto.randomUUID()}.png`)).status).toBe(404)
  })
})

/**
 * The Cloudflare Images binding is the network edge: a stand-in with its
 * input().transform().output() shape records what was asked of it and answers
 * with recognisable bytes.
 */
function stubImages() {
  const requests: { transform?: unknown; output?: unknown; input?: Uint8Array }[] = []
  const resized = new TextEncoder().encode('RESIZED-WEBP')
  const binding = {
    input(stream: ReadableStream) {
      const request: (typeof requests)[number] = {}
      requests.push(request)
      const read = new Response(stream).arrayBuffer().then((b) => {
        request.input = new Uint8Array(b)
      })
      const chain = {
        transform(options: unknown) {
          request.transform = options
          return chain
        },
        async output(options: unknown) {
          request.output = options
          await read
          return { image: () => new Response(resized).body!, contentType: () => 'image/webp' }
        },
      }
      return chain
    },
  }
  return { binding: binding as unknown as ImagesBinding, requests, resized }
}

/** A GET through the Worker with extra bindings (here IMAGES), as production would have them. */
async function withBindings(path: string, bindings: Record<string, unknown>) {
  const ctx = createExecutionContext()
  const res = await worker.fetch(
    new Request(`${ORIGIN}${path}`) as Parameters<typeof worker.fetch>[0],
    { ...env, ...bindings },
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return res
}

const srcsetOf = (html: string, src: string) =>
  new RegExp(`<img[^>]*src="${src}"[^>]*srcSet="([^"]*)"`).exec(html)?.[1] ??
  new RegExp(`<img[^>]*srcSet="([^"]*)"[^>]*src="${src}"`).exec(html)?.[1]

describe('responsive images', () => {
  it('resizes through the Images binding to an allowed width only, and the answer is immutable', async () => {
    const image = await uploadImage()
    const images = stubImages()
    const res = await withBindings(`${image.publicUrl}?w=640`, { IMAGES: images.binding })
    expect(res.status).toBe(200)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(images.resized)
    expect(res.headers.get('Content-Type')).toBe('image/webp')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(images.requests).toHaveLength(1)
    expect(images.requests[0]).toMatchObject({
      transform: { width: 640, fit: 'scale-down' },
      output: { format: 'image/webp' },
    })
    // The binding was handed the stored original.
    expect(images.requests[0]!.input).toEqual(fixtures.png())

    // A width outside the allow-list is never sent to the binding: the original is served.
    for (const w of ['500', '99999', 'abc']) {
      const other = await withBindings(`${image.publicUrl}?w=${w}`, { IMAGES: images.binding })
      expect(other.status).toBe(200)
      expect(other.headers.get('Content-Type')).toBe('image/png')
      expect(new Uint8Array(await other.arrayBuffer())).toEqual(fixtures.png())
    }
    expect(images.requests).toHaveLength(1)

    // Without the binding (local, tests) ?w= gives the original, still immutable.
    const plain = await call(`${image.publicUrl}?w=640`)
    expect(plain.headers.get('Content-Type')).toBe('image/png')
    expect(plain.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(new Uint8Array(await plain.arrayBuffer())).toEqual(fixtures.png())
  })

  it('offers a srcset of the allowed widths on cards and project pages only when the binding is there', async () => {
    const image = await uploadImage()
    const src = image.publicUrl
    const project = await create({ title: `Srcset Shown ${Date.now()}`, image: src })
    const images = stubImages()
    const wanted = `${src}?w=320 320w, ${src}?w=640 640w, ${src}?w=1280 1280w`
    const page = await (
      await withBindings(`/portfolio-solutions/${project.slug}`, { IMAGES: images.binding })
    ).text()
    expect(srcsetOf(page, src)).toBe(wanted)
    expect(page).toContain('sizes="(min-width: 1024px) 66vw, 100vw"')
    const catalogue = await (await withBindings('/portfolio-solutions', { IMAGES: images.binding })).text()
    expect(srcsetOf(catalogue, src)).toBe(wanted)

    // Without the binding the original alone: no srcset at all. (A new project
    // starts a new page-cache generation, as any owner write does.)
    const second = await uploadImage()
    const plainProject = await create({ title: `Srcset Absent ${Date.now()}`, image: second.publicUrl })
    const plain = await (await call(`/portfolio-solutions/${plainProject.slug}`)).text()
    expect(plain).toContain(`src="${second.publicUrl}"`)
    expect(plain).not.toMatch(/srcSet=|srcset=/i)
    const plainCatalogue = await (await call('/portfolio-solutions')).text()
    expect(plainCatalogue).toContain(`src="${second.publicUrl}"`)
    expect(plainCatalogue).not.toMatch(/srcset=/i)
  })
})

describe('content blocks', () => {
  it('deleting a block restores the default text on the public page', async () => {
    const key = 'contact.intro'
    const saved = await rest('POST', '/api/page-content', {
      key,
      content: 'Owner intro text',
      contentType: 'textarea',
    })
    expect(saved.status).toBeLessThan(300)
    expect(await (await call('/contact')).text()).toContain('Owner intro text')
    expect((await rest('DELETE', `/api/page-content/${key}`)).status).toBe(204)
    const html = await (await call('/contact')).text()
    expect(html).not.toContain('Owner intro text')
    expect(html).toContain(CONTENT_KEYS[key].defaultContent)
    expect((await rest('DELETE', `/api/page-content/${key}`)).status).toBe(404)
    expect((await rest('DELETE', '/api/page-content/home.contact', undefined, false)).status).toBe(401)
  })

  it('refuses an image block that is not a URL or an uploaded image', async () => {
    const bad = await rest('POST', '/api/page-content', {
      key: 'about.photo',
      content: 'not a url',
      contentType: 'image',
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      errors: { content: 'Image must be an http(s) URL or an uploaded image' },
    })
    const image = await uploadImage()
    const ok = await rest('POST', '/api/page-content', {
      key: 'about.photo',
      content: image.publicUrl,
      contentType: 'image',
    })
    expect(ok.status).toBeLessThan(300)
    // The About page shows the uploaded portrait (it once showed only absolute URLs).
    const about = await (await call('/about')).text()
    expect(about).toMatch(new RegExp(`<img src="${image.publicUrl}" alt="Portrait`))
    const viaGql = await gql('mutation { deleteContent(key: "about.photo") }')
    expect(viaGql.body.data).toEqual({ deleteContent: 'about.photo' })
  })
})

describe('orphaned images (issue 28, ADR 101)', () => {
  const DAY = 24 * 60 * 60_000
  async function runCron(atMs: number) {
    const ctx = createExecutionContext()
    await worker.scheduled(createScheduledController({ scheduledTime: atMs }), env, ctx)
    await waitOnExecutionContext(ctx)
  }
  const rowOf = (id: number) =>
    env.DB.prepare('select object_key from uploaded_files where id = ?')
      .bind(id)
      .first<{ object_key: string }>()

  it('the cron removes an image unused after 24 hours, row and object, and keeps used and fresh ones', async () => {
    const start = Date.parse('2026-11-24T12:00:00Z')
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(start)
      const forProject = await uploadImage()
      const forBlock = await uploadImage()
      const abandoned = await uploadImage()
      await create({ title: `Orphan check ${start}`, image: forProject.publicUrl })
      const block = await rest('POST', '/api/page-content', {
        key: 'about.photo',
        content: forBlock.publicUrl,
        contentType: 'image',
      })
      expect([200, 201]).toContain(block.status)
      vi.setSystemTime(start + 23 * 60 * 60_000)
      const fresh = await uploadImage()
      const abandonedKey = (await rowOf(abandoned.id))!.object_key
      expect(await env.FILES.head(abandonedKey)).not.toBeNull()

      // A day later only the abandoned one is old enough and unused.
      const logged = vi.spyOn(console, 'log')
      await runCron(start + DAY + 60_000)
      expect(await rowOf(abandoned.id)).toBeNull()
      expect(await env.FILES.head(abandonedKey)).toBeNull()
      expect((await call(abandoned.publicUrl)).status).toBe(404)
      const line = logged.mock.calls
        .map((c) => String(c[0]))
        .find((l) => l.includes('orphaned images removed'))
      // (Images left unused by this file's earlier tests may go in the same run.)
      expect(JSON.parse(line!).images).toContainEqual({
        id: abandoned.id,
        key: abandonedKey,
        name: 'shot.png',
      })
      for (const kept of [forProject, forBlock, fresh]) {
        expect(await rowOf(kept.id)).not.toBeNull()
        expect((await call(kept.publicUrl)).status).toBe(200)
      }

      // The fresh one goes too once it has been unused for a day; the used ones stay.
      await runCron(start + 23 * 60 * 60_000 + DAY + 60_000)
      expect(await rowOf(fresh.id)).toBeNull()
      expect(await rowOf(forProject.id)).not.toBeNull()
      expect(await rowOf(forBlock.id)).not.toBeNull()
    } finally {
      vi.useRealTimers()
      vi.restoreAllMocks()
    }
  })
})
