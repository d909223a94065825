import { createRoute, z } from '@hono/zod-openapi'
import { createSelectSchema } from 'drizzle-zod'
import { reorderInput, skillInput } from '../../schema/payloads'
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
import { createSkill, deleteSkill, listSkills, reorderSkills } from '../services/skills'

const SkillSchema = createSelectSchema(tables.skills).openapi('Skill')
const skillOrderInput = reorderInput.extend({ category: z.string().trim().min(1) })
const owner = { tags: ['Skills'], security: OWNER_SECURITY, middleware: requireOwner }

// /api/skills: public list; add, reorder (within a category) and delete are owner-only.
export const skills = openApiApp()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Skills'],
      security: PUBLIC,
      middleware: [...publicRead],
      summary: "The skills, by category in the owner's order",
      responses: { 200: json(z.array(SkillSchema), 'Every skill') },
    }),
    async (c) => c.json(await listSkills(c.var.db), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/',
      summary: 'Add a skill (last in its category)',
      request: { body: body(skillInput, { category: 'Languages', name: 'SQL' }) },
      responses: { 201: json(SkillSchema, 'The new skill'), ...OWNER_ERRORS },
    }),
    async (c) => c.json(await createSkill(c.var.db, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'put',
      path: '/order',
      summary: 'Arrange one category',
      description:
        'Every skill of the category exactly once, in the order wanted; 404 for an unknown category.',
      request: { body: body(skillOrderInput, { category: 'Languages', ids: [4, 2, 7] }) },
      responses: {
        200: json(z.array(SkillSchema), 'Every skill, in the new order'),
        ...OWNER_ERRORS,
        ...NOT_FOUND,
      },
    }),
    async (c) => {
      const { category, ids } = c.req.valid('json')
      return c.json(await reorderSkills(c.var.db, category, ids), 200)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/{id}',
      summary: 'Delete a skill',
      request: { params: rowIdPath },
      responses: { 204: noContent('Deleted'), ...OWNER_ERRORS, ...NOT_FOUND },
    }),
    async (c) => {
      await deleteSkill(c.var.db, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
