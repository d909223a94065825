// The fields of a vault credential (issue 38), for adding one and for editing
// one. Editing never shows the secret: its field starts empty, and empty means
// "keep the current secret"; a value typed there replaces it (encrypted anew
// by the server). The server's field errors show at their fields.
import { useEffect, useState } from 'react'
import { Form } from 'react-aria-components'
import { ApiRequestError, apiRequest } from '../../lib/api'
import { AssetSelect } from '../assets/AssetPicker'
import { AdminButton, AdminTextField } from '../ui'

export type Credential = {
  id: string
  label: string
  username: string | null
  url: string | null
  notes: string | null
  assetId: number | null
}

export type CredentialFields = {
  label: string
  username: string
  secret: string
  url: string
  notes: string
  assetId: string
}

export const EMPTY_FIELDS: CredentialFields = {
  label: '',
  username: '',
  secret: '',
  url: '',
  notes: '',
  assetId: '',
}

export const fieldsOf = (c: Credential): CredentialFields => ({
  label: c.label,
  username: c.username ?? '',
  secret: '',
  url: c.url ?? '',
  notes: c.notes ?? '',
  assetId: c.assetId === null ? '' : String(c.assetId),
})

/** A new credential: only what was filled in. */
export const createBody = (f: CredentialFields) => ({
  label: f.label,
  secret: f.secret,
  ...(f.username && { username: f.username }),
  ...(f.url && { url: f.url }),
  ...(f.notes && { notes: f.notes }),
  ...(f.assetId && { assetId: Number(f.assetId) }),
})

/** An edit: every field as shown (empty clears it), the secret only when a new one was typed. */
export const patchBody = (f: CredentialFields) => ({
  label: f.label,
  username: f.username || null,
  url: f.url || null,
  notes: f.notes || null,
  assetId: f.assetId ? Number(f.assetId) : null,
  ...(f.secret !== '' && { secret: f.secret }),
})

type Asset = { id: string; name: string; kind: string; status: string }

/** The client's assets not retired (REST, like the rest of the vault). */
export function useClientAssets(clientId: number | string) {
  const [assets, setAssets] = useState<Asset[]>([])
  useEffect(() => {
    apiRequest('GET', `/api/clients/${clientId}/assets`)
      .then((res) => res.json() as Promise<(Omit<Asset, 'id'> & { id: number })[]>)
      .then(
        (rows) => setAssets(rows.map((a) => ({ ...a, id: String(a.id) }))),
        () => setAssets([]),
      )
  }, [clientId])
  return assets
}

export function CredentialForm({
  label,
  initial,
  editing,
  assets,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string
  initial: CredentialFields
  editing?: boolean
  assets: readonly Asset[]
  submitLabel: string
  /** Sends the fields; resolves once stored, or throws the API's refusal, whose field errors show at the fields. */
  onSubmit: (fields: CredentialFields) => Promise<void>
  onCancel?: () => void
}) {
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string>()
  const [pending, setPending] = useState(false)
  const set = (key: keyof CredentialFields) => (value: string) => setForm((f) => ({ ...f, [key]: value }))

  async function submit() {
    setPending(true)
    setMessage(undefined)
    try {
      await onSubmit(form)
      setErrors({})
      setForm(initial)
    } catch (e) {
      const fields = e instanceof ApiRequestError ? e.fieldErrors : {}
      setErrors(fields)
      // Only what no field can show is said above the form.
      if (!Object.keys(fields).length)
        setMessage(e instanceof ApiRequestError ? (e.serverMessage ?? e.message) : 'Not saved')
    } finally {
      setPending(false)
    }
  }

  return (
    <Form
      aria-label={label}
      validationErrors={errors}
      validationBehavior="aria"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
      className="grid gap-2 sm:grid-cols-2"
    >
      {message && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {message}
        </p>
      )}
      <AdminTextField name="label" label="Label" value={form.label} onChange={set('label')} isRequired />
      <AdminTextField name="username" label="Username" value={form.username} onChange={set('username')} />
      <AdminTextField
        name="secret"
        label={editing ? 'New secret' : 'Secret'}
        type="password"
        value={form.secret}
        onChange={set('secret')}
        isRequired={!editing}
        description={editing ? 'Leave empty to keep the current secret' : undefined}
      />
      <AdminTextField name="url" label="URL" value={form.url} onChange={set('url')} />
      <AssetSelect assets={assets} value={form.assetId} onChange={set('assetId')} />
      <AdminTextField
        name="notes"
        label="Notes"
        value={form.notes}
        onChange={set('notes')}
        multiline
        className="sm:col-span-2"
      />
      <div className="flex gap-2 sm:col-span-2">
        <AdminButton type="submit" isDisabled={pending}>
          {submitLabel}
        </AdminButton>
        {onCancel && (
          <AdminButton variant="secondary" onPress={onCancel}>
            Cancel
          </AdminButton>
        )}
      </div>
    </Form>
  )
}
