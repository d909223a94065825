// A build plugin that leaves React Router features this site does not use
// out of the browser's bundle (docs/decisions/068-public-javascript-budget.md),
// and, the same way, React DOM's fragment refs (ADR 170).
//
// `HydratedRouter` decides at run time, from the server's context, whether to
// start React Router's custom route discovery (`future.unstable_customRouteDiscovery`,
// route-discovery.js), and `createRouter` wraps itself for `instrumentations`.
// Neither is ever on here (react-router.config.ts sets no such flag; entry.client.tsx
// passes no instrumentations), but because the checks happen at run time the
// bundler must keep both: about 3.4 KB gzip on every public page, against a
// 120 KB budget. The plugin turns those checks into constants in the client
// build only, so the minifier drops the code behind them; the server build is
// untouched. Lazy route discovery (fog-of-war.js, the default) stays.
//
// Each patch must match exactly once: after a React Router upgrade that moves
// the code, the build fails with the patch that no longer applies, instead of
// quietly shipping the bytes again (web/trim-react-router.test.ts checks them
// against the installed version too).
import type { Plugin } from 'vite'

/** `from` must occur exactly once in `file`, or, with `all`, at least once (every occurrence is replaced). */
type Patch = { file: string; from: string; to: string; all?: true }

const DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]/
/** React DOM's client, named in PATCHES by this path (the others are under React Router's dist/production/lib). */
export const REACT_DOM_CLIENT = 'react-dom/cjs/react-dom-client.production.js'
const REACT_DOM = /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/

