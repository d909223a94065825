import { defineConfig, devices } from '@playwright/test'

// End-to-end tests drive the system Chromium (Debian's `chromium` package)
// against the production build served by `wrangler dev` on fresh local state.
const port = Number(process.env.E2E_PORT ?? 8799)
// The chatbot demo's stand-in (scripts/serve-demo.mjs), framed by /it-support.
const demoPort = port + 1
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
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
  ],
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
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
    {
      command: 'bash scripts/serve-e2e.sh',
      url: `http://localhost:${port}/api/health`,
      env: { DEMO_PORT: String(demoPort) },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/serve-demo.mjs',
      url: `http://localhost:${demoPort}/health`,
      env: { DEMO_PORT: String(demoPort) },
      reuseExistingServer: false,
      timeout: 10_000,
    },
  ],
})
