import { Hono } from 'hono'
import { API_MESSAGES } from '../schema/messages'
import { loadSession } from './auth/middleware'
import { createDb } from './db'
import type { AppEnv } from './env'
import { graphql } from './graphql'
import { noStoreByDefault, purgeAfterOwnerWrites } from './http/cache'
import { sameOriginWrites } from './http/csrf'
import { handleError } from './http/errors'
import { requestLogger } from './http/logging'
import { securityHeaders } from './http/security-headers'
import { bodyGuard } from './http/validate'
import { auth } from './routes/auth'
import { health } from './routes/health'
import { pageContent } from './routes/page-content'
import { projects } from './routes/projects'
import { consultations, supportRequestForm, supportRequests } from './routes/requests'
import { resume } from './routes/resume'
import { resumes } from './routes/resumes'
import { skills } from './routes/skills'
import { uploads } from './routes/uploads'
import { spa } from './spa'

const api = new Hono<AppEnv>()
  .use(sameOriginWrites)
  .use(bodyGuard)
  .route('/health', health)
  .route('/auth', auth)
  .route('/projects', projects)
  .route('/skills', skills)
  .route('/page-content', pageContent)
  .route('/resume', resume)
  .route('/resumes', resumes)
  .route('/uploads', uploads)
  .route('/consultations', consultations)
  .route('/consultation', supportRequestForm)
  .route('/support-requests', supportRequests)

export const app = new Hono<AppEnv>()
  .use(securityHeaders)
  .use(requestLogger)
  .use(async (c, next) => {
    c.set('db', createDb(c.env.DB))
    await next()
  })
  .use('/api/*', noStoreByDefault)
  .use('/graphql', noStoreByDefault)
  .use('/api/*', loadSession)
  .use('/graphql', loadSession)
  .use('/api/*', purgeAfterOwnerWrites)
  .use('/graphql', purgeAfterOwnerWrites)
  .use('/graphql', sameOriginWrites, bodyGuard)
  .route('/api', api)
  .route('/graphql', graphql)
  // Unknown API paths get the JSON error shape, never the SPA shell.
  .all('/api/*', (c) => c.json({ message: API_MESSAGES.notFound }, 404))
  .route('/', spa)

app.onError(handleError)
api.onError(handleError)
