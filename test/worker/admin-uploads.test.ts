import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { asFile, fixtures } from './admin-fixtures'
import { gql, owner, rest, upload } from './admin-helpers'
import { call, ORIGIN } from './helpers'

type FileJson = { id: number; originalName: string; mimetype: string; size: number }

async function uploadFile(name: string, data: Uint8Array<ArrayBuffer>, type = 'application/octet-stream') {
  const res = await upload('/api/uploads', 'file', asFile(data, type), name)
  expect(res.status).toBe(201)
  return (await res.json()) as FileJson
}

const view = async (id: number) => call(`/api/uploads/${id}`, { headers: { Cookie: await owner() } })

describe('file uploads', () => {
  it('round-trips a file through R2 under uploads/<uuid>', async () => {
    const png = fixtures.png()
    const file = await uploadFile('photo.png', png, 'image/png')
    expect(file).toMatchObject({ originalName: 'photo.png', mimetype: 'image/png', size: png.byteLength })
    const row = await env.DB.prepare('select object_key from uploaded_files where id = ?')
      .bind(file.id)
      .first<{ object_key: string }>()
    expect(row?.object_key).toMatch(/^uploads\/[0-9a-f-]{36}$/)

    const res = await view(file.id)
    expect(res.status).toBe(200)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png)
    const list = (await (await rest('GET', '/api/uploads')).json()) as FileJson[]
    expect(list).toContainEqual(expect.objectContaining({ id: file.id, originalName: 'photo.png' }))
  })

  it.each([
    ['photo.png', fixtures.png(), 'image/png', 'inline'],
    ['photo.jpg', fixtures.jpeg(), 'image/jpeg', 'inline'],
    ['anim.gif', fixtures.gif(), 'image/gif', 'inline'],
    ['pic.webp', fixtures.webp(), 'image/webp', 'inline'],
    ['paper.pdf', fixtures.pdf(), 'application/pdf', 'inline'],
    ['notes.txt', fixtures.text(), 'text/plain; charset=utf-8', 'attachment'],
    ['README.md', fixtures.text('# Hi'), 'text/markdown; charset=utf-8', 'attachment'],
    ['logo.svg', fixtures.svg(), 'image/svg+xml', 'attachment'],
    [
      'letter.docx',
      fixtures.docx(),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'attachment',
    ],
  ])(
    'serves %s with its real type, nosniff and the right disposition',
    async (name, data, mime, disposition) => {
      // The declared type is a lie on purpose: only the content counts.
      const file = await uploadFile(name, data, 'text/html')
      const res = await view(file.id)
      expect(res.headers.get('content-type')).toBe(mime)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-disposition')).toBe(
        `${disposition}; filename="${name}"; filename*=UTF-8''${name}`,
      )
      // Chrome cannot show a PDF in a sandboxed document; everything else is sandboxed.
      expect(res.headers.get('content-security-policy')).toBe(
        mime === 'application/pdf'
          ? "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
          : "sandbox; default-src 'none'",
      )
      expect(res.headers.get('cache-control')).toBe('private, no-store')
    },
  )

  it.each([
    ['an executable renamed .pdf', 'setup.pdf', fixtures.exe()],
    ['an executable renamed .png', 'setup.png', fixtures.exe()],
    ['an HTML page', 'page.html', fixtures.html()],
    ['an HTML page renamed .txt', 'page.txt', fixtures.elf()],
  ])('refuses %s', async (_label, name, data) => {
    const res = await upload('/api/uploads', 'file', asFile(data), name)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { file: 'Only images, PDF, DOC, DOCX, TXT or MD files are accepted' },
    })
  })

  it('refuses an empty file, a missing field and an oversize file', async () => {
    const empty = await upload('/api/uploads', 'file', asFile(new Uint8Array(0)), 'a.txt')
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { errors: object }).errors).toEqual({ file: 'The file is empty' })

    const missing = await upload('/api/uploads', 'file', null)
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { errors: object }).errors).toEqual({ file: 'Choose a file to upload' })

    const big = new Uint8Array(10 * 1024 * 1024 + 100)
    big.set(fixtures.png())
    const oversize = await upload('/api/uploads', 'file', asFile(big), 'big.png')
    expect(oversize.status).toBe(413)

    // Far over the limit, the body guard refuses it before it is read.
    const huge = await upload('/api/uploads', 'file', asFile(new Uint8Array(11 * 1024 * 1024)), 'huge.png')
    expect(huge.status).toBe(413)
  })

  it('is owner-only, listing and viewing included', async () => {
    const file = await uploadFile('secret.pdf', fixtures.pdf())
    expect((await call('/api/uploads')).status).toBe(401)
    expect((await call(`/api/uploads/${file.id}`)).status).toBe(401)
    const form = new FormData()
    form.append('file', asFile(fixtures.pdf()), 'a.pdf')
    expect((await call('/api/uploads', { method: 'POST', body: form })).status).toBe(401)
  })

  it('answers 404 for a missing file and 400 for a bad id', async () => {
    expect((await view(424242)).status).toBe(404)
    const bad = await call('/api/uploads/1.5', { headers: { Cookie: await owner() } })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ errors: { id: 'Id must be a positive whole number' } })
  })

  it('deletes the row and the object; REST and GraphQL list the same files', async () => {
    const a = await uploadFile('a.txt', fixtures.text('a'))
    const b = await uploadFile('b.txt', fixtures.text('b'))
    const list = await gql<{ uploads: { id: string; originalName: string; size: number; url: string }[] }>(
      '{ uploads { id originalName size url } }',
    )
    const restList = (await (await rest('GET', '/api/uploads')).json()) as FileJson[]
    expect(list.body.data!.uploads).toEqual(
      restList.map((f) => ({
        id: String(f.id),
        originalName: f.originalName,
        size: f.size,
        url: `/api/uploads/${f.id}`,
      })),
    )

    expect((await rest('DELETE', `/api/uploads/${a.id}`)).status).toBe(204)
    expect((await view(a.id)).status).toBe(404)
    const removed = await gql<{ deleteUpload: string }>('mutation ($id: ID!) { deleteUpload(id: $id) }', {
      id: b.id,
    })
    expect(removed.body.data?.deleteUpload).toBe(String(b.id))
    expect((await env.FILES.list({ prefix: 'uploads/' })).objects.length).toBe(
      ((await (await rest('GET', '/api/uploads')).json()) as FileJson[]).length,
    )
  })

  it('leaves no orphan object in R2 when the row cannot be written', async () => {
    const before = (await env.FILES.list({ prefix: 'uploads/' })).objects.length
    const original = env.DB.prepare.bind(env.DB)
    env.DB.prepare = (sql: string) => {
      if (/^insert into "uploaded_files"/i.test(sql)) throw new Error('D1 refused the insert')
      return original(sql)
    }
    try {
      const { app } = await import('../../worker/app')
      const form = new FormData()
      form.append('file', asFile(fixtures.pdf()), 'a.pdf')
      const res = await app.request(
        `${ORIGIN}/api/uploads`,
        { method: 'POST', body: form, headers: { Cookie: await owner(), Origin: ORIGIN } },
        env,
      )
      expect(res.status).toBe(500)
      expect(await res.json()).toEqual({ message: 'Something went wrong. Please try again.' })
    } finally {
      env.DB.prepare = original
    }
    expect((await env.FILES.list({ prefix: 'uploads/' })).objects.length).toBe(before)
  })
})
