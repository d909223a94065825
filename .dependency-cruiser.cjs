// Layering of the Worker (issue 29, docs/decisions/071-layers-point-down.md):
// routes/graphql/pages -> services -> (db, files, mail, cache, audit) -> schema.
// `npm run lint:deps` fails on any of these.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
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
      comment: 'Pages receive the server through web/lib/site-server.ts; they never import Worker modules.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^worker/' },
    },
    {
      name: 'browser-without-drizzle',
      comment:
        'The browser never loads drizzle (ADR 102): in the admin chunks it split the bundler runtime into its own file and broke the public 120 KB budget (ADR 074). Table-derived payloads live in *.server.ts modules.',
      severity: 'error',
      from: { path: '^web/' },
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
      from: { path: '^(worker|schema|web)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
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
