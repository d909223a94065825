import { CONTENT_KEYS } from '../schema/content-keys'
import { CLAIMS } from '../schema/site-copy'
import { expect, test } from './fixtures'
import { saveContent } from './owner'

// Where the public pages' copy comes from, at 1280 px: the owner's content
// blocks, the defaults, and the HTML itself (no extra request for it). The
// pages at both widths are public-pages.responsive.spec.ts.

test('copy with a page content block uses the block; other copy falls back to its default', async ({
  ownerPage: page,
}) => {
  const previous = await saveContent(
    page.request,
    'home.hero.subtitle',
    'Owner-edited subtitle from the admin.',
  )
  try {
    await page.goto('/')
    await expect(page.getByText('Owner-edited subtitle from the admin.')).toBeVisible()
    // No block for this key: the default copy is shown.
    await expect(page.getByText(CONTENT_KEYS['home.contact'].defaultContent)).toBeVisible()
  } finally {
    if (previous !== null) await saveContent(page.request, 'home.hero.subtitle', previous)
  }
})

test('page copy and the resume buttons need no extra request: they come with the HTML', async ({ page }) => {
  const apiCalls: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(r.url()).pathname)
  })
  await page.goto('/contact')
  await expect(page.getByText(CLAIMS.businessHours, { exact: true })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(apiCalls).not.toContain('/api/page-content')
  expect(apiCalls).not.toContain('/api/resume/active')
})

test('the seeded content blocks reach the pages', async ({ page, request }) => {
  const blocks = (await (await request.get('/api/page-content')).json()) as { key: string; content: string }[]
  const location = blocks.find((b) => b.key === 'contact.location')
  const intro = blocks.find((b) => b.key === 'about.intro')
  expect(location && intro).toBeTruthy()
  await page.goto('/contact')
  await expect(page.getByText(location!.content, { exact: true })).toBeVisible()
  await page.goto('/about')
  await expect(page.getByText(intro!.content)).toBeVisible()
})
