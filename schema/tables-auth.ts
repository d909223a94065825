// The owner's sign-in and security: sessions, devices, passkeys, recovery codes, throttling, audit, tokens.
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { timestamps } from './timestamps'

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  // "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>": the parameters travel
  // with the hash so the iteration count can be raised later.
  passwordHash: text('password_hash').notNull(),
  // The authenticator app's (TOTP) key, encrypted with AES-GCM under TOTP_KEY_SECRET
  // ("v1:<iv b64>:<ciphertext b64>", worker/auth/totp-seal.ts); a plain base64 key
  // from before migration 0010 is sealed by the cron or when next read. Null until enrolled.
  totpKey: text('totp_key'),
  // The last TOTP time step accepted, so a code is never accepted twice.
  totpLastStep: integer('totp_last_step'),
  // The WebAuthn user handle (random, base64url): passkeys name the account by it, not by the username.
  webauthnUserId: text('webauthn_user_id'),
  ...timestamps,
})

// Sessions (docs/decisions/022-sessions-in-d1.md): the cookie holds a random
// token, the row only its SHA-256 (hex), so a leaked table is not a set of cookies.
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    // The absolute end; the idle timeout is counted from lastSeenAt.
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    // Coarse location from Cloudflare's request.cf (city, region, country), when it provides one.
    location: text('location'),
    // When this session's owner last proved a password or passkey (sign-in, or the
    // Security area's re-authentication): changes to sign-in methods need it recent
    // (docs/decisions/078-sudo-mode.md). Null for sessions from before migration 0010.
    reauthAt: integer('reauth_at', { mode: 'timestamp_ms' }),
    // When this session last proved a second factor (an authenticator code or a
    // passkey) through the re-authentication, never through sign-in: a vault reveal
    // needs it recent (ADR 181). Null until the first such proof (migration 0031).
    factorAt: integer('factor_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

// Browsers the owner has signed in from: a long-lived random cookie, of which only
// the SHA-256 is kept; a sign-in from any other browser is announced by e-mail
// (docs/decisions/079-owner-security-notices.md).
export const knownDevices = sqliteTable(
  'known_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
)

// Passkeys (WebAuthn credentials), verified with @simplewebauthn/server.
export const passkeys = sqliteTable(
  'passkeys',
  {
    // The credential id, base64url.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // The COSE public key, base64url.
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
)

// One-time recovery codes: only their SHA-256 is kept; a used code gets usedAt.
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
)

// Failed sign-ins per key (an address, or a username at an address), for the
// slow-down without lockout of docs/decisions/021-sign-in-throttling.md.
export const signInFailures = sqliteTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  firstFailureAt: integer('first_failure_at', { mode: 'timestamp_ms' }).notNull(),
  blockedUntil: integer('blocked_until', { mode: 'timestamp_ms' }).notNull(),
})

// The audit trail: appended to, listed, and purged by the cron after the
// retention period; no API updates or deletes a row.
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    userId: integer('user_id'),
    // Who: the signed-in owner, or the username a failed sign-in named.
    actor: text('actor'),
    action: text('action').notNull(),
    record: text('record'),
    // The record's state after the write, when it set one ("confirmed"), so the
    // log can say "Changed C-1002 to Confirmed" (issue 28).
    state: text('state'),
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
)

/** The owner's personal access tokens for the REST API (Authorization: Bearer). */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // SHA-256 (hex) of the token; the token itself is shown once.
    tokenHash: text('token_hash').notNull().unique(),
    // 'read' | 'read-write' | 'billing'
    scope: text('scope').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
)

export type User = typeof users.$inferSelect
export type Session = typeof sessions.$inferSelect
export type Passkey = typeof passkeys.$inferSelect
export type AuditEntry = typeof auditLog.$inferSelect
export type ApiToken = typeof apiTokens.$inferSelect
