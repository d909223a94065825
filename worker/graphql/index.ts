import { Hono } from 'hono'
import type { AppEnv } from '../env'

// /graphql: graphql-yoga with the Pothos schema. Built in the admin issue.
export const graphql = new Hono<AppEnv>()
