import { type FormEvent, useState } from 'react'
import { Form } from 'react-aria-components'
import { toast } from '../../components/Toaster'
import { AdminButton, EmptyState, Section } from '../ui'
import { type SecurityState, securityApi } from './api'
import { dateTime, Field, fail } from './form'
import { useReauth } from './reauth'

export function PasskeysPanel({
  state,
  onAdded,
  onRemove,
  reload,
}: {
  state: SecurityState | null
  onAdded: (codes?: string[]) => void
  onRemove: (label: string, remove: (password?: string) => Promise<unknown>) => void
  reload: () => void
}) {
  const [pending, setPending] = useState(false)
  const withReauth = useReauth()
  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const name = String(new FormData(form).get('name') ?? '').trim()
    setPending(true)
    try {
      const { recoveryCodes } = await withReauth(() => securityApi.passkeyAdd(name))
      form.reset()
      toast({ title: 'Passkey added', description: `"${name}" can now sign you in.` })
      onAdded(recoveryCodes)
    } catch (e) {
      fail('Passkey not added', e)
    } finally {
      setPending(false)
    }
  }
  async function rename(id: string, current: string) {
    const name = window.prompt('New name for this passkey', current)?.trim()
    if (!name) return
    try {
      await securityApi.passkeyRename(id, name)
      reload()
    } catch (e) {
      fail('Not renamed', e)
    }
  }
  return (
    <Section title="Passkeys">
      {state && state.passkeys.length === 0 && <EmptyState>No passkeys yet.</EmptyState>}
      <ul aria-label="Passkeys" className="mb-4 divide-y divide-slate-200">
        {state?.passkeys.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div>
              <p className="font-medium text-slate-900">{p.name}</p>
              <p className="text-xs text-slate-600">
                Added {dateTime(p.createdAt)} ·{' '}
                {p.lastUsedAt ? `last used ${dateTime(p.lastUsedAt)}` : 'never used'}
              </p>
            </div>
            <div className="flex gap-2">
              <AdminButton
                variant="ghost"
                onPress={() => rename(p.id, p.name)}
                aria-label={`Rename ${p.name}`}
              >
                Rename
              </AdminButton>
              <AdminButton
                variant="secondary"
                aria-label={`Remove ${p.name}`}
                onPress={() =>
                  onRemove(`passkey "${p.name}"`, (password) => securityApi.passkeyRemove(p.id, password))
                }
              >
                Remove
              </AdminButton>
            </div>
          </li>
        ))}
      </ul>
      <Form onSubmit={add} className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <Field name="name" label="Passkey name" />
        </div>
        <AdminButton type="submit" isDisabled={pending}>
          {pending ? 'Adding...' : 'Add a passkey'}
        </AdminButton>
      </Form>
    </Section>
  )
}
