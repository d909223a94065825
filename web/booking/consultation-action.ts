// The consultation block's posts (move, ask to cancel, cancel), read the same
// way on the manage page and in the portal; each page supplies how its
// booking is found (a signed link, or the signed-in client's reference).
import type { BookingChange } from '../lib/site-server'

/** An action's answer as the block shows it: a change's result, and the cancel confirmation's step. */
export type ConsultationResult = BookingChange & { step?: 'confirm-cancel'; reason?: string }

export const CONSULTATION_INTENTS = ['move', 'cancel-ask', 'cancel'] as const

export type ConsultationOps = {
  checkCancellable(): Promise<BookingChange>
  cancel(reason: string): Promise<BookingChange>
  move(date: string, time: string): Promise<BookingChange>
}

/** The answer to a consultation post, or null when the form's intent is none of the block's. */
export async function consultationAction(
  form: FormData,
  ops: ConsultationOps,
): Promise<ConsultationResult | null> {
  const intent = form.get('intent')
  const reason = String(form.get('reason') ?? '')
  // Cancelling takes two posts (issue 28): "Cancel this consultation" only asks
  // (refused at once when past the cut-off), the confirmation cancels, with an
  // optional reason for the owner. Plain posts, so both steps work without JS.
  if (intent === 'cancel-ask') {
    const result = await ops.checkCancellable()
    return result.ok ? { ...result, step: 'confirm-cancel', reason: '' } : result
  }
  if (intent === 'cancel') {
    const result = await ops.cancel(reason)
    // A reason refused (too long) keeps the confirmation open with the text kept.
    return !result.ok && result.errors.reason ? { ...result, step: 'confirm-cancel', reason } : result
  }
  if (intent === 'move') {
    // The time select's value names its day too ("2026-11-24|09:00"), so a stale ?day= cannot mislead.
    const [date = '', time = ''] = String(form.get('slot') ?? '').split('|')
    return ops.move(date, time)
  }
  return null
}
