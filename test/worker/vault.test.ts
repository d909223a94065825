// The credentials vault (issue 38, docs/vault.md): stored encrypted, listed
// without secrets, revealed only by an owner session with a fresh second factor (never a
// token) with an audit entry, refused without VAULT_KEY outside a local
// deployment, and re-wrapped by the rotation without touching the secrets.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { sessionIdOf } from '../../worker/auth/session'
import { vaultKeys } from '../../worker/auth/vault-key'
import { createDb } from '../../worker/db'
import { addSource, syncSource } from '../../worker/services/calendar-sources'
import {
  createCredential,
  revealCredential,
  rotateVault,
  VaultUnavailable,
} from '../../worker/services/vault'
import { kekFrom, openSecret, unwrap } from '../../worker/services/vault/crypto'
import { owner } from './admin-helpers'
import { call } from './helpers'
import { enrolTotp, freshTotpCode, proveSecondFactor } from './session-helpers'

const SECRET = () => `S3cret-${crypto.randomUUID()}`
const who = { purpose: 'reveal' as const, userId: null, actor: 'test', ip: null, userAgent: null }

async function newClient(cookie: string, name = `Vault Clinic ${crypto.randomUUID().slice(0, 8)}`) {
  const res = await call('/api/clients', { method: 'POST', headers: { Cookie: cookie }, json: { name } })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: number }).id
}

const as = (cookie: string) => (method: string, path: string, json?: unknown) =>
  call(path, {
    method,
    headers: { Cookie: cookie, 'User-Agent': 'vault-test-agent' },
    ...(json ? { json } : {}),
  })

/** The session's proofs, password and second factor, ten minutes old. */
async function stale(cookie: string) {
  await env.DB.prepare('update sessions set reauth_at = ?1, factor_at = ?1 where id = ?2')
    .bind(Date.now() - 11 * 60 * 1000, sessionIdOf(cookie.replace(/^session=/, '')))
    .run()
}

/** Rows of every D1 table, KV values and R2 objects holding `text` (the plain secret must be in none). */
const rowsContaining = async (text: string) => {
  const { results: names } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'",
  ).all<{ name: string }>()
  let hits = 0
  for (const { name } of names) {
    const { results } = await env.DB.prepare(`select * from "${name}"`).all()
    hits += results.filter((r) => JSON.stringify(r).includes(text)).length
  }
  for (const { name } of (await env.SESSIONS.list()).keys) {
    if (name.includes(text) || ((await env.SESSIONS.get(name)) ?? '').includes(text)) hits++
  }
  for (const object of (await env.FILES.list()).objects) {
    if ((await (await env.FILES.get(object.key))?.text())?.includes(text)) hits++
  }
  return hits
}

