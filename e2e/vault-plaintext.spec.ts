import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, OWNER, test } from './fixtures'
import { stateDir } from './servers'

// Issue 38: a credential's secret is nowhere in plain text: not in any file of
// the server's local state (D1's SQLite files, KV, R2) nor in the server's log,
// after it was stored, listed and revealed. Its label, stored in clear, is
// found in the same files, which proves the search reads what was written.

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
  expect(
    (await ownerRequest.post('/api/security/reauth', { data: { password: OWNER.password } })).status(),
  ).toBe(204)
  const revealed = await ownerRequest.post(`/api/credentials/${id}/reveal`, { data: {} })
  expect(revealed.status()).toBe(200)
  expect(((await revealed.json()) as { secret: string }).secret).toBe(secret)

  const state = stateDir(baseURL)
  const files = filesUnder(state)
  await expect.poll(() => holding(files.concat(filesUnder(state)), label).length).toBeGreaterThan(0)
  expect(holding(filesUnder(state), secret)).toEqual([])
  const log = readFileSync(`${state}.log`, 'utf8')
  expect(log.length).toBeGreaterThan(0)
  expect(log).not.toContain(secret)
})
