// Layers by what they may use (issue 35, ADR 119; before it, ADR 071 listed forbidden folders).
// Every module belongs to one layer below, and each layer lists the layers it MAY import;
// `allowed` makes dependency-cruiser refuse everything else ("not-in-allowed"), including a
// folder added later that nobody listed: add it to LAYERS with what it may use.
// The `forbidden` rules that follow keep the finer points (no hono in services, no drizzle in the
// browser, no cycles). `npm run lint:deps` fails on any of these; scripts/layers.test.ts proves
// that a forbidden import does fail it.

const npm = '^node_modules/'
const schema = '^schema/'
/** Small modules every Worker layer may use: the database handle, the Env type, the log, escaping. */
const shared = '^worker/(db|env|log|escape|signed-token)\\.ts$'
const w = (...dirs) => `^worker/(${dirs.join('|')})/`
const web = (...dirs) => `^web/(${dirs.join('|')})/`
const pageContext = '^worker/page-context\\.ts$'

/** Each layer (a path) and the paths it may import. Its own folder is always allowed. */
const LAYERS = [
  // Entry points and wiring: fetch (app.ts, api.ts, pages.ts, site-files.ts), scheduled, email.
  {
    name: 'entry',
    path: '^worker/(index|app|api|pages|site-files|scheduled|inbound-mail|page-forms|vite-dev)\\.ts$',
    may: ['^worker/', schema, '^web/lib/', '^virtual:', npm],
  },
  { name: 'shared', path: shared, may: [shared, schema, npm, w('services')] },
  // The pages' request context (issue 53): what renderPage gives a page's loader and action.
  { name: 'page-context', path: pageContext, may: [w('services'), shared, schema, npm] },
  {
    name: 'routes',
    path: w('routes'),
    may: [
      w(
        'services',
        'middleware',
        'auth',
        'files',
        'mail',
        'payments',
        'abuse',
        'booking',
        'insights',
        'cache',
      ),
      shared,
      schema,
      npm,
    ],
  },
  {
    name: 'graphql',
    path: w('graphql'),
    may: [w('services', 'auth', 'middleware', 'mail'), shared, schema, npm],
  },
  {
    name: 'portal',
    path: w('portal'),
    may: [w('services', 'auth', 'middleware', 'files', 'mail', 'payments', 'abuse'), shared, schema, npm],
  },
  {
    name: 'middleware',
    path: w('middleware'),
    may: [w('services', 'abuse', 'cache'), '^worker/vite-dev\\.ts$', shared, schema, npm],
  },
  { name: 'auth', path: w('auth'), may: [w('services', 'mail', 'middleware', 'abuse'), shared, schema, npm] },
  { name: 'insights', path: w('insights'), may: [w('auth', 'middleware'), shared, schema, npm] },
  {
    name: 'services',
    path: w('services'),
    may: [w('mail', 'pdf', 'files', 'cache', 'abuse', 'payments', 'booking'), shared, schema, npm],
  },
  {
    name: 'mail',
    path: w('mail'),
    may: [w('files', 'services'), '^worker/auth/local\\.ts$', shared, schema, npm],
  },
  { name: 'pdf', path: w('pdf'), may: [schema, npm] },
  { name: 'files', path: w('files'), may: ['^worker/services/errors\\.ts$', shared, schema, npm] },
  { name: 'payments', path: w('payments'), may: ['^worker/services/errors\\.ts$', shared, schema, npm] },
  { name: 'cache', path: w('cache'), may: [shared, schema, npm] },
  { name: 'abuse', path: w('abuse'), may: [shared, schema, npm] },
  { name: 'booking', path: w('booking'), may: [w('auth'), shared, schema, npm] },
  { name: 'seo', path: w('seo'), may: [w('abuse'), shared, schema, npm] },
  { name: 'schema', path: schema, may: [npm] },
  // The browser: the public pages (routes and their parts), the portal's pages and the admin.
  { name: 'web-entry', path: '^web/[^/]+\\.tsx?$', may: ['^web/', npm] },
  // A page module's loader and action run on the server: they reach the Worker through the
  // request context and the services only (React Router drops them from the browser's copy).
  { name: 'web-routes', path: web('routes'), may: ['^web/', pageContext, w('services'), schema, npm] },
  { name: 'admin', path: web('admin'), may: [web('components', 'lib', 'state'), schema, npm] },
  { name: 'web-lib', path: web('lib'), may: [schema, npm] },
  { name: 'web-state', path: web('state'), may: [web('lib'), schema, npm] },
  { name: 'web-insights', path: web('insights'), may: [schema, npm] },
  { name: 'web-components', path: web('components'), may: [web('insights', 'lib'), schema, npm] },
  { name: 'web-forms', path: web('forms'), may: [web('components', 'insights', 'lib'), schema, npm] },
  { name: 'web-booking', path: web('booking'), may: [web('components', 'forms', 'lib'), schema, npm] },
  { name: 'web-pages', path: web('pages'), may: [web('components', 'lib', 'state'), schema, npm] },
  { name: 'web-ratings', path: web('ratings'), may: [web('components', 'forms', 'lib'), schema, npm] },
  { name: 'web-portal', path: web('portal'), may: [web('booking', 'components', 'lib'), schema, npm] },
  { name: 'web-test', path: web('test'), may: ['^web/', schema, npm] },
]

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  // Anything not allowed here is an error: a layer importing what it may not, or a module in no layer.
  allowed: [
    ...LAYERS.map((l) => ({
      comment: `${l.name} may use: its own folder, ${l.may.join(', ')}`,
      from: { path: l.path, pathNot: '\\.test\\.tsx?$' },
      to: { path: [l.path, ...l.may] },
    })),
    // Tests, and the helpers under test/ they share, may import whatever they test.
    { from: { path: '^test/' }, to: {} },
    { from: { path: '\\.test\\.tsx?$' }, to: {} },
    // Type declarations the compiler reads (worker-configuration.d.ts names the entry).
    { from: { path: '\\.d\\.ts$' }, to: {} },
  ],
  allowedSeverity: 'error',
  forbidden: [
    {
      name: 'services-below-the-edges',
      comment:
        'Services take plain values and speak domain errors; the HTTP and GraphQL edges call them, never the reverse.',
      severity: 'error',
      from: { path: '^worker/services/' },
      to: { path: ['^worker/(routes|graphql|middleware|http|pages\\.ts|app\\.ts)', '^node_modules/hono/'] },
    },
    {
      name: 'mail-below-the-edges',
      comment:
        'Mail is called by services; it may render with hono/jsx (a templating library) but uses nothing of the HTTP layer.',
      severity: 'error',
      from: { path: '^worker/mail/' },
      to: {
        path: ['^worker/(routes|graphql|middleware|http|pages\\.ts|app\\.ts)', '^node_modules/hono/'],
        pathNot: '^node_modules/hono/dist/(types/)?jsx/',
      },
    },
    {
      name: 'cache-and-abuse-free-of-hono',
      comment:
        'Services purge caches and check abuse limits through these modules, so they hold no request types.',
      severity: 'error',
      from: { path: '^worker/(cache|abuse)/' },
      to: { path: ['^worker/(routes|graphql|middleware|http|pages\\.ts|app\\.ts)', '^node_modules/hono/'] },
    },
    {
      name: 'schema-is-the-bottom',
      comment: 'schema/ is shared by the Worker and the browser: it depends on no Worker or web module.',
      severity: 'error',
      from: { path: '^schema/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(worker|web)/' },
    },
    {
      name: 'web-without-worker-code',
      comment:
        'The browser code never imports Worker modules; page modules (web/routes/) reach the Worker only from their loaders and actions, through worker/page-context.ts and the services.',
      severity: 'error',
      from: { path: '^web/', pathNot: '^web/routes/' },
      to: { path: '^worker/' },
    },
    {
      name: 'pages-without-rest-routes',
      comment:
        'A page calls the services, never a REST route module (issue 53): the pages, their form handling, the portal, the request context and web/ import nothing of worker/routes/ or worker/insights/routes.ts.',
      severity: 'error',
      from: {
        path: ['^worker/(pages|page-forms|page-context)\\.ts$', '^worker/portal/', '^web/'],
      },
      to: { path: ['^worker/routes/', '^worker/insights/routes\\.ts$'] },
    },
    {
      name: 'browser-without-drizzle',
      comment:
        'The browser never loads drizzle (ADR 102): in the admin chunks it split the bundler runtime into its own file and broke the public 120 KB budget (ADR 074). Table-derived payloads live in *.server.ts modules. Page modules reach the services from their loaders, which the build drops from the browser: test/node/client-bundle.test.ts checks the built client instead.',
      severity: 'error',
      from: { path: '^web/', pathNot: '^web/routes/' },
      to: {
        reachable: true,
        path: ['^node_modules/drizzle-(orm|zod)/', '\\.server\\.tsx?$'],
      },
    },
    {
      name: 'drizzle-zod-on-the-server',
      comment:
        'Outside worker/, a schema module that derives payloads from the tables is named *.server.ts, so the browser rule above can name it (ADR 102).',
      severity: 'error',
      from: { path: '^schema/', pathNot: ['\\.server\\.ts$', '\\.test\\.ts$'] },
      to: { path: '^node_modules/drizzle-zod/' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles, type-only ones included, so each module can be read from the bottom up. A lazy import() that closes a loop (the toaster loading its region on demand) is a code split, not a cycle of evaluation.',
      severity: 'error',
      // The tables files included: each schema/tables-<domain>.ts imports the files of the tables it
      // names, never schema/tables.ts (which re-exports them all).
      from: { path: '^(worker|schema|web)/' },
      to: {
        circular: true,
        viaOnly: { dependencyTypesNot: ['dynamic-import'] },
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.wrangler', '^build/', '^dist/', '^\\.react-router/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.worker.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
}
