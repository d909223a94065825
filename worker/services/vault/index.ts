// The credentials vault (issue 38, docs/vault.md): a client's logins with the
// secret encrypted (crypto.ts). Nothing here returns a secret except
// revealCredential, which the edges call only after a recent re-authentication
// from an owner session (never a token) and which writes the audit entry.
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding'
import { and, asc, eq, ne } from 'drizzle-orm'
import type { CredentialInput, CredentialPatch } from '../../../schema/vault-payloads'
import type { Db } from '../../db'
import { tables } from '../../db'
import { appendAudit } from '../audit'
import { Invalid, NotFound, Unavailable } from '../errors'
import { assertStaffOfClient } from '../people/staff'
import { type Kek, openSecret, rewrapAll, SEALED_TABLES, sealSecret } from './crypto'

export const VAULT_MESSAGES = {
  noKey:
    'The vault is not configured: set the VAULT_KEY secret (at least 32 characters) to store or reveal credentials.',
  notOpened: 'This credential could not be opened with the configured VAULT_KEY (see docs/vault.md).',
  assetOfOtherClient: 'Choose an asset of this client',
} as const

/** The vault has no key (outside a local deployment without VAULT_KEY): 503 at the edges. */
export class VaultUnavailable extends Unavailable {
  constructor(message: string = VAULT_MESSAGES.noKey) {
    super(message, 'vault_unavailable')
    this.name = 'VaultUnavailable'
  }
}

export type Keys = { current: Kek | null; previous: Kek | null }

const c = tables.credentials
/** What leaves the service for lists and answers: never the secret or its ciphertext. */
const view = {
  id: c.id,
  clientId: c.clientId,
  assetId: c.assetId,
  staffId: c.staffId,
  label: c.label,
  username: c.username,
  url: c.url,
  notes: c.notes,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
}
export type CredentialView = {
  id: string
  clientId: number
  assetId: number | null
  staffId: number | null
  label: string
  username: string | null
  url: string | null
  notes: string | null
  createdAt: Date
  updatedAt: Date
}

const newId = () => `cred_${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)))}`

async function assertClient(db: Db, clientId: number) {
  const [row] = await db
    .select({ id: tables.clients.id })
    .from(tables.clients)
    .where(eq(tables.clients.id, clientId))
  if (!row) throw new NotFound()
}

async function assertAsset(db: Db, clientId: number, assetId: number | null | undefined) {
  if (assetId === null || assetId === undefined) return
  const [row] = await db
    .select({ id: tables.assets.id })
    .from(tables.assets)
    .where(and(eq(tables.assets.id, assetId), eq(tables.assets.clientId, clientId)))
  if (!row) throw new Invalid({ assetId: VAULT_MESSAGES.assetOfOtherClient })
}

const currentKey = (keys: Keys) => {
  if (!keys.current) throw new VaultUnavailable()
  return keys.current
}

export async function createCredential(db: Db, keys: Keys, clientId: number, input: CredentialInput) {
  const kek = currentKey(keys)
  await assertClient(db, clientId)
  await assertAsset(db, clientId, input.assetId)
  await assertStaffOfClient(db, clientId, input.staffId)
  const id = newId()
  const sealed = await sealSecret(kek, id, input.secret)
  const [row] = await db
    .insert(c)
    .values({
      id,
      clientId,
      assetId: input.assetId,
      staffId: input.staffId ?? null,
      label: input.label,
      username: input.username,
      url: input.url,
      notes: input.notes,
      ...sealed,
    })
    .returning(view)
  return row as CredentialView
}

export async function listCredentials(db: Db, clientId: number) {
  await assertClient(db, clientId)
  return (await db
    .select(view)
    .from(c)
    .where(eq(c.clientId, clientId))
    .orderBy(asc(c.label))) as CredentialView[]
}

export async function getCredential(db: Db, id: string) {
  const [row] = await db.select(view).from(c).where(eq(c.id, id))
  if (!row) throw new NotFound()
  return row as CredentialView
}

