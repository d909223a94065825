import { Hono } from 'hono'
import { reorderInput } from '../../schema/payloads'
import { projectInput } from '../../schema/payloads.server'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { publicRead } from '../middleware/cache-headers'
import { idParam } from '../middleware/params'
import { jsonBody } from '../middleware/validate'
import {
  createProject,
  deleteProject,
  listPublicProjects,
  reorderProjects,
  updateProject,
} from '../services/projects'

// /api/projects: the public list (each project's public projection, no hidden links); create, update and delete are owner-only.
// Public reads carry a content-derived ETag, so a write invalidates them by construction.
export const projects = new Hono<AppEnv>()
  .get('/', ...publicRead, async (c) => c.json(await listPublicProjects(c.var.db)))
  .post('/', requireOwner, jsonBody(projectInput), async (c) =>
    c.json(await createProject(c.var.db, c.req.valid('json')), 201),
  )
  // The owner's arrangement: every project's id in catalogue order (docs/decisions/055-project-order.md).
  .put('/order', requireOwner, jsonBody(reorderInput), async (c) =>
    c.json(await reorderProjects(c.var.db, c.req.valid('json').ids)),
  )
  .put('/:id', requireOwner, idParam, jsonBody(projectInput), async (c) =>
    c.json(await updateProject(c.var.db, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', requireOwner, idParam, async (c) => {
    await deleteProject(c.var.db, c.req.valid('param').id)
    return c.body(null, 204)
  })
