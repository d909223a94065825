// The owner's books and calendar (issue 56): the owner's own calendars read for
// busy times, and the private feed of bookings. The accounting codes of the
// Xero export live with the billing settings (schema/tables-billing.ts).
import { sql } from 'drizzle-orm'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/** A busy interval of the owner's: UTC milliseconds, start inclusive, end exclusive. */
export type BusyInterval = [start: number, end: number]

/**
 * A secret iCal address of one of the owner's calendars (Google, Apple,
 * Outlook). The address is a password to that calendar: it is stored sealed
 * with the vault's key (AES-GCM, worker/services/calendar-sources.ts); only its
 * host is kept in the clear, to name it. The last good copy of its busy times
 * is kept, so a source that fails keeps blocking what it blocked.
 */
export const calendarSources = sqliteTable('calendar_sources', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  host: text('host').notNull(),
  urlCiphertext: text('url_ciphertext').notNull(),
  urlIv: text('url_iv').notNull(),
  wrappedKey: text('wrapped_key').notNull(),
  wrapIv: text('wrap_iv').notNull(),
  keyId: text('key_id').notNull(),
  // Conditional requests: the validators of the last good copy.
  etag: text('etag'),
  lastModified: text('last_modified'),
  busy: text('busy', { mode: 'json' }).$type<BusyInterval[]>().notNull().default(sql`'[]'`),
  lastSyncedAt: integer('last_synced_at', { mode: 'timestamp_ms' }),
  lastAttemptAt: integer('last_attempt_at', { mode: 'timestamp_ms' }),
  lastError: text('last_error'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
})

/**
 * The private feed of bookings (at most one: id 1). Only the SHA-256 of its
 * token is stored: the address is shown once, when it is made; regenerating
 * replaces the hash, so the old address answers 404.
 */
export const calendarFeed = sqliteTable('calendar_feed', {
  id: integer('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  busyOnly: integer('busy_only', { mode: 'boolean' }).notNull().default(true),
  includeMaintenance: integer('include_maintenance', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
})

export type CalendarSource = typeof calendarSources.$inferSelect
