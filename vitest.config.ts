import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { englishOnly } from './scripts/english-only-plugin.ts'

// Two projects: Worker tests run inside workerd against real local D1, R2 and
// KV (fresh storage per test file); web unit tests run in jsdom.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single file at a
    // time on this 2-core machine. Worker-test files spend much of their time
    // waiting on workerd (storage, module fetches), so two at once took the
    // unit run from 656 s to 305 s here (measured under the same load).
    maxWorkers: '100%',
    projects: [
      {
        plugins: [
          // As in the build (vite.config.ts): react-aria's UI strings in English
          // only. The pages pull react-aria in, and its other 33 locales were about
          // 700 of the modules this project transformed and sent to workerd (ADR 174).
          englishOnly(),
          // Dependencies are inlined into workerd with their source maps; the
          // map of @peculiar/x509 (under @simplewebauthn/server) pushes one module
          // past the 1 MiB WebSocket message workerd accepts, which kills the
          // test runtime. Tests only need maps for our own code.
          {
            name: 'no-dependency-source-maps',
            enforce: 'post',
            transform(code, id) {
              if (id.includes('/node_modules/')) return { code, map: { mappings: '' } }
            },
          },
          cloudflareTest(async () => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations('./migrations'),
                OWNER_USERNAME: 'owner',
                OWNER_PASSWORD: 'test-owner-password',
                OWNER_SETUP_TOKEN: 'test-setup-token',
                // What .dev.vars gives `npm start`; tests of the committed
                // (production) behaviour pass ENVIRONMENT: 'production'.
                ENVIRONMENT: 'local',
                // As `npm start` has them: visitor e-mail on, and a booking-link key.
                VISITOR_MAIL: 'on',
                BOOKING_LINK_KEY: 'test-booking-link-key-0123456789abcdef',
                // Counts are written right after each response (no batch window), so a
                // test reads them once its request is done; the batching tests set their own.
                INSIGHTS_BATCH_MS: '0',
                // As .dev.vars.example has it: Stripe webhooks verifiable offline;
                // no secret key, so no "Pay now" unless a test gives one.
                STRIPE_WEBHOOK_SECRET: 'whsec_test_webhook_secret_for_the_worker_tests',
              },
            },
          })),
        ],
        // The page modules' server build (made by React Router's Vite plugin in a
        // real build) is assembled from the same modules for the tests.
        resolve: { alias: { 'virtual:react-router/server-build': './test/worker/page-build.ts' } },
        test: {
          name: 'worker',
          include: ['worker/**/*.test.ts', 'test/worker/**/*.test.ts'],
          setupFiles: ['./test/worker/apply-migrations.ts'],
          // One workerd per Vitest worker for all its files, instead of one per
          // file: start-up, module transforms and migrations were most of this
          // project's time. The setup file gives each file fresh storage (ADR 075).
          isolate: false,
          // A file's first request that renders a page transforms the page modules
          // inside workerd: seconds on a busy 2-core machine, past the 5 s default.
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: [
            'web/**/*.test.{ts,tsx}',
            'schema/**/*.test.ts',
            'test/node/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'jsdom',
          // A dialog test types and clicks through several steps in jsdom: about 1 s
          // here alone, past the 5 s default when the e2e run shares the two cores.
          testTimeout: 20_000,
          // One jsdom per worker rather than per file (each file still gets its own
          // module graph): creating it took half of this project's time.
          pool: 'vmThreads',
        },
      },
    ],
  },
})
