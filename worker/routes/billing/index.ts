// REST for time and money (issue 26), as OpenAPIHono sub-apps: each route is
// declared with the same zod schemas it validates with, so the OpenAPI
// document cannot drift from what the handler accepts. Every route is the
// owner's (session or, once issue 24 lands, a personal access token); bad
// input answers the project's { message, errors } 400 through the default hook.
// One file per resource: time.ts (time entries, timer), blocks.ts, invoices.ts,
// payments.ts, settings.ts.

import { prepaidBlocks } from './blocks'
import { invoices } from './invoices'
import { paymentsRoutes } from './payments'
import { billingSettingsRoutes } from './settings'
import { timeEntries, timerRoutes } from './time'

/** The routes of this module by their mount point, for app.ts and the OpenAPI document. */
export const billingRoutes = {
  '/time-entries': timeEntries,
  '/timer': timerRoutes,
  '/prepaid-blocks': prepaidBlocks,
  '/invoices': invoices,
  '/payments': paymentsRoutes,
  '/billing-settings': billingSettingsRoutes,
} as const

export { prepaidBlocks } from './blocks'
export { invoices } from './invoices'
export { paymentsRoutes } from './payments'
export { billingSettingsRoutes } from './settings'
export { timeEntries, timerRoutes } from './time'
