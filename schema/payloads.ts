// Request payload schemas, shared by the REST handlers, the GraphQL resolvers
// (through the service layer) and the SPA's forms. Plain Zod only: the admin's
// browser chunks import this module, so nothing here may pull in drizzle (ADR 102).
// An entity's payload is derived from its table in payloads.server.ts, from the
// rule sets written here (`projectRules`) and in availability-payload.ts.
import { z } from 'zod'
import { CONTENT_TYPES, PROJECT_CATEGORY_VALUES, PROJECT_STATUS_VALUES, valuesOf } from './constants'
import {
  BUDGETS,
  CONTACT_METHODS,
  CONTACT_TIMES,
  FORM_ISSUE_TYPES,
  HONEYPOT_FIELD,
  PHONE_INVALID,
  PHONE_PATTERN,
  PROJECT_TYPES,
  TIME_SLOTS,
  TURNSTILE_FIELD,
  URGENCY_LEVELS,
} from './request-options'
import { REQUEST_STATUSES, SUPPORT_STATUSES } from './request-statuses'
import { SLUG_MAX, SLUG_PATTERN } from './slug'
import { cleanString, type Lines, multiLine, optionalText, singleLine } from './text'
import { isHttpUrl } from './url'

// Usernames and content keys: trimmed, checked by their own rules (not free text).
const trimmed = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

// Free text is cleaned on the way in (schema/text.ts): stored values are clean.
const required = (label: string, max = 200, lines: Lines = 'single') =>
  lines === 'single' ? singleLine(label, max) : multiLine(label, max)

export const optional = (label: string, max = 500, lines: Lines = 'single') => optionalText(label, max, lines)

const optionalUrl = (label: string) =>
  optional(label, 2000).refine((v) => v === null || isHttpUrl(v), `${label} must be a valid http(s) URL`)

export const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message })

const textList = (label: string) =>
  z
    .array(
      cleanString(label, 'single', { typeError: `${label} must be a list of text` }).pipe(
        z.string().max(200),
      ),
      {
        error: `${label} must be a list of text`,
      },
    )
    .max(50, `${label} can have at most 50 entries`)
    .transform((items) => items.filter((s) => s.length > 0))

/** A metric as a label and a value ("Documentation time", "-70%"); the label may be blank (migrated free text). */
export const projectMetric = z.object(
  {
    label: optional('Metric label', 100).transform((v) => v ?? ''),
    value: required('Metric value', 200),
  },
  { error: 'Each metric needs a label and a value' },
)

/** A client's quote with who said it; author and role are optional (migrated free text has neither). */
export const projectTestimonial = z.object(
  {
    quote: required('Quote', 2000, 'multi'),
    author: optional('Author', 120).transform((v) => v ?? ''),
    role: optional('Role', 120).transform((v) => v ?? ''),
  },
  { error: 'Testimonial must have a quote' },
)

export const projectSlug = z
  .string({ error: 'Slug must be text' })
  .trim()
  .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
  .regex(SLUG_PATTERN, 'Slug may contain lowercase letters, digits and single dashes')

/**
 * One rule per project column the owner may write (ADR 102): the table gives
 * the keys, so `payloads.server.ts` checks with `satisfies EditableRules` that
 * these name every writable column and nothing else, and derives the payload
 * from the table with them. A rule's description documents the GraphQL input.
 */
