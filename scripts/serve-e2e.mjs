// Serves one e2e (or bench) server: the Worker bundle `wrangler deploy --dry-run`
// made (what a deploy would upload) in workerd through Miniflare, with the
// bindings wrangler reads from wrangler.toml and .dev.vars, on the state
// scripts/serve-e2e.sh prepared. Not `wrangler dev`: that puts a second workerd
// (its proxy Worker) and a Node hop for every request's log line in front of
// the Worker, and runs the Worker with the inspector attached; for the browser
// tests' thousands of requests that was about half the server side's CPU
// (docs/decisions/172-e2e-server-miniflare.md). `npm start` keeps `wrangler dev`.
//
// Env: E2E_PORT, E2E_STATE (the state directory), E2E_BUNDLE (the dry run's
// outdir), DEMO_PORT (optional: the chatbot demo's stand-in).
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { convertV4MiniflareOptions, Miniflare } from 'miniflare'
import { unstable_getMiniflareWorkerOptions } from 'wrangler'

const port = Number(process.env.E2E_PORT)
const state = process.env.E2E_STATE
const bundle = process.env.E2E_BUNDLE
if (!port || !state || !bundle) throw new Error('E2E_PORT, E2E_STATE and E2E_BUNDLE are required')

/** Every file of the dry run's output, as the module type wrangler would upload it as. */
function modulesIn(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'README.md' && !entry.name.endsWith('.map'))
    .map((entry) => {
      const path = join(entry.parentPath, entry.name)
      if (/\.m?js$/.test(entry.name)) return { type: 'ESModule', path }
      throw new Error(`serve-e2e: no module type for ${relative(dir, path)}`)
    })
}

// The module rules are for wrangler's own bundling; the bundle is already made.
const {
  workerOptions: { modulesRules: _rules, ...fromConfig },
} = unstable_getMiniflareWorkerOptions('wrangler.toml')

const mf = new Miniflare(
  convertV4MiniflareOptions({
    rootPath: process.cwd(),
    host: 'localhost',
    port,
    // The layout `wrangler dev --persist-to <state>` uses, which the seed script
    // (scripts/setup-local.ts) and `wrangler d1 execute --persist-to` also use.
    resourcePersistencePath: join(state, 'v3'),
    // Inside the state: mail the Worker sends is written here, and goes with the state.
    resourceTmpPath: join(state, 'tmp'),
    // As `wrangler dev`: /cdn-cgi/local/email (mail coming in) and the local
    // explorer's /cdn-cgi/local/explorer/api/local/email/sending (mail sent).
    // These are Miniflare's own paths; `wrangler dev` also answers the older
    // /cdn-cgi/handler/... and /cdn-cgi/explorer/... it rewrites to them.
    unsafeTriggerHandlers: true,
    unsafeLocalExplorer: true,
    // No line per request; the Worker's own log lines (worker/log.ts) are kept,
    // in the server's log that e2e/vault-plaintext.spec.ts searches.
    logRequests: false,
    handleStructuredLogs: ({ level, message }) =>
      (level === 'error' || level === 'warn' ? console.error : console.log)(message),
    // request.cf without fetching Cloudflare's sample object (offline).
    cf: false,
    workers: [
      {
        ...fromConfig,
        name: 'portfolio',
        modulesRoot: bundle,
        modules: modulesIn(bundle),
        bindings: {
          ...fromConfig.bindings,
          RATE_LIMITS: 'off',
          NOTIFY_HOURLY_CAP: '100000',
          ENVIRONMENT: 'local',
          VISITOR_MAIL: 'on',
          SITE_URL: `http://localhost:${port}`,
          ...(process.env.DEMO_PORT
            ? { CHATBOT_DEMO_URL: `http://localhost:${process.env.DEMO_PORT}/` }
            : {}),
        },
      },
    ],
  }),
)

await mf.ready
console.log(`serve-e2e: ready on http://localhost:${port}`)
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    mf.dispose().finally(() => process.exit(0))
  })
