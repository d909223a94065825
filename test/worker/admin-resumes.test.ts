import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { asFile, fixtures } from './admin-fixtures'
import { gql, rest, upload } from './admin-helpers'
import { call } from './helpers'

type ResumeJson = { id: number; originalName: string; mimeType: string; fileSize: number; isActive: boolean }

async function uploadResume(name = 'cv.pdf', data = fixtures.pdf()) {
  const res = await upload('/api/resumes', 'resume', asFile(data, 'application/pdf'), name)
  expect(res.status).toBe(201)
  return (await res.json()) as ResumeJson
}

const objectKeyOf = async (id: number) =>
  (
    await env.DB.prepare('select object_key from resumes where id = ?')
      .bind(id)
      .first<{ object_key: string }>()
  )?.object_key

const activeIds = async () =>
  (await env.DB.prepare('select id from resumes where is_active = 1').all<{ id: number }>()).results.map(
    (r) => r.id,
  )

describe('resume uploads', () => {
  it('stores the file in R2 under resumes/<uuid> with its metadata in D1, inactive', async () => {
    const pdf = fixtures.pdf()
    const resume = await uploadResume('Jane Doe CV.pdf', pdf)
    expect(resume).toMatchObject({
      originalName: 'Jane Doe CV.pdf',
      mimeType: 'application/pdf',
      fileSize: pdf.byteLength,
      isActive: false,
    })
    expect(resume).not.toHaveProperty('objectKey')
    const key = await objectKeyOf(resume.id)
    expect(key).toMatch(/^resumes\/[0-9a-f-]{36}$/)
    const object = await env.FILES.get(key!)
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(pdf)

    const list = (await (await rest('GET', '/api/resumes')).json()) as ResumeJson[]
    expect(list[0]).toMatchObject({ id: resume.id, originalName: 'Jane Doe CV.pdf' })
  })

  it('takes the type from the content: a .docx is stored as a Word document', async () => {
    const resume = await uploadResume('cv.docx', fixtures.docx())
    expect(resume.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
    const doc = await uploadResume('old.doc', fixtures.doc())
    expect(doc.mimeType).toBe('application/msword')
  })

  it.each([
    [
      'an executable renamed .pdf',
      () => asFile(fixtures.exe(), 'application/pdf'),
      'cv.pdf',
      400,
      'Only PDF, DOC or DOCX files are accepted',
    ],
    ['an empty file', () => asFile(new Uint8Array(0), 'application/pdf'), 'cv.pdf', 400, 'The file is empty'],
    ['a text field instead of a file', () => 'not a file', 'cv.pdf', 400, 'Choose a file to upload'],
  ])('refuses %s', async (_label, file, name, status, message) => {
    const before = await env.FILES.list({ prefix: 'resumes/' })
    const res = await upload('/api/resumes', 'resume', file(), name)
    expect(res.status).toBe(status)
    expect(await res.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { resume: message },
    })
    expect((await env.FILES.list({ prefix: 'resumes/' })).objects.length).toBe(before.objects.length)
  })

  it('refuses a missing field', async () => {
    const res = await upload('/api/resumes', 'other', asFile(fixtures.pdf()), 'cv.pdf')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: object }).errors).toEqual({ resume: 'Choose a file to upload' })
  })

  it('refuses a body that is not multipart', async () => {
    const res = await rest('POST', '/api/resumes', { resume: 'x' })
    expect(res.status).toBe(400)
  })

  it('refuses a file over 10 MB', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set(fixtures.pdf())
    const res = await upload('/api/resumes', 'resume', asFile(big), 'big.pdf')
    expect(res.status).toBe(413)
    expect(((await res.json()) as { message: string }).message).toBe('The file must be at most 10 MB')
  })

  it('accepts a file of exactly 10 MB', async () => {
    const max = new Uint8Array(10 * 1024 * 1024)
    max.set(fixtures.pdf())
    const res = await upload('/api/resumes', 'resume', asFile(max), 'max.pdf')
    expect(res.status).toBe(201)
  })

  it('refuses anonymous uploads and listing', async () => {
    const form = new FormData()
    form.append('resume', asFile(fixtures.pdf()), 'cv.pdf')
    expect((await call('/api/resumes', { method: 'POST', body: form })).status).toBe(401)
    expect((await call('/api/resumes')).status).toBe(401)
    expect((await call('/api/resumes/1/activate', { method: 'PUT' })).status).toBe(401)
    expect((await call('/api/resumes/1', { method: 'DELETE' })).status).toBe(401)
  })
})

