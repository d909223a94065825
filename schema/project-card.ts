// The public card's rules (SPEC §2, §3, §5), shared by the SPA (web/lib/solutions.ts)
// and the Worker's public projection (worker/services/projects.ts), so the link a
// card offers and the link an anonymous answer carries come from one rule.
import { CARD_KEY_FEATURES, DEFAULT_PUBLIC_STATUS } from './constants'
import { SOLUTIONS_COPY } from './page-copy/solutions'
import { isHttpUrl } from './url'

export const PLACEHOLDER_PATH = '/api/placeholder'
export const CONSULTATION_PATH = '/schedule-consultation'

/** The fields the card rules read. */
export type CardProject = {
  status?: string | null
  liveUrl?: string | null
  demoUrl?: string | null
  isPublic?: boolean
}

/**
 * SPEC §5: non-empty after trimming, not the placeholder path, and parseable as
 * an absolute URL. Only http(s) is accepted: these URLs become links and image
 * sources, and a `javascript:` URL must never become a clickable button.
 */
export function isValidUrl(url: string | null | undefined): url is string {
  const trimmed = url?.trim()
  return !!trimmed && !trimmed.includes(PLACEHOLDER_PATH) && isHttpUrl(trimmed)
}

/** A missing status is shown as production (SPEC §3). */
export const effectiveStatus = (status: string | null | undefined) => status?.trim() || DEFAULT_PUBLIC_STATUS

export type CardAction = {
  kind: 'live' | 'access' | 'demo' | 'learnMore' | 'discuss'
  label: string
  href: string
  /** Opens in a new tab (an outside URL) rather than navigating inside the site. */
  external: boolean
}

/** The card's main button, by the rules of SPEC §2, evaluated in order. */
export function primaryAction(project: CardProject): CardAction {
  const { actions } = SOLUTIONS_COPY
  if (effectiveStatus(project.status) === 'production' && isValidUrl(project.liveUrl)) {
    return { kind: 'live', label: actions.live, href: project.liveUrl.trim(), external: true }
  }
  if (project.status === 'private' || project.isPublic === false) {
    return { kind: 'access', label: actions.access, href: CONSULTATION_PATH, external: false }
  }
  if (isValidUrl(project.demoUrl)) {
    return { kind: 'demo', label: actions.demo, href: project.demoUrl.trim(), external: true }
  }
  return { kind: 'learnMore', label: actions.learnMore, href: CONSULTATION_PATH, external: false }
}

export type PublicMetric = { label: string; value: string }
export type PublicTestimonial = { quote: string; author: string; role: string }

/** What the catalogue may know of a project: exactly what its card shows. */
export type PublicProjectFields = {
  id: number
  title: string
  /** Its page: /portfolio-solutions/{slug}. */
  slug: string
  description: string
  category: string
  status: string | null
  image: string | null
  problemSolved: string | null
  businessValue: string | null
  targetAudience: string | null
  keyFeatures: string[]
  metrics: PublicMetric[]
  isPublic: boolean
  /** Shown first among Home's Featured Work. */
  featured: boolean
  /** Only when the card's button opens it ("View Live Solution"). */
  liveUrl: string | null
  /** Only when the card's button opens it ("Schedule Demo"). */
  demoUrl: string | null
}

/** What the project's own page shows besides the card: every feature, the technologies and the testimonial. */
export type PublicProjectPageFields = PublicProjectFields & {
  technologies: string[]
  testimonial: PublicTestimonial | null
}

type StoredProject = Omit<PublicProjectFields, 'keyFeatures' | 'metrics'> & {
  keyFeatures: readonly string[]
  technologies: readonly string[]
  metrics: readonly PublicMetric[]
  testimonial: PublicTestimonial | null
  githubUrl?: string | null
}

/**
 * The public projection of a stored project. Links are kept only where the
 * card's own button rule offers them, so a "Contact for Access" card carries
 * none; the repository link is never shown on a public page, so never sent.
 */
export function publicProject(project: StoredProject): PublicProjectFields {
  const action = primaryAction(project)
  return {
    id: project.id,
    title: project.title,
    slug: project.slug,
    description: project.description,
    category: project.category,
    status: project.status,
    image: project.image,
    problemSolved: project.problemSolved,
    businessValue: project.businessValue,
    targetAudience: project.targetAudience,
    keyFeatures: project.keyFeatures.slice(0, CARD_KEY_FEATURES),
    metrics: project.metrics.map(({ label, value }) => ({ label, value })),
    isPublic: project.isPublic,
    featured: project.featured,
    liveUrl: action.kind === 'live' ? action.href : null,
    demoUrl: action.kind === 'demo' ? action.href : null,
  }
}

/** The public projection of a project for its own page: the card's, with every feature, technologies and testimonial. */
export function publicProjectPage(project: StoredProject): PublicProjectPageFields {
  const t = project.testimonial
  return {
    ...publicProject(project),
    keyFeatures: [...project.keyFeatures],
    technologies: [...project.technologies],
    testimonial: t ? { quote: t.quote, author: t.author, role: t.role } : null,
  }
}
