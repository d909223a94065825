// A reveal of the vault (issue 38) leaves exactly one audit entry, the
// vault's own `credential.reveal` / `credential.copy`, not also the generic
// "owner write" entry of the REST or GraphQL request; a refused reveal still
// leaves one (the generic failure). And an edit that leaves the secret out
// keeps it.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { sessionIdOf } from '../../worker/auth/session'
import { owner } from './admin-helpers'
import { call } from './helpers'
import { proveSecondFactor } from './session-helpers'

async function newClient(cookie: string) {
  const res = await call('/api/clients', {
    method: 'POST',
    headers: { Cookie: cookie },
    json: { name: `Audit Clinic ${crypto.randomUUID().slice(0, 8)}` },
  })
  return ((await res.json()) as { id: number }).id
}

const as = (cookie: string) => (method: string, path: string, json?: unknown) =>
  call(path, { method, headers: { Cookie: cookie }, ...(json ? { json } : {}) })

/** Every audit entry since `afterId` that names the credential (by its id in the record or the path). */
async function entriesFor(id: string, afterId: number) {
  const { results } = await env.DB.prepare(
    'select action, outcome from audit_log where id > ? and (record like ? or action like ?) order by id',
  )
    .bind(afterId, `%${id}%`, '%reveal%')
    .all<{ action: string; outcome: string }>()
  return results
}
const lastId = async () =>
  (await env.DB.prepare('select coalesce(max(id), 0) as n from audit_log').first<{ n: number }>())!.n

describe('one audit entry per reveal', () => {
  it('REST: a reveal and a copy are one entry each; a refused reveal is one failure', async () => {
    const cookie = await owner()
    const api = as(cookie)
    const clientId = await newClient(cookie)
    const made = await api('POST', `/api/clients/${clientId}/credentials`, { label: 'EHR', secret: 'pw-1' })
    const { id } = (await made.json()) as { id: string }
    await proveSecondFactor(cookie)

    let from = await lastId()
    expect((await api('POST', `/api/credentials/${id}/reveal`)).status).toBe(200)
    expect(await entriesFor(id, from)).toEqual([{ action: 'credential.reveal', outcome: 'success' }])

    from = await lastId()
    expect((await api('POST', `/api/credentials/${id}/reveal`, { purpose: 'copy' })).status).toBe(200)
    expect(await entriesFor(id, from)).toEqual([{ action: 'credential.copy', outcome: 'success' }])

    await env.DB.prepare('update sessions set factor_at = ? where id = ?')
      .bind(Date.now() - 11 * 60 * 1000, sessionIdOf(cookie.replace(/^session=/, '')))
      .run()
    from = await lastId()
    expect((await api('POST', `/api/credentials/${id}/reveal`)).status).toBe(403)
    expect(await entriesFor(id, from)).toEqual([
      { action: 'POST /api/credentials/:id/reveal', outcome: 'failure' },
    ])
  })

  it('GraphQL: a reveal is one entry; another mutation in the same request keeps its own', async () => {
    const cookie = await owner()
    const clientId = await newClient(cookie)
    const made = await as(cookie)('POST', `/api/clients/${clientId}/credentials`, {
      label: 'Wi-Fi',
      secret: 'pw-2',
      username: 'guest',
      url: 'https://wifi.example',
    })
    const { id } = (await made.json()) as { id: string }
    const gq = async (query: string, variables: Record<string, unknown>) =>
      (await (
        await call('/graphql', {
          method: 'POST',
          json: { query, variables },
          headers: { 'x-graphql-yoga-csrf': '1', Cookie: cookie },
        })
      ).json()) as { data?: Record<string, unknown>; errors?: unknown[] }
    await proveSecondFactor(cookie)

    let from = await lastId()
    const shown = await gq('mutation($id: ID!) { revealCredential(id: $id) }', { id })
    expect(shown.data?.revealCredential).toBe('pw-2')
    expect(await entriesFor(id, from)).toEqual([{ action: 'credential.reveal', outcome: 'success' }])

    from = await lastId()
    const both = await gq(
      'mutation($id: ID!) { revealCredential(id: $id, purpose: COPY) updateCredential(id: $id, input: {label: "Guest Wi-Fi"}) { id } }',
      { id },
    )
    expect(both.errors).toBeUndefined()
    expect(await entriesFor(id, from)).toEqual([
      { action: 'credential.copy', outcome: 'success' },
      { action: 'graphql updateCredential', outcome: 'success' },
    ])

    // GraphQL edits like REST: null clears an optional field, a left-out secret stays.
    const cleared = await gq(
      'mutation($id: ID!) { updateCredential(id: $id, input: {username: null, url: null, label: null}) { label username url } }',
      { id },
    )
    expect(cleared.data?.updateCredential).toEqual({ label: 'Guest Wi-Fi', username: null, url: null })
    expect(
      (await gq('mutation($id: ID!) { revealCredential(id: $id) }', { id })).data?.revealCredential,
    ).toBe('pw-2')
  })
})

describe('editing a credential', () => {
  it('an edit without a secret keeps it; clearing the asset and the notes works; bad fields are named', async () => {
    const cookie = await owner()
    const api = as(cookie)
    const clientId = await newClient(cookie)
    const asset = (await (
      await api('POST', `/api/clients/${clientId}/assets`, { kind: 'network', name: 'Router' })
    ).json()) as { id: number }
    const made = await api('POST', `/api/clients/${clientId}/credentials`, {
      label: 'Router admin',
      secret: 'keep-me',
      notes: 'n',
      assetId: asset.id,
    })
    const { id } = (await made.json()) as { id: string }
    const row = () =>
      env.DB.prepare('select secret_ciphertext, wrapped_key from credentials where id = ?')
        .bind(id)
        .first<Record<string, string>>()
    const before = await row()
    const patched = await api('PATCH', `/api/credentials/${id}`, {
      label: 'Router (admin)',
      username: 'root',
      url: 'https://10.0.0.1',
      notes: null,
      assetId: null,
    })
    expect(patched.status).toBe(200)
    expect(await patched.json()).toMatchObject({
      label: 'Router (admin)',
      username: 'root',
      url: 'https://10.0.0.1',
      notes: null,
      assetId: null,
    })
    expect(await row()).toEqual(before)
    await proveSecondFactor(cookie)
    expect(await (await api('POST', `/api/credentials/${id}/reveal`)).json()).toEqual({ secret: 'keep-me' })

    const bad = await api('PATCH', `/api/credentials/${id}`, { label: '', url: 'ftp://x' })
    expect(bad.status).toBe(400)
    const { errors } = (await bad.json()) as { errors: Record<string, string> }
    expect(Object.keys(errors).sort()).toEqual(['label', 'url'])
  })
})
