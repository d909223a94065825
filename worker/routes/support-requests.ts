import { Hono } from 'hono'
import type { AppEnv } from '../env'

// /api/consultation (singular, SPEC §7): POST the IT-support request form.
// /api/support-requests: the owner's list and updates.
export const supportRequestForm = new Hono<AppEnv>()
export const supportRequests = new Hono<AppEnv>()
