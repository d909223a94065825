// Issue 36: a likely duplicate client (same name once case, spaces and
// punctuation are set aside) is refused by the one service behind REST and
// GraphQL with 409 LIKELY_DUPLICATE, unless the caller confirms it.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { normalisedName } from '../../worker/services/client-duplicates'
import { gql, rest } from './admin-helpers'

const unique = () => `Harbor View ${crypto.randomUUID().slice(0, 8)} Clinic`

describe('the likely-duplicate check', () => {
  it('normalises case, spaces and punctuation only', () => {
    expect(normalisedName('  Riverside  Family-Clinic, Inc. ')).toBe(
      normalisedName('riverside family clinic inc'),
    )
    expect(normalisedName('Riverside Family Clinic')).not.toBe(normalisedName('Riverside Family Clinics'))
  })

  it('REST: refuses a second client with a matching name (409, nothing stored), creates it when confirmed', async () => {
    const name = unique()
    const first = await rest('POST', '/api/clients', { name })
    expect(first.status).toBe(201)
    const { id } = (await first.json()) as { id: number }

    const twin = name.toUpperCase().replace(/ /g, '  ').replace('CLINIC', 'CLINIC.')
    const refused = await rest('POST', '/api/clients', { name: twin })
    expect(refused.status).toBe(409)
    const body = (await refused.json()) as { message: string; code: string; errors: { name: string } }
    expect(body.code).toBe('LIKELY_DUPLICATE')
    expect(body.message).toContain(name)
    expect(body.errors.name).toContain(name)
    const stored = await env.DB.prepare('select count(*) as n from clients where lower(name) like ?')
      .bind(`%${name.slice(12, 20).toLowerCase()}%`)
      .first<{ n: number }>()
    expect(stored!.n).toBe(1)

    expect((await rest('PATCH', `/api/clients/${id}`, { name: ` ${name} ` })).status).toBe(200)
    const confirmed = await rest('POST', '/api/clients', { name: twin, confirmDuplicate: true })
    expect(confirmed.status).toBe(201)

    // A rename onto another client's name is refused the same way; keeping one's own name is not.
    const other = (await (await rest('POST', '/api/clients', { name: unique() })).json()) as { id: number }
    const rename = await rest('PATCH', `/api/clients/${other.id}`, { name: `${name}!` })
    expect(rename.status).toBe(409)
    expect(((await rename.json()) as { code: string }).code).toBe('LIKELY_DUPLICATE')
    expect(
      (await rest('PATCH', `/api/clients/${other.id}`, { name: `${name}!`, confirmDuplicate: true })).status,
    ).toBe(200)
  })

  it('GraphQL: the same refusal, with reason LIKELY_DUPLICATE and the name field message', async () => {
    const name = unique()
    expect((await rest('POST', '/api/clients', { name })).status).toBe(201)
    const create = `mutation($input: ClientInput!) { createClient(input: $input) { id name } }`
    const { body } = await gql<{ createClient: { id: string } }>(create, {
      input: { name: name.toLowerCase() },
    })
    const error = body.errors?.[0] as unknown as {
      extensions: { code: string; reason: string; errors: { name: string } }
    }
    expect(error.extensions).toMatchObject({ code: 'CONFLICT', reason: 'LIKELY_DUPLICATE' })
    expect(error.extensions.errors.name).toContain(name)
    const again = await gql<{ createClient: { id: string } }>(create, {
      input: { name: name.toLowerCase(), confirmDuplicate: true },
    })
    expect(again.body.errors).toBeUndefined()
    expect(again.body.data?.createClient.id).toBeTruthy()
  })
})
