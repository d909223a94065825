// The public request forms' intake as this request runs it (services/intake.ts):
// shared by the REST route (worker/routes/requests.ts) and the pages' no-JS
// actions (worker/pages.ts), which give the same answer in their own shape.
import type { Context } from 'hono'
import type { AppEnv } from '../env'
import type { IntakeContext } from '../services/intake'
import { inBackground } from './background'

/** The HTTP status of each intake outcome (the REST answer, and the no-JS page's). */
export const INTAKE_STATUS = { received: 201, invalid: 400, conflict: 409, limited: 429 } as const

/** The intake's context for this request: its database, address and waitUntil. */
export const intakeContext = (c: Context<AppEnv>): IntakeContext => ({
  db: c.var.db,
  env: c.env,
  ip: c.req.header('cf-connecting-ip') ?? null,
  later: (work) => inBackground(c, work),
})
