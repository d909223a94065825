// The vault's key-encryption keys from the Worker's secrets (docs/vault.md):
// VAULT_KEY wraps new data keys; VAULT_KEY_PREVIOUS still opens rows wrapped
// before a rotation until `npm run vault:rotate` has re-wrapped them. As with
// the TOTP key (ADR 082), a built-in key serves a local deployment only;
// elsewhere, without VAULT_KEY, the vault stores and reveals nothing.
import { type Kek, kekFrom, LOCAL_VAULT_KEY, MIN_VAULT_KEY_LENGTH } from '../services/vault/crypto'
import { localDeployment } from './local'

type VaultEnv = Env & { VAULT_KEY?: string; VAULT_KEY_PREVIOUS?: string }

const usable = (value: string | undefined) => {
  const key = value?.trim()
  return key && key.length >= MIN_VAULT_KEY_LENGTH && key !== LOCAL_VAULT_KEY ? key : null
}

export type VaultKeys = { current: Kek | null; previous: Kek | null }

export async function vaultKeys(env: Env): Promise<VaultKeys> {
  const e = env as VaultEnv
  const local = localDeployment(env)
  const current = usable(e.VAULT_KEY) ?? (local ? LOCAL_VAULT_KEY : null)
  const previous = usable(e.VAULT_KEY_PREVIOUS)
  return {
    current: current ? await kekFrom(current) : null,
    previous: previous ? await kekFrom(previous) : null,
  }
}
