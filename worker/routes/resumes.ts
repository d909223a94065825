import { Hono } from 'hono'
import type { AppEnv } from '../env'

// /api/resumes: the owner's resume management (upload, activate, delete).
export const resumes = new Hono<AppEnv>()
