// A request form's outcome, counted (issue 18): by the REST intake's hook
// (countSubmission, worker/insights/routes.ts) and by the pages' no-JS
// actions (worker/pages.ts), which are not routes of the API.
import type { Context } from 'hono'
import type { InsightForm } from '../../schema/insights'
import type { AppEnv } from '../env'
import { recordLater } from './record'
import { type Fact, notCounted } from './rules'

/** Whether this request may be counted: not the owner, no GPC or DNT, not a robot. */
export const counted = (c: Context<AppEnv>) => notCounted(c.req.raw, c.var.user != null) === null

/**
 * A form's submission as the intake answered it, JavaScript or not: 2xx is
 * submitted, 400 rejected (with the refused fields' names), anything else
 * failed. Counted after the answer.
 */
export function countFormOutcome(
  c: Context<AppEnv>,
  form: InsightForm,
  status: number,
  errors: Record<string, string> = {},
): void {
  if (!counted(c)) return
  const outcome = status < 300 ? 'submitted' : status === 400 ? 'rejected' : 'failed'
  recordLater(
    c,
    outcome === 'rejected' ? rejectedFacts(form, errors) : [{ kind: 'form', key: `${form}:${outcome}` }],
  )
}

export function rejectedFacts(form: InsightForm, errors: Record<string, string>): Fact[] {
  const facts: Fact[] = [{ kind: 'form', key: `${form}:rejected` }]
  for (const field of Object.keys(errors).slice(0, 12))
    if (/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/.test(field)) facts.push({ kind: 'field', key: `${form}:${field}` })
  return facts
}
