// /admin/security (issue 13): passkeys, authenticator app, recovery codes,
// password, sessions and the audit trail. Reached from the admin header; the
// six tabs of SPEC §2 are unchanged.
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react'
import { FieldError, Form, Input, Label, TextField } from 'react-aria-components'
import { toast } from '../../components/Toaster'
import { ApiRequestError } from '../../lib/api'
import { OwnerPage } from '../OwnerPage'
import { AdminButton, AdminDialog, EmptyState, Section } from '../ui'
import { type AuditEntry, deviceOf, type SecurityState, type SessionView, securityApi } from './api'

const fieldInput =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none data-[focused]:border-blue-600 data-[focused]:ring-2 data-[focused]:ring-blue-200 data-[invalid]:border-red-600'

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function errorText(error: unknown, fallback: string) {
  if (error instanceof ApiRequestError) return error.serverMessage ?? fallback
  if (error instanceof Error && /NotAllowedError|AbortError/.test(error.name))
    return 'The request was cancelled.'
  return fallback
}

function fail(title: string, error: unknown) {
  toast({ title, description: errorText(error, 'Please try again.'), variant: 'destructive' })
}

function Field({
  name,
  label,
  type = 'text',
  autoComplete,
  error,
}: {
  name: string
  label: string
  type?: 'text' | 'password'
  autoComplete?: string
  error?: string
}) {
  return (
    <TextField
      name={name}
      type={type}
      isRequired
      autoComplete={autoComplete}
      isInvalid={!!error}
      className="flex flex-col gap-1"
    >
      <Label className="text-sm font-medium text-slate-800">{label}</Label>
      <Input className={fieldInput} />
      <FieldError className="text-sm text-red-700">{error}</FieldError>
    </TextField>
  )
}

export function SecurityPage() {
  return (
    <OwnerPage
      title="Security"
      description={(username) => `Sign-in factors, sessions and the audit trail for ${username}`}
    >
      <Factors />
      <PasswordSection />
      <SessionsSection />
      <AuditSection />
    </OwnerPage>
  )
}

function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  return (
    <AdminDialog
      title="Your recovery codes"
      isOpen={codes !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      {(close) => (
        <>
          <p className="text-sm text-slate-700">
            Each code signs you in once if you lose your passkey or authenticator app. They are shown only
            now: keep them somewhere safe.
          </p>
          <ul aria-label="Recovery codes" className="my-4 grid grid-cols-2 gap-2 font-mono text-sm">
            {codes?.map((code) => (
              <li key={code} className="rounded bg-slate-100 px-2 py-1">
                {code}
              </li>
            ))}
          </ul>
          <AdminButton onPress={close}>I have saved them</AdminButton>
        </>
      )}
    </AdminDialog>
  )
}

/** Removing a factor; the password is asked for when it is the last one. */
function RemoveDialog({
  what,
  needsPassword,
  onRemove,
  onClose,
}: {
  what: string | null
  needsPassword: boolean
  onRemove: (password?: string) => Promise<void>
  onClose: () => void
}) {
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const password = needsPassword
      ? String(new FormData(event.currentTarget).get('password') ?? '')
      : undefined
    setPending(true)
    try {
      await onRemove(password)
      setError(undefined)
      onClose()
    } catch (e) {
      setError(errorText(e, 'Could not remove it.'))
    } finally {
      setPending(false)
    }
  }
  return (
    <AdminDialog
      title={`Remove ${what ?? ''}?`}
      isOpen={what !== null}
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
    >
      {(close) => (
        <Form onSubmit={submit} className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">
            {needsPassword
              ? 'This is your last second factor: sign-in will need only your password. Enter it to confirm.'
              : 'It will no longer sign you in.'}
          </p>
          {needsPassword && (
            <Field
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              error={error}
            />
          )}
          {!needsPassword && error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <AdminButton variant="secondary" onPress={close}>
              Cancel
            </AdminButton>
            <AdminButton type="submit" variant="destructive" isDisabled={pending}>
              Remove
            </AdminButton>
          </div>
        </Form>
      )}
    </AdminDialog>
  )
}

