// What a page's action answers for its form posted without JavaScript, apart
// from the form's code: the pages read it, and /it-support loads its form's
// code only when the form is shown (ADR 068), so this stays a few lines.
import { REQUEST_FORM_ERRORS } from '../../schema/request-form-copy'

/** What a page's action answers for a form posted without JavaScript. */
export type FormOutcome =
  | { sent: true; reference?: string; when?: string }
  | {
      sent: false
      message: string
      errors: Record<string, string>
      values: Record<string, string>
      /** A taken slot's day and its free slots (409), offered instead. */
      freeSlots?: { date: string; slots: string[] }
      /** The post could not be read at all: its own message is shown, not the spec's failure text. */
      unreadable?: true
    }

/** The page's answer to a post whose body was not a readable form (worker/page-forms.ts). */
export const UNREADABLE_FORM: FormOutcome = {
  sent: false,
  message: REQUEST_FORM_ERRORS.formUnreadable,
  errors: {},
  values: {},
  unreadable: true,
}

/** What a page's form shows: the action's answer, else the unreadable post's, else nothing. */
export const formOutcome = (fromAction: FormOutcome | undefined, unreadable: boolean | undefined) =>
  fromAction ?? (unreadable ? UNREADABLE_FORM : undefined)