describe('the vault over REST', () => {
  it('stores encrypted, lists and answers without the secret, refuses bad input naming the field', async () => {
    const cookie = await owner()
    const api = as(cookie)
    const clientId = await newClient(cookie)
    const secret = SECRET()
    const res = await api('POST', `/api/clients/${clientId}/credentials`, {
      label: 'Router admin',
      username: 'admin',
      secret,
      url: 'https://192.168.1.1',
    })
    expect(res.status).toBe(201)
    const body = await res.text()
    expect(body).not.toContain(secret)
    expect(JSON.parse(body)).toEqual({
      id: expect.stringMatching(/^cred_/),
      label: 'Router admin',
      username: 'admin',
      url: 'https://192.168.1.1',
    })
    const list = await api('GET', `/api/clients/${clientId}/credentials`)
    expect(list.status).toBe(200)
    const listed = await list.text()
    expect(listed).not.toContain(secret)
    expect(JSON.parse(listed)).toHaveLength(1)
    expect(JSON.parse(listed)[0]).not.toHaveProperty('secretCiphertext')
    expect(await rowsContaining(secret)).toBe(0)
    // The search finds what is stored in clear (the check can fail).
    expect(await rowsContaining('Router admin')).toBeGreaterThan(0)

    const before = (await env.DB.prepare('select count(*) as n from credentials').first<{ n: number }>())!.n
    for (const [input, field] of [
      [{ label: 'x' }, 'secret'],
      [{ secret: 'x' }, 'label'],
      [{ label: 'x', secret: 'y', url: 'ftp://nope' }, 'url'],
      [{ label: 'x', secret: 'y', assetId: 999999 }, 'assetId'],
    ] as const) {
      const bad = await api('POST', `/api/clients/${clientId}/credentials`, input)
      expect(bad.status).toBe(400)
      expect(((await bad.json()) as { errors: Record<string, string> }).errors).toHaveProperty(field)
    }
    expect((await env.DB.prepare('select count(*) as n from credentials').first<{ n: number }>())!.n).toBe(
      before,
    )
    expect((await api('POST', '/api/clients/999999/credentials', { label: 'x', secret: 'y' })).status).toBe(
      404,
    )
  })

  it("an asset of another client is refused; another client's list does not show the credential", async () => {
    const cookie = await owner()
    const api = as(cookie)
    const a = await newClient(cookie, 'Clinic A')
    const b = await newClient(cookie, 'Clinic B')
    const asset = await env.DB.prepare(
      "insert into assets (client_id, kind, name) values (?, 'server', 'NAS') returning id",
    )
      .bind(b)
      .first<{ id: number }>()
    const refused = await api('POST', `/api/clients/${a}/credentials`, {
      label: 'NAS',
      secret: 'x',
      assetId: asset!.id,
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ errors: { assetId: expect.any(String) } })
    const ok = await api('POST', `/api/clients/${b}/credentials`, {
      label: 'NAS',
      secret: 'x',
      assetId: asset!.id,
    })
    expect(ok.status).toBe(201)
    expect(await (await api('GET', `/api/clients/${a}/credentials`)).json()).toEqual([])
    expect((await api('PATCH', '/api/credentials/cred_unknown', { label: 'y' })).status).toBe(404)
    // The vault's guard answers before anything is read; past it, an unknown id is a 404.
    expect((await api('POST', '/api/credentials/cred_unknown/reveal')).status).toBe(403)
    await proveSecondFactor(cookie)
    expect((await api('POST', '/api/credentials/cred_unknown/reveal')).status).toBe(404)
  })

  it('reveal: only after a fresh second factor on this session, never the password or sign-in alone', async () => {
    const cookie = await owner()
    const api = as(cookie)
    const clientId = await newClient(cookie)
    const secret = SECRET()
    const { id } = (await (
      await api('POST', `/api/clients/${clientId}/credentials`, { label: 'EHR', secret })
    ).json()) as {
      id: string
    }
    // No second factor at all: the vault stays shut, and says what to do.
    await env.DB.prepare("update users set totp_key = null where username = 'owner'").run()
    const missing = await api('POST', `/api/credentials/${id}/reveal`)
    expect(missing.status).toBe(403)
    expect(await missing.json()).toMatchObject({
      code: 'second_factor_missing',
      message: expect.stringContaining('Set up an authenticator app or a passkey in Security'),
    })
    // Sign-in (this session is fresh) and a password re-authentication prove no second factor.
    expect((await api('POST', '/api/security/reauth', { password: 'test-owner-password' })).status).toBe(204)
    await enrolTotp()
    const refused = await api('POST', `/api/credentials/${id}/reveal`)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({
      code: 'second_factor_required',
      message: expect.stringContaining('to reveal a password in the vault'),
    })
    const auditedBefore = await env.DB.prepare(
      "select count(*) as n from audit_log where action like 'credential.%' and record like ?",
    )
      .bind(`${id}%`)
      .first<{ n: number }>()
    expect(auditedBefore!.n).toBe(0)
    // A wrong code proves nothing; the right one opens the vault for this session.
    const wrong = await api('POST', '/api/security/reauth', { code: '000000' })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ errors: { code: 'Invalid code' } })
    expect((await api('POST', `/api/credentials/${id}/reveal`)).status).toBe(403)
    const code = await freshTotpCode()
    expect((await api('POST', '/api/security/reauth', { code })).status).toBe(204)
    // The same code again is spent (each step is accepted once).
    expect((await api('POST', '/api/security/reauth', { code })).status).toBe(400)

    const shown = await api('POST', `/api/credentials/${id}/reveal`)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('cache-control')).toContain('no-store')
    expect(await shown.json()).toEqual({ secret })
    const copied = await api('POST', `/api/credentials/${id}/reveal`, { purpose: 'copy' })
    expect(copied.status).toBe(200)
    const { results } = await env.DB.prepare(
      "select action, record, outcome, ip, user_agent from audit_log where action like 'credential.%' and record like ? order by id",
    )
      .bind(`${id}%`)
      .all<{ action: string; record: string; outcome: string; ip: string | null; user_agent: string }>()
    expect(results.map((r) => [r.action, r.outcome, r.user_agent])).toEqual([
      ['credential.reveal', 'success', 'vault-test-agent'],
      ['credential.copy', 'success', 'vault-test-agent'],
    ])
    expect(results[0]!.record).toContain('EHR')
    expect(await rowsContaining(secret)).toBe(0)

    // Ten minutes on, the proof is stale; another session (a new sign-in) has none.
    await stale(cookie)
    expect(await (await api('POST', `/api/credentials/${id}/reveal`)).json()).toMatchObject({
      code: 'second_factor_required',
    })
    const other = await owner()
    expect((await as(other)('POST', `/api/credentials/${id}/reveal`)).status).toBe(403)
    // The code alone is no password: sudo mode (changing sign-in methods) still asks for one.
    await as(other)('POST', '/api/security/reauth', { code: await freshTotpCode() })
    await env.DB.prepare('update sessions set reauth_at = ? where id = ?')
      .bind(Date.now() - 11 * 60 * 1000, sessionIdOf(other.replace(/^session=/, '')))
      .run()
    expect((await as(other)('POST', '/api/security/recovery-codes')).status).toBe(403)
    // Removing the last factor closes the vault at once, fresh proof or not.
    await proveSecondFactor(cookie)
    expect((await api('POST', `/api/credentials/${id}/reveal`)).status).toBe(200)
    await env.DB.prepare("update users set totp_key = null where username = 'owner'").run()
    expect(await (await api('POST', `/api/credentials/${id}/reveal`)).json()).toMatchObject({
      code: 'second_factor_missing',
    })
  })

  it('a personal access token never reveals, even with the assets scope and beside a fresh session', async () => {
    const cookie = await owner()
    const api = as(cookie)
    const clientId = await newClient(cookie)
    const made = await api('POST', '/api/security/tokens', {
      name: 'vault',
      scope: 'assets',
      expiresInDays: 7,
    })
    expect(made.status).toBe(201)
    const { token } = (await made.json()) as { token: string }
    const bearer = (method: string, path: string, json?: unknown) =>
      call(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, Cookie: cookie },
        ...(json ? { json } : {}),
      })
    const created = await bearer('POST', `/api/clients/${clientId}/credentials`, {
      label: 'Wi-Fi',
      secret: 'pw',
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    expect((await bearer('GET', `/api/clients/${clientId}/credentials`)).status).toBe(200)
    const reveal = await bearer('POST', `/api/credentials/${id}/reveal`)
    expect(reveal.status).toBe(403)
    expect(JSON.stringify(await reveal.json())).not.toContain('pw"')
    // The scope does not open the rest of the API.
    expect((await bearer('GET', '/api/invoices')).status).toBe(403)
  })

  it('a new secret re-encrypts under a new data key; delete removes it', async () => {
    const cookie = await owner()
    const api = as(cookie)
    const clientId = await newClient(cookie)
    const { id } = (await (
      await api('POST', `/api/clients/${clientId}/credentials`, { label: 'M365', secret: 'old-one' })
    ).json()) as {
      id: string
    }
    const row = () =>
      env.DB.prepare('select * from credentials where id = ?').bind(id).first<Record<string, string>>()
    const before = await row()
    const patched = await api('PATCH', `/api/credentials/${id}`, { secret: 'new-one', username: 'it@clinic' })
    expect(patched.status).toBe(200)
    expect(await patched.text()).not.toContain('new-one')
    const after = await row()
    expect(after!.wrapped_key).not.toBe(before!.wrapped_key)
    expect(after!.secret_ciphertext).not.toBe(before!.secret_ciphertext)
    await proveSecondFactor(cookie)
    expect((await api('POST', `/api/credentials/${id}/reveal`)).status).toBe(200)
    expect(await (await api('POST', `/api/credentials/${id}/reveal`)).json()).toEqual({ secret: 'new-one' })
    expect((await api('DELETE', `/api/credentials/${id}`)).status).toBe(204)
    expect(await row()).toBeNull()
  })
})

