// Payloads of the clients area (issue 24): one schema per write, shared by the
// REST routes (which also publish them in /api/openapi.json), the GraphQL
// validation plugin and the admin's forms. Text is cleaned like every stored
// field (schema/text.ts); e-mail addresses are stored in lower case, so the
// unique index on contacts.email is case-insensitive in effect.
import { z } from 'zod'
import { emailAddress, optionalPhone } from './payloads'
import { optionalText, singleLine } from './text'

export const CLIENT_STATUSES = ['active', 'archived'] as const
export type ClientStatus = (typeof CLIENT_STATUSES)[number]

/** Rounding of time entries when invoiced (issue 26): none, tenths of an hour, quarters. */
export const ROUNDING_MINUTES = [0, 6, 15] as const

export const MAX_CONTACTS_PER_REQUEST = 20
export const MAX_DOMAINS = 20
/** A search text longer than this is cut, not refused (it is a filter, not stored). */
export const MAX_SEARCH = 100

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

/** An e-mail domain ("clinic.example"), lower case, without "@" or a scheme. */
export const emailDomain = z
  .string({ error: 'Each domain must be text' })
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, ''))
  .refine((v) => DOMAIN.test(v), 'Enter domains like clinic.example')

const domainList = z
  .array(emailDomain, { error: 'Domains must be a list' })
  .max(MAX_DOMAINS, `At most ${MAX_DOMAINS} domains`)
  .transform((list) => [...new Set(list)])

const contactEmail = emailAddress.transform((v) => v.toLowerCase())

export const contactInput = z.object({
  name: singleLine('Name', 120),
  email: contactEmail,
  phone: optionalPhone,
  role: optionalText('Role', 120),
})
export type ContactInput = z.output<typeof contactInput>

/** A contact's edit: every field optional, absent leaves it. */
export const contactPatch = z.object({
  name: singleLine('Name', 120).optional(),
  email: contactEmail.optional(),
  phone: optionalPhone.optional(),
  role: optionalText('Role', 120).optional(),
})
export type ContactPatch = z.output<typeof contactPatch>

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)

// What the invoicing issue reads from a client; editable here so one form has them all.
const billingFields = {
  defaultRateCents: wholeNumber('Hourly rate', 0, 10_000_000).nullable(),
  roundingMinutes: z.union(
    ROUNDING_MINUTES.map((m) => z.literal(m)),
    { error: 'Rounding must be 0, 6 or 15 minutes' },
  ),
  paymentTermsDays: wholeNumber('Payment terms', 0, 365),
}

/** A healthcare practice: it needs a BAA on file (issue 39). */
const handlesPhi = z.boolean({ error: 'Healthcare practice must be true or false' })

export const clientInput = z.object({
  name: singleLine('Name', 200),
  domains: domainList.optional(),
  notes: optionalText('Notes', 5000, 'multi'),
  defaultRateCents: billingFields.defaultRateCents.optional(),
  roundingMinutes: billingFields.roundingMinutes.optional(),
  paymentTermsDays: billingFields.paymentTermsDays.optional(),
  handlesPhi: handlesPhi.optional(),
  contacts: z
    .array(contactInput, { error: 'Contacts must be a list' })
    .max(MAX_CONTACTS_PER_REQUEST, `At most ${MAX_CONTACTS_PER_REQUEST} contacts at once`)
    .optional(),
  /** Saves a name that matches another client's (case, spaces, punctuation aside); without it: 409 LIKELY_DUPLICATE. */
  confirmDuplicate: z.boolean({ error: 'confirmDuplicate must be true or false' }).optional(),
})
export type ClientInput = z.output<typeof clientInput>

/** A client's edit (PATCH): absent fields are left as they are; null notes or rate clear them. */
export const clientPatch = z.object({
  name: singleLine('Name', 200).optional(),
  domains: domainList.optional(),
  notes: optionalText('Notes', 5000, 'multi').optional(),
  defaultRateCents: billingFields.defaultRateCents.optional(),
  roundingMinutes: billingFields.roundingMinutes.optional(),
  paymentTermsDays: billingFields.paymentTermsDays.optional(),
  handlesPhi: handlesPhi.optional(),
  status: z.enum(CLIENT_STATUSES, { error: 'Status must be active or archived' }).optional(),
  /** Saves a name that matches another client's (case, spaces, punctuation aside); without it: 409 LIKELY_DUPLICATE. */
  confirmDuplicate: z.boolean({ error: 'confirmDuplicate must be true or false' }).optional(),
})
export type ClientPatch = z.output<typeof clientPatch>

/** The list's filters: a search text (name, contact name or e-mail, domain) and which clients. */
export const clientQuery = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => v?.trim().slice(0, MAX_SEARCH) || undefined),
  status: z.enum([...CLIENT_STATUSES, 'all'], { error: 'Status must be active, archived or all' }).optional(),
})
export type ClientQuery = z.output<typeof clientQuery>

// ---------- Personal access tokens (Security area) ----------

// 'billing' (issue 37): reads and writes time and money only (plans, subscriptions,
// invoices, time, payments); every other route refuses it (worker/auth/bearer.ts).
// 'assets' (issue 38): the clients' IT inventory only (assets, renewals, imports).
// 'maintenance' (issue 40): maintenance schedules and tasks only, likewise.
// 'compliance' (issue 39): the compliance desk only (risk analyses, BAAs, incidents, notices).
export const TOKEN_SCOPES = ['read', 'read-write', 'billing', 'assets', 'maintenance', 'compliance'] as const
export type TokenScope = (typeof TOKEN_SCOPES)[number]
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const

export const apiTokenInput = z.object({
  name: singleLine('Name', 100),
  scope: z.enum(TOKEN_SCOPES, { error: 'Choose read, read-write, billing, assets or maintenance' }),
  // Days until it expires; null: never (the owner's explicit choice).
  expiresInDays: z
    .union(
      TOKEN_EXPIRY_DAYS.map((d) => z.literal(d)),
      { error: `Choose an expiry of ${TOKEN_EXPIRY_DAYS.join(', ')} days, or none` },
    )
    .nullable(),
})
export type ApiTokenInput = z.output<typeof apiTokenInput>
