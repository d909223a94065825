// Clients and their portal (issue 24): contacts, notes, portal sessions and links, shared files.
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { timestamps } from './timestamps'

/** A client: an organisation (or a person working alone) the owner works for. */
export const clients = sqliteTable(
  'clients',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    // E-mail domains of the organisation (["clinic.example"]), lower case.
    domains: text('domains', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    notes: text('notes'),
    // Default hourly rate for time entries, in cents; null: none set.
    defaultRateCents: integer('default_rate_cents'),
    // Time is rounded up per entry when invoiced: 0 (none), 6 or 15 minutes.
    roundingMinutes: integer('rounding_minutes').notNull().default(0),
    // Invoice payment terms in days (Net 15 by default).
    paymentTermsDays: integer('payment_terms_days').notNull().default(15),
    // A healthcare practice whose patient data the owner may touch (issue 39): it
    // needs a BAA on file, and the compliance desk flags it until one is.
    handlesPhi: integer('handles_phi', { mode: 'boolean' }).notNull().default(false),
    // 'active' | 'archived'
    status: text('status').notNull().default('active'),
    ...timestamps,
  },
  (t) => [index('clients_name_idx').on(t.name)],
)

/**
 * The client's dated notes log (issue 36): each note is kept as written, newest
 * shown first, in place of the one `clients.notes` field that each edit
 * overwrote (migration 0028 keeps each client's old notes as its first entry;
 * the column stays for the REST API's readers and is no longer shown).
 */
export const clientNotes = sqliteTable(
  'client_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    // The owner's username at the time; null for notes carried over from the old field.
    author: text('author'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('client_notes_client_idx').on(t.clientId, t.createdAt)],
)

/** A person of one client. Their e-mail address is unique across all contacts (lower case). */
export const contacts = sqliteTable(
  'contacts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    phone: text('phone'),
    role: text('role'),
    // The monthly service report by e-mail (issue 40): the contact's own choice, off until chosen.
    reportOptIn: integer('report_opt_in', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [index('contacts_client_idx').on(t.clientId)],
)

/**
 * A contact's portal session: like the owner's (sessions), the cookie holds a
 * random token and the row only its SHA-256. Separate table, separate cookie.
 */
export const portalSessions = sqliteTable(
  'portal_sessions',
  {
    id: text('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('portal_sessions_contact_idx').on(t.contactId)],
)

/**
 * E-mailed portal sign-in links: single use, short-lived. Kept in D1 rather
 * than KV so that using one is a single conditional UPDATE (atomic: a link
 * works once even when opened twice at the same moment). Only the SHA-256 of
 * the token is stored. `next` is where the link leads after signing in.
 */
export const portalLinks = sqliteTable(
  'portal_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    next: text('next'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('portal_links_contact_idx').on(t.contactId)],
)

/** Files shared between the owner and a client (R2), both directions. */
export const clientFiles = sqliteTable(
  'client_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    // The R2 key.
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    // 'owner' (shared with the client) or 'contact' (uploaded by one).
    uploadedBy: text('uploaded_by').notNull(),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('client_files_client_idx').on(t.clientId)],
)

export type Client = typeof clients.$inferSelect
export type ClientNote = typeof clientNotes.$inferSelect
export type Contact = typeof contacts.$inferSelect
export type PortalSession = typeof portalSessions.$inferSelect
export type ClientFile = typeof clientFiles.$inferSelect
