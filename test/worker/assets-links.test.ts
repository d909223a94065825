// Issue 38: what the admin's pickers send (GraphQL) names an asset on a time
// entry and a support request, set and cleared, and the asset's page lists
// them (the round trip); a merge that moves an asset to the surviving client
// writes a row in the asset's history.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { gql } from './admin-helpers'
import { json, makeClient } from './billing-fixtures'
import { call } from './helpers'
import { ownerCookie } from './session-helpers'

const CREATE_ASSET =
  'mutation($clientId: ID!, $input: AssetInput!) { createAsset(clientId: $clientId, input: $input) { id } }'
const newAsset = async (clientId: number, name: string) =>
  (
    await gql<{ createAsset: { id: string } }>(CREATE_ASSET, {
      clientId: String(clientId),
      input: { kind: 'WORKSTATION', name },
    })
  ).body.data!.createAsset.id

const ASSET_PAGE =
  'query($id: ID!) { asset(id: $id) { requests { reference } time { minutes description } } }'
type AssetPage = { asset: { requests: { reference: string }[]; time: { minutes: number }[] } }

describe('time entries and requests name an asset from the admin', () => {
  it('records, changes and clears the asset of a time entry and of a request; the asset page lists them', async () => {
    const c = await makeClient()
    const other = await makeClient()
    const mine = await newAsset(c.clientId, 'Front desk PC')
    const spare = await newAsset(c.clientId, 'Spare PC')
    const theirs = await newAsset(other.clientId, 'Their PC')

    const create = (assetId: string) =>
      gql<{ createTimeEntry: { id: string; assetId: string | null }[] }>(
        'mutation($input: TimeEntryInput!) { createTimeEntry(input: $input) { id assetId } }',
        { input: { clientId: String(c.clientId), minutes: 45, description: 'Reimaged', assetId } },
      )
    const wrong = await create(theirs)
    expect(wrong.body.errors?.[0]?.extensions?.errors).toHaveProperty('assetId')
    const made = await create(mine)
    expect(made.body.errors).toBeUndefined()
    const entry = made.body.data!.createTimeEntry[0]!
    expect(entry.assetId).toBe(mine)

    const update = (assetId: string | null) =>
      gql<{ updateTimeEntry: { assetId: string | null; minutes: number } }>(
        'mutation($id: ID!, $input: TimeEntryPatch!) { updateTimeEntry(id: $id, input: $input) { assetId minutes } }',
        { id: entry.id, input: { minutes: 50, assetId } },
      )
    expect((await update(spare)).body.data!.updateTimeEntry).toEqual({ assetId: spare, minutes: 50 })
    const listed = await gql<{ timeEntries: { id: string; assetId: string | null }[] }>(
      'query { timeEntries { id assetId } }',
    )
    expect(listed.body.data!.timeEntries.find((e) => e.id === entry.id)?.assetId).toBe(spare)
    expect((await update(null)).body.data!.updateTimeEntry.assetId).toBeNull()
    // Left out, the asset stays as it is.
    await update(mine)
    const kept = await gql<{ updateTimeEntry: { assetId: string | null } }>(
      'mutation($id: ID!) { updateTimeEntry(id: $id, input: {description: "Reimaged and updated"}) { assetId } }',
      { id: entry.id },
    )
    expect(kept.body.data!.updateTimeEntry.assetId).toBe(mine)

    const link = (assetId: string | null) =>
      gql('mutation($r: ID!, $a: ID) { linkRequestAsset(requestId: $r, assetId: $a) }', {
        r: String(c.requestId),
        a: assetId,
      })
    expect((await link(theirs)).body.errors?.[0]?.extensions?.errors).toHaveProperty('assetId')
    expect((await link(mine)).body.data).toEqual({ linkRequestAsset: true })
    const requests = await gql<{ supportRequests: { id: string; assetId: string | null }[] }>(
      'query { supportRequests { id assetId } }',
    )
    expect(requests.body.data!.supportRequests.find((r) => r.id === String(c.requestId))?.assetId).toBe(mine)

    const page = await gql<AssetPage>(ASSET_PAGE, { id: mine })
    expect(page.body.data!.asset.requests.map((r) => r.reference)).toEqual([c.reference])
    expect(page.body.data!.asset.time.map((t) => t.minutes)).toEqual([50])

    await link(null)
    await update(null)
    const emptied = await gql<AssetPage>(ASSET_PAGE, { id: mine })
    expect(emptied.body.data!.asset).toEqual({ requests: [], time: [] })
  })
})

describe('merging clients', () => {
  it("writes a row in each moved asset's history naming the client it came from", async () => {
    const target = await makeClient()
    const source = await makeClient()
    const moved = await newAsset(source.clientId, 'Old clinic server')
    const stays = await newAsset(target.clientId, 'Main clinic server')
    const names = async (id: number) =>
      (await env.DB.prepare('select name from clients where id = ?').bind(id).first<{ name: string }>())!.name
    const [targetName, sourceName] = [await names(target.clientId), await names(source.clientId)]

    const merged = await gql(
      'mutation ($t: ID!, $s: ID!) { mergeClients(targetId: $t, sourceId: $s) { id } }',
      { t: String(target.clientId), s: String(source.clientId) },
    )
    expect(merged.body.errors).toBeUndefined()

    const history = (id: string) =>
      gql<{ asset: { clientId: string; history: { action: string; actor: string; changes: string }[] } }>(
        'query($id: ID!) { asset(id: $id) { clientId history { action actor changes } } }',
        { id },
      )
    const read = (await history(moved)).body.data!.asset
    expect(read.clientId).toBe(String(target.clientId))
    expect(read.history.map((h) => [h.action, h.actor])).toEqual([
      ['merged', 'owner'],
      ['created', 'owner'],
    ])
    expect(JSON.parse(read.history[0]!.changes)).toEqual({ client: [sourceName, targetName] })
    expect((await history(stays)).body.data!.asset.history.map((h) => h.action)).toEqual(['created'])

    // REST shows the same row.
    const rest = await json<{ history: { action: string; changes: Record<string, unknown> }[] }>(
      await call(`/api/assets/${moved}`, { headers: { Cookie: await ownerCookie() } }),
    )
    expect(rest.history[0]).toMatchObject({ action: 'merged', changes: { client: [sourceName, targetName] } })
  })
})
