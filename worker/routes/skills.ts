import { Hono } from 'hono'
import { z } from 'zod'
import { reorderInput, skillInput } from '../../schema/payloads'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { publicRead } from '../middleware/cache-headers'
import { idParam } from '../middleware/params'
import { jsonBody } from '../middleware/validate'
import { createSkill, deleteSkill, listSkills, reorderSkills } from '../services/skills'

// /api/skills: public list; add, reorder (within a category) and delete are owner-only.
export const skills = new Hono<AppEnv>()
  .get('/', ...publicRead, async (c) => c.json(await listSkills(c.var.db)))
  .post('/', requireOwner, jsonBody(skillInput), async (c) =>
    c.json(await createSkill(c.var.db, c.req.valid('json')), 201),
  )
  .put(
    '/order',
    requireOwner,
    jsonBody(reorderInput.extend({ category: z.string().trim().min(1) })),
    async (c) => {
      const { category, ids } = c.req.valid('json')
      return c.json(await reorderSkills(c.var.db, category, ids))
    },
  )
  .delete('/:id', requireOwner, idParam, async (c) => {
    await deleteSkill(c.var.db, c.req.valid('param').id)
    return c.body(null, 204)
  })