describe('the vault key', () => {
  it('outside a local deployment, without VAULT_KEY, nothing is stored (503 vault_unavailable)', async () => {
    const db = createDb(env.DB)
    const cookie = await owner()
    const clientId = await newClient(cookie)
    const prod = { ...env, ENVIRONMENT: 'production' } as Env
    const keys = await vaultKeys(prod)
    expect(keys.current).toBeNull()
    await expect(
      createCredential(db, keys, clientId, {
        label: 'x',
        username: null,
        secret: 'y',
        url: null,
        notes: null,
        assetId: null,
      }),
    ).rejects.toBeInstanceOf(VaultUnavailable)
    // A placeholder or the local key is not a key in production either.
    expect((await vaultKeys({ ...prod, VAULT_KEY: 'short' } as Env)).current).toBeNull()
    const real = await vaultKeys({ ...prod, VAULT_KEY: 'a-real-vault-key-of-at-least-32-characters' } as Env)
    expect(real.current).not.toBeNull()
  })

  it('rotation re-wraps every data key: secrets still reveal, the old key opens none, ciphertexts untouched', async () => {
    const db = createDb(env.DB)
    const cookie = await owner()
    const clientId = await newClient(cookie)
    // Rows of the other tests are under the local key, which neither key here opens (reported as failed).
    await env.DB.prepare('delete from credentials where client_id <> ?').bind(clientId).run()
    const old = await kekFrom('the-old-vault-key-of-at-least-32-characters')
    const next = await kekFrom('the-new-vault-key-of-at-least-32-characters')
    const input = (secret: string) => ({
      label: secret,
      username: null,
      secret,
      url: null,
      notes: null,
      assetId: null,
    })
    const made = [
      await createCredential(db, { current: old, previous: null }, clientId, input('first-secret')),
      await createCredential(db, { current: old, previous: null }, clientId, input('second-secret')),
    ]
    const rowsOf = async () =>
      (
        await env.DB.prepare(`select * from credentials where client_id = ? order by label`)
          .bind(clientId)
          .all<Record<string, string>>()
      ).results
    const before = await rowsOf()
    const result = await rotateVault(db, { current: next, previous: old })
    expect(result.failed).toEqual([])
    expect(result.rewrapped).toBe(2)
    const after = await rowsOf()
    for (const [i, row] of after.entries()) {
      expect(row.key_id).toBe(next.id)
      expect(row.secret_ciphertext).toBe(before[i]!.secret_ciphertext)
      expect(row.wrapped_key).not.toBe(before[i]!.wrapped_key)
      await expect(
        unwrap(old, row.id!, { wrappedKey: row.wrapped_key!, wrapIv: row.wrap_iv! }),
      ).rejects.toThrow()
    }
    expect(await revealCredential(db, { current: next, previous: null }, made[0]!.id, who)).toBe(
      'first-secret',
    )
    expect(await revealCredential(db, { current: next, previous: null }, made[1]!.id, who)).toBe(
      'second-secret',
    )
    await expect(
      revealCredential(db, { current: old, previous: null }, made[0]!.id, who),
    ).rejects.toBeInstanceOf(VaultUnavailable)
    // A second run has nothing left to do.
    expect((await rotateVault(db, { current: next, previous: old })).rewrapped).toBe(0)
  })

  it('rotation re-wraps the calendar addresses too: the new key alone reads them, the old opens none', async () => {
    const db = createDb(env.DB)
    await env.DB.exec('delete from credentials')
    const old = await kekFrom('the-old-vault-key-of-at-least-32-characters')
    const next = await kekFrom('the-new-vault-key-of-at-least-32-characters')
    const address = 'https://calendar.example.com/private-abc123/basic.ics'
    const added = await addSource(
      db,
      { current: old, previous: null },
      { name: 'Personal', url: address },
      false,
    )
    const before = await env.DB.prepare('select * from calendar_sources where id = ?')
      .bind(added.id)
      .first<Record<string, string>>()

    const result = await rotateVault(db, { current: next, previous: old })
    expect(result).toEqual({ rewrapped: 1, failed: [] })
    const after = await env.DB.prepare('select * from calendar_sources where id = ?')
      .bind(added.id)
      .first<Record<string, string>>()
    expect(after!.key_id).toBe(next.id)
    expect(after!.url_ciphertext).toBe(before!.url_ciphertext)
    await expect(
      unwrap(old, `calendar-source:${added.id}`, {
        wrappedKey: after!.wrapped_key!,
        wrapIv: after!.wrap_iv!,
      }),
    ).rejects.toThrow()
    // The next read, with the new key only, asks for the address the owner gave.
    const asked: string[] = []
    await syncSource(db, { current: next, previous: null }, added.id, new Date(), async (request) => {
      asked.push(request.url)
      return new Response('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n', {
        headers: { 'Content-Type': 'text/calendar' },
      })
    })
    expect(asked).toEqual([address])
    expect((await rotateVault(db, { current: next, previous: old })).rewrapped).toBe(0)
  })

  it('a secret copied to another row does not open (the id is the additional data)', async () => {
    const db = createDb(env.DB)
    const cookie = await owner()
    const clientId = await newClient(cookie)
    const kek = await kekFrom('a-vault-key-for-the-copy-test-of-32-characters')
    const keys = { current: kek, previous: null }
    const base = { username: null, url: null, notes: null, assetId: null }
    const a = await createCredential(db, keys, clientId, { ...base, label: 'a', secret: 'secret-a' })
    const b = await createCredential(db, keys, clientId, { ...base, label: 'b', secret: 'secret-b' })
    const rowA = await env.DB.prepare('select * from credentials where id = ?')
      .bind(a.id)
      .first<Record<string, string>>()
    const sealedA = {
      secretCiphertext: rowA!.secret_ciphertext!,
      secretIv: rowA!.secret_iv!,
      wrappedKey: rowA!.wrapped_key!,
      wrapIv: rowA!.wrap_iv!,
      keyId: rowA!.key_id!,
    }
    expect(await openSecret(kek, a.id, sealedA)).toBe('secret-a')
    await expect(openSecret(kek, b.id, sealedA)).rejects.toThrow()
  })
})

