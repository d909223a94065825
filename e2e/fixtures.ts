import { test as base } from '@playwright/test'
import { serverURL } from './servers'

export * from '@playwright/test'

/**
 * Playwright's test, with `baseURL` chosen per worker: a worker with parallel
 * index i talks only to server i (e2e/servers.ts). The page, browser contexts
 * and `request` all take their base URL from this fixture.
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from its first parameter.
  baseURL: async ({}, use, testInfo) => use(serverURL(testInfo.parallelIndex)),
})
