// Sudo mode in the Security area (ADR 078): a change answered 403
// reauth_required asks for the password (or a passkey), renews the proof and
// is then made; cancelling makes nothing. The API's side is
// test/worker/hardening-auth.test.ts.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_MESSAGES } from '../../../schema/messages'
import { json, type Routes, serve } from '../../test/fetch-stub'
import { ApiTokensPanel } from './ApiTokensPanel'
import { PasskeysPanel } from './PasskeysPanel'
import { PasswordPanel } from './PasswordPanel'
import { RecoveryCodesPanel } from './RecoveryCodesPanel'
import { ReauthProvider } from './reauth'

const toast = vi.fn()
vi.mock('../../components/Toaster', () => ({ toast: (content: unknown) => toast(content) }))

const startAuthentication = vi.fn()
const startRegistration = vi.fn()
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: (arg: unknown) => startAuthentication(arg),
  startRegistration: (arg: unknown) => startRegistration(arg),
}))

afterEach(() => {
  cleanup()
  toast.mockReset()
  startAuthentication.mockReset()
  startRegistration.mockReset()
  vi.unstubAllGlobals()
})

const REAUTH_REFUSAL = { message: AUTH_MESSAGES.reauthRequired, code: 'reauth_required' }
const CODES = ['aaaa-bbbb', 'cccc-dddd']
const passkey = {
  id: 'pk1',
  name: 'Laptop',
  createdAt: '2026-11-20T09:30:00.000Z',
  lastUsedAt: '2026-11-23T16:05:00.000Z',
}

/** Answers a path with each response in turn (the last one repeats). */
function inTurn(...answers: (() => Response)[]) {
  let call = 0
  return () => answers[Math.min(call++, answers.length - 1)]!()
}

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body ?? 'null')) as unknown

/** The recovery-codes panel inside the provider, as the Security page has it. */
function renderCodesPanel(routes: Routes) {
  const fetch = serve({
    '/api/security': () => json({ totp: true, passkeys: [], recoveryCodesLeft: 3 }),
    ...routes,
  })
  const onNewCodes = vi.fn()
  render(
    <ReauthProvider>
      <RecoveryCodesPanel factorCount={1} codesLeft={3} onNewCodes={onNewCodes} />
    </ReauthProvider>,
  )
  return { fetch, onNewCodes }
}

const calls = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)

describe('withReauth', () => {
  it('a stale session: asks for the password, renews the proof, then makes the change', async () => {
    const { fetch, onNewCodes } = renderCodesPanel({
      '/api/security/recovery-codes': inTurn(
        () => json(REAUTH_REFUSAL, 403),
        () => json({ recoveryCodes: CODES }, 201),
      ),
      '/api/security/reauth': (init) =>
        (bodyOf(init) as { password: string }).password === 'right'
          ? new Response(null, { status: 204 })
          : json({ message: 'x', errors: { password: AUTH_MESSAGES.wrongPassword } }, 400),
    })
    await userEvent.click(screen.getByRole('button', { name: 'Generate new codes' }))

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
    expect(onNewCodes).not.toHaveBeenCalled()
    // A wrong password: said next to the field, and the dialog stays.
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'wrong')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await within(dialog).findByText(AUTH_MESSAGES.wrongPassword)).toBeTruthy()
    expect(onNewCodes).not.toHaveBeenCalled()

    await userEvent.clear(within(dialog).getByLabelText(/Password/))
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'right')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))

    await waitFor(() => expect(onNewCodes).toHaveBeenCalledWith(CODES))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls(fetch).filter((c) => c !== 'GET /api/security')).toEqual([
      'POST /api/security/recovery-codes',
      'POST /api/security/reauth',
      'POST /api/security/reauth',
      'POST /api/security/recovery-codes',
    ])
    expect(toast).not.toHaveBeenCalled()
  })

  it('cancelled: the change is not made, tried once only, and no error is toasted', async () => {
    const { fetch, onNewCodes } = renderCodesPanel({
      '/api/security/recovery-codes': () => json(REAUTH_REFUSAL, 403),
    })
    await userEvent.click(screen.getByRole('button', { name: 'Generate new codes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onNewCodes).not.toHaveBeenCalled()
    expect(calls(fetch).filter((c) => c.includes('recovery-codes'))).toHaveLength(1)
    expect(toast).not.toHaveBeenCalled()
  })

  it('any other refusal is not a question: it is reported as before', async () => {
    renderCodesPanel({
      '/api/security/recovery-codes': () =>
        json({ message: 'Enrol a passkey or an authenticator app first.' }, 409),
    })
    await userEvent.click(screen.getByRole('button', { name: 'Generate new codes' }))
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Could not create codes',
        description: 'Enrol a passkey or an authenticator app first.',
        variant: 'destructive',
      }),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('with a passkey enrolled, the passkey can be the proof instead', async () => {
    startAuthentication.mockResolvedValue({ id: 'assertion' })
    const { fetch, onNewCodes } = renderCodesPanel({
      '/api/security': () => json({ totp: false, passkeys: [passkey], recoveryCodesLeft: 3 }),
      '/api/security/recovery-codes': inTurn(
        () => json(REAUTH_REFUSAL, 403),
        () => json({ recoveryCodes: CODES }, 201),
      ),
      '/api/security/reauth/passkey-options': () => json({ challengeId: 'ch1', options: { challenge: 'c' } }),
      '/api/security/reauth': () => new Response(null, { status: 204 }),
    })
    await userEvent.click(screen.getByRole('button', { name: 'Generate new codes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Use a passkey' }))

    await waitFor(() => expect(onNewCodes).toHaveBeenCalledWith(CODES))
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'c' } })
    const reauth = fetch.mock.calls.find(([url]) => url === '/api/security/reauth')
    expect(bodyOf(reauth?.[1])).toEqual({ challengeId: 'ch1', response: { id: 'assertion' } })
  })

  it('without a passkey, only the password is offered', async () => {
    renderCodesPanel({ '/api/security/recovery-codes': () => json(REAUTH_REFUSAL, 403) })
    await userEvent.click(screen.getByRole('button', { name: 'Generate new codes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
    expect(within(dialog).getByLabelText(/Password/)).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).toBeNull()
  })

  it('adding a passkey with a stale session: the password first, then the whole ceremony', async () => {
    startRegistration.mockResolvedValue({ id: 'attestation' })
    const onAdded = vi.fn()
    const fetch = serve({
      '/api/security': () => json({ totp: false, passkeys: [], recoveryCodesLeft: 0 }),
      '/api/security/passkeys/options': inTurn(
        () => json(REAUTH_REFUSAL, 403),
        () => json({ challenge: 'r' }),
      ),
      '/api/security/reauth': () => new Response(null, { status: 204 }),
      '/api/security/passkeys': () => json({ passkey, recoveryCodes: CODES }, 201),
    })
    render(
      <ReauthProvider>
        <PasskeysPanel
          state={{ totp: false, passkeys: [], recoveryCodesLeft: 0 }}
          onAdded={onAdded}
          onRemove={vi.fn()}
          reload={vi.fn()}
        />
      </ReauthProvider>,
    )
    await userEvent.type(screen.getByLabelText(/Passkey name/), 'Laptop')
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
    expect(startRegistration).not.toHaveBeenCalled()
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'right')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))

    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(CODES))
    expect(startRegistration).toHaveBeenCalledTimes(1)
    expect(calls(fetch).filter((c) => c !== 'GET /api/security')).toEqual([
      'POST /api/security/passkeys/options',
      'POST /api/security/reauth',
      'POST /api/security/passkeys/options',
      'POST /api/security/passkeys',
    ])
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Passkey added' }))
  })
})

