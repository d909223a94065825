import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import { validator } from 'hono/validator'
import type { z } from 'zod'
import { MAX_JSON_BODY_BYTES, MAX_UPLOAD_BYTES } from '../../schema/constants'
import { API_MESSAGES } from '../../schema/messages'
import { fieldErrors } from '../../schema/payloads'
import type { AppEnv } from '../env'
import { ApiError } from './errors'

/** Parses a value with a shared payload schema, or throws a 400 with field messages. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError(400, API_MESSAGES.invalidJson)
  }
  const result = schema.safeParse(value)
  if (!result.success) throw new ApiError(400, API_MESSAGES.validation, fieldErrors(result.error))
  return result.data
}

/**
 * The one rule for a PATCH with nothing in it (ADR 182), applied where every
 * REST body is validated (jsonBody here, defaultHook in openapi.ts), so no
 * route reaches its service with an empty change: an empty body, {} or an
 * object of fields the record does not have (the schemas drop unknown keys)
 * is a 400 naming the problem, never a 500 from an empty UPDATE and never a
 * write that only moves `updated_at`. `raw` is the body as sent, `data` as parsed.
 */
export function nothingToChange(method: string, raw: unknown, data: unknown): ApiError | null {
  if (method !== 'PATCH') return null
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null
  const sent = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? Object.keys(raw) : []
  // A field counts when it was sent and kept: a schema's defaults (which a
  // partial schema may still fill in) are no change the caller asked for.
  const parsed = data as Record<string, unknown>
  if (sent.some((key) => parsed[key] !== undefined)) return null
  const unknown = sent.filter((key) => !(key in parsed)).slice(0, 20)
  return new ApiError(
    400,
    API_MESSAGES.nothingToChange,
    unknown.length ? Object.fromEntries(unknown.map((key) => [key, API_MESSAGES.unknownField])) : undefined,
  )
}

/** Validator middleware for a JSON body: the handler reads `c.req.valid('json')`, already typed. */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  validator('json', (value, c) => {
    const data = parseWith(schema, value) as z.output<S>
    const refusal = nothingToChange(c.req.method, value, data)
    if (refusal) throw refusal
    return data
  })

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i

/**
 * A JSON body read the way Hono's json validator reads it (so `jsonBody` and
 * this answer alike): {} when the body is not declared JSON, a 400 when it is
 * malformed. For handlers that read the body only when a service asks.
 */
export async function readJsonBody(c: Context<AppEnv>): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim()
  if (!JSON_TYPE.test(type)) return {}
  try {
    return await c.req.json()
  } catch {
    throw new HTTPException(400, { message: 'Malformed JSON in request body' })
  }
}

/** The methods that may change stored data: the body guard, the audit trail and the public-read purge act on these. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const CSV_IMPORT_PATH = /^\/api\/clients\/[^/]+\/assets\/import$/
/** An inventory of 2,000 rows with notes fits in 1 MB. */
export const MAX_CSV_IMPORT_BYTES = 1024 * 1024
/** A recorded BAA's signed PDF (issue 39) is the one body sent as application/pdf. */
const BAA_DOCUMENT_PATH = /^\/api\/baas\/[^/]+\/document$/

/**
 * Guards every API write before a handler runs: a declared body must be JSON
 * or multipart (415 otherwise), and bodies past the limit get 413. Multipart
 * uploads get the file limit plus room for the form envelope.
 */
export const bodyGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (!WRITE_METHODS.has(c.req.method)) return next()
  const type = (c.req.header('content-type') ?? '').toLowerCase()
  const hasBody = c.req.header('content-length') !== '0' && (c.req.raw.body !== null || type !== '')
  const multipart = type.startsWith('multipart/form-data')
  // A spreadsheet import (issue 38) is the one body sent as text/csv.
  const csv = type.startsWith('text/csv') && CSV_IMPORT_PATH.test(c.req.path)
  const pdf = type.startsWith('application/pdf') && BAA_DOCUMENT_PATH.test(c.req.path)
  if (hasBody && type && !multipart && !csv && !pdf && !type.startsWith('application/json')) {
    throw new ApiError(415, API_MESSAGES.unsupportedMedia)
  }
  const limit = bodyLimit({
    maxSize: multipart
      ? MAX_UPLOAD_BYTES + 64 * 1024
      : csv
        ? MAX_CSV_IMPORT_BYTES
        : pdf
          ? MAX_UPLOAD_BYTES
          : MAX_JSON_BODY_BYTES,
    onError: (c) => c.json({ message: API_MESSAGES.tooLarge }, 413),
  })
  return limit(c, next)
})
