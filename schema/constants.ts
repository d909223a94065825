// Business constants of SPEC §3 and §9, defined once and imported by the
// Worker and the SPA alike.

export const PROJECT_STATUSES = [
  { value: 'production', label: 'Live & Ready' },
  { value: 'beta', label: 'Beta Testing' },
  { value: 'development', label: 'In Development' },
  { value: 'private', label: 'Enterprise Only' },
] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]['value']
export const PROJECT_STATUS_VALUES = PROJECT_STATUSES.map((s) => s.value) as [
  ProjectStatus,
  ...ProjectStatus[],
]
export const DEFAULT_ADMIN_STATUS: ProjectStatus = 'development'
/** A project stored without a status is shown as production (SPEC §3). */
export const DEFAULT_PUBLIC_STATUS: ProjectStatus = 'production'

/** Categories the admin form offers. The original offered `ai-chatbot`; we store `ai-automation`. */
export const PROJECT_CATEGORIES = [
  { value: 'business-management', label: 'Business Management' },
  { value: 'ai-automation', label: 'AI & Automation' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'data-analytics', label: 'Data Analytics' },
  { value: 'pos', label: 'Point of Sale' },
  { value: 'inventory', label: 'Inventory Management' },
  { value: 'other', label: 'Other' },
] as const
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number]['value']
export const PROJECT_CATEGORY_VALUES = PROJECT_CATEGORIES.map((c) => c.value) as [
  ProjectCategory,
  ...ProjectCategory[],
]
export const DEFAULT_CATEGORY: ProjectCategory = 'other'
/** Legacy stored categories and the category they belong to now (the original stored `ai-chatbot`). */
const LEGACY_CATEGORY_ALIASES: Record<string, ProjectCategory> = { 'ai-chatbot': 'ai-automation' }

/**
 * The category a stored value stands for now: its current equivalent when it
 * is a legacy value, else the value itself (known or not: each view decides
 * what an unknown one shows as). The one place the legacy alias is applied.
 */
export const currentCategory = (stored: string): string => LEGACY_CATEGORY_ALIASES[stored] ?? stored

/** The public catalogue's filter, in display order. */
export const FILTER_CATEGORIES = [
  { value: 'all', label: 'All Solutions' },
  { value: 'business-management', label: 'Business Management' },
  { value: 'ai-automation', label: 'AI & Automation' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'data-analytics', label: 'Data Analytics' },
  { value: 'pos', label: 'Point of Sale' },
  { value: 'inventory', label: 'Inventory Management' },
  { value: 'other', label: 'Other Solutions' },
] as const
export type FilterCategory = (typeof FILTER_CATEGORIES)[number]['value']

/** The six category cards on the home page; each links to the catalogue. */
export const HOME_CATEGORIES = [
  'Business Management',
  'Healthcare Technology',
  'AI & Automation',
  'Data Analytics',
  'Point of Sale',
  'Inventory Management',
] as const

export const CONTENT_TYPES = [
  { value: 'text', label: 'Text' },
  { value: 'textarea', label: 'Textarea' },
  { value: 'image', label: 'Image URL' },
] as const

export type Option<V extends string = string> = { readonly value: V; readonly label: string }
export const valuesOf = <T extends readonly Option[]>(options: T) =>
  options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]]
export const labelOf = (options: readonly Option[], value: string | null | undefined) =>
  options.find((o) => o.value === value)?.label ?? value ?? ''

// Limits and timings (SPEC §9 and the issues).
export const FEATURED_PROJECT_COUNT = 3
export const CARD_KEY_FEATURES = 3
export const CARD_ANIMATION_DELAY_S = 0.1
export const CONTENT_PREVIEW_LENGTH = 200
export const DEFAULT_ORDER = 0
export const CURRENT_USER_CACHE_MS = 5 * 60 * 1000
export const LOGIN_REDIRECT_MS = 1000
export const TOAST_LIMIT = 1
export const TOAST_TIMEOUT_MS = 5000
// The footer's year lives with the footer's copy (site-copy.ts), in every page's script.
export { COPYRIGHT_YEAR } from './site-copy'
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** JSON bodies larger than this are refused with 413 before parsing. */
export const MAX_JSON_BODY_BYTES = 64 * 1024
export const OUTBOX_MAX_ATTEMPTS = 8
/**
 * The `code` of a 403 (REST) or the `reason` of a GraphQL error refusing a change
 * to the sign-in methods for want of a recent password or passkey (ADR 078); the
 * Security area asks for one when it sees it, then tries the change again.
 */
export const REAUTH_REQUIRED = 'reauth_required'
/**
 * The vault's refusals (ADR 181): a reveal needs a second factor proved on this
 * session within the re-authentication window. `second_factor_required`: the
 * owner has one, the admin asks for it (code or passkey) and tries again;
 * `second_factor_missing`: the owner has none, the admin says to set one up.
 */
export const SECOND_FACTOR_REQUIRED = 'second_factor_required'
export const SECOND_FACTOR_MISSING = 'second_factor_missing'

export const RESUME_ACCEPT = '.pdf,.doc,.docx'
export const FILE_ACCEPT = 'image/*,.pdf,.doc,.docx,.txt,.md'
/** What a client's contacts may upload to the portal in all, files shared by the owner included (issue 24). */
export const PORTAL_CLIENT_QUOTA_BYTES = 100 * 1024 * 1024
