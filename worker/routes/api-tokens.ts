// /api/security/tokens (issue 24): the owner's personal access tokens. Part of
// the Security area, so a token can never manage tokens (worker/auth/bearer.ts
// refuses tokens on /api/security). The token is in the creation's answer
// only; every change is appended to the audit trail here.
// Making a token is a new way in: it needs a recent password or passkey proof
// (sudo mode, ADR 078); revoking one never does.
import { createRoute, z } from '@hono/zod-openapi'
import { apiTokenInput, TOKEN_SCOPES } from '../../schema/client-payloads'
import { requireOwner } from '../auth/middleware'
import { requireRecentAuth } from '../auth/reauth'
import { audit } from '../middleware/audit'
import { privateNoStore } from '../middleware/cache-headers'
import {
  openApiBody as body,
  openApiJson as json,
  NOT_FOUND,
  openApiApp,
  rowIdPath,
  SESSION_ERRORS,
  SESSION_SECURITY,
} from '../middleware/openapi'
import { createApiToken, listApiTokens, revokeApiToken } from '../services/api-tokens'

const dateTime = z.string().openapi({ format: 'date-time' })
const ApiTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scope: z.enum(TOKEN_SCOPES),
    createdAt: dateTime,
    expiresAt: dateTime.nullable(),
    lastUsedAt: dateTime.nullable(),
    revokedAt: dateTime.nullable(),
  })
  .openapi('ApiToken', { description: 'What the owner sees of a token: never its value or hash' })
const session = { tags: ['Security'], security: SESSION_SECURITY }

export const apiTokens = openApiApp()
apiTokens.use(requireOwner)
apiTokens.use(privateNoStore)
apiTokens
  .openapi(
    createRoute({
      ...session,
      method: 'get',
      path: '/',
      summary: "The owner's access tokens, newest first",
      responses: { 200: json(z.array(ApiTokenSchema), 'The tokens'), ...SESSION_ERRORS },
    }),
    async (c) => c.json(await listApiTokens(c.var.db, c.var.user!.id), 200),
  )
  .openapi(
    createRoute({
      ...session,
      method: 'post',
      path: '/',
      summary: 'Make an access token (needs a recent sign-in)',
      description: 'The token itself is in this answer only.',
      middleware: requireRecentAuth,
      request: { body: body(apiTokenInput, { name: 'n8n', scope: 'read', expiresInDays: 90 }) },
      responses: {
        201: json(
          z.object({ token: z.string().openapi({ example: 'pat_3q9ZkV0m...' }), apiToken: ApiTokenSchema }),
          'The token, shown once',
        ),
        ...SESSION_ERRORS,
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const created = await createApiToken(c.var.db, c.var.user!.id, input)
      await audit(c, {
        action: 'api-token.create',
        outcome: 'success',
        record: `${created.apiToken.id} "${input.name}" (${input.scope})`,
      })
      return c.json(created, 201)
    },
  )
  .openapi(
    createRoute({
      ...session,
      method: 'delete',
      path: '/{id}',
      summary: 'Revoke an access token',
      request: { params: rowIdPath },
      responses: { 200: json(ApiTokenSchema, 'The revoked token'), ...SESSION_ERRORS, ...NOT_FOUND },
    }),
    async (c) => {
      const revoked = await revokeApiToken(c.var.db, c.var.user!.id, c.req.valid('param').id)
      await audit(c, {
        action: 'api-token.revoke',
        outcome: 'success',
        record: `${revoked.id} "${revoked.name}"`,
      })
      return c.json(revoked, 200)
    },
  )
