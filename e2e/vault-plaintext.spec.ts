import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { generateHOTP } from '@oslojs/otp'
import type { APIRequestContext } from '@playwright/test'
import { expect, OWNER, test } from './fixtures'
import { stateDir } from './servers'

// Issue 38: a credential's secret is nowhere in plain text: not in any file of
// the server's local state (D1's SQLite files, KV, R2) nor in the server's log,
// after it was stored, listed and revealed. Its label, stored in clear, is
// found in the same files, which proves the search reads what was written.
// A reveal needs a fresh second factor (ADR 181): the owner sets up an
// authenticator app for the test and removes it after, as the Security tests do.

const totpAt = (secret: string, at: number) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(at / 30_000)), 6)

/**
 * Takes the owner's second factors away (an authenticator app, passkeys), as on a
 * fresh server: a spec that ran before on this server may have left one enrolled.
 * Removing one needs a recent sign-in (sudo mode), which an earlier spec may have
 * aged (security.spec.ts does), so the password is confirmed first; then each
 * removal and the result are checked, not assumed.
 */
async function withoutSecondFactors(request: APIRequestContext) {
  expect((await request.post('/api/security/reauth', { data: { password: OWNER.password } })).status()).toBe(
    204,
  )
  const enrolled = async () =>
    (await (await request.get('/api/security')).json()) as { totp: boolean; passkeys: { id: string }[] }
  const before = await enrolled()
  for (const key of before.passkeys)
    expect(
      (
        await request.delete(`/api/security/passkeys/${encodeURIComponent(key.id)}`, {
          data: { password: OWNER.password },
        })
      ).status(),
    ).toBe(204)
  if (before.totp)
    expect(
      (await request.delete('/api/security/totp', { data: { password: OWNER.password } })).status(),
    ).toBe(204)
  expect(await enrolled()).toMatchObject({ totp: false, passkeys: [] })
}

