// The client's credentials vault (issue 38, docs/vault.md): labels, user names
// and URLs listed; the secret only through Reveal or Copy, which ask for the
// password first (the Security area's re-auth dialog, ADR 078) and show the
// secret for SHOW_SECRET_MS before hiding it again.
import { useCallback, useEffect, useState } from 'react'
import { apiRequest } from '../../lib/api'
import { ReauthProvider, useReauth } from '../security/reauth'
import { AdminButton, AdminTextField, Section } from '../ui'

export const SHOW_SECRET_MS = 30_000

type Credential = { id: string; label: string; username: string | null; url: string | null }

const vaultApi = {
  list: async (clientId: number | string) =>
    (await (await apiRequest('GET', `/api/clients/${clientId}/credentials`)).json()) as Credential[],
  add: (clientId: number | string, body: Record<string, string>) =>
    apiRequest('POST', `/api/clients/${clientId}/credentials`, body),
  reveal: async (id: string, purpose: 'reveal' | 'copy') =>
    (
      (await (await apiRequest('POST', `/api/credentials/${id}/reveal`, { purpose })).json()) as {
        secret: string
      }
    ).secret,
}

export function VaultSection({ clientId }: { clientId: number | string }) {
  return (
    <ReauthProvider>
      <Vault clientId={clientId} />
    </ReauthProvider>
  )
}

function Vault({ clientId }: { clientId: number | string }) {
  const [items, setItems] = useState<Credential[]>([])
  const [error, setError] = useState<string>()
  const [form, setForm] = useState({ label: '', username: '', secret: '', url: '' })
  const refresh = useCallback(() => {
    vaultApi.list(clientId).then(setItems, () => setError('The vault could not be loaded'))
  }, [clientId])
  useEffect(refresh, [refresh])

  async function add() {
    setError(undefined)
    try {
      await vaultApi.add(
        clientId,
        Object.fromEntries(Object.entries(form).filter(([, v]) => v !== '')) as Record<string, string>,
      )
      setForm({ label: '', username: '', secret: '', url: '' })
      refresh()
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Not saved')
    }
  }

  return (
    <Section title="Vault">
      {error && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <ul className="mb-4 divide-y divide-slate-100">
        {items.map((item) => (
          <CredentialRow key={item.id} item={item} />
        ))}
        {items.length === 0 && <li className="text-sm text-slate-500">No credentials yet.</li>}
      </ul>
      <div className="grid gap-2 sm:grid-cols-2">
        <AdminTextField
          name="label"
          label="Label"
          value={form.label}
          onChange={(label) => setForm({ ...form, label })}
          isRequired
        />
        <AdminTextField
          name="username"
          label="Username"
          value={form.username}
          onChange={(username) => setForm({ ...form, username })}
        />
        <AdminTextField
          name="secret"
          label="Secret"
          type="password"
          value={form.secret}
          onChange={(secret) => setForm({ ...form, secret })}
          isRequired
        />
        <AdminTextField
          name="url"
          label="URL"
          value={form.url}
          onChange={(url) => setForm({ ...form, url })}
        />
      </div>
      <div className="mt-2">
        <AdminButton onPress={() => void add()}>Add credential</AdminButton>
      </div>
    </Section>
  )
}

function CredentialRow({ item }: { item: Credential }) {
  const withReauth = useReauth()
  const [secret, setSecret] = useState<string | null>(null)
  const [note, setNote] = useState<string>()
  // The secret is on screen for SHOW_SECRET_MS only.
  useEffect(() => {
    if (secret === null) return
    const timer = setTimeout(() => setSecret(null), SHOW_SECRET_MS)
    return () => clearTimeout(timer)
  }, [secret])

  async function ask(purpose: 'reveal' | 'copy') {
    setNote(undefined)
    try {
      const value = await withReauth(() => vaultApi.reveal(item.id, purpose))
      if (purpose === 'copy') {
        await navigator.clipboard?.writeText(value)
        setNote('Copied')
      }
      setSecret(value)
    } catch (e) {
      setNote(e instanceof Error ? e.message : 'Not revealed')
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
      <span className="ml-auto flex gap-2">
        <AdminButton variant="secondary" onPress={() => void ask('reveal')}>
          Reveal
        </AdminButton>
        <AdminButton variant="secondary" onPress={() => void ask('copy')}>
          Copy
        </AdminButton>
      </span>
    </li>
  )
}
