import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test'
import { serverURL } from './servers'

export * from '@playwright/test'

// The seeded owner of the e2e server (scripts/serve-e2e.sh, .dev.vars.example).
// Written here only: every spec signs in through the helpers and fixtures below.
export const OWNER = { username: 'owner', password: 'portfolio-owner-2025' } as const

/**
 * Signs the request context (and so the page sharing it) in as the owner
 * through the API. The sign-in form has its own spec (e2e/auth.spec.ts);
 * elsewhere the session is all that matters. For a test where a visitor acts
 * first and the owner looks afterwards, on the same page.
 */
export async function signInOwner(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: OWNER })
  expect(res.status(), await res.text()).toBe(200)
  // With a second factor enrolled the answer is 200 too, but without a session.
  expect(await res.json()).toHaveProperty('user')
}

/** Fills and sends the sign-in form as a person would (another password to try a wrong one). */
export async function signInThroughForm(page: Page, password: string = OWNER.password) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(OWNER.username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

type OwnerFixtures = {
  /** The test's page, signed in as the owner before the test starts. */
  ownerPage: Page
  /** A request context of its own signed in as the owner, beside a visitor's page; disposed after the test. */
  ownerRequest: APIRequestContext
}

/**
 * Playwright's test, with `baseURL` chosen per worker: a worker with parallel
 * index i talks only to server i (e2e/servers.ts). The page, browser contexts
 * and `request` all take their base URL from this fixture. `ownerPage` and
 * `ownerRequest` are the signed-in owner.
 */
export const test = base.extend<OwnerFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from its first parameter.
  baseURL: async ({}, use, testInfo) => use(serverURL(testInfo.parallelIndex)),
  ownerPage: async ({ page }, use) => {
    await signInOwner(page.request)
    await use(page)
  },
  ownerRequest: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL })
    await signInOwner(request)
    await use(request)
    await request.dispose()
  },
})
