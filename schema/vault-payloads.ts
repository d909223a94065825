// The vault's inputs (issue 38), checked the same way by REST and GraphQL.
// The secret is taken as typed (no trimming: spaces can be part of a password).
import { z } from 'zod'
import { optionalText, singleLine } from './text'

export const MAX_SECRET_LENGTH = 2000

const secret = z
  .string({ error: 'Secret is required' })
  .min(1, 'Secret is required')
  .max(MAX_SECRET_LENGTH, `Secret must be at most ${MAX_SECRET_LENGTH} characters`)
const url = optionalText('URL', 2000).refine(
  (v) => v === null || /^https?:\/\/\S+$/i.test(v),
  'URL must start with http:// or https://',
)
const assetId = z
  .number({ error: 'Asset must be an asset id' })
  .int('Asset must be an asset id')
  .positive('Asset must be an asset id')
  .nullish()
  .transform((v) => v ?? null)

// The person of the client's staff who knows it (issue 55): their departure rotates it.
const staffId = z
  .number({ error: 'Person must be a person id' })
  .int('Person must be a person id')
  .positive('Person must be a person id')
  .nullish()
  .transform((v) => v ?? null)

export const credentialInput = z.object({
  label: singleLine('Label', 200),
  username: optionalText('Username', 200),
  secret,
  url,
  notes: optionalText('Notes', 5000, 'multi'),
  assetId,
  staffId,
})
// staffId may be left out by callers in code (it came after the vault): none.
export type CredentialInput = Omit<z.output<typeof credentialInput>, 'staffId'> & { staffId?: number | null }

export const credentialPatch = z.object({
  label: singleLine('Label', 200).optional(),
  username: optionalText('Username', 200).optional(),
  secret: secret.optional(),
  url: url.optional(),
  notes: optionalText('Notes', 5000, 'multi').optional(),
  assetId: assetId.optional(),
  staffId: staffId.optional(),
})
export type CredentialPatch = z.output<typeof credentialPatch>

/** Why the secret is asked for: shown, or copied to the clipboard (both audited). */
export const revealInput = z.object({
  purpose: z.enum(['reveal', 'copy'], { error: 'Purpose must be reveal or copy' }).default('reveal'),
})
