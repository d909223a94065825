import { Hono } from 'hono'
import type { AppEnv } from '../env'

// /api/uploads: the owner's general files in R2.
export const uploads = new Hono<AppEnv>()
