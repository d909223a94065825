import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { demoPort, serverCount, serverPorts } from './e2e/servers'

// End-to-end tests drive the system's Chromium against the production build
// served by `wrangler dev` on fresh local state: one server per worker
// (e2e/servers.ts, e2e/fixtures.ts; ADR 066). Debian's headless shell
// (`chromium-headless-shell`, the same Chromium release without the desktop
// browser around it) when installed: a new context and page cost it about a
// quarter of the CPU the full browser spends, and the suite is CPU-bound on
// two cores (ADR 105). Otherwise the full `chromium`.
const headlessShell = '/usr/bin/chromium-headless-shell'
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium')
const launchOptions = {
  executablePath: chromium,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    // Tests never load anything from outside: every host but localhost fails to
    // resolve. This used to be a `page.route` in each spec, but routing turns
    // the HTTP cache off and sends every request through Playwright, which cost
    // the suite about a sixth of the browser's CPU (docs/test-times.md).
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
  ],
}

// One seeded state per run, copied for each server (scripts/serve-e2e.sh).
const runId = `${process.pid}-${Date.now()}`

export default defineConfig({
  testDir: './e2e',
  // Files are spread over the workers; a file's tests run in order in one worker.
  fullyParallel: false,
  workers: serverCount,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Room for a slow host (issue 52: a third of its quiet speed turned 14 s flows
  // into 40 s ones). Every wait is for a condition a person would see, so a long
  // limit costs nothing when things go well; it only delays a real failure.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    // baseURL is set per worker by e2e/fixtures.ts.
    trace: 'off',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
      // The collapsed menu's specs run once, on the phone (the same 375 px, with touch).
      testIgnore: /.*\.mobile\.spec\.ts/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 800 }, launchOptions },
      // Mobile runs the specs that exercise responsive behaviour.
      testMatch: /.*\.(mobile|responsive)\.spec\.ts/,
    },
  ],
  webServer: [
    ...serverPorts.map((port) => ({
      command: 'bash scripts/serve-e2e.sh',
      url: `http://localhost:${port}/api/health`,
      env: { E2E_PORT: String(port), DEMO_PORT: String(demoPort), E2E_RUN_ID: runId },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    })),
    {
      command: 'node scripts/serve-demo.mjs',
      url: `http://localhost:${demoPort}/health`,
      env: { DEMO_PORT: String(demoPort) },
      reuseExistingServer: false,
      timeout: 10_000,
    },
  ],
})
