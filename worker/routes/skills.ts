import { Hono } from 'hono'
import { skillInput } from '../../schema/payloads'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { publicRead } from '../http/cache'
import { idParam } from '../http/params'
import { jsonBody } from '../http/validate'
import { createSkill, deleteSkill, listSkills } from '../services/skills'

// /api/skills: public list; add and delete are owner-only.
export const skills = new Hono<AppEnv>()
  .get('/', ...publicRead, async (c) => c.json(await listSkills(c.var.db)))
  .post('/', requireOwner, jsonBody(skillInput), async (c) =>
    c.json(await createSkill(c.var.db, c.req.valid('json')), 201),
  )
  .delete('/:id', requireOwner, idParam, async (c) => {
    await deleteSkill(c.var.db, c.req.valid('param').id)
    return c.body(null, 204)
  })