function Factors() {
  const [state, setState] = useState<SecurityState | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [removing, setRemoving] = useState<{
    label: string
    remove: (password?: string) => Promise<unknown>
  } | null>(null)
  const reload = useCallback(() => {
    securityApi.state().then(setState, (e) => fail('Could not load security settings', e))
  }, [])
  useEffect(reload, [])

  const factorCount = state ? (state.totp ? 1 : 0) + state.passkeys.length : 0
  const showCodes = (fresh?: string[]) => fresh && setCodes(fresh)

  return (
    <>
      <PasskeysSection
        state={state}
        onAdded={(fresh) => {
          showCodes(fresh)
          reload()
        }}
        onRemove={(label, remove) => setRemoving({ label, remove })}
        reload={reload}
      />
      <TotpSection
        enabled={state?.totp ?? false}
        onEnrolled={(fresh) => {
          showCodes(fresh)
          reload()
        }}
        onRemove={() => setRemoving({ label: 'the authenticator app', remove: securityApi.totpRemove })}
      />
      <Section title="Recovery codes">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700">
            {factorCount === 0
              ? 'You get recovery codes when you add a passkey or an authenticator app.'
              : `${state?.recoveryCodesLeft ?? 0} unused recovery codes left.`}
          </p>
          <AdminButton
            variant="secondary"
            isDisabled={factorCount === 0}
            onPress={() =>
              securityApi.newRecoveryCodes().then(
                ({ recoveryCodes }) => {
                  setCodes(recoveryCodes)
                  reload()
                },
                (e) => fail('Could not create codes', e),
              )
            }
          >
            Generate new codes
          </AdminButton>
        </div>
      </Section>
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      <RemoveDialog
        what={removing?.label ?? null}
        needsPassword={factorCount === 1}
        onClose={() => setRemoving(null)}
        onRemove={async (password) => {
          await removing?.remove(password)
          toast({ title: 'Removed', description: `${removing?.label} no longer signs you in.` })
          reload()
        }}
      />
    </>
  )
}

function PasskeysSection({
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
  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const name = String(new FormData(form).get('name') ?? '').trim()
    setPending(true)
    try {
      const { recoveryCodes } = await securityApi.passkeyAdd(name)
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

function TotpSection({
  enabled,
  onEnrolled,
  onRemove,
}: {
  enabled: boolean
  onEnrolled: (codes?: string[]) => void
  onRemove: () => void
}) {
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null)
  const [error, setError] = useState<string>()
  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    try {
      const { recoveryCodes } = await securityApi.totpConfirm(code)
      setSetup(null)
      setError(undefined)
      toast({ title: 'Authenticator app added', description: 'Sign-in will now ask for a code.' })
      onEnrolled(recoveryCodes)
    } catch (e) {
      setError(errorText(e, 'Invalid code'))
    }
  }
  let body: ReactNode
  if (enabled) {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">An authenticator app is set up. Sign-in asks for its code.</p>
        <AdminButton variant="secondary" onPress={onRemove}>
          Remove authenticator app
        </AdminButton>
      </div>
    )
  } else if (setup) {
    body = (
      <Form onSubmit={confirm} className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">
          Add this key to your authenticator app (or open the link on your phone), then enter the code it
          shows.
        </p>
        <p className="text-sm">
          Key:{' '}
          <code data-testid="totp-secret" className="rounded bg-slate-100 px-2 py-1 font-mono">
            {setup.secret}
          </code>
        </p>
        <a href={setup.uri} className="break-all text-sm text-blue-700 underline">
          {setup.uri}
        </a>
        <div className="max-w-xs">
          <Field name="code" label="Code from the app" autoComplete="one-time-code" error={error} />
        </div>
        <div className="flex gap-2">
          <AdminButton type="submit">Confirm</AdminButton>
          <AdminButton variant="secondary" onPress={() => setSetup(null)}>
            Cancel
          </AdminButton>
        </div>
      </Form>
    )
  } else {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">Use an app such as 1Password, Google Authenticator or Aegis.</p>
        <AdminButton
          onPress={() => securityApi.totpSetup().then(setSetup, (e) => fail('Could not start the setup', e))}
        >
          Set up authenticator app
        </AdminButton>
      </div>
    )
  }
  return <Section title="Authenticator app">{body}</Section>
}

function PasswordSection() {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    setPending(true)
    try {
      const { endedSessions } = await securityApi.changePassword(
        String(data.get('currentPassword') ?? ''),
        String(data.get('newPassword') ?? ''),
      )
      setErrors({})
      form.reset()
      toast({
        title: 'Password changed',
        description: `${endedSessions} other session${endedSessions === 1 ? '' : 's'} signed out.`,
      })
    } catch (e) {
      setErrors(e instanceof ApiRequestError ? e.fieldErrors : {})
      fail('Password not changed', e)
    } finally {
      setPending(false)
    }
  }
  return (
    <Section title="Password">
      <Form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        <Field
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <Field
          name="newPassword"
          label="New password (12 to 128 characters)"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword}
        />
        <div>
          <AdminButton type="submit" isDisabled={pending}>
            {pending ? 'Saving...' : 'Change password'}
          </AdminButton>
        </div>
      </Form>
    </Section>
  )
}

