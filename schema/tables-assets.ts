// A client's IT (issue 38): assets, their history and renewal notices, and the vault's credentials.
import { sql } from 'drizzle-orm'
import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { AssetKind, AssetStatus, EphiAnswer } from './assets'
import { clients } from './tables-clients'
import { timestamps } from './timestamps'

/**
 * One piece of a client's IT (issue 38): a machine, a licence, a domain, a
 * certificate. Never deleted: retiring sets the status, so requests, time and
 * the history that name it keep their meaning. Dates are calendar dates
 * (YYYY-MM-DD) in the business time zone.
 */
export const assets = sqliteTable(
  'assets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    kind: text('kind').$type<AssetKind>().notNull(),
    name: text('name').notNull(),
    model: text('model'),
    serial: text('serial'),
    location: text('location'),
    assignedTo: text('assigned_to'),
    // The person of the client's staff who holds it (issue 55): a departure collects it.
    staffId: integer('staff_id'),
    // Operating system and its version ("Windows 11 Pro 24H2").
    os: text('os'),
    purchaseDate: text('purchase_date'),
    warrantyEnd: text('warranty_end'),
    // When a licence, domain, certificate or subscription must be renewed.
    renewalDate: text('renewal_date'),
    seats: integer('seats'),
    // Stores or processes patient data: 'yes' | 'no' | 'unknown'.
    ephi: text('ephi').$type<EphiAnswer>().notNull().default('unknown'),
    status: text('status').$type<AssetStatus>().notNull().default('in_use'),
    // The owner's notes: internal, never shown in the portal.
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    index('assets_client_idx').on(t.clientId, t.status),
    index('assets_renewal_idx').on(t.renewalDate),
    index('assets_warranty_idx').on(t.warrantyEnd),
  ],
)

/** An asset's history: one row per change (who, when, which fields from what to what). Append-only. */
export const assetChanges = sqliteTable(
  'asset_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    at: integer('at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
    // 'owner', 'token:<name>', 'import', 'portal:<contact id>'
    actor: text('actor').notNull(),
    // 'created' | 'updated' | 'retired' | 'imported'
    action: text('action').notNull(),
    // {field: [before, after]} for an update; the whole record for created/imported.
    changes: text('changes', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
  },
  (t) => [index('asset_changes_asset_idx').on(t.assetId, t.at)],
)

export type Asset = typeof assets.$inferSelect

/**
 * The renewal e-mails sent to the owner (issue 38): one row per asset, what
 * expires (warranty or renewal), its date and the lead (60 or 14 days). The
 * unique index is the claim, so two cron runs at once send each notice once;
 * a new date (the licence was renewed) gets its own notices.
 */
export const assetRenewalNotices = sqliteTable(
  'asset_renewal_notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    // 'warranty' | 'renewal' (RENEWAL_WHATS)
    what: text('what').notNull(),
    dueDate: text('due_date').notNull(),
    leadDays: integer('lead_days').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('asset_renewal_notices_once').on(t.assetId, t.what, t.dueDate, t.leadDays)],
)

/**
 * A client's credential in the vault (issue 38, docs/vault.md): the secret is
 * only ever stored encrypted (AES-256-GCM under a random per-record data key,
 * the data key wrapped by the key-encryption key from VAULT_KEY, identified by
 * key_id). The id is random text made before the insert, so the ciphertexts'
 * additional data can name it: a secret copied to another row does not open.
 */
export const credentials = sqliteTable(
  'credentials',
  {
    id: text('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    assetId: integer('asset_id').references((): AnySQLiteColumn => assets.id, { onDelete: 'set null' }),
    label: text('label').notNull(),
    username: text('username'),
    url: text('url'),
    notes: text('notes'),
    // The person of the client's staff who knows it (issue 55): a departure rotates it.
    staffId: integer('staff_id'),
    secretCiphertext: text('secret_ciphertext').notNull(),
    secretIv: text('secret_iv').notNull(),
    wrappedKey: text('wrapped_key').notNull(),
    wrapIv: text('wrap_iv').notNull(),
    // Which key-encryption key wrapped the data key: a fingerprint of it, never the key.
    keyId: text('key_id').notNull(),
    ...timestamps,
  },
  (t) => [index('credentials_client_idx').on(t.clientId), index('credentials_key_idx').on(t.keyId)],
)
export type Credential = typeof credentials.$inferSelect