/** Sets up an authenticator app through the API; returns its key and a function that removes it. */
async function withAuthenticator(request: APIRequestContext) {
  const setup = await request.post('/api/security/totp/setup')
  expect(setup.status()).toBe(200)
  const { secret } = (await setup.json()) as { secret: string }
  expect(
    (await request.post('/api/security/totp', { data: { code: totpAt(secret, Date.now()) } })).status(),
  ).toBe(201)
  return {
    secret,
    remove: async () =>
      expect(
        (await request.delete('/api/security/totp', { data: { password: OWNER.password } })).status(),
      ).toBe(204),
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

const holding = (files: string[], text: string) =>
  files.filter((file) => readFileSync(file).includes(Buffer.from(text, 'utf8')))

test('a stored, listed and revealed secret is in no state file and no log line', async ({
  ownerRequest,
  baseURL,
}) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
  const secret = `plaintext-canary-${tag}`
  const label = `Canary router ${tag}`
  const client = await ownerRequest.post('/api/clients', { data: { name: `Canary Clinic ${tag}` } })
  expect(client.status()).toBe(201)
  const { id: clientId } = (await client.json()) as { id: number }
  const stored = await ownerRequest.post(`/api/clients/${clientId}/credentials`, {
    data: { label, username: 'admin', secret, url: 'https://192.168.1.1' },
  })
  expect(stored.status()).toBe(201)
  expect(await stored.text()).not.toContain(secret)
  const { id } = (await stored.json()) as { id: string }
  const listed = await ownerRequest.get(`/api/clients/${clientId}/credentials`)
  expect(await listed.text()).not.toContain(secret)
  // The password alone never opens the vault; a code from the app does.
  expect(
    (await ownerRequest.post('/api/security/reauth', { data: { password: OWNER.password } })).status(),
  ).toBe(204)
  expect((await ownerRequest.post(`/api/credentials/${id}/reveal`, { data: {} })).status()).toBe(403)
  const app = await withAuthenticator(ownerRequest)
  try {
    const code = totpAt(app.secret, Date.now() + 30_000)
    expect((await ownerRequest.post('/api/security/reauth', { data: { code } })).status()).toBe(204)
    const revealed = await ownerRequest.post(`/api/credentials/${id}/reveal`, { data: {} })
    expect(revealed.status()).toBe(200)
    expect(((await revealed.json()) as { secret: string }).secret).toBe(secret)
  } finally {
    await app.remove()
  }

  const state = stateDir(baseURL)
  const files = filesUnder(state)
  await expect.poll(() => holding(files.concat(filesUnder(state)), label).length).toBeGreaterThan(0)
  expect(holding(filesUnder(state), secret)).toEqual([])
  const log = readFileSync(`${state}.log`, 'utf8')
  expect(log.length).toBeGreaterThan(0)
  expect(log).not.toContain(secret)
})

test('Reveal on the client page asks for the authenticator code, says what for, then shows the secret', async ({
  ownerPage: page,
}, testInfo) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
  const client = await page.request.post('/api/clients', { data: { name: `Vault Clinic ${tag}` } })
  const { id: clientId } = (await client.json()) as { id: number }
  const secret = `router-pw-${tag}`
  expect(
    (
      await page.request.post(`/api/clients/${clientId}/credentials`, {
        data: { label: 'Router admin', username: 'admin', secret },
      })
    ).status(),
  ).toBe(201)

  // Without a second factor: the row says so and links to Security.
  await withoutSecondFactors(page.request)
  await page.goto(`/admin/clients/${clientId}`)
  await page.getByRole('button', { name: 'Reveal' }).click()
  await expect(page.getByText('The vault opens only with a second factor.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Security' })).toHaveAttribute('href', '/admin/security')
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.getByRole('link', { name: 'Go to Security' }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: testInfo.outputPath(`vault-no-factor-${width}.png`) })
  }

  const app = await withAuthenticator(page.request)
  try {
    await page.getByRole('button', { name: 'Reveal' }).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' })
    await expect(dialog).toContainText('To reveal a password in the vault')
    await expect(dialog.getByLabel('Password')).toHaveCount(0)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.screenshot({ path: testInfo.outputPath(`vault-dialog-${width}.png`) })
    }
    await dialog.getByLabel('Code from your authenticator app').fill(totpAt(app.secret, Date.now() + 30_000))
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByTestId('revealed-secret')).toHaveText(secret)
  } finally {
    await app.remove()
  }
})

test('with a passkey only, the vault dialog offers the passkey, and it reveals', async ({
  ownerPage: page,
  context,
}) => {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
  const client = await page.request.post('/api/clients', { data: { name: `Passkey Clinic ${tag}` } })
  const { id: clientId } = (await client.json()) as { id: number }
  const secret = `ehr-pw-${tag}`
  await page.request.post(`/api/clients/${clientId}/credentials`, { data: { label: 'EHR', secret } })

  await page.goto('/admin/security')
  await page.getByLabel('Passkey name').fill('Vault laptop')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await page.getByRole('button', { name: 'I have saved them' }).click()
  await expect(page.getByRole('list', { name: 'Passkeys' }).getByText('Vault laptop')).toBeVisible()
  try {
    await page.goto(`/admin/clients/${clientId}`)
    await page.getByRole('button', { name: 'Reveal' }).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' })
    await expect(dialog).toContainText(
      'To reveal a password in the vault, confirm it is you with your passkey',
    )
    await expect(dialog.getByLabel('Code from your authenticator app')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Use a passkey' }).click()
    await expect(page.getByTestId('revealed-secret')).toHaveText(secret)
  } finally {
    const { passkeys } = (await (await page.request.get('/api/security')).json()) as {
      passkeys: { id: string }[]
    }
    for (const key of passkeys)
      expect(
        (
          await page.request.delete(`/api/security/passkeys/${encodeURIComponent(key.id)}`, {
            data: { password: OWNER.password },
          })
        ).status(),
      ).toBe(204)
  }
})