export const PATCHES: Patch[] = [
  // Custom route discovery: never constructed, never used by the hook.
  {
    file: 'dom-export/hydrated-router.js',
    from: 'let discoveryRuntime = ssrInfo.context.future.unstable_customRouteDiscovery ?',
    to: 'let discoveryRuntime = false ?',
  },
  {
    file: 'dom-export/hydrated-router.js',
    from: 'future: { unstable_customRouteDiscovery: ssrInfo.context.future.unstable_customRouteDiscovery }',
    to: 'future: { unstable_customRouteDiscovery: false }',
  },
  {
    file: 'dom-export/hydrated-router.js',
    from: 'if (discoveryRuntime) discoveryState =',
    to: 'if (false) discoveryState =',
  },
  // ...and the router's own branches for it, which see the `false` passed above.
  { file: 'router/router.js', from: 'future.unstable_customRouteDiscovery', to: 'false', all: true },
  // Instrumentations: none are passed, so neither the routes nor the router are wrapped.
  { file: 'router/router.js', from: 'if (init.instrumentations) {', to: 'if (false) {' },
  { file: 'router/router.js', from: 'if (init.instrumentations) router =', to: 'if (false) router =' },
  // React Server Components: this site renders with the HTML server router, never
  // inside RSC's router, so the context these read is always false.
  {
    file: 'hooks.js',
    from: 'if (this.context) return /* @__PURE__ */ React$1.createElement(RSCErrorHandler',
    to: 'if (false) return /* @__PURE__ */ React$1.createElement(RSCErrorHandler',
  },
  { file: 'dom/ssr/components.js', from: 'let rsc = useIsRSCRouterContext();', to: 'let rsc = false;' },
  {
    file: 'dom/ssr/components.js',
    from: 'let isRSCRouterContext = useIsRSCRouterContext();',
    to: 'let isRSCRouterContext = false;',
  },
  {
    file: 'components.js',
    from: 'useTransitions = useIsRSCRouterContext() || useTransitions;',
    to: 'useTransitions = false || useTransitions;',
  },
  // Link prefetching: no link of the site prefetches (REFUSED below
  // fails the build for one that does), so a link never renders PrefetchPageLinks.
  {
    file: 'dom/lib.js',
    from: 'let [shouldPrefetch, prefetchRef, prefetchHandlers] = usePrefetchBehavior(prefetch, rest);',
    to: 'let [shouldPrefetch, prefetchRef, prefetchHandlers] = [false, null, {}];',
  },
  // View transitions: no link or navigation asks for one (REFUSED below), so a
  // NavLink never asks whether one is running.
  {
    file: 'dom/lib.js',
    from: 'let isTransitioning = routerNavigation != null && useViewTransitionState(path) && viewTransition === true;',
    to: 'let isTransitioning = false;',
  },
  // Fetchers (useFetcher, or a submission with `navigate: false`): the site has
  // none (REFUSED below fails the build if a page starts to use them), so the
  // router's fetch, which only they call, and its loaders and actions go.
  { file: 'router/router.js', from: '\t\tnavigate,\n\t\tfetch,\n', to: '\t\tnavigate,\n' },
  // Navigation blockers (useBlocker, usePrompt): none, so none is ever registered.
  { file: 'router/router.js', from: '\t\tgetBlocker,\n\t\tdeleteBlocker,\n', to: '' },
  // ...so no navigation is ever blocked, whether by a link or by the browser's Back.
  { file: 'router/router.js', from: 'if (blockerKey && delta != null) {', to: 'if (false) {' },
  {
    file: 'router/router.js',
    from: '\t\tif (blockerKey) {\n\t\t\tupdateBlocker(blockerKey, {',
    to: '\t\tif (false) {\n\t\t\tupdateBlocker(blockerKey, {',
  },
  // View transitions (REFUSED below): none is started, so the router has none to remember
  // across Back and Forward or to keep in the session's storage.
  {
    file: 'router/router.js',
    from: '\t\tif (isBrowser) {\n\t\t\trestoreAppliedTransitions(',
    to: '\t\tif (false) {\n\t\t\trestoreAppliedTransitions(',
  },
  {
    file: 'router/router.js',
    from: 'if (pendingAction === "POP" && !isUninterruptedRevalidation && location !== state.location) {\n\t\t\tlet priorPaths = appliedViewTransitions',
    to: 'if (false) {\n\t\t\tlet priorPaths = appliedViewTransitions',
  },
  { file: 'router/router.js', from: '} else if (pendingViewTransitionEnabled) {', to: '} else if (false) {' },
  // A revalidation asked by the page (useRevalidator): none (REFUSED below); the router
  // still revalidates after a submission by itself.
  { file: 'router/router.js', from: '\t\trevalidate,\n\t\tcreateHref:', to: '\t\tcreateHref:' },
  // ...the fetchers' own getters (useFetcher's only callers, see above)...
  {
    file: 'router/router.js',
    from: '\t\tgetFetcher,\n\t\tresetFetcher,\n\t\tdeleteFetcher: queueFetcherForDeletion,\n\t\tdispose,\n',
    to: '',
  },
  // ...and what only the development server (hot module replacement) and the server's static
  // router call: a disposal, a swap of every route, the fetchers' abort controllers.
  {
    file: 'router/router.js',
    from: '\t\t_internalFetchControllers: fetchControllers,\n\t\t_internalSetRoutes,\n',
    to: '',
  },
  // Client middleware (a route's `clientMiddleware`): no route has any (REFUSED below), so a
  // data request calls its handler directly instead of through the middleware pipeline; only
  // the server's static handler (never in the browser) says it is one.
  {
    file: 'router/router.js',
    from: 'return runClientMiddlewarePipeline(typedDataStrategyArgs, () => {',
    to: 'return ((_, handler) => handler())(typedDataStrategyArgs, () => {',
  },
  {
    file: 'router/router.js',
    from: '\treturn runClientMiddlewarePipeline(args, () => defaultDataStrategy(args));',
    to: '\treturn defaultDataStrategy(args);',
  },
  {
    file: 'router/router.js',
    from: 'let runClientMiddleware = isStaticHandler ? () => {',
    to: 'let runClientMiddleware = false ? () => {',
  },
  // Fragment refs (`<Fragment ref>`, React 19.2): no fragment of the site has a ref (REFUSED
  // below), so React DOM never makes the fragment's instance, whose DOM-like methods
  // (listeners, focus, observers, scrolling, positions) then leave the bundle.
  {
    file: REACT_DOM_CLIENT,
    from: 'var fragmentInstance = new FragmentInstance(current);',
    to: 'var fragmentInstance = null;',
  },
  {
    file: REACT_DOM_CLIENT,
    from: 'function FragmentInstance(fragmentFiber) {',
    to: 'var fragmentInstanceMethods = {};\nfunction FragmentInstance(fragmentFiber) {',
  },
  { file: REACT_DOM_CLIENT, from: 'FragmentInstance.prototype.', to: 'fragmentInstanceMethods.', all: true },
  // View transitions again (REFUSED below): no navigation asks for one, so the router's
  // provider never starts one and never waits for one to finish.
  {
    file: 'components.js',
    from: 'let isViewTransitionAvailable = router.window != null && router.window.document != null && typeof router.window.document.startViewTransition === "function";',
    to: 'let isViewTransitionAvailable = false;',
  },
]

