import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { publicRead } from '../http/cache'
import { listSkills } from '../services/skills'

// /api/skills: public list; add and delete are owner-only.
export const skills = new Hono<AppEnv>().get('/', ...publicRead, async (c) =>
  c.json(await listSkills(c.var.db)),
)
