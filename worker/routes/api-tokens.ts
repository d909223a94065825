// /api/security/tokens (issue 24): the owner's personal access tokens. Part of
// the Security area, so a token can never manage tokens (worker/auth/bearer.ts
// refuses tokens on /api/security). The token is in the creation's answer
// only; every change is appended to the audit trail here.
// Making a token is a new way in: it needs a recent password or passkey proof
// (sudo mode, ADR 078); revoking one never does.
import { Hono } from 'hono'
import { apiTokenInput } from '../../schema/client-payloads'
import { requireOwner } from '../auth/middleware'
import { requireRecentAuth } from '../auth/reauth'
import type { AppEnv } from '../env'
import { audit } from '../middleware/audit'
import { privateNoStore } from '../middleware/cache-headers'
import { idParam } from '../middleware/params'
import { jsonBody } from '../middleware/validate'
import { createApiToken, listApiTokens, revokeApiToken } from '../services/api-tokens'

export const apiTokens = new Hono<AppEnv>()
  .use(requireOwner)
  .use(privateNoStore)
  .get('/', async (c) => c.json(await listApiTokens(c.var.db, c.var.user!.id)))
  .post('/', requireRecentAuth, jsonBody(apiTokenInput), async (c) => {
    const input = c.req.valid('json')
    const created = await createApiToken(c.var.db, c.var.user!.id, input)
    await audit(c, {
      action: 'api-token.create',
      outcome: 'success',
      record: `${created.apiToken.id} "${input.name}" (${input.scope})`,
    })
    return c.json(created, 201)
  })
  .delete('/:id', idParam, async (c) => {
    const revoked = await revokeApiToken(c.var.db, c.var.user!.id, c.req.valid('param').id)
    await audit(c, {
      action: 'api-token.revoke',
      outcome: 'success',
      record: `${revoked.id} "${revoked.name}"`,
    })
    return c.json(revoked)
  })
