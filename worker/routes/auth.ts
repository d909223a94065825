import { Hono } from 'hono'
import type { AppEnv } from '../env'

// /api/auth: me, login, register, logout. Built in the sign-in issue.
export const auth = new Hono<AppEnv>()
