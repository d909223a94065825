// The REST API as an OpenAPI 3.1 document (issue 24, docs/decisions/084-openapi.md).
// Routes that automation uses are declared with @hono/zod-openapi's
// createRoute: the same zod schemas validate the request and describe it in
// /api/openapi.json, so the document cannot drift from what the server does.
import { OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context, TypedResponse } from 'hono'
import type { JSONParsed } from 'hono/utils/types'
import { rowId } from '../../schema/ids'
import { API_MESSAGES } from '../../schema/messages'
import { fieldErrors } from '../../schema/payloads'
import type { AppEnv } from '../env'
import { ApiError, badRequest } from './errors'
import { nothingToChange } from './validate'

/**
 * A refused request keeps the API's one error shape (`{ message, errors }`),
 * as the hand-written validators answer it: a body that is not a JSON object
 * is "must be a JSON object", everything else names its fields.
 */
export const defaultHook = async (
  result: { target: string } & ({ success: true; data?: unknown } | { success: false; error: z.ZodError }),
  c: Context<AppEnv>,
) => {
  if (result.success) return refuseEmptyPatch(result, c)
  // As jsonBody (validate.ts): whatever the schema, a body that is not an object
  // is this one message (a union's root issue is not an invalid_type).
  if (result.target === 'json' && !isObject((result as { data?: unknown }).data))
    throw new ApiError(400, API_MESSAGES.invalidJson)
  throw badRequest(fieldErrors(result.error))
}

const isObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * After a body passed its schema: a PATCH with nothing to change is refused
 * here, for every route (the rule is nothingToChange in validate.ts). Every
 * hook of an OpenAPI sub-app calls it on success.
 */
export async function refuseEmptyPatch(result: { target: string; data?: unknown }, c: Context<AppEnv>) {
  if (result.target !== 'json' || c.req.method !== 'PATCH') return
  // Hono keeps the parsed body, so this reads nothing twice; no JSON body is {}.
  const raw = await c.req.json().catch(() => ({}))
  const refusal = nothingToChange(c.req.method, raw, result.data)
  if (refusal) throw refusal
}

/** A sub-app whose routes appear in /api/openapi.json (mount it on the `api` app in worker/app.ts). */
export const openApiApp = () => new OpenAPIHono<AppEnv>({ defaultHook })

/** An instant in an answer, as the routes write it (ISO 8601 in UTC). */
export const DateTimeSchema = z.iso.datetime().openapi({ example: '2026-11-27T15:00:00.000Z' })

/** The error answer every route documents. */
export const ErrorSchema = z
  .object({
    message: z.string().openapi({ example: API_MESSAGES.validation }),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .openapi({ description: 'One message per refused field', example: { name: 'Name is required' } }),
  })
  .openapi('Error')

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
})

/** The error answers of an owner route, by status. */
export const OWNER_ERRORS = {
  400: error('The input was refused; `errors` names each field'),
  401: error('No owner session or valid access token'),
  403: error('A read-only token on a write, or a cross-site request'),
} as const
export const NOT_FOUND = { 404: error('No such record') } as const
export const CONFLICT = { 409: error('The change conflicts with the stored data') } as const

/** A documented JSON answer. */
export const openApiJson = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})

/**
 * A documented, required JSON request body with an example the document
 * shows (typed by the schema; schema/openapi.test.ts checks it validates).
 */
export const openApiBody = <S extends z.ZodType>(schema: S, example: z.input<S>) => ({
  required: true,
  content: { 'application/json': { schema, example } },
})

/** The `{id}` path parameter as documented. */
export const idPath = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '12' }),
})

/**
 * The `{id}` path parameter as a row id, checked before the body as `idParam`
 * (params.ts) checks it: 400 naming `id` with the same message.
 */
export const rowIdPath = z.object({
  id: rowId.openapi({ param: { name: 'id', in: 'path' }, type: 'integer', example: 12 }),
})

/** The path's id as a row id; 400 naming `id` when malformed. */
export function pathId(c: { req: { param(name: 'id'): string | undefined } }): number {
  const parsed = rowId.safeParse(c.req.param('id'))
  if (!parsed.success) throw badRequest({ id: 'Not a valid id' })
  return parsed.data
}

/** The security schemes of owner routes: the admin's session cookie or a personal access token. */
export const OWNER_SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }]
/** Sign-in methods, sessions and tokens (/auth, /security): the session only, never a token (worker/auth/bearer.ts). */
export const SESSION_SECURITY: Record<string, string[]>[] = [{ sessionCookie: [] }]
/** The error answers of a session-only route, by status. */
export const SESSION_ERRORS = {
  400: OWNER_ERRORS[400],
  401: error('No owner session'),
  403: error('An access token (refused here), a cross-site request, or a change that needs a recent sign-in'),
} as const
/** A public route: no sign-in (the visitor's forms, the public reads, sign-in itself). */
export const PUBLIC: Record<string, string[]>[] = []
/** The answer of a visitor's write refused by the per-address limit. */
export const RATE_LIMITED = { 429: error('Too many requests from this address; try again later') } as const

/**
 * A JSON download (an attachment, indented for a person to read): typed as
 * the JSON answer it is, so the route's documented schema checks `data`.
 */
export function jsonAttachment<T>(c: Context, data: T, filename: string) {
  const res = c.body(JSON.stringify(data, null, 2), 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
  })
  return res as unknown as TypedResponse<JSONParsed<T>, 200, 'json'>
}

/** A multipart body of one file under `field` (checked by worker/files/upload.ts, not by a schema). */
export const fileUpload = (field: string, description: string) => ({
  required: true,
  content: {
    'multipart/form-data': {
      // A plain JSON Schema, not zod: the upload's own checks answer (sniffed kind, size), as before.
      schema: {
        type: 'object' as const,
        properties: { [field]: { type: 'string' as const, format: 'binary', description } },
        required: [field],
      },
      example: { [field]: '(the file)' },
    },
  },
})

/** The answer of a write that returns nothing. */
export const noContent = (description: string) => ({ description })

/** A file download: its media type, and the bytes as a binary string. */
export const fileAnswer = <M extends string>(description: string, mediaType: M) => ({
  description,
  content: { [mediaType]: { schema: z.string().openapi({ format: 'binary' }) } } as Record<
    M,
    { schema: z.ZodString }
  >,
})

/** The document's head; paths come from the routes (app.doc31). */
export const OPENAPI_INFO: Parameters<OpenAPIHono['getOpenAPI31Document']>[0] = {
  openapi: '3.1.0',
  info: {
    title: 'Portfolio and consultancy API',
    version: '1.0.0',
    description:
      "REST API for the owner's automation (scripts, n8n, Zapier). Authenticate with a personal access token from Admin > Security > Access tokens: `Authorization: Bearer pat_...`. Read tokens may only GET. Sign-in and the Security area take the owner's session only; the visitor's routes (`security: []`) take none.",
  },
  // Relative to this document (/api/openapi.json): the paths below live under /api.
  servers: [{ url: '/api' }],
}
