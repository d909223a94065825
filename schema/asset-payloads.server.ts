// Payloads of the clients' IT inventory (issue 38), written once and used by
// the REST routes (which publish them in the OpenAPI document), GraphQL, the
// CSV import (one row = one assetInput) and the admin's forms.
import { z } from 'zod'
import { ASSET_KINDS, ASSET_STATUSES, EPHI_ANSWERS, RENEWAL_WHATS } from './assets'
import { calendarDate } from './billing-payloads.server'
import { optionalText, singleLine } from './text'

/** Most seats a licence line can name. */
export const MAX_SEATS = 100_000
/** Most rows one CSV import may hold (a practice's inventory is tens to hundreds). */
export const MAX_IMPORT_ROWS = 2_000
/** The renewal windows the list offers (days). */
export const RENEWAL_WINDOWS = [30, 60, 90] as const

const optionalDate = (label: string) =>
  z
    .union([z.literal('').transform(() => null), calendarDate(label)], {
      error: `${label} must be a date (YYYY-MM-DD)`,
    })
    .nullish()
    .transform((v) => v ?? null)

const assetFields = {
  kind: z.enum(ASSET_KINDS, { error: `Kind must be one of ${ASSET_KINDS.join(', ')}` }),
  name: singleLine('Name', 200),
  model: optionalText('Model', 200),
  serial: optionalText('Serial', 100),
  location: optionalText('Location', 200),
  assignedTo: optionalText('Assigned to', 200),
  os: optionalText('Operating system', 200),
  purchaseDate: optionalDate('Purchase date'),
  warrantyEnd: optionalDate('Warranty end'),
  renewalDate: optionalDate('Renewal date'),
  seats: z
    .number({ error: 'Seats must be a number' })
    .int('Seats must be a whole number')
    .min(0, 'Seats cannot be negative')
    .max(MAX_SEATS, `Seats must be at most ${MAX_SEATS}`)
    .nullish()
    .transform((v) => v ?? null),
  ephi: z.enum(EPHI_ANSWERS, { error: 'ePHI must be yes, no or unknown' }),
  status: z.enum(ASSET_STATUSES, { error: 'Status must be in_use, spare or retired' }),
  notes: optionalText('Notes', 5000, 'multi'),
  // The person of the client's staff who holds it (issue 55): their departure collects it.
  staffId: z
    .number({ error: 'Person must be a person id' })
    .int('Person must be a person id')
    .positive('Person must be a person id')
    .nullish()
    .transform((v) => v ?? null),
}

/** Each field's description in the OpenAPI document and GraphQL. */
const DESCRIPTIONS: Record<keyof typeof assetFields, string> = {
  kind: 'What it is (workstation, laptop, server, network, printer, phone, software_licence, domain, certificate, cloud_service, other).',
  name: 'Required, at most 200 characters.',
  model: 'Make and model.',
  serial: 'Serial number.',
  location: 'Where it is (room, site).',
  assignedTo: 'Who uses it.',
  os: 'Operating system and version.',
  purchaseDate: 'YYYY-MM-DD.',
  warrantyEnd: 'YYYY-MM-DD: when the warranty ends.',
  renewalDate: 'YYYY-MM-DD: when a licence, domain, certificate or subscription renews.',
  seats: 'Seats of a licence.',
  ephi: 'Stores or processes patient data: yes, no or unknown (default unknown).',
  status: 'in_use (default), spare or retired.',
  notes: 'Internal notes, never shown in the portal.',
  staffId: "Id of the person on the client's roster who holds it: their departure collects it.",
}
const described = <K extends keyof typeof assetFields, S extends z.ZodType>(key: K, rule: S) =>
  rule.meta({ description: DESCRIPTIONS[key] })

/** The editable fields, in the order the CSV and the forms show them. */
// The person (staffId) is set in the admin, not by a CSV row: a spreadsheet knows names, not roster ids.
export const ASSET_FIELDS = Object.keys(assetFields).filter((k) => k !== 'staffId') as Exclude<
  keyof typeof assetFields,
  'staffId'
>[]
export type AssetField = keyof typeof assetFields

/** POST /api/clients/{id}/assets; one row of an import. */
export const assetInput = z
  .object(
    Object.fromEntries(
      Object.entries({
        ...assetFields,
        ephi: assetFields.ephi.default('unknown'),
        status: assetFields.status.default('in_use'),
      }).map(([k, v]) => [k, described(k as AssetField, v)]),
    ) as Omit<typeof assetFields, 'ephi' | 'status'> & {
      ephi: z.ZodDefault<typeof assetFields.ephi>
      status: z.ZodDefault<typeof assetFields.status>
    },
  )
  .strict()
export type AssetPayload = z.output<typeof assetInput>

/** PATCH /api/assets/{id}: any field; a field left out keeps its value, null clears an optional one. */
export const assetPatch = z
  .object(
    Object.fromEntries(
      Object.entries(assetFields).map(([k, v]) => [k, described(k as AssetField, v.optional())]),
    ) as {
      [K in keyof typeof assetFields]: z.ZodOptional<(typeof assetFields)[K]>
    },
  )
  .strict()
export type AssetPatchPayload = z.output<typeof assetPatch>

/** GET /api/clients/{id}/assets filters. */
export const assetQuery = z
  .object({
    kind: z.enum(ASSET_KINDS, { error: `Kind must be one of ${ASSET_KINDS.join(', ')}` }).optional(),
    status: z
      .enum([...ASSET_STATUSES, 'all'], { error: 'Status must be in_use, spare, retired or all' })
      .optional(),
    ephi: z.enum(EPHI_ANSWERS, { error: 'ePHI must be yes, no or unknown' }).optional(),
    sort: z.enum(['name', 'renewal'], { error: 'Sort is name or renewal' }).optional(),
  })
  .strict()
export type AssetQuery = z.output<typeof assetQuery>

/** GET /api/assets/renewals?days=30|60|90. */
export const renewalsQuery = z.object({
  days: z.coerce
    .number({ error: 'Days must be 30, 60 or 90' })
    .refine((d) => (RENEWAL_WINDOWS as readonly number[]).includes(d), 'Days must be 30, 60 or 90')
    .default(90),
})

/** POST /api/assets/{id}/renewal-quote: which date of the asset to quote the renewal of. */
export const renewalQuoteInput = z
  .object({ what: z.enum(RENEWAL_WHATS, { error: 'What must be warranty or renewal' }) })
  .strict()

/** PUT /api/support-requests/{id}/asset and time entries: the asset a record is about (null: none). */
export const assetLinkInput = z
  .object({
    assetId: z
      .number({ error: 'Asset must be an asset id or null' })
      .int('Asset must be an asset id or null')
      .positive('Asset must be an asset id or null')
      .nullable(),
  })
  .strict()
