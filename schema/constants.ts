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
/** Legacy stored categories and the public category they belong to. */
export const LEGACY_CATEGORY_ALIASES: Record<string, ProjectCategory> = { 'ai-chatbot': 'ai-automation' }

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

export const PROJECT_TYPES = [
  { value: 'web-application', label: 'Web Application' },
  { value: 'mobile-app', label: 'Mobile App' },
  { value: 'business-automation', label: 'Business Automation' },
  { value: 'database-system', label: 'Database System' },
  { value: 'it-consulting', label: 'IT Consulting' },
  { value: 'system-integration', label: 'System Integration' },
  { value: 'other', label: 'Other' },
] as const

export const BUDGETS = [
  { value: 'under-5k', label: 'Under $5,000' },
  { value: '5k-15k', label: '$5,000 - $15,000' },
  { value: '15k-50k', label: '$15,000 - $50,000' },
  { value: '50k-plus', label: '$50,000+' },
  { value: 'discuss', label: "Let's discuss" },
] as const

/** Consultation slots in US Central time; there is no noon slot (SPEC §9). */
export const TIME_SLOTS = [
  { value: '09:00', label: '9:00 AM' },
  { value: '10:00', label: '10:00 AM' },
  { value: '11:00', label: '11:00 AM' },
  { value: '13:00', label: '1:00 PM' },
  { value: '14:00', label: '2:00 PM' },
  { value: '15:00', label: '3:00 PM' },
  { value: '16:00', label: '4:00 PM' },
] as const
export const BUSINESS_TIME_ZONE = 'America/Chicago'

export const ISSUE_TYPES = [
  { value: 'hardware', label: 'Hardware' },
  { value: 'software', label: 'Software' },
  { value: 'network', label: 'Network' },
  { value: 'security', label: 'Security' },
  { value: 'performance', label: 'Performance' },
  { value: 'data', label: 'Data' },
  { value: 'consultation', label: 'Consultation' },
  { value: 'custom', label: 'Custom' },
  { value: 'other', label: 'Other' },
] as const

export const URGENCY_LEVELS = [
  { value: 'low', label: 'Low', description: 'a few days' },
  { value: 'medium', label: 'Medium', description: '24-48 hours' },
  { value: 'high', label: 'High', description: 'ASAP' },
  { value: 'critical', label: 'Critical', description: 'emergency' },
] as const

export const CONTACT_METHODS = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'text', label: 'Text' },
] as const

export const CONTACT_TIMES = [
  { value: 'morning', label: 'Morning (8am-12pm)' },
  { value: 'afternoon', label: 'Afternoon (12pm-5pm)' },
  { value: 'evening', label: 'Evening (5pm-8pm)' },
  { value: 'anytime', label: 'Anytime' },
] as const

export const CONTENT_TYPES = [
  { value: 'text', label: 'Text' },
  { value: 'textarea', label: 'Textarea' },
  { value: 'image', label: 'Image URL' },
] as const

/** Request statuses; anything else is shown in the destructive (cancelled) style. */
export const REQUEST_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const

/** The public forms' honeypot field: a real visitor never sees or fills it. */
export const HONEYPOT_FIELD = 'website'

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
export const TOAST_REMOVE_DELAY_MS = 1_000_000
export const COPYRIGHT_YEAR = 2025
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** JSON bodies larger than this are refused with 413 before parsing. */
export const MAX_JSON_BODY_BYTES = 64 * 1024
export const MIN_PASSWORD_LENGTH = 12
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
export const OUTBOX_MAX_ATTEMPTS = 8

export const RESUME_ACCEPT = '.pdf,.doc,.docx'
export const FILE_ACCEPT = 'image/*,.pdf,.doc,.docx,.txt,.md'
