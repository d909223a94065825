// The vault on the client page: Reveal asks for the password first (the API
// answered reauth_required), then shows the secret for 30 seconds and hides it.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_MESSAGES } from '../../../schema/messages'
import { json, serve } from '../../test/fetch-stub'
import { SHOW_SECRET_MS, VaultSection } from './VaultSection'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('VaultSection', () => {
  it('Reveal: re-authentication first, then the secret for 30 seconds, then hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let reveals = 0
    serve({
      '/api/security': () => json({ totp: false, passkeys: [], recoveryCodesLeft: 0 }),
      '/api/clients/7/credentials': () =>
        json([{ id: 'cred_a', label: 'Router admin', username: 'admin', url: null }]),
      '/api/credentials/cred_a/reveal': () =>
        reveals++ === 0
          ? json({ message: AUTH_MESSAGES.reauthRequired, code: 'reauth_required' }, 403)
          : json({ secret: 'hunter2-distinctive' }),
      '/api/security/reauth': () => new Response(null, { status: 204 }),
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    render(<VaultSection clientId={7} />)
    expect(await screen.findByText('Router admin')).toBeTruthy()
    expect(screen.queryByText('hunter2-distinctive')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Reveal' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
    await user.type(within(dialog).getByLabelText(/Password/), 'right')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('hunter2-distinctive')).toBeTruthy()

    act(() => vi.advanceTimersByTime(SHOW_SECRET_MS - 1000))
    expect(screen.queryByText('hunter2-distinctive')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1000))
    await waitFor(() => expect(screen.queryByText('hunter2-distinctive')).toBeNull())
  })
})
