// Entity payloads derived from their tables (ADR 102). Server-only: drizzle-zod
// and the tables stay out of the browser's chunks (ADR 074 was withdrawn for
// pulling them in through schema/payloads.ts), and `.dependency-cruiser.cjs`
// fails `npm run lint` if anything under web/ reaches this module or drizzle.
// The rules (what the owner may write) are plain Zod in payloads.ts, where the
// browser reads their types; this module checks that they cover the table.
import type { Table } from 'drizzle-orm'
import { createInsertSchema } from 'drizzle-zod'
import type { z } from 'zod'
import { availabilityRules } from './availability-payload'
import { projectRules } from './payloads'
import { agreementTemplateRules } from './quotes'
import { agreementTemplates, availabilitySettings, projects } from './tables'

/** Columns every table fills itself: never part of a payload. */
export const GENERATED = { id: true, createdAt: true, updatedAt: true } as const
type Generated = keyof typeof GENERATED

/**
 * One rule per column the owner may write: every column of the table but the
 * generated ones and those named in `Hidden` (kept by the server), and no other
 * key. Used with `satisfies`, so the type checker points at the rule set a new
 * column still needs.
 */
export type EditableRules<T extends Table, Hidden extends string = never> = Record<
  Exclude<keyof T['$inferInsert'], Generated | Hidden>,
  z.ZodType
>

export const projectInput = createInsertSchema(
  projects,
  projectRules satisfies EditableRules<typeof projects>,
).omit(GENERATED)

export const availabilityInput = createInsertSchema(
  availabilitySettings,
  availabilityRules satisfies EditableRules<typeof availabilitySettings>,
).omit(GENERATED)

/** `archived` is set by archiving a template, never by its form. */
export const agreementTemplateInput = createInsertSchema(
  agreementTemplates,
  agreementTemplateRules satisfies EditableRules<typeof agreementTemplates, 'archived'>,
).omit({ ...GENERATED, archived: true })
