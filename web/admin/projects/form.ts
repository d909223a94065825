// The project dialog's form rules (SPEC §5), in one pure function so they are
// tested once: comma lists are split, trimmed and emptied of blanks; order is
// parsed as an integer, and a blank order is left to the server (a new project
// goes last, docs/decisions/055-project-order.md); blanks become null; metric
// rows without a value are dropped; defaults are isPublic true, featured
// false, status development, category other.
import {
  currentCategory,
  DEFAULT_ADMIN_STATUS,
  DEFAULT_CATEGORY,
  DEFAULT_ORDER,
  DEFAULT_PUBLIC_STATUS,
  PROJECT_CATEGORY_VALUES,
  PROJECT_STATUS_VALUES,
  type ProjectCategory,
  type ProjectStatus,
} from '../../../schema/constants'
import type { ProjectInput } from '../../../schema/payloads'
import type { AdminProject } from './queries'

/** What the dialog edits: every field as the person types it. */
export type MetricRow = { label: string; value: string }
export type TestimonialValues = { quote: string; author: string; role: string }

export type ProjectFormValues = {
  title: string
  /** Blank: generated from the title (new) or kept (edit). */
  slug: string
  description: string
  category: ProjectCategory
  status: ProjectStatus
  businessValue: string
  keyFeatures: string
  problemSolved: string
  targetAudience: string
  image: string
  technologies: string
  liveUrl: string
  githubUrl: string
  demoUrl: string
  isPublic: boolean
  featured: boolean
  order: string
  metrics: MetricRow[]
  testimonial: TestimonialValues
}

/** What is sent to the server: the REST body's shape, which GraphQL's `ProjectInput` mirrors. */
export type ProjectPayload = ProjectInput

type OptionalText =
  | 'businessValue'
  | 'problemSolved'
  | 'targetAudience'
  | 'image'
  | 'liveUrl'
  | 'githubUrl'
  | 'demoUrl'

const OPTIONAL_TEXT: OptionalText[] = [
  'businessValue',
  'problemSolved',
  'targetAudience',
  'image',
  'liveUrl',
  'githubUrl',
  'demoUrl',
]

/** "a, b,, c " -> ["a", "b", "c"]; a blank field is an empty list. */
export const splitList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)

/**
 * parseInt semantics ("12px" -> 12, "3.7" -> 3); a blank order is null (the
 * server places the project), anything else unparseable the default order, 0.
 */
export function parseOrder(text: string): number | null {
  if (text.trim() === '') return null
  const n = Number.parseInt(text.trim(), 10)
  return Number.isNaN(n) ? DEFAULT_ORDER : n
}

/** Metric rows as sent: trimmed, rows with no value dropped (an empty row is an unused one). */
export const metricsPayload = (rows: readonly MetricRow[]) =>
  rows
    .map((m) => ({ label: m.label.trim(), value: m.value.trim() }))
    .filter((m) => m.value !== '' || m.label !== '')

/** A testimonial with no quote is no testimonial. */
export const testimonialPayload = (t: TestimonialValues) =>
  t.quote.trim() === '' && t.author.trim() === '' && t.role.trim() === ''
    ? null
    : { quote: t.quote.trim(), author: t.author.trim(), role: t.role.trim() }

/** Whether the dialog holds edits not saved yet (the unsaved-changes guard). */
export const isDirty = (initial: ProjectFormValues, current: ProjectFormValues) =>
  JSON.stringify(initial) !== JSON.stringify(current)

export function toProjectPayload(values: ProjectFormValues): ProjectPayload {
  const optional = Object.fromEntries(
    OPTIONAL_TEXT.map((key) => [key, values[key].trim() === '' ? null : values[key].trim()]),
  ) as Record<OptionalText, string | null>
  return {
    title: values.title.trim(),
    slug: values.slug.trim() === '' ? null : values.slug.trim(),
    description: values.description.trim(),
    category: values.category,
    status: values.status,
    isPublic: values.isPublic,
    featured: values.featured,
    ...optional,
    keyFeatures: splitList(values.keyFeatures),
    technologies: splitList(values.technologies),
    order: parseOrder(values.order),
    metrics: metricsPayload(values.metrics),
    testimonial: testimonialPayload(values.testimonial),
  }
}

const NO_TESTIMONIAL: TestimonialValues = { quote: '', author: '', role: '' }

const isCategory = (v: string): v is ProjectCategory =>
  (PROJECT_CATEGORY_VALUES as readonly string[]).includes(v)
const isStatus = (v: string): v is ProjectStatus => (PROJECT_STATUS_VALUES as readonly string[]).includes(v)

/** The dialog's starting values: the defaults for a new project, or an existing one's fields. */
export function formValuesFrom(project?: AdminProject): ProjectFormValues {
  if (!project) {
    return {
      title: '',
      slug: '',
      description: '',
      category: DEFAULT_CATEGORY,
      status: DEFAULT_ADMIN_STATUS,
      businessValue: '',
      keyFeatures: '',
      problemSolved: '',
      targetAudience: '',
      image: '',
      technologies: '',
      liveUrl: '',
      githubUrl: '',
      demoUrl: '',
      isPublic: true,
      featured: false,
      // Blank: the new project goes after every other.
      order: '',
      metrics: [],
      testimonial: NO_TESTIMONIAL,
    }
  }
  // Legacy categories (the original's ai-chatbot) open as their current equivalent.
  const category = currentCategory(project.category)
  return {
    title: project.title,
    slug: project.slug,
    description: project.description,
    category: isCategory(category) ? category : DEFAULT_CATEGORY,
    // A stored project without a status is shown as production (SPEC §3).
    status:
      project.status === null
        ? DEFAULT_PUBLIC_STATUS
        : isStatus(project.status)
          ? project.status
          : DEFAULT_ADMIN_STATUS,
    businessValue: project.businessValue ?? '',
    keyFeatures: project.keyFeatures.join(', '),
    problemSolved: project.problemSolved ?? '',
    targetAudience: project.targetAudience ?? '',
    image: project.image ?? '',
    technologies: project.technologies.join(', '),
    liveUrl: project.liveUrl ?? '',
    githubUrl: project.githubUrl ?? '',
    demoUrl: project.demoUrl ?? '',
    isPublic: project.isPublic,
    featured: project.featured,
    order: String(project.order),
    metrics: project.metrics.map((m) => ({ label: m.label, value: m.value })),
    testimonial: project.testimonial
      ? {
          quote: project.testimonial.quote,
          author: project.testimonial.author,
          role: project.testimonial.role,
        }
      : NO_TESTIMONIAL,
  }
}
