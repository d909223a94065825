import { expect, test } from '@playwright/test'

test('the site serves the SPA and a healthy API', async ({ page, request }) => {
  const health = await request.get('/api/health')
  expect(health.status()).toBe(200)
  expect(await health.json()).toMatchObject({ status: 'ok' })

  const res = await page.goto('/')
  expect(res?.status()).toBe(200)
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  await expect(page.locator('#root')).not.toBeEmpty()
})
