// React Router's server build for the Worker tests, made from the real page
// modules (web/root.tsx, web/routes/*.tsx) and server entry, the way the Vite
// plugin makes `virtual:react-router/server-build` for `npm run build`. The
// vitest config points that module here, so these tests render the real pages
// inside workerd. Route ids and paths follow the file names, as flatRoutes
// names them (web/routes.ts): _index is "/", $ the splat.
import type { ServerBuild } from 'react-router'
import * as entryModule from '../../web/entry.server'
import * as rootModule from '../../web/root'

const pageModules = import.meta.glob<ServerRouteModule>(['../../web/routes/*.tsx', '!**/*.test.tsx'], {
  eager: true,
})

type Route = ServerBuild['routes'][string] & {}

const routePath = (name: string) =>
  name
    .split('.')
    .map((segment) => (segment === '$' ? '*' : segment.replace(/^\$/, ':').replace(/_$/, '')))
    .join('/')
type ServerRouteModule = Route['module']

const names = new Set(
  Object.keys(pageModules).map((file) => file.replace(/^.*\/routes\//, '').replace(/\.tsx$/, '')),
)

/**
 * The route a file nests in, as flatRoutes decides: the longest other file
 * name its own name starts with, segment by segment ("admin.projects" is a
 * child of "admin"; "admin.clients_.$id" skips "admin.clients" because of
 * the "_"), else the root. Returns the parent's name and the rest of the name.
 */
function nesting(name: string): { parent: string | null; rest: string } {
  const segments = name.split('.')
  for (let k = segments.length - 1; k > 0; k--) {
    const candidate = segments.slice(0, k).join('.')
    if (names.has(candidate)) return { parent: candidate, rest: segments.slice(k).join('.') }
  }
  return { parent: null, rest: name }
}

const pages: Route[] = Object.entries(pageModules).map(([file, module]) => {
  const name = file.replace(/^.*\/routes\//, '').replace(/\.tsx$/, '')
  const { parent, rest } = nesting(name)
  return {
    id: `routes/${name}`,
    parentId: parent ? `routes/${parent}` : 'root',
    caseSensitive: true,
    // "admin.$" is "admin/*": dots are slashes and a trailing $ is the splat;
    // "$slug" is ":slug", and a trailing "_" (no nesting under the parent) is dropped.
    ...(rest === '_index' ? { index: true } : { path: routePath(rest) }),
    module,
  }
})

export const routes: ServerBuild['routes'] = Object.fromEntries(
  [{ id: 'root', path: '', module: rootModule as ServerRouteModule }, ...pages].map((r) => [r.id, r]),
)

const manifestRoute = (route: Route) => ({
  id: route.id,
  parentId: route.parentId,
  path: route.path,
  index: route.index,
  caseSensitive: route.caseSensitive,
  module: `/assets/${route.id}.js`,
  hasAction: 'action' in route.module,
  hasLoader: 'loader' in route.module,
  hasClientAction: 'clientAction' in route.module,
  hasClientLoader: 'clientLoader' in route.module,
  hasClientMiddleware: false,
  hasDefaultExport: 'default' in route.module,
  hasErrorBoundary: 'ErrorBoundary' in route.module,
  imports: [],
  css: [],
})

export const assets = {
  entry: { module: '/assets/entry.client.js', imports: [], css: [] },
  routes: Object.fromEntries(Object.values(routes).map((r) => [r!.id, manifestRoute(r!)])),
  url: '/assets/manifest-test.js',
  version: 'test-build',
} as unknown as ServerBuild['assets']

export const entry = { module: entryModule }
export const basename = '/'
export const publicPath = '/'
export const assetsBuildDirectory = 'dist/client'
export const future = {}
export const ssr = true
export const isSpaMode = false
export const prerender: string[] = []
export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' }