/**
 * React Router's production build still carries its developer warnings (`warning(cond, message)`,
 * `warnOnce(cond, message)`: a misspelt route, a link to an invalid URL, an option without its
 * implementation), messages written for whoever builds the site, long and many. Marked pure, the
 * minifier drops each call with its text. The count is each file's number of calls in the installed
 * version: a React Router that adds or moves one fails the build here (as a patch above would).
 */
export const QUIET: Record<string, number> = {
  'components.js': 4,
  'dom/dom.js': 1,
  'dom/lib.js': 3,
  'dom/ssr/components.js': 1,
  'hooks.js': 4,
  'router/history.js': 2,
  'router/router.js': 7,
  'router/utils.js': 4,
}

/** A call (not the declaration) of one of React Router's warning helpers. */
const WARNING_CALL = /(?<![\w.$]|function\s+)(?:warning|warningOnce|warnOnce)\(/g

/** The module's code with the patches for `file` (a path under React Router's dist/production/lib) applied. */
export function trimModule(file: string, code: string): string {
  let out = code
  for (const patch of PATCHES) {
    if (patch.file !== file) continue
    const at = out.indexOf(patch.from)
    if (at < 0 || (!patch.all && out.indexOf(patch.from, at + 1) >= 0)) {
      throw new Error(
        `trim-react-router: "${patch.from}" is not in ${file} ${patch.all ? 'at all' : 'exactly once'}; React Router changed, update web/trim-react-router.ts`,
      )
    }
    out = patch.all ? out.replaceAll(patch.from, patch.to) : out.replace(patch.from, patch.to)
  }
  const calls = QUIET[file]
  if (calls !== undefined) {
    let found = 0
    out = out.replace(WARNING_CALL, (call) => {
      found++
      return `/* @__PURE__ */ ${call}`
    })
    if (found !== calls)
      throw new Error(
        `trim-react-router: ${file} has ${found} developer warnings, not ${calls}; React Router changed, update QUIET in web/trim-react-router.ts`,
      )
  }
  return out
}

/**
 * The features patched out above that a page could start to use: the build then
 * fails, naming the feature, instead of the feature silently doing nothing.
 */
export const REFUSED: { feature: string; use: RegExp }[] = [
  { feature: 'a fetcher', use: /\buseFetchers?\b|\bfetcherKey\b|\bnavigate(?::\s*|=\{)false\b/ },
  { feature: 'link prefetching', use: /<(?:Nav)?Link\b[^>]*\bprefetch=|\bPrefetchPageLinks\b/ },
  { feature: 'a view transition', use: /\bviewTransition\b|\buseViewTransitionState\b/ },
  { feature: 'a navigation blocker', use: /\buseBlocker\b|\b(?:unstable_)?usePrompt\b/ },
  { feature: 'a revalidation', use: /\buseRevalidator\b/ },
  { feature: 'a fragment ref', use: /<(?:React\.)?Fragment\b[^>]*\bref=/ },
  { feature: 'client middleware', use: /\b(?:unstable_)?clientMiddleware\b/ },
]

export function trimReactRouter(): Plugin {
  return {
    name: 'trim-react-router',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (/[\\/](web|schema)[\\/]/.test(id) && !id.includes('node_modules')) {
        const refused = REFUSED.find(({ use }) => use.test(code))
        if (refused)
          throw new Error(
            `trim-react-router: ${id} uses ${refused.feature}; remove its patch in web/trim-react-router.ts first`,
          )
      }
      const match = DIST.exec(id)
      const file = match
        ? id.slice(match.index + match[0].length).replaceAll('\\', '/')
        : REACT_DOM.test(id)
          ? REACT_DOM_CLIENT
          : undefined
      if (!file) return
      if (!PATCHES.some((p) => p.file === file) && QUIET[file] === undefined) return
      return { code: trimModule(file, code), map: null }
    },
  }
}
