// The compliance desk's request bodies (issue 39), one zod schema per input,
// shared by REST (which also describes them in OpenAPI) and GraphQL.
import { z } from '@hono/zod-openapi'
import { DAY_KINDS, DETERMINATIONS, EPHI_INVOLVED, ISO_WITH_OFFSET } from './compliance'

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date as YYYY-MM-DD' })
const text = (max: number) => z.string().trim().min(1, { error: 'Required' }).max(max)

export const baaInput = z
  .object({
    clientId: z.number().int().positive(),
    effectiveDate: date,
    renewalDate: date.nullable().optional(),
    notificationDays: z.number().int().min(1, { error: 'At least 1 day' }).max(365).optional(),
    notificationDayKind: z.enum(DAY_KINDS, { error: 'Choose calendar or business' }).optional(),
  })
  .openapi('BaaInput')

export const baaPatch = baaInput.omit({ clientId: true }).partial().openapi('BaaPatch')

const fourFactors = {
  phiNature: z.string().trim().max(4000).nullable().optional(),
  recipient: z.string().trim().max(4000).nullable().optional(),
  acquiredOrViewed: z.string().trim().max(4000).nullable().optional(),
  mitigation: z.string().trim().max(4000).nullable().optional(),
}

export const incidentInput = z
  .object({
    title: text(200),
    discoveredAt: z.string().regex(ISO_WITH_OFFSET, { error: 'Use an ISO date-time with an offset' }),
    reportedBy: z.string().trim().max(200).nullable().optional(),
    description: text(10_000),
    clientIds: z
      .array(z.number().int().positive())
      .min(1, { error: 'Name at least one affected client' })
      .max(100),
    assetIds: z.array(z.number().int().positive()).max(200).optional(),
    ephiInvolved: z.enum(EPHI_INVOLVED, { error: 'Choose yes, no or unknown' }),
    individualsAffected: z.number().int().min(0).nullable().optional(),
    determination: z.enum(DETERMINATIONS, { error: 'Choose breach, not_breach or undetermined' }).optional(),
    ...fourFactors,
  })
  .openapi('IncidentInput')

export const incidentPatch = incidentInput
  .omit({ discoveredAt: true, clientIds: true })
  .partial()
  .extend({ note: z.string().trim().max(4000).optional() })
  .openapi('IncidentPatch')

export const noticeInput = z.object({ clientId: z.number().int().positive() }).openapi('IncidentNoticeInput')
export const noticePatch = z
  .object({ subject: text(200).optional(), body: text(50_000).optional() })
  .openapi('IncidentNoticePatch')

export type BaaInput = z.infer<typeof baaInput>
export type BaaPatch = z.infer<typeof baaPatch>
export type IncidentInput = z.infer<typeof incidentInput>
export type IncidentPatch = z.infer<typeof incidentPatch>
