// The one id rule, shared by REST path segments and GraphQL `ID` arguments.
import { z } from 'zod'

export const ID_MESSAGE = 'Id must be a positive whole number'

/**
 * A row id: digits only (no sign, fraction or exponent), at least 1 and a safe
 * integer. Anything else is this one message naming `id`, so a malformed id is
 * never confused with a missing row (404).
 */
export const rowId = z
  .union([z.string(), z.number()], { error: ID_MESSAGE })
  .transform(String)
  .refine((text) => /^[0-9]{1,16}$/.test(text), ID_MESSAGE)
  .transform(Number)
  .refine((id) => id >= 1 && Number.isSafeInteger(id), ID_MESSAGE)
