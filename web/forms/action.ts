import type { ActionFunctionArgs } from 'react-router'
import { data } from 'react-router'
import { siteServer } from '../lib/site-server'
import { type FormOutcome, formValues } from './request-form'

/**
 * A page's action for its request form posted without JavaScript: the same
 * intake service as the JavaScript path's REST route (called in-process by the
 * Worker, worker/services/intake.ts), answered with the page again, showing a
 * confirmation or the form with its errors and the values entered.
 */
export function requestFormAction(
  form: 'consultation' | 'support',
  payload: (values: Record<string, string>) => Record<string, unknown>,
) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const values = formValues(await request.formData())
    const result = await context.get(siteServer).submit(form, payload(values))
    if (result.ok) return { sent: true, reference: result.reference, when: result.when } satisfies FormOutcome
    const outcome: FormOutcome = {
      sent: false,
      message: result.message,
      errors: result.errors,
      values,
      ...(result.freeSlots ? { freeSlots: result.freeSlots } : {}),
    }
    return data(outcome, { status: result.status })
  }
}