describe('the vault in GraphQL', () => {
  it('lists without a secret field, refuses bad input naming the field, reveals only after re-auth', async () => {
    const cookie = await owner()
    const clientId = await newClient(cookie)
    const gq = async (query: string, variables: Record<string, unknown>) => {
      const res = await call('/graphql', {
        method: 'POST',
        json: { query, variables },
        headers: { 'x-graphql-yoga-csrf': '1', Cookie: cookie, 'User-Agent': 'gql-agent' },
      })
      return { status: res.status, text: await res.text() }
    }
    const secret = SECRET()
    const made = await gq(
      'mutation($c: ID!, $i: CredentialInput!) { createCredential(clientId: $c, input: $i) { id label } }',
      { c: clientId, i: { label: 'Fax portal', secret } },
    )
    expect(made.text).not.toContain(secret)
    const id = JSON.parse(made.text).data.createCredential.id as string
    const bad = await gq(
      'mutation($c: ID!, $i: CredentialInput!) { createCredential(clientId: $c, input: $i) { id } }',
      { c: clientId, i: { label: 'No secret' } },
    )
    expect(JSON.parse(bad.text).errors[0].extensions.errors).toHaveProperty('secret')
    const listed = await gq('query($id: ID!) { client(id: $id) { credentials { id label username url } } }', {
      id: clientId,
    })
    expect(JSON.parse(listed.text).data.client.credentials).toEqual([
      { id, label: 'Fax portal', username: null, url: null },
    ])
    expect(listed.text).not.toContain(secret)
    const asksForSecret = await gq('query($id: ID!) { client(id: $id) { credentials { secret } } }', {
      id: clientId,
    })
    expect(asksForSecret.status).toBe(400)

    const reveal = 'mutation($id: ID!) { revealCredential(id: $id, purpose: COPY) }'
    await stale(cookie)
    const refused = JSON.parse((await gq(reveal, { id })).text)
    expect(refused.errors[0].extensions).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'second_factor_required',
    })
    // The password is no second factor.
    await call('/api/security/reauth', {
      method: 'POST',
      headers: { Cookie: cookie },
      json: { password: 'test-owner-password' },
    })
    expect(JSON.parse((await gq(reveal, { id })).text).errors[0].extensions).toMatchObject({
      reason: 'second_factor_required',
    })
    await proveSecondFactor(cookie)
    expect(JSON.parse((await gq(reveal, { id })).text).data.revealCredential).toBe(secret)
    const entry = await env.DB.prepare(
      "select action, user_agent from audit_log where action = 'credential.copy' and record like ?",
    )
      .bind(`${id}%`)
      .first<{ action: string; user_agent: string }>()
    expect(entry).toEqual({ action: 'credential.copy', user_agent: 'gql-agent' })
    expect(await rowsContaining(secret)).toBe(0)
  })
})
