// Personal access tokens (issue 24): for the owner's scripts on the REST API
// (`Authorization: Bearer`). A token is shown once, right after it is made;
// the list shows name, scope, expiry and last use, and revokes.
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { Form } from 'react-aria-components'
import { TOKEN_EXPIRY_DAYS } from '../../../schema/client-payloads'
import { toast } from '../../components/Toaster'
import { ApiRequestError, apiRequest } from '../../lib/api'
import { AdminButton, AdminSelect, CANNOT_UNDO, ConfirmDialog, Section } from '../ui'
import { dateTime, Field, fail } from './form'
import { useReauth } from './reauth'

type TokenView = {
  id: number
  name: string
  scope: (typeof SCOPES)[number]['value']
  createdAt: string
  expiresAt: string | null
  lastUsedAt: string | null
  revokedAt: string | null
}

const json = async <T,>(res: Promise<Response>) => (await (await res).json()) as T
const tokensApi = {
  list: () => json<TokenView[]>(apiRequest('GET', '/api/security/tokens')),
  create: (body: { name: string; scope: string; expiresInDays: number | null }) =>
    json<{ token: string; apiToken: TokenView }>(apiRequest('POST', '/api/security/tokens', body)),
  revoke: (id: number) => apiRequest('DELETE', `/api/security/tokens/${id}`),
}

const SCOPES = [
  { value: 'read', label: 'Read only (GET)' },
  { value: 'read-write', label: 'Read and write' },
  { value: 'billing', label: 'Billing only (plans, invoices, time)' },
  { value: 'assets', label: 'Assets only (inventory, renewals, imports)' },
  { value: 'maintenance', label: 'Maintenance only (schedules, tasks)' },
  { value: 'compliance', label: 'Compliance only (risk analyses, BAAs, incidents)' },
] as const
const EXPIRIES = [
  ...TOKEN_EXPIRY_DAYS.map((d) => ({ value: String(d), label: `${d} days` })),
  { value: 'never', label: 'Never' },
]

const stateOf = (t: TokenView) =>
  t.revokedAt
    ? `revoked ${dateTime(t.revokedAt)}`
    : t.expiresAt && new Date(t.expiresAt).getTime() <= Date.now()
      ? `expired ${dateTime(t.expiresAt)}`
      : t.expiresAt
        ? `expires ${dateTime(t.expiresAt)}`
        : 'never expires'

export function ApiTokensPanel() {
  const [tokens, setTokens] = useState<TokenView[] | null>(null)
  const [scope, setScope] = useState<(typeof SCOPES)[number]['value']>('read')
  const [expiry, setExpiry] = useState('30')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)
  const [shown, setShown] = useState<string | null>(null)
  const [revoking, setRevoking] = useState<TokenView | null>(null)
  // A new token is a new way in: it needs a recent password or passkey (ADR 078).
  // Revoking takes one away and is not asked for.
  const withReauth = useReauth()
  const reload = useCallback(() => {
    tokensApi.list().then(setTokens, (e) => fail('Could not load access tokens', e))
  }, [])
  useEffect(reload, [])

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    setPending(true)
    try {
      const body = {
        name: String(new FormData(form).get('name') ?? ''),
        scope,
        expiresInDays: expiry === 'never' ? null : Number(expiry),
      }
      const { token } = await withReauth(() => tokensApi.create(body))
      setErrors({})
      form.reset()
      setShown(token)
      reload()
    } catch (e) {
      setErrors(e instanceof ApiRequestError ? e.fieldErrors : {})
      fail('Token not created', e)
    } finally {
      setPending(false)
    }
  }

  return (
    <Section title="Access tokens">
      <p className="mb-4 text-sm text-slate-600">
        For your own scripts and tools on the REST API (<code>Authorization: Bearer …</code>, described at{' '}
        <a className="text-blue-800 underline" href="/api/openapi.json">
          /api/openapi.json
        </a>
        ). A token never opens this Security area or the admin's GraphQL.
      </p>
      <Form onSubmit={create} validationErrors={errors} className="grid items-end gap-3 sm:grid-cols-4">
        <Field name="name" label="Name" />
        <AdminSelect name="scope" label="Access" options={SCOPES} value={scope} onChange={setScope} />
        <AdminSelect
          name="expiresInDays"
          label="Expires after"
          options={EXPIRIES}
          value={expiry}
          onChange={setExpiry}
        />
        <div>
          <AdminButton type="submit" isDisabled={pending}>
            {pending ? 'Creating...' : 'Create token'}
          </AdminButton>
        </div>
      </Form>
      {shown && (
        <div role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm font-medium text-amber-900">Copy this token now: it is not shown again.</p>
          <input
            readOnly
            aria-label="New access token"
            value={shown}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-2 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs"
          />
          <div className="mt-2 flex gap-2">
            <AdminButton
              variant="secondary"
              onPress={() =>
                navigator.clipboard.writeText(shown).then(
                  () => toast({ title: 'Copied', description: 'The token is on the clipboard.' }),
                  (e) => fail('Could not copy', e),
                )
              }
            >
              Copy
            </AdminButton>
            <AdminButton variant="ghost" onPress={() => setShown(null)}>
              Done
            </AdminButton>
          </div>
        </div>
      )}
      <ul aria-label="Access tokens" className="mt-4 divide-y divide-slate-200">
        {tokens?.length === 0 && <li className="py-3 text-sm text-slate-600">No access tokens.</li>}
        {tokens?.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div>
              <p className="font-medium text-slate-900">
                {t.name} <span className="text-sm font-normal text-slate-600">({t.scope})</span>
              </p>
              <p className="text-xs text-slate-600">
                Created {dateTime(t.createdAt)} · {stateOf(t)} ·{' '}
                {t.lastUsedAt ? `last used ${dateTime(t.lastUsedAt)}` : 'never used'}
              </p>
            </div>
            {!t.revokedAt && (
              <AdminButton variant="secondary" onPress={() => setRevoking(t)}>
                Revoke
              </AdminButton>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        title="Revoke this token?"
        message={`Scripts using "${revoking?.name ?? ''}" stop working at once.`}
        undo={`${CANNOT_UNDO} A new token can be made, and given to the scripts again.`}
        confirmLabel="Revoke"
        isOpen={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return
          tokensApi.revoke(revoking.id).then(
            () => {
              setRevoking(null)
              toast({ title: 'Token revoked', description: revoking.name })
              reload()
            },
            (e) => fail('Could not revoke', e),
          )
        }}
      />
    </Section>
  )
}
