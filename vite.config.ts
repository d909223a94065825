import { cloudflare } from '@cloudflare/vite-plugin'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { englishOnly } from './scripts/english-only-plugin.ts'
import { pdfFonts } from './scripts/pdf-fonts-plugin.ts'
import { trimReactRouter } from './web/trim-react-router.ts'

// One build for the client and the Worker (docs/decisions/052-framework-mode.md):
// the Cloudflare plugin runs the Worker (worker/index.ts, Hono in front of React
// Router's request handler) in workerd, as the SSR environment, in `npm run dev`
// and builds it with the client in `vite build`.
export default defineConfig({
  publicDir: 'web/public',
  plugins: [
    // react-aria's UI strings in English only, in the browser's build and the Worker's (ADR 174).
    englishOnly(),
    cloudflare({
      viteEnvironment: { name: 'ssr' },
      // The same local state `npm run setup:local` seeds and `wrangler dev` uses.
      persistState: { path: '.wrangler/state' },
    }),
    tailwindcss(),
    reactRouter(),
    // Leaves React Router's unused custom route discovery and instrumentation
    // out of the browser's bundle (ADR 068).
    trimReactRouter(),
    // The PDF fonts as static assets, out of the Worker's bundle (ADR 110).
    pdfFonts(),
  ],
  // No preload helper in every page: React Router preloads route modules itself,
  // and the only dynamic imports left (the toasts, the support form) are small.
  build: { sourcemap: !!process.env.SOURCEMAP, target: 'es2022', modulePreload: false },
  // The PDF toolkit's libraries as their publishers' minified builds: they are most
  // of the Worker's upload (ADR 110; the 2 MB budget of ADR 103), and their own
  // minifier knows them best.
  resolve: {
    alias: [
      { find: /^pdf-lib$/, replacement: 'pdf-lib/dist/pdf-lib.esm.min.js' },
      { find: /^@pdf-lib\/fontkit$/, replacement: '@pdf-lib/fontkit/dist/fontkit.es.min.js' },
    ],
  },
  environments: {
    // The Worker minified (about 1.6 MB gzip uploaded instead of 2.1, under ADR 103's
    // 2 MB; less for workerd to parse at each cold start), with its function and class
    // names kept (libraries name their errors after them) and a source map that
    // `upload_source_maps` sends along, so Workers Logs show stack traces in the
    // source (ADR 175).
    ssr: {
      build: {
        minify: true,
        sourcemap: true,
        rolldownOptions: {
          output: {
            keepNames: true,
            codeSplitting: {
              groups: [
                // zod with the OpenAPI extension that @hono/zod-openapi installs on import:
                // a schema built before it has no .openapi(), and worker/routes/ calls it on
                // schemas of schema/ built elsewhere (rowId). In one chunk, the extension runs
                // before any chunk that builds a schema can start. Otherwise the chunks that
                // the Worker and the pages' loaders share (ADR 211) may run schema/ first.
                {
                  name: 'zod',
                  test: /node_modules[\\/](zod|@hono[\\/]zod-openapi|@asteasolutions[\\/]zod-to-openapi)[\\/]/,
                },
              ],
            },
          },
        },
      },
    },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React, React Router, the entry and the modules every page uses (the
            // root route, the navigation, footer, shared copy, the insights beacon)
            // in one chunk, named after the entry: one file compresses better than
            // several, and the bundler's runtime needs no file of its own. Only
            // modules every page needs belong here: a module is never split, so
            // everything of it that any code uses (the admin's too) would ride
            // along on every page (ADR 068).
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream)[\\/]|[\\/](web[\\/](root|entry\.client|insights[\\/]beacon|components[\\/](ui|icons|toast|Nav|Footer)|lib[\\/](meta|site|site-server|revalidate))|schema[\\/](site-copy|routes|site-config|url))\.tsx?$/,
                },
                // What both request forms share (fields, the submit logic, the
                // Turnstile slot, the API client, the options and texts) as one file
                // rather than several small ones.
                {
                  name: 'forms',
                  test: /[\\/](web[\\/](forms[\\/](fields|layout|request-form|Turnstile)|lib[\\/]api)|schema[\\/]request-options)\.tsx?$/,
                },
                // The portal's frame with the visitor's-zone helpers it shares with
                // the manage page (issue 28): one file, so the portal's pages load
                // no extra one for them (the manage page loads this one too).
                { name: 'portal-ui', test: /[\\/]web[\\/](portal[\\/]ui|booking[\\/]visitor-zone)\.tsx?$/ },
              ],
            },
          },
        },
      },
    },
  },
})
