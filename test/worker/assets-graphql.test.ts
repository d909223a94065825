// Issue 38: the admin's GraphQL for assets calls the same service with the
// same payload schema as REST: owner only, the same field errors, nothing
// stored on bad input, and the history written by the same path.
import { describe, expect, it } from 'vitest'
import { gql } from './admin-helpers'
import { asOwner, countRows, json, makeClient } from './billing-fixtures'

const CREATE =
  'mutation($clientId: ID!, $input: AssetInput!) { createAsset(clientId: $clientId, input: $input) { id name kind ephi status } }'

describe('assets over GraphQL', () => {
  it('creates, changes, retires and renews through the owner session only', async () => {
    const c = await makeClient()
    const input = { kind: 'SOFTWARE_LICENCE', name: 'Microsoft 365', renewalDate: '2027-04-01', seats: 9 }
    const anonymous = await gql(CREATE, { clientId: String(c.clientId), input }, false)
    expect(anonymous.body.data?.createAsset ?? null).toBeNull()
    expect(anonymous.status).toBe(401)
    expect(await countRows('select count(*) as n from assets where client_id = ?', c.clientId)).toBe(0)

    const made = await gql<{ createAsset: { id: string; kind: string; ephi: string; status: string } }>(
      CREATE,
      {
        clientId: String(c.clientId),
        input,
      },
    )
    expect(made.body.data!.createAsset).toMatchObject({
      kind: 'SOFTWARE_LICENCE',
      ephi: 'UNKNOWN',
      status: 'IN_USE',
    })
    const id = made.body.data!.createAsset.id

    const changed = await gql(
      'mutation($id: ID!, $input: AssetPatchInput!) { updateAsset(id: $id, input: $input) { id seats renewalDate } }',
      { id, input: { seats: 12, renewalDate: null } },
    )
    expect(changed.body.data).toEqual({ updateAsset: { id, seats: 12, renewalDate: null } })
    const renew = await gql('mutation($id: ID!) { renewAsset(id: $id, what: RENEWAL) }', { id })
    expect(renew.body.errors?.[0]?.extensions?.errors).toEqual({ what: 'This asset has no renewal date' })
    await gql('mutation($id: ID!) { retireAsset(id: $id) { id } }', { id })

    const read = await gql<{ asset: { status: string; history: { action: string; changes: string }[] } }>(
      'query($id: ID!) { asset(id: $id) { status history { action changes } } }',
      { id },
    )
    expect(read.body.data!.asset.status).toBe('RETIRED')
    expect(read.body.data!.asset.history.map((h) => h.action)).toEqual(['retired', 'updated', 'created'])
    expect(JSON.parse(read.body.data!.asset.history[1]!.changes)).toEqual({
      seats: [9, 12],
      renewalDate: ['2027-04-01', null],
    })
    const listed = await json<{ id: number }[]>(await asOwner(`/api/clients/${c.clientId}/assets?status=all`))
    expect(listed.map((a) => String(a.id))).toEqual([id])
  })

  it('answers the payload schema’s field errors and stores nothing', async () => {
    const c = await makeClient()
    const bad = await gql(CREATE, {
      clientId: String(c.clientId),
      input: { kind: 'LAPTOP', name: '', warrantyEnd: '2027-13-01', seats: -2 },
    })
    expect(bad.body.data?.createAsset ?? null).toBeNull()
    expect(Object.keys(bad.body.errors?.[0]?.extensions?.errors ?? {}).sort()).toEqual([
      'name',
      'seats',
      'warrantyEnd',
    ])
    expect(await countRows('select count(*) as n from assets where client_id = ?', c.clientId)).toBe(0)
    const window = await gql('{ assetRenewals(days: 45) { assetId } }')
    expect(window.body.errors?.[0]?.extensions?.errors).toEqual({ days: 'Days must be 30, 60 or 90' })
  })
})
