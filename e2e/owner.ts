import { type APIRequestContext, expect } from '@playwright/test'
import { enumValue } from '../schema/graphql-enums'

// What the owner does through the API to set up or restore a test's data; the
// request context passed in is signed in (e2e/fixtures.ts: ownerPage, ownerRequest).

/** A tiny valid PDF, so a resume can really be uploaded and opened. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

/** Saves a page content block as the owner; returns its previous content (or null) to restore later. */
export async function saveContent(request: APIRequestContext, key: string, content: string) {
  const blocks = (await (await request.get('/api/page-content')).json()) as { key: string; content: string }[]
  const previous = blocks.find((b) => b.key === key)?.content ?? null
  const res = await request.post('/api/page-content', { data: { key, content, contentType: 'textarea' } })
  expect(res.ok()).toBe(true)
  return previous
}

/** Removes every active resume (as the owner); returns a function that uploads and activates one again. */
export async function withoutActiveResume(request: APIRequestContext) {
  const resumes = (await (await request.get('/api/resumes')).json()) as { id: number; isActive: boolean }[]
  for (const r of resumes.filter((r) => r.isActive))
    expect((await request.delete(`/api/resumes/${r.id}`)).ok()).toBe(true)
  return async () => {
    const upload = await request.post('/api/resumes', {
      multipart: { resume: { name: 'Resume.pdf', mimeType: 'application/pdf', buffer: PDF } },
    })
    expect(upload.ok()).toBe(true)
    const { id } = (await upload.json()) as { id: number }
    expect((await request.put(`/api/resumes/${id}/activate`)).ok()).toBe(true)
  }
}

const PROJECT_FIELDS =
  'id title slug description category businessValue keyFeatures problemSolved targetAudience status image technologies liveUrl githubUrl demoUrl isPublic featured order metrics { label value } testimonial { quote author role }'

export type OwnerProject = Record<string, unknown> & { id: string; title: string; category: string }

/** Every project with all its fields, as the admin reads them (GraphQL). */
export async function ownerProjects(request: APIRequestContext): Promise<OwnerProject[]> {
  const res = await request.post('/graphql', {
    headers: { 'x-graphql-yoga-csrf': '1' },
    data: { query: `{ projects { ${PROJECT_FIELDS} } }` },
  })
  expect(res.ok()).toBe(true)
  // GraphQL sends the closed sets as enum names; the REST API and the pages use the stored values.
  return ((await res.json()) as { data: { projects: OwnerProject[] } }).data.projects.map((p) => ({
    ...p,
    category: enumValue('ProjectCategory', p.category),
    status: p.status === null ? null : enumValue('ProjectStatus', String(p.status)),
  }))
}

/** Creates a project again from what ownerProjects read (a new id; every field kept). */
export async function recreateProject(request: APIRequestContext, { id: _id, ...project }: OwnerProject) {
  // REST requires a status; a project stored without one is shown as production (SPEC §3).
  const fields = {
    ...Object.fromEntries(Object.entries(project).filter(([, v]) => v !== null)),
    status: project.status ?? 'production',
  }
  const res = await request.post('/api/projects', { data: fields })
  expect(res.ok(), await res.text()).toBe(true)
}
