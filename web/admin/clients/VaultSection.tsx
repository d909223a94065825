// The client's credentials vault (issue 38, docs/vault.md): labels, user names
// and URLs listed; the secret only through Reveal or Copy, which ask for a
// second factor first when the API wants one (VaultUnlock.tsx, ADR 181) and show the
// secret for SHOW_SECRET_MS before hiding it again. Add and Edit: VaultForm.tsx.
import { useCallback, useEffect, useState } from 'react'
import { apiRequest } from '../../lib/api'
import { AdminButton, AdminDialog, Section } from '../ui'
import {
  type Credential,
  CredentialForm,
  createBody,
  EMPTY_FIELDS,
  fieldsOf,
  patchBody,
  useClientAssets,
} from './VaultForm'
import { needsSecondFactorSetUp, SetUpSecondFactor, useVaultUnlock, VaultUnlockProvider } from './VaultUnlock'

export const SHOW_SECRET_MS = 30_000

const vaultApi = {
  list: async (clientId: number | string) =>
    (await (await apiRequest('GET', `/api/clients/${clientId}/credentials`)).json()) as Credential[],
  add: (clientId: number | string, body: object) =>
    apiRequest('POST', `/api/clients/${clientId}/credentials`, body),
  update: (id: string, body: object) => apiRequest('PATCH', `/api/credentials/${id}`, body),
  reveal: async (id: string, purpose: 'reveal' | 'copy') =>
    (
      (await (await apiRequest('POST', `/api/credentials/${id}/reveal`, { purpose })).json()) as {
        secret: string
      }
    ).secret,
}

export function VaultSection({ clientId }: { clientId: number | string }) {
  return (
    <VaultUnlockProvider>
      <Vault clientId={clientId} />
    </VaultUnlockProvider>
  )
}

function Vault({ clientId }: { clientId: number | string }) {
  const [items, setItems] = useState<Credential[]>([])
  const [error, setError] = useState<string>()
  const [editing, setEditing] = useState<Credential | null>(null)
  const assets = useClientAssets(clientId)
  const refresh = useCallback(() => {
    vaultApi.list(clientId).then(setItems, () => setError('The vault could not be loaded'))
  }, [clientId])
  useEffect(refresh, [refresh])

  return (
    <Section title="Vault">
      {error && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <ul className="mb-4 divide-y divide-slate-100">
        {items.map((item) => (
          <CredentialRow key={item.id} item={item} onEdit={() => setEditing(item)} />
        ))}
        {items.length === 0 && <li className="text-sm text-slate-500">No credentials yet.</li>}
      </ul>
      <CredentialForm
        label="Add credential"
        initial={EMPTY_FIELDS}
        assets={assets}
        submitLabel="Add credential"
        onSubmit={async (fields) => {
          await vaultApi.add(clientId, createBody(fields))
          refresh()
        }}
      />
      {editing && (
        <AdminDialog
          title={`Edit ${editing.label}`}
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          size="lg"
        >
          <CredentialForm
            label={`Edit ${editing.label}`}
            initial={fieldsOf(editing)}
            editing
            assets={assets}
            submitLabel="Save credential"
            onCancel={() => setEditing(null)}
            onSubmit={async (fields) => {
              await vaultApi.update(editing.id, patchBody(fields))
              setEditing(null)
              refresh()
            }}
          />
        </AdminDialog>
      )}
    </Section>
  )
}

function CredentialRow({ item, onEdit }: { item: Credential; onEdit: () => void }) {
  const withUnlock = useVaultUnlock()
  const [secret, setSecret] = useState<string | null>(null)
  const [note, setNote] = useState<string>()
  const [setUpFirst, setSetUpFirst] = useState(false)
  // The secret is on screen for SHOW_SECRET_MS only.
  useEffect(() => {
    if (secret === null) return
    const timer = setTimeout(() => setSecret(null), SHOW_SECRET_MS)
    return () => clearTimeout(timer)
  }, [secret])

  async function ask(purpose: 'reveal' | 'copy') {
    setNote(undefined)
    setSetUpFirst(false)
    try {
      const value = await withUnlock(() => vaultApi.reveal(item.id, purpose))
      if (purpose === 'copy') {
        await navigator.clipboard?.writeText(value)
        setNote('Copied')
      }
      setSecret(value)
    } catch (e) {
      if (needsSecondFactorSetUp(e)) setSetUpFirst(true)
      else setNote(e instanceof Error ? e.message : 'Not revealed')
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-2 py-2 text-sm">
      <span className="font-medium">{item.label}</span>
      {item.username && <span className="text-slate-600">{item.username}</span>}
      {item.url && <span className="text-slate-600">{item.url}</span>}
      {secret !== null && (
        <code data-testid="revealed-secret" className="rounded bg-slate-100 px-1">
          {secret}
        </code>
      )}
      {note && <span className="text-slate-500">{note}</span>}
      {setUpFirst && <SetUpSecondFactor />}
      <span className="ml-auto flex gap-2">
        <AdminButton variant="secondary" onPress={() => void ask('reveal')}>
          Reveal
        </AdminButton>
        <AdminButton variant="secondary" onPress={() => void ask('copy')}>
          Copy
        </AdminButton>
        <AdminButton variant="secondary" onPress={onEdit} aria-label={`Edit ${item.label}`}>
          Edit
        </AdminButton>
      </span>
    </li>
  )
}