export async function updateCredential(db: Db, keys: Keys, id: string, patch: CredentialPatch) {
  const existing = await getCredential(db, id)
  await assertAsset(db, existing.clientId, patch.assetId)
  await assertStaffOfClient(db, existing.clientId, patch.staffId)
  const { secret, ...fields } = patch
  // A new secret gets a new data key; the old ciphertext is overwritten in the same write.
  const sealed = secret === undefined ? {} : await sealSecret(currentKey(keys), id, secret)
  const [row] = await db
    .update(c)
    .set({ ...fields, ...sealed, updatedAt: new Date() })
    .where(eq(c.id, id))
    .returning(view)
  return row as CredentialView
}

export async function deleteCredential(db: Db, id: string) {
  const rows = await db.delete(c).where(eq(c.id, id)).returning({ id: c.id })
  if (!rows.length) throw new NotFound()
}

export type RevealContext = {
  purpose: 'reveal' | 'copy'
  userId: number | null
  actor: string | null
  ip: string | null
  userAgent: string | null
  /** Told once the audit entry is written, so the edge writes no second, generic one. */
  onAudited?: () => void
}

/**
 * The plain secret, and the audit entry that says who asked for it, when and
 * from where (never the secret itself). The caller has checked the re-authentication.
 */
export async function revealCredential(db: Db, keys: Keys, id: string, who: RevealContext) {
  const [row] = await db.select().from(c).where(eq(c.id, id))
  if (!row) throw new NotFound()
  const kek = [keys.current, keys.previous].find((k) => k?.id === row.keyId)
  if (!keys.current && !keys.previous) throw new VaultUnavailable()
  let secret: string | null = null
  if (kek) secret = await openSecret(kek, row.id, row).catch(() => null)
  await appendAudit(db, {
    action: `credential.${who.purpose}`,
    outcome: secret === null ? 'failure' : 'success',
    record: `${row.id} (${row.label}) of client ${row.clientId}`,
    userId: who.userId,
    actor: who.actor,
    ip: who.ip,
    userAgent: who.userAgent,
  })
  who.onAudited?.()
  if (secret === null) throw new VaultUnavailable(VAULT_MESSAGES.notOpened)
  return secret
}

/**
 * Re-wraps every data key not under `keys.current` with it (the data keys were
 * wrapped by `keys.previous`), in every table of SEALED_TABLES: the vault's
 * credentials and the calendar addresses. The sealed values are not touched.
 * `failed` names each row neither key opens ("calendar_sources 3").
 */
export async function rotateVault(db: Db, keys: { current: Kek; previous: Kek }) {
  const s = tables.calendarSources
  const sealed = {
    credentials: () =>
      db
        .select({ id: c.id, wrappedKey: c.wrappedKey, wrapIv: c.wrapIv, keyId: c.keyId })
        .from(c)
        .where(ne(c.keyId, keys.current.id)),
    calendar_sources: () =>
      db
        .select({ id: s.id, wrappedKey: s.wrappedKey, wrapIv: s.wrapIv, keyId: s.keyId })
        .from(s)
        .where(ne(s.keyId, keys.current.id)),
  } satisfies Record<keyof typeof SEALED_TABLES, unknown>
  let rewrapped = 0
  const failed: string[] = []
  for (const table of Object.keys(SEALED_TABLES) as (keyof typeof SEALED_TABLES)[]) {
    const rows = await sealed[table]()
    const byAad = new Map(rows.map((r) => [SEALED_TABLES[table](r.id), r]))
    const result = await rewrapAll(
      [...byAad].map(([aad, r]) => ({ ...r, id: aad })),
      keys.current,
      keys.previous,
    )
    for (const u of result.updates) {
      const row = byAad.get(u.id)!
      const set = { wrappedKey: u.wrappedKey, wrapIv: u.wrapIv, keyId: u.keyId }
      // Only if the row was not changed meanwhile.
      if (table === 'credentials')
        await db
          .update(c)
          .set(set)
          .where(and(eq(c.id, String(row.id)), eq(c.wrappedKey, row.wrappedKey)))
      else
        await db
          .update(s)
          .set(set)
          .where(and(eq(s.id, Number(row.id)), eq(s.wrappedKey, row.wrappedKey)))
    }
    rewrapped += result.updates.length
    failed.push(
      ...result.failed.map((aad) => (table === 'credentials' ? aad : `${table} ${byAad.get(aad)!.id}`)),
    )
  }
  return { rewrapped, failed }
}
