// The REST API (/api): one sub-app per domain. An OpenAPIHono, so sub-apps
// declared with createRoute (worker/middleware/openapi.ts) add their routes to
// the document served at /api/openapi.json (issue 24). Kept apart from
// worker/app.ts (pages, static files) so that `npm run openapi:print` can
// load it in Node and write the committed schema/openapi.json.

import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from './env'
import { beaconRoute, insights } from './insights/routes'
import { sameOriginWrites } from './middleware/csrf'
import { handleError } from './middleware/errors'
import { defaultHook, OPENAPI_INFO } from './middleware/openapi'
import { bodyGuard } from './middleware/validate'
import { apiTokens } from './routes/api-tokens'
import { assetsApi } from './routes/assets'
import { auth } from './routes/auth'
import { availability } from './routes/availability'
import {
  billingSettingsRoutes,
  invoices,
  paymentsRoutes,
  prepaidBlocks,
  timeEntries,
  timerRoutes,
} from './routes/billing'
import { calendarFeedApi, calendarSourcesApi } from './routes/calendar'
import { clients } from './routes/clients'
import { complianceApi } from './routes/compliance'
import { exportsRoutes } from './routes/exports'
import { health } from './routes/health'
import { maintenanceRoutes, maintenanceSchedulesRoutes, maintenanceTasksRoutes } from './routes/maintenance'
import { jobsRoutes, monitorMaintenanceRoutes, monitorsRoutes } from './routes/monitors'
import { pageContent } from './routes/page-content'
import { peopleApi } from './routes/people'
import { plansRoutes, subscriptionsRoutes } from './routes/plans'
import { projects } from './routes/projects'
import { quotesApi } from './routes/quotes'
import { ratingsRoutes } from './routes/ratings'
import { reportsRoutes } from './routes/reports'
import { consultations, requests, supportRequestForm, supportRequests } from './routes/requests'
import { resume } from './routes/resume'
import { resumes } from './routes/resumes'
import { riskAnalysesApi } from './routes/risk-analyses'
import { security } from './routes/security'
import { skills } from './routes/skills'
import { stripeWebhookRoute } from './routes/stripe-webhook'
import { uploads } from './routes/uploads'
import { vaultApi } from './routes/vault'

export const api = new OpenAPIHono<AppEnv>({ defaultHook })
api
  .use(sameOriginWrites)
  .use(bodyGuard)
  .route('/health', health)
  .route('/auth', auth)
  .route('/security/tokens', apiTokens)
  .route('/security', security)
  .route('/projects', projects)
  .route('/skills', skills)
  .route('/page-content', pageContent)
  .route('/resume', resume)
  .route('/resumes', resumes)
  .route('/uploads', uploads)
  .route('/insights', insights)
  .route('/consultations', consultations)
  .route('/consultation', supportRequestForm)
  .route('/support-requests', supportRequests)
  .route('/requests', requests)
  .route('/availability', availability)
  .route('/clients', clients)
  // /clients/{id}/credentials and /credentials (issue 38, the vault).
  .route('/', vaultApi)
  // /quotes and /agreement-templates (issue 25).
  .route('/', quotesApi)
  .route('/', reportsRoutes)
  .route('/time-entries', timeEntries)
  .route('/timer', timerRoutes)
  .route('/prepaid-blocks', prepaidBlocks)
  .route('/invoices', invoices)
  .route('/payments', paymentsRoutes)
  .route('/plans', plansRoutes)
  .route('/subscriptions', subscriptionsRoutes)
  .route('/maintenance-schedules', maintenanceSchedulesRoutes)
  .route('/maintenance', maintenanceRoutes)
  .route('/maintenance-tasks', maintenanceTasksRoutes)
  .route('/billing-settings', billingSettingsRoutes)
  .route('/exports', exportsRoutes)
  .route('/calendar-feed', calendarFeedApi)
  .route('/calendar-sources', calendarSourcesApi)
  // /clients/{id}/assets, /assets and /support-requests/{id}/asset (issue 38).
  .route('/', assetsApi)
  .route('/ratings', ratingsRoutes)
  .route('/', riskAnalysesApi)
  .route('/', complianceApi)
  // Issue 54: the scheduled jobs' board, the client monitors and their maintenance windows.
  .route('/jobs', jobsRoutes)
  .route('/monitors', monitorsRoutes)
  .route('/', monitorMaintenanceRoutes)
  // The clinic's people: staff, training, onboarding and offboarding runs (issue 55).
  .route('/', peopleApi)

// Answered in worker/app.ts, ahead of this app's same-origin and JSON-body
// guards (the beacon is plain text, Stripe's webhook a server's call), and
// documented here with the rest of /api.
api.openAPIRegistry.registerPath(beaconRoute)
api.openAPIRegistry.registerPath(stripeWebhookRoute)

// Public: the document describes routes, it holds no data.
api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
  type: 'http',
  scheme: 'bearer',
  description: 'A personal access token (pat_...), created in Admin > Security > Access tokens.',
})
api.openAPIRegistry.registerComponent('securitySchemes', 'sessionCookie', {
  type: 'apiKey',
  in: 'cookie',
  name: 'session',
  description: "The admin's own session (the browser).",
})
api.doc31('/openapi.json', OPENAPI_INFO)

api.onError(handleError)
