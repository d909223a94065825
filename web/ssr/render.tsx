import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import type { SiteConfig } from '../../schema/site-config'
import { siteConfig } from '../lib/site-config'
import { appRoutes } from '../routes'
import { applyShellData, asShellData } from '../state/site'

const handler = createStaticHandler(appRoutes())

/**
 * The first paint of a public page, rendered by the Worker with the same
 * routes, site config and shell data the SPA starts from
 * (docs/decisions/050-server-rendered-first-paint.md). Returns null when the
 * route answers with a redirect or anything else that is not a page.
 */
export async function renderPage(
  request: Request,
  config: SiteConfig,
  data: unknown,
): Promise<string | null> {
  // Resolves the route's lazy page module (and any loader) before rendering.
  const context = await handler.query(request)
  if (context instanceof Response) return null
  const router = createStaticRouter(handler.dataRoutes, context)
  // The SPA's config and data are module state read once from the shell; the
  // Worker sets them right before a synchronous render, so concurrent requests
  // in the same isolate cannot see each other's (there is no await in between).
  Object.assign(siteConfig, config)
  applyShellData(asShellData(data))
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />)
}
