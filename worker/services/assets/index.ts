// The clients' IT inventory (issue 38): the one service every layer uses (REST,
// GraphQL, page actions, the cron) and later areas build on (incidents,
// maintenance). Import from here, not from the files behind it.
export {
  checkCsv,
  exportAssetsCsv,
  type ImportError,
  type ImportResult,
  importAssetsCsv,
  parseCsv,
} from './csv'
export { assetInventory } from './inventory'
export { type PortalAsset, portalAsset, portalAssets } from './portal'
export {
  type AssetActor,
  type AssetChange,
  assetHistory,
  assetRequests,
  assetTime,
  checkAssetLink,
  clientAsset,
  createAsset,
  getAsset,
  linkRequestAsset,
  listAssets,
  retireAsset,
  updateAsset,
} from './records'
export { queueRenewalNotices, type Renewal, renewalQuote, renewalsWithin } from './renewals'
