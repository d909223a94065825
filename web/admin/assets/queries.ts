// The typed GraphQL documents of the assets section, the asset page and the renewals (issue 38).
import { graphql } from '../graphql'

// Every field of an asset, for the list and the asset page (unmasked: the screens read it directly).
const ASSET_FIELDS = graphql(`
  fragment AssetFields on Asset @_unmask {
    id clientId kind name model serial location assignedTo os purchaseDate warrantyEnd renewalDate seats ephi status notes
  }
`)

export const CLIENT_ASSETS = graphql(
  `query ClientAssets($clientId: ID!, $kind: AssetKind, $status: String, $ephi: EphiAnswer, $sort: String) { assets(clientId: $clientId, kind: $kind, status: $status, ephi: $ephi, sort: $sort) { ...AssetFields } }`,
  [ASSET_FIELDS],
)
export const ASSET = graphql(
  `query Asset($id: ID!) { asset(id: $id) { ...AssetFields requests { id reference status issueType description createdAt } time { id date minutes description billable } history { id at actor action changes } } }`,
  [ASSET_FIELDS],
)
export const RENEWALS = graphql(
  'query AssetRenewals($days: Int) { assetRenewals(days: $days) { assetId clientId clientName name kind date what } }',
)
export const CREATE_ASSET = graphql(
  'mutation CreateAsset($clientId: ID!, $input: AssetInput!) { createAsset(clientId: $clientId, input: $input) { id name } }',
)
export const UPDATE_ASSET = graphql(
  'mutation UpdateAsset($id: ID!, $input: AssetPatchInput!) { updateAsset(id: $id, input: $input) { id name } }',
)
export const RETIRE_ASSET = graphql('mutation RetireAsset($id: ID!) { retireAsset(id: $id) { id status } }')
export const RENEW_ASSET = graphql(
  'mutation RenewAsset($id: ID!, $what: RenewalWhat!) { renewAsset(id: $id, what: $what) }',
)