function SessionsSection() {
  const [sessions, setSessions] = useState<SessionView[] | null>(null)
  const reload = useCallback(() => {
    securityApi.sessions().then(setSessions, (e) => fail('Could not load sessions', e))
  }, [])
  useEffect(reload, [])
  const others = sessions?.filter((s) => !s.current) ?? []
  return (
    <Section
      title="Sessions"
      actions={
        <AdminButton
          variant="secondary"
          isDisabled={others.length === 0}
          onPress={() =>
            securityApi.endOthers().then(
              ({ ended }) => {
                toast({ title: 'Signed out elsewhere', description: `${ended} other session(s) ended.` })
                reload()
              },
              (e) => fail('Could not sign out', e),
            )
          }
        >
          Sign out everywhere else
        </AdminButton>
      }
    >
      <ul aria-label="Sessions" className="divide-y divide-slate-200">
        {sessions?.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div>
              <p className="font-medium text-slate-900">
                {deviceOf(s.userAgent)}
                {s.current && (
                  <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">
                    This browser
                  </span>
                )}
              </p>
              <p className="text-xs text-slate-600">
                Signed in {dateTime(s.createdAt)} · last seen {dateTime(s.lastSeenAt)}
                {s.location ? ` · ${s.location}` : ''}
                {s.ip ? ` · ${s.ip}` : ''}
              </p>
            </div>
            {!s.current && (
              <AdminButton
                variant="secondary"
                onPress={() =>
                  securityApi.endSession(s.id).then(reload, (e) => fail('Could not sign out', e))
                }
              >
                Sign out
              </AdminButton>
            )}
          </li>
        ))}
      </ul>
    </Section>
  )
}

function AuditSection() {
  const [entries, setEntries] = useState<AuditEntry[]>([])
  const [next, setNext] = useState<number | null>(null)
  const [filters, setFilters] = useState({ action: '', outcome: '' })
  const load = useCallback(
    (before?: number) =>
      securityApi.audit({ ...filters, before }).then(
        (page) => {
          setEntries((old) => (before ? [...old, ...page.entries] : page.entries))
          setNext(page.nextBefore)
        },
        (e) => fail('Could not load the audit log', e),
      ),
    [filters],
  )
  useEffect(() => {
    void load()
  }, [load])
  return (
    <Section title="Audit log">
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <TextField
          aria-label="Filter by action"
          value={filters.action}
          onChange={(action) => setFilters((f) => ({ ...f, action }))}
          className="flex flex-col gap-1"
        >
          <Label className="text-sm font-medium text-slate-800">Action contains</Label>
          <Input className={fieldInput} />
        </TextField>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Outcome
          <select
            value={filters.outcome}
            onChange={(e) => setFilters((f) => ({ ...f, outcome: e.target.value }))}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="">All</option>
            <option value="success">Success</option>
            <option value="failure">Failure</option>
          </select>
        </label>
      </div>
      {entries.length === 0 ? (
        <EmptyState>No audit entries match.</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table aria-label="Audit log" className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th className="py-2 pr-3">When</th>
                <th className="py-2 pr-3">Who</th>
                <th className="py-2 pr-3">Action</th>
                <th className="py-2 pr-3">Record</th>
                <th className="py-2 pr-3">Outcome</th>
                <th className="py-2 pr-3">Address</th>
                <th className="py-2">Device</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {entries.map((e) => (
                <tr key={e.id}>
                  <td className="py-2 pr-3 whitespace-nowrap">{dateTime(e.at)}</td>
                  <td className="py-2 pr-3">{e.actor ?? '-'}</td>
                  <td className="py-2 pr-3 font-mono text-xs">{e.action}</td>
                  <td className="py-2 pr-3">{e.record ?? ''}</td>
                  <td className={`py-2 pr-3 ${e.outcome === 'failure' ? 'text-red-700' : 'text-green-800'}`}>
                    {e.outcome}
                  </td>
                  <td className="py-2 pr-3">{e.ip ?? ''}</td>
                  <td className="py-2">{deviceOf(e.userAgent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next !== null && (
        <AdminButton variant="secondary" className="mt-4" onPress={() => void load(next)}>
          Load more
        </AdminButton>
      )}
    </Section>
  )
}