describe('resume activation', () => {
  it('activates one and deactivates the others; the public download serves it', async () => {
    const a = await uploadResume('a.pdf')
    const b = await uploadResume('b.docx', fixtures.docx())
    const res = await rest('PUT', `/api/resumes/${a.id}/activate`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: a.id, isActive: true })
    expect(await activeIds()).toEqual([a.id])

    await rest('PUT', `/api/resumes/${b.id}/activate`)
    expect(await activeIds()).toEqual([b.id])
    expect(await (await call('/api/resume/active')).json()).toMatchObject({
      id: b.id,
      originalName: 'b.docx',
    })
    const download = await call('/api/resume/download')
    expect(download.headers.get('content-type')).toBe(b.mimeType)
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="b.docx"')
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(fixtures.docx())
  })

  it('leaves the active resume alone for an unknown id (404) or a bad id (400)', async () => {
    const a = await uploadResume()
    await rest('PUT', `/api/resumes/${a.id}/activate`)
    expect((await rest('PUT', '/api/resumes/999999/activate')).status).toBe(404)
    expect((await rest('PUT', '/api/resumes/-3/activate')).status).toBe(400)
    expect(await activeIds()).toEqual([a.id])
  })

  it('keeps exactly one active resume under concurrent activations', async () => {
    const ids = (await Promise.all([1, 2, 3, 4, 5].map((n) => uploadResume(`c${n}.pdf`)))).map((r) => r.id)
    const responses = await Promise.all(
      [...ids, ...ids].map((id) => rest('PUT', `/api/resumes/${id}/activate`)),
    )
    for (const [i, res] of responses.entries()) {
      expect(res.status).toBe(200)
      // Each answer is consistent: the resume it activated, active.
      expect(await res.json()).toMatchObject({ id: [...ids, ...ids][i], isActive: true })
    }
    const active = await activeIds()
    expect(active).toHaveLength(1)
    expect(ids).toContain(active[0])
  })

  it('GraphQL activation gives the same answer as REST', async () => {
    const a = await uploadResume()
    const viaGql = await gql<{ activateResume: Record<string, unknown> }>(
      'mutation ($id: ID!) { activateResume(id: $id) { id originalName mimeType fileSize isActive } }',
      { id: a.id },
    )
    const viaRest = (await (await rest('PUT', `/api/resumes/${a.id}/activate`)).json()) as ResumeJson
    expect(viaGql.body.data?.activateResume).toEqual({
      id: String(viaRest.id),
      originalName: viaRest.originalName,
      mimeType: viaRest.mimeType,
      fileSize: viaRest.fileSize,
      isActive: true,
    })
    const list = await gql<{ resumes: { id: string; isActive: boolean }[] }>('{ resumes { id isActive } }')
    const restList = (await (await rest('GET', '/api/resumes')).json()) as ResumeJson[]
    expect(list.body.data!.resumes).toEqual(restList.map((r) => ({ id: String(r.id), isActive: r.isActive })))
  })
})

describe('resume deletion', () => {
  it('removes the row and the R2 object', async () => {
    const a = await uploadResume()
    const key = await objectKeyOf(a.id)
    expect(await env.FILES.head(key!)).not.toBeNull()
    expect((await rest('DELETE', `/api/resumes/${a.id}`)).status).toBe(204)
    expect(await objectKeyOf(a.id)).toBeUndefined()
    expect(await env.FILES.head(key!)).toBeNull()
    expect((await rest('DELETE', `/api/resumes/${a.id}`)).status).toBe(404)
  })

  it('through GraphQL too', async () => {
    const a = await uploadResume()
    const key = await objectKeyOf(a.id)
    const res = await gql<{ deleteResume: string }>('mutation ($id: ID!) { deleteResume(id: $id) }', {
      id: a.id,
    })
    expect(res.body.data?.deleteResume).toBe(String(a.id))
    expect(await env.FILES.head(key!)).toBeNull()
  })

  it('deleting the active resume leaves none to download', async () => {
    await env.DB.prepare('update resumes set is_active = 0').run()
    const a = await uploadResume()
    await rest('PUT', `/api/resumes/${a.id}/activate`)
    await rest('DELETE', `/api/resumes/${a.id}`)
    expect((await call('/api/resume/active')).status).toBe(404)
    expect((await call('/api/resume/download')).status).toBe(404)
  })
})
