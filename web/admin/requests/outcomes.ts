import type { CombinedError } from 'urql'
import { ERRORS, TOASTS } from '../../../schema/messages'
import { toast } from '../../components/Toaster'
import { fieldErrorsOf, messageOf } from '../urql'
import type { SaveResult } from './RequestDialog'

/** A mutation's outcome for the dialog; the toast tells the owner either way. */
export function saved(result: { error?: CombinedError }): SaveResult {
  if (!result.error) {
    toast(TOASTS.requestUpdated)
    return { ok: true }
  }
  toast({ title: ERRORS.errorTitle, description: messageOf(result.error), variant: 'destructive' })
  return { ok: false, errors: fieldErrorsOf(result.error) }
}

/** An erasure's outcome: a toast either way; true closes the dialog. */
export function erased(result: { error?: CombinedError }): boolean {
  if (!result.error) {
    toast(TOASTS.requestErased)
    return true
  }
  toast({
    title: ERRORS.errorTitle,
    description: messageOf(result.error),
    variant: 'destructive',
  })
  return false
}
