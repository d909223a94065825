import type { RouteConfig } from '@react-router/dev/routes'
import { flatRoutes } from '@react-router/fs-routes'

// Every page is one module under web/routes/, and its file name is its path
// (_index.tsx is "/", $.tsx the 404 page). The sitemap, the 404 status and the
// legacy redirects are read from those modules (worker/seo/crawl.ts).
// Paths are case-sensitive: /ABOUT is a 404 page with a 404 status, never the
// About page under a second address.
export default flatRoutes({ ignoredRouteFiles: ['**/*.test.*'] }).then((routes) =>
  routes.map(function strict(route): typeof route {
    return { ...route, caseSensitive: true, children: route.children?.map(strict) }
  }),
) satisfies Promise<RouteConfig> as Promise<RouteConfig>
