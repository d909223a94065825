// The rules of the public solutions catalogue (SPEC §2, §3, §5), pure so they
// are unit-tested on their own: category mapping and counts, URL validity,
// the image fallback, status labels and the card's action buttons.

import {
  CARD_ANIMATION_DELAY_S,
  CARD_KEY_FEATURES,
  currentCategory,
  FEATURED_PROJECT_COUNT,
  FILTER_CATEGORIES,
  type FilterCategory,
  labelOf,
  PROJECT_STATUSES,
} from '../../schema/constants'
import { SOLUTIONS_COPY } from '../../schema/page-copy/solutions'
import {
  type CardAction,
  CONSULTATION_PATH,
  effectiveStatus,
  isValidUrl,
  PLACEHOLDER_PATH,
  type PublicProjectFields,
  type PublicProjectPageFields,
  primaryAction,
} from '../../schema/project-card'

/** A row as JSON delivers it, read-only (valtio snapshots are): dates become ISO strings. */
export type Json<T> = {
  readonly [K in keyof T]: T[K] extends Date
    ? string
    : T[K] extends readonly (infer U)[]
      ? readonly U[]
      : T[K]
}

/** A project as GET /api/projects returns it: the public projection (schema/project-card.ts). */
export type PublicProject = Json<PublicProjectFields>

/** A project as its own page receives it (schema/project-card.ts). */
export type PublicProjectPage = Json<PublicProjectPageFields>

/** The fields the rules read; everything else is optional so tests stay short. */
export type ProjectLike = Pick<PublicProject, 'category'> &
  Partial<Pick<PublicProject, 'status' | 'liveUrl' | 'demoUrl' | 'isPublic' | 'image' | 'keyFeatures'>>

/** Projects whose category is shown under a filter (every filter but "all"). */
export type SolutionCategory = Exclude<FilterCategory, 'all'>

export { type CardAction, CONSULTATION_PATH, effectiveStatus, isValidUrl, PLACEHOLDER_PATH, primaryAction }

const SOLUTION_CATEGORIES = new Set<string>(
  FILTER_CATEGORIES.map((c) => c.value).filter((v): v is SolutionCategory => v !== 'all'),
)

/** The filter a stored category shows under: itself, its legacy alias (ai-chatbot), or Other. */
export function publicCategory(category: string | null | undefined): SolutionCategory {
  const value = category?.trim() ?? ''
  if (SOLUTION_CATEGORIES.has(value)) return value as SolutionCategory
  const current = currentCategory(value)
  if (SOLUTION_CATEGORIES.has(current)) return current as SolutionCategory
  return 'other'
}

/** How many projects each filter shows; "all" counts every project. */
export function categoryCounts(projects: readonly ProjectLike[]): Record<FilterCategory, number> {
  const counts = Object.fromEntries(FILTER_CATEGORIES.map((c) => [c.value, 0])) as Record<
    FilterCategory,
    number
  >
  counts.all = projects.length
  for (const project of projects) counts[publicCategory(project.category)] += 1
  return counts
}

export function filterProjects<T extends ProjectLike>(projects: readonly T[], filter: FilterCategory): T[] {
  return filter === 'all' ? [...projects] : projects.filter((p) => publicCategory(p.category) === filter)
}

/** A filter value from untrusted input (a URL parameter), else "all". */
export function parseFilter(value: string | null | undefined): FilterCategory {
  return FILTER_CATEGORIES.some((c) => c.value === value) ? (value as FilterCategory) : 'all'
}

/** The filter's label of a public category ("Healthcare"). */
export const labelOfFilter = (category: SolutionCategory) => labelOf(FILTER_CATEGORIES, category)

export const statusLabel = (status: string | null | undefined) =>
  labelOf(PROJECT_STATUSES, effectiveStatus(status))

/** A path on the site itself ("/demo/x.svg"), which works under any host name the site is opened on. */
const isSitePath = (value: string) => /^\/(?!\/)/.test(value) && !value.includes(PLACEHOLDER_PATH)

/** The image to show, or null for the category-coloured gradient fallback. */
export const cardImage = (image: string | null | undefined) => {
  const trimmed = image?.trim() ?? ''
  return isValidUrl(trimmed) || isSitePath(trimmed) ? trimmed : null
}

/** The main button, then "Discuss This Solution", which every card has. */
export const cardActions = (project: ProjectLike): CardAction[] => [
  primaryAction(project),
  { kind: 'discuss', label: SOLUTIONS_COPY.discuss, href: CONSULTATION_PATH, external: false },
]

export const cardKeyFeatures = (project: ProjectLike) =>
  (project.keyFeatures ?? []).slice(0, CARD_KEY_FEATURES)

/** Cards appear one after another, 0.1 s apart (SPEC §9). */
export const cardAnimationDelay = (index: number) => `${Math.round(index * CARD_ANIMATION_DELAY_S * 1000)}ms`

/**
 * Home's Featured Work: the featured projects first, in catalogue order, then
 * the rest of the catalogue to fill the 3 slots. With none featured this is
 * SPEC §2's "first 3" exactly.
 */
export const featuredProjects = <T extends { featured?: boolean }>(projects: readonly T[]) =>
  [...projects.filter((p) => p.featured), ...projects.filter((p) => !p.featured)].slice(
    0,
    FEATURED_PROJECT_COUNT,
  )

/** Gradient of the image fallback, per public category; dark enough for white text (AA). */
export const CATEGORY_GRADIENTS: Record<SolutionCategory, string> = {
  'business-management': 'from-blue-700 to-indigo-900',
  'ai-automation': 'from-violet-700 to-purple-900',
  healthcare: 'from-rose-700 to-red-900',
  'data-analytics': 'from-cyan-800 to-blue-900',
  pos: 'from-emerald-700 to-teal-900',
  inventory: 'from-amber-700 to-orange-900',
  other: 'from-slate-700 to-slate-900',
}
