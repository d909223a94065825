// The one "confirm it is you" dialog and its gate (reauth.tsx), by the proof
// each place takes: the password for sudo mode (ADR 078), a code from the
// authenticator app for the vault (ADR 181; never the password), a passkey in
// both when one is enrolled. The panels that use them: reauth.test.tsx and
// ../clients/VaultSection.test.tsx.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_MESSAGES } from '../../../schema/messages'
import { json, type Routes, serve } from '../../test/fetch-stub'
import { type Factors, ReauthDialog, type TypedProof } from './ReauthDialog'
import { reauthGate } from './reauth'

const startAuthentication = vi.fn()
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: (arg: unknown) => startAuthentication(arg),
}))

afterEach(() => {
  cleanup()
  startAuthentication.mockReset()
  vi.unstubAllGlobals()
})

const passkey = { id: 'pk1', name: 'Laptop', createdAt: '2026-11-20T09:30:00.000Z', lastUsedAt: null }
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body ?? 'null')) as unknown
const purpose = ({ totp, passkeys }: Factors) => `For the test: totp ${totp}, passkeys ${passkeys}.`

/** The dialog open, taking `typed`, for an owner with these factors. */
async function openDialog(
  typed: TypedProof,
  enrolled: { totp: boolean; passkey: boolean },
  routes: Routes = {},
) {
  const fetch = serve({
    '/api/security': () =>
      json({ totp: enrolled.totp, passkeys: enrolled.passkey ? [passkey] : [], recoveryCodesLeft: 5 }),
    ...routes,
  })
  const onConfirmed = vi.fn()
  const onCancel = vi.fn()
  render(
    <ReauthDialog isOpen typed={typed} purpose={purpose} onConfirmed={onConfirmed} onCancel={onCancel} />,
  )
  const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
  // The factors are read when it opens: the sentence says what it found.
  await within(dialog).findByText(`For the test: totp ${enrolled.totp}, passkeys ${enrolled.passkey}.`)
  return { dialog, fetch, onConfirmed, onCancel }
}

describe('ReauthDialog taking a code (the vault)', () => {
  it('refuses to show a password field, whatever is enrolled', async () => {
    for (const enrolled of [
      { totp: true, passkey: true },
      { totp: true, passkey: false },
      { totp: false, passkey: true },
    ]) {
      const { dialog } = await openDialog('code', enrolled)
      expect(within(dialog).queryByLabelText(/Password/)).toBeNull()
      expect(dialog.querySelector('input[type="password"]')).toBeNull()
      cleanup()
    }
  })

  it('with an authenticator app: the code field has the focus, and a wrong code is said at it', async () => {
    const { dialog, fetch, onConfirmed } = await openDialog(
      'code',
      { totp: true, passkey: false },
      {
        '/api/security/reauth': (init) =>
          (bodyOf(init) as { code: string }).code === '123456'
            ? new Response(null, { status: 204 })
            : json({ message: AUTH_MESSAGES.invalidCode, errors: { code: AUTH_MESSAGES.invalidCode } }, 400),
      },
    )
    const code = within(dialog).getByLabelText(/Code from your authenticator app/)
    expect(document.activeElement).toBe(code)
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).toBeNull()

    await userEvent.type(code, '000000')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await within(dialog).findByText(AUTH_MESSAGES.invalidCode)).toBeTruthy()
    expect(code.getAttribute('aria-invalid')).toBe('true')
    expect(onConfirmed).not.toHaveBeenCalled()

    await userEvent.clear(code)
    await userEvent.type(code, '123456')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1))
    const proofs = fetch.mock.calls.filter(([url]) => url === '/api/security/reauth')
    expect(proofs.map(([, init]) => bodyOf(init))).toEqual([{ code: '000000' }, { code: '123456' }])
  })

  it('with a passkey only: no field and no Confirm, the passkey alone; its refusal is an alert', async () => {
    startAuthentication.mockResolvedValue({ id: 'assertion' })
    const { dialog, onConfirmed } = await openDialog(
      'code',
      { totp: false, passkey: true },
      {
        '/api/security/reauth/passkey-options': () =>
          json({ challengeId: 'ch1', options: { challenge: 'c' } }),
        '/api/security/reauth': () =>
          json({ message: 'x', errors: { response: AUTH_MESSAGES.reauthFailed } }, 400),
      },
    )
    expect(within(dialog).queryByRole('textbox')).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use a passkey' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(AUTH_MESSAGES.reauthFailed)
    expect(onConfirmed).not.toHaveBeenCalled()
  })
})

describe('ReauthDialog taking the password (sudo mode)', () => {
  it('asks for the password even without a second factor, never for a code', async () => {
    for (const enrolled of [
      { totp: false, passkey: false },
      { totp: true, passkey: false },
    ]) {
      const { dialog } = await openDialog('password', enrolled)
      const password = within(dialog).getByLabelText(/Password/)
      expect(password.getAttribute('type')).toBe('password')
      expect(document.activeElement).toBe(password)
      expect(within(dialog).queryByLabelText(/Code from your authenticator app/)).toBeNull()
      expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).toBeNull()
      cleanup()
    }
  })

  it('offers the passkey too when one is enrolled; Cancel says so', async () => {
    const { dialog, onCancel } = await openDialog('password', { totp: false, passkey: true })
    expect(within(dialog).getByRole('button', { name: 'Use a passkey' })).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })
})

describe('reauthGate', () => {
  const gate = reauthGate({
    refused: (error) => error instanceof Error && error.message === 'stale',
    cancelled: () => new Error('cancelled'),
    typed: 'code',
    purpose,
    outside: 'needs its provider',
  })

  function Caller({ calls }: { calls: (() => Promise<unknown>)[] }) {
    const withReauth = gate.useGate()
    return (
      <button type="button" onClick={() => calls.forEach((call) => void withReauth(call).catch(() => {}))}>
        Go
      </button>
    )
  }

  it('two calls refused at once share one question, then each runs once more', async () => {
    serve({
      '/api/security': () => json({ totp: true, passkeys: [], recoveryCodesLeft: 5 }),
      '/api/security/reauth': () => new Response(null, { status: 204 }),
    })
    const refusedOnce = () => {
      const run = vi.fn(async () => {
        if (run.mock.calls.length === 1) throw new Error('stale')
        return 'done'
      })
      return run
    }
    const [a, b] = [refusedOnce(), refusedOnce()]
    render(
      <gate.Provider>
        <Caller calls={[a, b]} />
      </gate.Provider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Go' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
    expect(screen.getAllByRole('dialog')).toHaveLength(1)
    await userEvent.type(within(dialog).getByLabelText(/Code from your authenticator app/), '123456')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(a).toHaveBeenCalledTimes(2)
    expect(b).toHaveBeenCalledTimes(2)
  })

  it('outside its provider the hook says so', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Caller calls={[]} />)).toThrow('needs its provider')
  })
})
