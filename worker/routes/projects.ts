import { createRoute, z } from '@hono/zod-openapi'
import { createSelectSchema } from 'drizzle-zod'
import { reorderInput } from '../../schema/payloads'
import { projectInput } from '../../schema/payloads.server'
import { requireOwner } from '../auth/middleware'
import { tables } from '../db'
import { publicRead } from '../middleware/cache-headers'
import {
  openApiBody as body,
  openApiJson as json,
  NOT_FOUND,
  noContent,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  PUBLIC,
  rowIdPath,
} from '../middleware/openapi'
import {
  createProject,
  deleteProject,
  listPublicProjects,
  reorderProjects,
  updateProject,
} from '../services/projects'

const metric = z.object({ label: z.string(), value: z.string() })
const testimonial = z.object({ quote: z.string(), author: z.string(), role: z.string() })
/** A project as the owner stores it (the table's columns). */
const ProjectSchema = createSelectSchema(tables.projects, {
  keyFeatures: z.array(z.string()),
  technologies: z.array(z.string()),
  metrics: z.array(metric),
  testimonial: testimonial.nullable(),
}).openapi('Project')
/** A project's public projection (schema/project-card.ts): no hidden links, the card's features only. */
const PublicProjectSchema = ProjectSchema.pick({
  id: true,
  title: true,
  slug: true,
  description: true,
  category: true,
  status: true,
  image: true,
  problemSolved: true,
  businessValue: true,
  targetAudience: true,
  keyFeatures: true,
  metrics: true,
  isPublic: true,
  featured: true,
  liveUrl: true,
  demoUrl: true,
}).openapi('PublicProject')

const PROJECT_EXAMPLE: z.input<typeof projectInput> = {
  title: 'Clinic scheduler',
  slug: '',
  description: 'Online booking for a three-doctor clinic.',
  category: 'healthcare',
  status: 'production',
  keyFeatures: ['Text reminders', 'Waiting list'],
  technologies: ['TypeScript', 'Cloudflare Workers'],
  liveUrl: 'https://scheduler.example',
  isPublic: true,
  featured: false,
  metrics: [{ label: 'No-shows', value: '-40%' }],
}

const owner = { tags: ['Projects'], security: OWNER_SECURITY, middleware: requireOwner }

// /api/projects: the public list (each project's public projection, no hidden links); create, update and delete are owner-only.
// Public reads carry a content-derived ETag, so a write invalidates them by construction.
export const projects = openApiApp()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Projects'],
      security: PUBLIC,
      middleware: [...publicRead],
      summary: 'The public projects, in catalogue order',
      responses: { 200: json(z.array(PublicProjectSchema), "Each project's public projection") },
    }),
    async (c) => c.json(await listPublicProjects(c.var.db), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary: 'Add a project',
      description: 'A blank slug is generated from the title; without an order the project goes last.',
      request: { body: body(projectInput, PROJECT_EXAMPLE) },
      responses: { 201: json(ProjectSchema, 'The new project'), ...OWNER_ERRORS },
    }),
    async (c) => c.json(await createProject(c.var.db, c.req.valid('json')), 201),
  )
  // The owner's arrangement: every project's id in catalogue order (docs/decisions/055-project-order.md).
  .openapi(
    createRoute({
      ...owner,
      method: 'put',
      path: '/order',
      summary: 'Arrange the projects',
      description: "Every project's id exactly once, in the order wanted.",
      request: { body: body(reorderInput, { ids: [3, 1, 2] }) },
      responses: { 200: json(z.array(ProjectSchema), 'Every project, in the new order'), ...OWNER_ERRORS },
    }),
    async (c) => c.json(await reorderProjects(c.var.db, c.req.valid('json').ids), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'put',
      path: '/{id}',
      summary: 'Replace a project',
      description: 'Every field, as the admin dialog sends it; a blank slug or order keeps the current one.',
      request: { params: rowIdPath, body: body(projectInput, PROJECT_EXAMPLE) },
      responses: { 200: json(ProjectSchema, 'The project'), ...OWNER_ERRORS, ...NOT_FOUND },
    }),
    async (c) => c.json(await updateProject(c.var.db, c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/{id}',
      summary: 'Delete a project',
      request: { params: rowIdPath },
      responses: { 204: noContent('Deleted'), ...OWNER_ERRORS, ...NOT_FOUND },
    }),
    async (c) => {
      await deleteProject(c.var.db, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