export const projectRules = {
  title: required('Title').meta({ description: 'Required, at most 200 characters.' }),
  // Absent or blank: generated from the title (a new project) or kept (an edit).
  slug: z
    .union([z.literal(''), projectSlug])
    .nullish()
    .transform((v) => v || null)
    .meta({ description: 'Optional page address; blank generates one from the title.' }),
  description: required('Description', 5000, 'multi').meta({
    description: 'Required, at most 5000 characters.',
  }),
  category: oneOf(PROJECT_CATEGORY_VALUES, 'Choose a category').meta({ description: 'Required.' }),
  status: oneOf(PROJECT_STATUS_VALUES, 'Choose a status').meta({ description: 'Required.' }),
  businessValue: optional('Business value', 1000, 'multi').meta({
    description: 'Optional, at most 1000 characters.',
  }),
  keyFeatures: textList('Key features')
    .default([])
    .meta({ description: 'Optional; empty entries are dropped.' }),
  problemSolved: optional('Problem solved', 1000, 'multi').meta({
    description: 'Optional, at most 1000 characters.',
  }),
  targetAudience: optional('Target audience', 500, 'multi').meta({
    description: 'Optional, at most 500 characters.',
  }),
  image: optional('Image URL', 2000).meta({ description: 'Optional image URL.' }),
  technologies: textList('Technologies')
    .default([])
    .meta({ description: 'Optional; empty entries are dropped.' }),
  liveUrl: optionalUrl('Live URL').meta({ description: 'Optional http(s) URL.' }),
  githubUrl: optionalUrl('GitHub URL').meta({ description: 'Optional http(s) URL.' }),
  demoUrl: optionalUrl('Demo URL').meta({ description: 'Optional http(s) URL.' }),
  isPublic: z
    .boolean({ error: 'Public must be true or false' })
    .default(true)
    .meta({ description: 'Defaults to true.' }),
  featured: z
    .boolean({ error: 'Featured must be true or false' })
    .default(false)
    .meta({ description: 'Defaults to false.' }),
  // Absent or null: a new project goes last, an edited one keeps its place (docs/decisions/055-project-order.md).
  order: z
    .number({ error: 'Order must be a whole number' })
    .int('Order must be a whole number')
    .min(-1_000_000)
    .max(1_000_000)
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: 'Optional; absent puts a new project last and keeps an edited one in place.' }),
  metrics: z
    .array(projectMetric, { error: 'Metrics must be a list of label and value pairs' })
    .max(12, 'At most 12 metrics')
    .nullish()
    .transform((v) => v ?? [])
    .meta({ description: 'Optional, at most 12.' }),
  testimonial: projectTestimonial
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: 'Optional.' }),
}
/** What a rule set accepts once checked: the payload's type, for the browser as for the server. */
export type PayloadOf<Rules extends Record<string, z.ZodType>> = z.output<z.ZodObject<Rules>>
/** A project as the REST body and GraphQL's ProjectInput carry it (checked by payloads.server.ts). */
export type ProjectInput = PayloadOf<typeof projectRules>

export const skillInput = z.object({
  category: required('Category', 100),
  name: required('Name', 100),
})
export type SkillInput = z.infer<typeof skillInput>

/** A new arrangement: every id of the list, in the order wanted. */
export const reorderInput = z.object({
  ids: z
    .array(z.number({ error: 'Ids must be numbers' }).int().positive(), { error: 'Ids must be a list' })
    .min(1, 'Ids must not be empty')
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Ids must not repeat'),
})

export const CONTENT_KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*$/
export const contentKey = trimmed('Key', 100).regex(
  CONTENT_KEY_PATTERN,
  'Key may contain lowercase letters, digits, dots, dashes and underscores',
)
/** An image block's content: an absolute http(s) URL, or a path on the site itself (an uploaded image, /media/...). */
export const isImageSource = (value: string) => isHttpUrl(value) || /^\/(?!\/)\S*$/.test(value)
const IMAGE_CONTENT_MESSAGE = 'Image must be an http(s) URL or an uploaded image'

const contentFields = {
  content: required('Content', 20_000, 'multi'),
  contentType: oneOf(valuesOf(CONTENT_TYPES), 'Choose a content type').default('text'),
}
const imageChecked = <T extends { content: string; contentType: string }>(block: T, ctx: z.RefinementCtx) => {
  if (block.contentType === 'image' && !isImageSource(block.content)) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: IMAGE_CONTENT_MESSAGE })
  }
}
export const contentBody = z.object(contentFields).superRefine(imageChecked)
export const contentInput = z.object({ ...contentFields, key: contentKey }).superRefine(imageChecked)
export type ContentInput = z.infer<typeof contentInput>

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid email address' }))

// The phone rule as a browser applies the `pattern` attribute: anchored, `v` flag (issue 28),
// and the empty value allowed, as a `pattern` allows an empty field (an empty optional
// phone is then null). A Zod regex, so the forms' `pattern` is read from it (ADR 148).
const phoneOrEmpty = new RegExp(`^(?:${PHONE_PATTERN})?$`, 'v')

