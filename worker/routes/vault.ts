// REST for the credentials vault (issue 38, docs/vault.md), one OpenAPIHono
// sub-app mounted at /api: /clients/{id}/credentials and /credentials/{id}.
// Owner only (session, or a token with the read-write or assets scope), but a
// reveal needs an owner session that proved a second factor (authenticator code
// or passkey) in the last 10 minutes (ADR 181): the password alone, sign-in
// included, never opens it, and a personal access token can never reveal.
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { credentialInput, credentialPatch, revealInput } from '../../schema/vault-payloads'
import { clientIp } from '../abuse/rate-limit'
import { requireOwner } from '../auth/middleware'
import { requireSecondFactor } from '../auth/reauth'
import { vaultKeys } from '../auth/vault-key'
import type { AppEnv } from '../env'
import { auditedBelow } from '../middleware/audit'
import { ApiError } from '../middleware/errors'
import {
  openApiBody as body,
  idPath,
  openApiJson as json,
  NOT_FOUND,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  pathId,
} from '../middleware/openapi'
import {
  type CredentialView,
  createCredential,
  deleteCredential,
  listCredentials,
  revealCredential,
  updateCredential,
} from '../services/vault'

export const VAULT_TOKEN_MESSAGE =
  'An access token can never reveal a secret; sign in and confirm it is you with a second factor.'

const owner = { tags: ['Vault'], security: OWNER_SECURITY }
const unavailable = { 503: OWNER_ERRORS[400], ...NOT_FOUND }
const credentialPath = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'cred_abcdefghijklmnopqrstuvwx' }),
})

const credential = z
  .object({
    id: z.string(),
    clientId: z.number(),
    assetId: z.number().nullable(),
    staffId: z
      .number()
      .nullable()
      .openapi({ description: 'The person who knows it: their departure rotates it' }),
    label: z.string(),
    username: z.string().nullable(),
    url: z.string().nullable(),
    notes: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('Credential', { description: 'A credential without its secret (a reveal is the only way to it)' })

const iso = (row: CredentialView) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})
/** What a create answers: never the secret. */
const created = (row: CredentialView) => ({
  id: row.id,
  label: row.label,
  username: row.username,
  url: row.url,
})

const noToken = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  if (c.var.apiToken) throw new ApiError(403, VAULT_TOKEN_MESSAGE)
  await next()
}

export const vaultApi = openApiApp()
vaultApi.use('/clients/:id/credentials', requireOwner)
vaultApi.use('/credentials/*', requireOwner)
vaultApi.use('/credentials/:id/reveal', noToken, requireSecondFactor)
vaultApi
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/clients/{id}/credentials',
      summary: 'Stores a credential of the client; the secret is encrypted and never answered',
      request: {
        params: idPath,
        body: body(credentialInput, {
          label: 'Router admin',
          username: 'admin',
          secret: 'correct horse battery staple',
          url: 'https://192.168.1.1',
          notes: 'Front desk closet',
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        ...unavailable,
        201: json(
          z.object({
            id: z.string(),
            label: z.string(),
            username: z.string().nullable(),
            url: z.string().nullable(),
          }),
          'The credential (without its secret)',
        ),
      },
    }),
    async (c) =>
      c.json(
        created(await createCredential(c.var.db, await vaultKeys(c.env), pathId(c), c.req.valid('json'))),
        201,
      ),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/clients/{id}/credentials',
      summary: "The client's credentials by label, without secrets",
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, ...NOT_FOUND, 200: json(z.array(credential), 'The credentials') },
    }),
    async (c) => c.json((await listCredentials(c.var.db, pathId(c))).map(iso), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/credentials/{id}',
      summary: 'Changes a credential; a new secret is encrypted under a new data key',
      request: { params: credentialPath, body: body(credentialPatch, { secret: 'a new secret' }) },
      responses: { ...OWNER_ERRORS, ...unavailable, 200: json(credential, 'The credential') },
    }),
    async (c) =>
      c.json(
        iso(await updateCredential(c.var.db, await vaultKeys(c.env), c.req.param('id'), c.req.valid('json'))),
        200,
      ),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/credentials/{id}',
      summary: 'Deletes a credential and its encrypted secret',
      request: { params: credentialPath },
      responses: { ...OWNER_ERRORS, ...NOT_FOUND, 204: { description: 'Deleted' } },
    }),
    async (c) => {
      await deleteCredential(c.var.db, c.req.param('id'))
      return c.body(null, 204)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/credentials/{id}/reveal',
      summary:
        "The secret, for an owner session that proved a second factor (POST /security/reauth with an authenticator code or a passkey) in the last 10 minutes; otherwise 403 with code 'second_factor_required', or 'second_factor_missing' when the owner has no second factor. Access tokens: always 403. Each reveal or copy is in the audit log.",
      request: {
        params: credentialPath,
        body: {
          required: false,
          content: { 'application/json': { schema: revealInput, example: { purpose: 'copy' } } },
        },
      },
      responses: {
        ...OWNER_ERRORS,
        ...unavailable,
        200: json(z.object({ secret: z.string() }), 'The secret'),
      },
    }),
    async (c) => {
      const user = c.var.user!
      const secret = await revealCredential(c.var.db, await vaultKeys(c.env), c.req.param('id'), {
        purpose: c.req.valid('json')?.purpose ?? 'reveal',
        userId: user.id,
        actor: user.username,
        ip: clientIp(c.req.raw),
        userAgent: c.req.header('user-agent') ?? null,
        onAudited: () => auditedBelow(c, 'reveal'),
      })
      c.header('Cache-Control', 'no-store')
      return c.json({ secret }, 200)
    },
  )
