import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { publicRead } from '../http/cache'
import { listProjects } from '../services/projects'

// /api/projects: public list; create, update and delete are owner-only.
export const projects = new Hono<AppEnv>().get('/', ...publicRead, async (c) =>
  c.json(await listProjects(c.var.db)),
)