const phoneText = (missing: string) =>
  cleanString('Phone', 'single', {
    typeError: (issue) => (issue.input == null ? missing : 'Phone must be text'),
  }).pipe(z.string().max(40, 'Phone must be at most 40 characters').regex(phoneOrEmpty, PHONE_INVALID))
const requiredPhone = phoneText('Phone is required').refine((v) => v.length > 0, 'Phone is required')
const optionalPhone = phoneText('Phone must be text')
  .nullish()
  .transform((v) => (v ? v : null))

// The request forms' e-mail and phone rules, shared with the clients' contacts (schema/client-payloads.ts).
export { email as emailAddress, HONEYPOT_FIELD, optionalPhone }

/** The portal's sign-in form: the request forms' e-mail rule (its limits reach the form by formConstraints). */
export const portalLinkInput = z.object({ email })

export const consultationInput = z.object({
  name: required('Name', 120),
  email,
  phone: optionalPhone,
  company: optional('Company', 200),
  projectType: oneOf(valuesOf(PROJECT_TYPES), 'Choose a project type'),
  budget: oneOf(valuesOf(BUDGETS), 'Choose a budget').nullish(),
  description: required('Description', 5000, 'multi'),
  // ISO date-time built from the chosen date and slot; checked against "today"
  // in the service, where the clock and the business time zone are known.
  preferredDate: z.iso.datetime({ offset: true, error: 'Choose a valid date' }),
  preferredTime: oneOf(valuesOf(TIME_SLOTS), 'Choose a time from the list'),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
  [TURNSTILE_FIELD]: z.string().max(4096).optional(),
})
export type ConsultationInput = z.infer<typeof consultationInput>

export const supportRequestInput = z.object({
  name: required('Name', 120),
  email,
  phone: requiredPhone,
  businessName: optional('Business name', 200),
  issueType: oneOf(valuesOf(FORM_ISSUE_TYPES), 'Choose an issue type'),
  urgency: oneOf(valuesOf(URGENCY_LEVELS), 'Choose an urgency'),
  description: required('Description', 5000, 'multi'),
  preferredContact: oneOf(valuesOf(CONTACT_METHODS), 'Choose a contact method'),
  preferredTime: oneOf(valuesOf(CONTACT_TIMES), 'Choose a preferred time').nullish(),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
  [TURNSTILE_FIELD]: z.string().max(4096).optional(),
})
export type SupportRequestInput = z.infer<typeof supportRequestInput>

// `notes` absent leaves the notes alone; null or "" clears them.
export const requestUpdateInput = z.object({
  status: oneOf(REQUEST_STATUSES, 'Choose a status').optional(),
  notes: optional('Notes', 5000, 'multi').optional(),
})
export type RequestUpdateInput = { status?: string | undefined; notes?: string | null | undefined }

/** A support request's update: the help-desk statuses (docs/decisions/053-support-statuses-and-due-times.md). */
export const supportUpdateInput = z.object({
  status: oneOf(SUPPORT_STATUSES, 'Choose a status').optional(),
  notes: optional('Notes', 5000, 'multi').optional(),
})

/** The owner's reply to a requester, from the details dialog. */
export const replyInput = z.object({
  body: required('Reply', 10_000, 'multi'),
  // Issue 36: the client's other contacts to copy (the server accepts only those it offers).
  cc: z
    .array(z.string({ error: 'Each copy is an e-mail address' }).max(254), { error: 'Copies must be a list' })
    .max(20, 'At most 20 copies')
    .optional(),
})

/** Turns a Zod error into the API's `{ field: message }` map (first message per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_'
    out[field] ??= issue.message
  }
  return out
}

// ---------- Availability (issue 17) ----------

export const calendarDate = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), `${label} must be a real date`)

/** A visitor moving their booking on the manage page. */
export const rescheduleInput = z.object({
  preferredDate: calendarDate('Date'),
  preferredTime: oneOf(valuesOf(TIME_SLOTS), 'Choose a time from the list'),
})
