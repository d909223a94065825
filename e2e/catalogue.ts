import { FILTER_CATEGORIES } from '../schema/constants'
import { SOLUTIONS_COPY } from '../schema/page-copy/solutions'
import type { Page } from './fixtures'

// The solutions catalogue's shared helpers: its specs at 1280 px only
// (public-catalogue.spec.ts) and at 1280 and 375 px (public-catalogue.responsive.spec.ts).

export type ApiProject = {
  id: number
  title: string
  category: string
  status: string | null
  liveUrl: string | null
  demoUrl: string | null
  isPublic: boolean
  image: string | null
  keyFeatures: string[]
  targetAudience: string | null
}

export const PUBLIC_FILTERS = new Set<string>(
  FILTER_CATEGORIES.map((c) => c.value).filter((v) => v !== 'all'),
)

/** The filter a project is shown under: its own, or where the spec files a legacy or unknown category. */
export const shownUnder = (category: string) =>
  PUBLIC_FILTERS.has(category) ? category : category === 'ai-chatbot' ? 'ai-automation' : 'other'

/** A category of the filter bar: a link with its count; the current one is aria-current. */
export const filterButton = (page: Page, label: string) =>
  page
    .getByRole('navigation', { name: SOLUTIONS_COPY.filterLabel })
    .getByRole('link', { name: new RegExp(`^${label} \\d+$`) })

export const cards = (page: Page) => page.getByRole('main').getByRole('article')

export async function apiProjects(page: Page) {
  return (await (await page.request.get('/api/projects')).json()) as ApiProject[]
}
