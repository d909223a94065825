// The REST API as an OpenAPI 3.1 document (issue 24, docs/decisions/084-openapi.md).
// Routes that automation uses are declared with @hono/zod-openapi's
// createRoute: the same zod schemas validate the request and describe it in
// /api/openapi.json, so the document cannot drift from what the server does.
import { OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
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
  const whole = result.error.issues.find((issue) => issue.path.length === 0)
  if (result.target === 'json' && whole?.code === 'invalid_type')
    throw new ApiError(400, API_MESSAGES.invalidJson)
  throw badRequest(fieldErrors(result.error))
}

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

/** A documented, required JSON request body. */
export const openApiBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { 'application/json': { schema } },
})

/** The `{id}` path parameter as documented. */
export const idPath = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '12' }),
})

/** The path's id as a row id; 400 naming `id` when malformed. */
export function pathId(c: { req: { param(name: 'id'): string | undefined } }): number {
  const parsed = rowId.safeParse(c.req.param('id'))
  if (!parsed.success) throw badRequest({ id: 'Not a valid id' })
  return parsed.data
}

/** The security schemes of owner routes: the admin's session cookie or a personal access token. */
export const OWNER_SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }]

/** The document's head; paths come from the routes (app.doc31). */
export const OPENAPI_INFO: Parameters<OpenAPIHono['getOpenAPI31Document']>[0] = {
  openapi: '3.1.0',
  info: {
    title: 'Portfolio and consultancy API',
    version: '1.0.0',
    description:
      "REST API for the owner's automation (scripts, n8n, Zapier). Authenticate with a personal access token from Admin > Security > Access tokens: `Authorization: Bearer pat_...`. Read tokens may only GET.",
  },
  // Relative to this document (/api/openapi.json): the paths below live under /api.
  servers: [{ url: '/api' }],
}
