// The vault on the client page: Reveal asks for a second factor first (the API
// answered second_factor_required: a code or a passkey, never the password),
// then shows the secret for 30 seconds and hides it; without any second factor
// it says to set one up in Security.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_MESSAGES } from '../../../schema/messages'
import { json, serve } from '../../test/fetch-stub'
import { EMPTY_FIELDS, patchBody } from './VaultForm'
import { SHOW_SECRET_MS, VaultSection } from './VaultSection'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('VaultSection', () => {
  it('Reveal: a second factor first (the dialog says what for), then the secret for 30 seconds, then hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let reveals = 0
    const proofs: unknown[] = []
    serve({
      '/api/security': () => json({ totp: true, passkeys: [], recoveryCodesLeft: 10 }),
      '/api/clients/7/credentials': () =>
        json([
          { id: 'cred_a', label: 'Router admin', username: 'admin', url: null, notes: null, assetId: null },
        ]),
      '/api/clients/7/assets': () => json([]),
      '/api/credentials/cred_a/reveal': () =>
        reveals++ === 0
          ? json({ message: AUTH_MESSAGES.secondFactorRequired, code: 'second_factor_required' }, 403)
          : json({ secret: 'hunter2-distinctive' }),
      '/api/security/reauth': (init) => {
        proofs.push(JSON.parse(String(init?.body)))
        return new Response(null, { status: 204 })
      },
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    render(<VaultSection clientId={7} />)
    expect(await screen.findByText('Router admin')).toBeTruthy()
    expect(screen.queryByText('hunter2-distinctive')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Reveal' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
    expect(dialog.textContent).toContain('To reveal a password in the vault')
    expect(dialog.textContent).toContain('Your password alone does not open the vault')
    expect(within(dialog).queryByLabelText(/Password/)).toBeNull()
    await user.type(within(dialog).getByLabelText(/Code from your authenticator app/), '123456')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('hunter2-distinctive')).toBeTruthy()
    expect(proofs).toEqual([{ code: '123456' }])

    act(() => vi.advanceTimersByTime(SHOW_SECRET_MS - 1000))
    expect(screen.queryByText('hunter2-distinctive')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1000))
    await waitFor(() => expect(screen.queryByText('hunter2-distinctive')).toBeNull())
  })

  it('Reveal without any second factor: says so and links to Security, asks for nothing', async () => {
    serve({
      '/api/security': () => json({ totp: false, passkeys: [], recoveryCodesLeft: 0 }),
      '/api/clients/7/credentials': () =>
        json([{ id: 'cred_a', label: 'Wi-Fi', username: null, url: null, notes: null, assetId: null }]),
      '/api/clients/7/assets': () => json([]),
      '/api/credentials/cred_a/reveal': () =>
        json({ message: AUTH_MESSAGES.secondFactorMissing, code: 'second_factor_missing' }, 403),
    })
    const user = userEvent.setup()
    render(<VaultSection clientId={7} />)
    await user.click(await screen.findByRole('button', { name: 'Reveal' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Set up an authenticator app or a passkey in Security')
    expect(within(alert).getByRole('link', { name: 'Go to Security' }).getAttribute('href')).toBe(
      '/admin/security',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('Edit: the secret field starts empty and empty keeps it; the asset and notes change; errors at their fields', async () => {
    const patches: unknown[] = []
    let refuse = true
    serve({
      '/api/security': () => json({ totp: false, passkeys: [], recoveryCodesLeft: 0 }),
      '/api/clients/7/credentials': () =>
        json([
          {
            id: 'cred_b',
            label: 'EHR',
            username: 'frontdesk',
            url: 'https://ehr.example',
            notes: 'Shared login',
            assetId: 41,
          },
        ]),
      '/api/clients/7/assets': () =>
        json([
          { id: 41, name: 'Front desk PC', kind: 'workstation', status: 'in_use' },
          { id: 42, name: 'Reception laptop', kind: 'laptop', status: 'spare' },
        ]),
      '/api/credentials/cred_b': (init) => {
        patches.push(JSON.parse(String(init?.body)))
        if (refuse) {
          refuse = false
          return json(
            {
              message: 'Please correct the highlighted fields.',
              errors: { url: 'URL must start with http:// or https://' },
            },
            400,
          )
        }
        return json({})
      },
    })
    const user = userEvent.setup()
    render(<VaultSection clientId={7} />)
    await user.click(await screen.findByRole('button', { name: 'Edit EHR' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit EHR' })
    const secret = within(dialog).getByLabelText(/New secret/) as HTMLInputElement
    expect(secret.value).toBe('')
    expect(within(dialog).getByRole('button', { name: /Asset/ }).textContent).toContain('Front desk PC')

    const url = within(dialog).getByRole('textbox', { name: 'URL' })
    await user.clear(url)
    await user.type(url, 'ehr.example')
    await user.click(within(dialog).getByRole('button', { name: 'Save credential' }))
    // The refusal shows at its field, not as one message above the form.
    expect(await within(dialog).findByText('URL must start with http:// or https://')).toBeTruthy()
    expect(url.getAttribute('aria-invalid')).toBe('true')
    expect(within(dialog).queryByRole('alert')).toBeNull()
    expect(patches[0]).toEqual({
      label: 'EHR',
      username: 'frontdesk',
      url: 'ehr.example',
      notes: 'Shared login',
      assetId: 41,
    })

    await user.clear(url)
    await user.type(url, 'https://ehr.example/login')
    await user.click(within(dialog).getByRole('button', { name: /Asset/ }))
    await user.click(screen.getByRole('option', { name: /Reception laptop/ }))
    await user.clear(within(dialog).getByRole('textbox', { name: 'Notes' }))
    await user.type(secret, 'n3w-secret')
    await user.click(within(dialog).getByRole('button', { name: 'Save credential' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(patches[1]).toEqual({
      label: 'EHR',
      username: 'frontdesk',
      url: 'https://ehr.example/login',
      notes: null,
      assetId: 42,
      secret: 'n3w-secret',
    })
  })

  it('an edit with the secret left empty sends no secret', () => {
    expect(patchBody({ ...EMPTY_FIELDS, label: 'Wi-Fi' })).toEqual({
      label: 'Wi-Fi',
      username: null,
      url: null,
      notes: null,
      assetId: null,
    })
  })
})
