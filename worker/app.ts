import { Hono } from 'hono'
import { API_MESSAGES } from '../schema/messages'
import { api } from './api'
import { loadBearer } from './auth/bearer'
import { loadSession } from './auth/middleware'
import { createDb } from './db'
import type { AppEnv } from './env'
import { graphql } from './graphql'
import { beacon, countPageView } from './insights/routes'
import { auditOwnerWrites } from './middleware/audit-writes'
import { afterAnswerTasks } from './middleware/background'
import { noStoreByDefault, privatePages, purgeAfterOwnerWrites } from './middleware/cache-headers'
import { sameOriginPagePosts, sameOriginWrites } from './middleware/csrf'
import { handleError } from './middleware/errors'
import { requestIds, requestLogger } from './middleware/logging'
import { responseGuards } from './middleware/response-guards'
import { securityHeaders } from './middleware/security-headers'
import { bodyGuard } from './middleware/validate'
import { refuseMalformedFormPost } from './page-forms'
import { renderPage } from './pages'
import {
  portalComplianceFiles,
  portalFiles,
  portalInvoiceFiles,
  portalPeopleFiles,
  portalQuoteFiles,
  portalReportFiles,
} from './portal/files'
import { loadContact, portalHeaders } from './portal/session'
import { trainingAnswers } from './portal/training-answers'
import { calendarFeedPublic } from './routes/calendar'
import { media } from './routes/media'
import { heartbeatRoutes } from './routes/monitors'
import { stripeWebhook } from './routes/stripe-webhook'
import { site } from './site-files'

export const app = new Hono<AppEnv>()
  // A 304 must not carry a policy: the browser would keep its stored page (with
  // that page's script nonce) under this response's new nonce and block the scripts.
  .use(async (c, next) => {
    await next()
    if (c.res.status === 304) c.res.headers.delete('Content-Security-Policy')
  })
  .use(...securityHeaders)
  // Inside the security headers, whose Referrer-Policy does not overwrite this one.
  .use(privatePages)
  .use(requestIds)
  .use(requestLogger)
  .use(responseGuards)
  .use(async (c, next) => {
    c.set('db', createDb(c.env.DB))
    await next()
  })
  .use(afterAnswerTasks)
  .use('/api/*', noStoreByDefault)
  .use('/graphql', noStoreByDefault)
  .use('/api/*', loadSession)
  .use('/graphql', loadSession)
  // A personal access token replaces the cookie's owner; refused by /graphql, /api/auth and /api/security.
  .use('/api/*', loadBearer)
  .use('/graphql', loadBearer)
  .use('/api/*', purgeAfterOwnerWrites)
  .use('/graphql', purgeAfterOwnerWrites)
  .use('/api/*', auditOwnerWrites)
  // GraphQL writes are audited by their route, from the document yoga parses (worker/graphql/index.ts).
  .use('/graphql', sameOriginWrites, bodyGuard)
  // The beacon is plain-text JSON (sendBeacon's type without a preflight), so it
  // is answered before the API's JSON-only body guard; it has its own size limit.
  .post('/api/insights/events', sameOriginWrites, beacon)
  // Stripe's webhook is signed and comes from Stripe's servers: answered before
  // the API's same-origin and JSON-body guards (routes/stripe-webhook.ts).
  .route('/api/payments/stripe/webhook', stripeWebhook)
  .route('/api', api)
  .route('/graphql', graphql)
  // Unknown API paths get the JSON error shape, never a page.
  .all('/api/*', (c) => c.json({ message: API_MESSAGES.notFound }, 404))
  // The owner's public images, from the site's own origin (ADR 057).
  .route('/media', media)
  // The owner's private feed of bookings (issue 56): the token in the address is the key.
  .route('/cal', calendarFeedPublic)
  // The client portal (issue 24): the contact's session, never the owner's, and
  // answers no cache keeps; its pages are rendered below like every page.
  // ('/portal/*' matches /portal itself too.)
  .use('/portal/*', portalHeaders, loadContact)
  // React Router's data request for /portal itself (a client-side navigation).
  .use('/portal.data', portalHeaders, loadContact)
  .route('/portal/files', portalFiles)
  // The portal's quote PDFs (issue 25), for the signed-in contact's client only.
  .route('/portal', portalQuoteFiles)
  // The portal's invoice PDFs (issue 26), likewise.
  .route('/portal', portalInvoiceFiles)
  .route('/portal', portalReportFiles)
  // Sent incident notices and completed risk analyses (issue 39), likewise.
  .route('/portal', portalComplianceFiles)
  // A client monitor's heartbeat (issue 54): called by the client's own jobs, no session.
  .route('/hb', heartbeatRoutes)
  // The clinic's people (issue 55): a run's evidence and the year's training records, likewise.
  .route('/portal', portalPeopleFiles)
  // A person's quiz answers as JSON (issue 55); a form post goes on to the page's action.
  .route('/training', trainingAnswers)
  // Crawler files and static assets; then every other path is a page.
  .route('/', site)
  // A page's form posted without JavaScript is checked like an API write.
  .use('*', sameOriginPagePosts)
  .all('*', async (c): Promise<Response> => {
    const refused = await refuseMalformedFormPost(c)
    if (refused) return refused
    const res = await renderPage(c)
    // Counted after the response, edge-cache hits and 304s included (issue 18).
    countPageView(c, res)
    return res
  })

app.onError(handleError)
