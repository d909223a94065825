// One admin write and what its answer shows (issue 53): the mutation, the
// server's field messages into the form, a toast for a refusal and for a
// success. Screens say only what differs: the toast titles and what follows.
import { type Dispatch, type SetStateAction, useCallback, useRef, useState } from 'react'
import {
  type AnyVariables,
  type CombinedError,
  type DocumentInput,
  type OperationContext,
  type UseMutationState,
  useMutation,
} from 'urql'
import { ERRORS } from '../../schema/messages'
import { type ToastContentValue, toast } from '../components/Toaster'
import { fieldErrorsOf, messageOf } from './urql'

export type FieldErrors = Record<string, string>

export type SaveOptions = {
  /**
   * A refusal's toast: its title (the text is the server's message, destructive),
   * a function of the message that makes the toast (null: none this time), or
   * null for none (the caller shows `message`). By default the title is "Error".
   */
  failure?: string | ((message: string, error: CombinedError | undefined) => ToastContentValue | null) | null
  /** A refusal that names fields is shown by those fields alone: no toast unless none is named. */
  fieldsAlone?: boolean
  /** urql's context for the write, such as `additionalTypenames`. */
  context?: Partial<OperationContext>
}

/** A success's toast: a title, the whole toast, or one made from the answer (nothing: no toast). */
export type Success<Data> =
  | string
  | ToastContentValue
  | ((data: Data) => string | ToastContentValue | null | undefined)

export type Saved<Data> =
  | { ok: true; data: Data }
  | { ok: false; message: string; errors: FieldErrors; error: CombinedError | undefined }

export type SaveState<Data, Variables extends AnyVariables> = UseMutationState<Data, Variables> & {
  /** The field messages of the last refusal (empty after a success); the form shows them. */
  errors: FieldErrors
  /** For the form's own checks before it writes. */
  setErrors: Dispatch<SetStateAction<FieldErrors>>
}

const NONE: FieldErrors = {}
const isEmpty = (errors: FieldErrors) => Object.keys(errors).length === 0

/**
 * `const [state, save] = useSave(DOCUMENT, options)`; `await save(variables, success)`
 * writes, toasts, keeps the field messages in `state.errors` and resolves to
 * `{ ok: true, data }` or `{ ok: false, message, errors, error }`. An answer with neither
 * data nor an error is a refusal with the generic message.
 */
export function useSave<Data = unknown, Variables extends AnyVariables = AnyVariables>(
  document: DocumentInput<Data, Variables>,
  options: SaveOptions = {},
) {
  const [state, execute] = useMutation<Data, Variables>(document)
  const [errors, setErrors] = useState(NONE)
  const latest = useRef(options)
  latest.current = options

  const save = useCallback(
    async (variables: Variables, success?: Success<Data>): Promise<Saved<Data>> => {
      const { failure = ERRORS.errorTitle, fieldsAlone = false, context } = latest.current
      const result = await execute(variables, context)
      if (result.error || result.data == null) {
        const fields = fieldErrorsOf(result.error)
        const message = messageOf(result.error)
        setErrors((before) => (isEmpty(before) && isEmpty(fields) ? before : fields))
        if (failure !== null && !(fieldsAlone && !isEmpty(fields))) {
          const shown =
            typeof failure === 'string'
              ? { title: failure, description: message, variant: 'destructive' as const }
              : failure(message, result.error)
          if (shown) toast(shown)
        }
        return { ok: false, message, errors: fields, error: result.error }
      }
      setErrors(NONE)
      const shown = typeof success === 'function' ? success(result.data) : success
      if (shown) toast(typeof shown === 'string' ? { title: shown } : shown)
      return { ok: true, data: result.data }
    },
    [execute],
  )

  const saveState: SaveState<Data, Variables> = { ...state, errors, setErrors }
  return [saveState, save] as const
}
