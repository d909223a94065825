// Payloads of the yearly risk analysis (issue 39, point 4), written once: the
// REST routes publish them in the OpenAPI document and GraphQL parses with them.
import { z } from 'zod'
import { calendarDate } from './billing-payloads.server'
import { RISK_FINDINGS, RISK_NOTES_MAX, RISK_TASK_MAX } from './risk-checklist'
import { optionalText, singleLine } from './text'

/** Most items, tasks or new tasks one PATCH may name. */
export const MAX_RISK_CHANGES = 200

const id = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive id`)

/** POST /api/clients/{id}/risk-analyses: the date defaults to today (business time zone). */
export const riskAnalysisInput = z.object({ analysisDate: calendarDate('Analysis date').optional() }).strict()

export const riskItemChange = z
  .object({
    id: id('Item id'),
    finding: z
      .enum(RISK_FINDINGS, { error: 'Finding is met, partly, not_met, not_applicable or null' })
      .nullable()
      .optional(),
    notes: optionalText('Notes', RISK_NOTES_MAX, 'multi'),
  })
  .strict()

export const riskTaskInput = z
  .object({
    itemId: id('Item id'),
    description: singleLine('Description', RISK_TASK_MAX),
    dueDate: calendarDate('Due date'),
  })
  .strict()

export const riskTaskChange = z
  .object({
    id: id('Task id'),
    description: singleLine('Description', RISK_TASK_MAX).optional(),
    dueDate: calendarDate('Due date').optional(),
    done: z.boolean({ error: 'Done must be true or false' }).optional(),
  })
  .strict()

/**
 * PATCH /api/risk-analyses/{id}: findings and notes of items, new remediation
 * tasks, changes to tasks, and `complete: true`, which locks the analysis
 * (ADR 156). All of it is applied in one batch, or nothing is.
 */
export const riskAnalysisPatch = z
  .object({
    items: z.array(riskItemChange).max(MAX_RISK_CHANGES).optional(),
    newTasks: z.array(riskTaskInput).max(MAX_RISK_CHANGES).optional(),
    tasks: z.array(riskTaskChange).max(MAX_RISK_CHANGES).optional(),
    complete: z.literal(true, { error: 'Complete can only be true' }).optional(),
  })
  .strict()

export type RiskAnalysisPatch = z.infer<typeof riskAnalysisPatch>
