import { Hono } from 'hono'
import type { AppEnv } from '../env'

// /api/consultations: POST (public schedule form); GET and updates (owner only).
export const consultations = new Hono<AppEnv>()
