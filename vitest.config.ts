import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// Two projects: Worker tests run inside workerd against real local D1, R2 and
// KV (fresh storage per test file); web unit tests run in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
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
              },
            },
          })),
        ],
        test: {
          name: 'worker',
          include: ['worker/**/*.test.ts', 'test/worker/**/*.test.ts'],
          setupFiles: ['./test/worker/apply-migrations.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}', 'schema/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
    ],
  },
})