describe('ApiTokensPanel', () => {
  it('a new access token with a stale session: the password first, then the token is shown once', async () => {
    const apiToken = {
      id: 1,
      name: 'Backup script',
      scope: 'read',
      createdAt: passkey.createdAt,
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    }
    const fetch = serve({
      '/api/security': () => json({ totp: false, passkeys: [], recoveryCodesLeft: 0 }),
      '/api/security/tokens': inTurn(
        () => json([]),
        () => json(REAUTH_REFUSAL, 403),
        () => json({ token: 'pat_secret', apiToken }, 201),
        () => json([apiToken]),
      ),
      '/api/security/reauth': () => new Response(null, { status: 204 }),
    })
    render(
      <ReauthProvider>
        <ApiTokensPanel />
      </ReauthProvider>,
    )
    await screen.findByText('No access tokens.')
    await userEvent.type(screen.getByLabelText(/^Name/), 'Backup script')
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'right')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))

    expect(((await screen.findByLabelText('New access token')) as HTMLInputElement).value).toBe('pat_secret')
    expect(calls(fetch).filter((c) => c.startsWith('POST'))).toEqual([
      'POST /api/security/tokens',
      'POST /api/security/reauth',
      'POST /api/security/tokens',
    ])
  })
})

describe('PasskeysPanel', () => {
  it('lists each passkey with when it was added and last used (or never)', () => {
    const fresh = { ...passkey, id: 'pk2', name: 'Phone', lastUsedAt: null }
    render(
      <ReauthProvider>
        <PasskeysPanel
          state={{ totp: false, passkeys: [passkey, fresh], recoveryCodesLeft: 10 }}
          onAdded={vi.fn()}
          onRemove={vi.fn()}
          reload={vi.fn()}
        />
      </ReauthProvider>,
    )
    const items = within(screen.getByRole('list', { name: 'Passkeys' })).getAllByRole('listitem')
    const format = (iso: string) =>
      new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    expect(items[0]!.textContent).toContain(`Added ${format(passkey.createdAt)}`)
    expect(items[0]!.textContent).toContain(`last used ${format(passkey.lastUsedAt)}`)
    expect(items[1]!.textContent).toContain(`Added ${format(fresh.createdAt)}`)
    expect(items[1]!.textContent).toContain('never used')
  })
})

describe('PasswordPanel', () => {
  it("shows the strength estimator's feedback next to the new password", async () => {
    const feedback = 'This password is too easy to guess. Repeated characters like "aaa" are easy to guess.'
    const fetch = serve({
      '/api/security/password': () =>
        json({ message: 'Please correct the highlighted fields.', errors: { newPassword: feedback } }, 400),
    })
    render(
      <ReauthProvider>
        <PasswordPanel />
      </ReauthProvider>,
    )
    await userEvent.type(screen.getByLabelText(/Current password/), 'current')
    await userEvent.type(screen.getByLabelText(/New password/), 'aaaaaaaaaaaa')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))

    const field = screen.getByLabelText(/New password/)
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
    // Read out with the field, not only shown near it.
    const describedBy = (field.getAttribute('aria-describedby') ?? '').split(' ')
    const descriptions = describedBy.map((id) => document.getElementById(id)?.textContent ?? '')
    expect(descriptions).toContain(feedback)

    // Once the field is edited the server's message no longer holds the form back.
    await userEvent.type(field, 'b')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2))
  })
})
