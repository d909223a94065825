// The data model, defined once with Drizzle. drizzle-kit generates the D1
// migrations in migrations/ from this file (npm run db:generate).
import { sql } from 'drizzle-orm'
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  sqliteView,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core'
import type { AssetKind, AssetStatus, EphiAnswer } from './assets'
import type { InvoiceSource, InvoiceStatus, PaymentMethod, QuotePart, UnmatchedReason } from './billing-words'
import type {
  BaaSource,
  DayKind,
  DeadlineBasis,
  Determination,
  EphiInvolved,
  ReminderMark,
} from './compliance'
import type { MaintenanceFreq, ScheduleStatus, TaskStatus } from './maintenance'
import type { RiskArea, RiskFinding, RiskStatus } from './risk-checklist'

// Every row carries creation and update times in epoch milliseconds; Drizzle
// maps them to Date, which serialises to ISO 8601 in JSON.
const timestamps = {
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)
    .$onUpdate(() => new Date()),
}

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

export const projects = sqliteTable(
  'projects',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    // The page's address, /portfolio-solutions/{slug}: generated from the title, editable, unique.
    slug: text('slug').notNull().unique(),
    description: text('description').notNull(),
    category: text('category').notNull().default('other'),
    businessValue: text('business_value'),
    keyFeatures: text('key_features', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    problemSolved: text('problem_solved'),
    targetAudience: text('target_audience'),
    // Nullable on purpose: legacy rows without a status show as production.
    status: text('status'),
    image: text('image'),
    technologies: text('technologies', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    liveUrl: text('live_url'),
    githubUrl: text('github_url'),
    demoUrl: text('demo_url'),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(true),
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    order: integer('sort_order').notNull().default(0),
    // Label/value pairs ("Documentation time", "-70%"); migrated from free text (0008).
    metrics: text('metrics', { mode: 'json' }).$type<ProjectMetric[]>().notNull().default(sql`'[]'`),
    testimonial: text('testimonial', { mode: 'json' }).$type<ProjectTestimonial | null>(),
    ...timestamps,
  },
  (t) => [index('projects_order_idx').on(t.order, t.createdAt)],
)

export type ProjectMetric = { label: string; value: string }
export type ProjectTestimonial = { quote: string; author: string; role: string }

// Slugs a project had before it was renamed: their pages answer 301 to the current slug.
export const projectSlugHistory = sqliteTable(
  'project_slug_history',
  {
    slug: text('slug').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('project_slug_history_project_idx').on(t.projectId)],
)

export const resumes = sqliteTable('resumes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  fileSize: integer('file_size').notNull(),
  objectKey: text('object_key').notNull(),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
})

export const uploadedFiles = sqliteTable('uploaded_files', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  originalName: text('original_name').notNull(),
  mimetype: text('mimetype').notNull(),
  size: integer('size').notNull(),
  objectKey: text('object_key').notNull(),
  // A public image (raster, uploaded for a project or a content block) is served
  // to anyone from /media/{key}; every other file stays owner-only.
  isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
})

export const pageContent = sqliteTable('page_content', {
  key: text('key').primaryKey(),
  content: text('content').notNull(),
  contentType: text('content_type').notNull().default('text'),
  ...timestamps,
})

export const skills = sqliteTable('skills', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  category: text('category').notNull(),
  name: text('name').notNull(),
  // Position within its category (drag-and-drop in the admin).
  order: integer('sort_order').notNull().default(0),
  ...timestamps,
})

export const consultations = sqliteTable(
  'consultations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    projectType: text('project_type').notNull(),
    budget: text('budget'),
    // ISO date-time built from the chosen date and slot (SPEC §3).
    preferredDate: text('preferred_date').notNull(),
    preferredTime: text('preferred_time').notNull(),
    description: text('description').notNull(),
    notes: text('notes'),
    status: text('status').notNull().default('pending'),
    // When the owner closed it (completed or cancelled); retention counts from here.
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    /** When the requester's latest e-mail (or portal) reply arrived, until the owner opens the request. */
    customerRepliedAt: integer('customer_replied_at', { mode: 'timestamp_ms' }),
    // SHA-256 of the normalised submission: an identical resubmission within
    // DEDUPE_WINDOW_MS is answered as the first and not stored again.
    fingerprint: text('fingerprint'),
    // The visitor's reference (C-1042), assigned at insert from requestNumbers.
    // Nullable only because SQLite cannot add a NOT NULL column to a table with
    // rows; every row has one (migration 0007 numbered the older ones).
    reference: text('reference').unique(),
    // The booking's stable identity (issue 17): the invitation's UID and what the
    // visitor's signed manage link names; random, so it reveals nothing.
    uid: text('uid'),
    // The invitation's SEQUENCE: raised on every change of time or status the visitor is told of.
    sequence: integer('sequence').notNull().default(0),
    // Set when the cron queued the day-before reminder, so it goes out once.
    reminderSentAt: integer('reminder_sent_at', { mode: 'timestamp_ms' }),
    // Whose request this is (issue 24): the contact matched by e-mail address at
    // intake (or made from the request), and that contact's client, kept on the
    // row so every portal query is one indexed filter by client.
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('consultations_fingerprint_idx').on(t.fingerprint, t.createdAt),
    index('consultations_client_idx').on(t.clientId),
    uniqueIndex('consultations_uid_idx').on(t.uid),
    // One pending or confirmed consultation per slot: the database refuses the
    // second of two concurrent bookings (docs/decisions/059-slot-integrity.md).
    uniqueIndex('consultations_active_slot_idx')
      .on(t.preferredDate, t.preferredTime)
      .where(sql`status in ('pending', 'confirmed')`),
  ],
)

/**
 * The owner's availability (issue 17): one row (id 1); absent means the
 * defaults of worker/services/availability.ts.
 */
export const availabilitySettings = sqliteTable('availability_settings', {
  id: integer('id').primaryKey(),
  // Weekday (0 Sunday ... 6 Saturday) to its slot start times (HH:MM, Central).
  weeklyHours: text('weekly_hours', { mode: 'json' }).$type<Record<string, string[]>>().notNull(),
  // Blocked dates and ranges (inclusive, Central calendar dates).
  blocked: text('blocked', { mode: 'json' })
    .$type<{ from: string; to: string; note: string | null }[]>()
    .notNull()
    .default(sql`'[]'`),
  minNoticeMinutes: integer('min_notice_minutes').notNull(),
  horizonDays: integer('horizon_days').notNull(),
  meetingMinutes: integer('meeting_minutes').notNull(),
  // Visitors may cancel or move a booking up to this many hours before it.
  changeCutoffHours: integer('change_cutoff_hours').notNull(),
  // How the meeting happens (issue 28): 'none', 'phone' (the number to call) or
  // 'video' (the join link); shown in the booking mails and the invitation.
  meetingLocationKind: text('meeting_location_kind').notNull().default('none'),
  meetingLocation: text('meeting_location'),
  // US federal holidays are blocked by default (issue 28, schema/holidays.ts);
  // these are the holiday dates the owner opened for bookings after all.
  unblockedHolidays: text('unblocked_holidays', { mode: 'json' })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`),
  ...timestamps,
})

export const supportRequests = sqliteTable(
  'support_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    businessName: text('business_name'),
    issueType: text('issue_type').notNull(),
    urgency: text('urgency').notNull(),
    description: text('description').notNull(),
    preferredContact: text('preferred_contact').notNull(),
    preferredTime: text('preferred_time'),
    notes: text('notes'),
    // SUPPORT_STATUSES (docs/decisions/053-support-statuses-and-due-times.md).
    status: text('status').notNull().default('pending'),
    // When the owner closed it (resolved or closed); retention counts from here.
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    /** When the requester's latest e-mail (or portal) reply arrived, until the owner opens the request. */
    customerRepliedAt: integer('customer_replied_at', { mode: 'timestamp_ms' }),
    // SHA-256 of the normalised submission: an identical resubmission within
    // DEDUPE_WINDOW_MS is answered as the first and not stored again.
    fingerprint: text('fingerprint'),
    // The visitor's reference (S-1043); see consultations.reference.
    reference: text('reference').unique(),
    // When an answer is due (from the urgency, in business hours; ADR 053).
    // Null while the clock is paused (waiting on the requester) or after the close.
    dueAt: integer('due_at', { mode: 'timestamp_ms' }),
    // While paused: how much of the target was left (business ms, or wall ms
    // for critical), so the clock resumes where it stopped.
    dueRemainingMs: integer('due_remaining_ms'),
    // See consultations.clientId (issue 24).
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    // The asset the request is about (issue 38), e.g. reported from the portal's asset list.
    assetId: integer('asset_id').references((): AnySQLiteColumn => assets.id, { onDelete: 'set null' }),
    // The quote whose "Ask for changes" opened this conversation (issue 36, ADR 164): one per quote.
    quoteId: integer('quote_id').references((): AnySQLiteColumn => quotes.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('support_requests_fingerprint_idx').on(t.fingerprint, t.createdAt),
    index('support_requests_client_idx').on(t.clientId),
    uniqueIndex('support_requests_quote_idx').on(t.quoteId),
  ],
)

// Notifications are written here in the same D1 batch as the request they
// announce, then sent; the cron trigger retries failures with backoff.
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    consultationId: integer('consultation_id').references(() => consultations.id, { onDelete: 'cascade' }),
    supportRequestId: integer('support_request_id').references(() => supportRequests.id, {
      onDelete: 'cascade',
    }),
    recipient: text('recipient').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    // Optional calendar invitation (text/calendar) attached to the message.
    ics: text('ics'),
    // Files attached to the message, stored in R2 (the bytes stay out of D1):
    // the signed quote PDF (issue 25), later invoice PDFs.
    attachments: text('attachments', { mode: 'json' })
      .$type<{ key: string; filename: string; type: string }[]>()
      .notNull()
      .default(sql`'[]'`),
    // 'notification' (one request), 'acknowledgement' (a support request's
    // "received" to the visitor, issue 28), 'digest' (the requests held back past the
    // hourly notification cap, sent as one message) or 'reply' (the owner's
    // answer to the visitor, from the request's thread) or 'security' (a notice to
    // the owner about their sign-in methods, worker/services/security-notices.ts).
    kind: text('kind').notNull().default('notification'),
    // A held notification ('held') names the digest that announces it.
    digestId: integer('digest_id'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    lastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    // A message that must go at most once for its cause ('payment:12:receipt',
    // 'stripe:evt_...'): the unique index makes a second queueing a no-op.
    onceKey: text('once_key'),
    ...timestamps,
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('mail_outbox_once_key_idx').on(t.onceKey).where(sql`once_key is not null`),
  ],
)

// One row per request of either kind, in order of arrival: its id is the
// number in the request's reference, shared by both kinds (C-1042, S-1043).
export const requestNumbers = sqliteTable('request_numbers', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  kind: text('kind').notNull(),
})

// A request's thread: the owner's replies (sent through the outbox) and the
// requester's answers received by the email() handler (worker/mail/inbound.ts).
export const requestMessages = sqliteTable(
  'request_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    consultationId: integer('consultation_id').references(() => consultations.id, { onDelete: 'cascade' }),
    supportRequestId: integer('support_request_id').references(() => supportRequests.id, {
      onDelete: 'cascade',
    }),
    // 'out' (the owner's reply) or 'in' (an e-mail from the requester).
    direction: text('direction').notNull(),
    // Who wrote it: the sender's address for mail in, the owner's for a reply.
    author: text('author').notNull(),
    // Issue 36: the person behind `author`: for mail in, the client's contact
    // who wrote (null for an address that is no contact), else the owner.
    authorName: text('author_name'),
    authorContactId: integer('author_contact_id'),
    body: text('body').notNull(),
    // A reply's outbox row (its delivery state); null for mail in, and for a
    // reply stored while visitor mail is off (VISITOR_MAIL).
    outboxId: integer('outbox_id'),
    // Attachments of mail in, stored in R2: [{ name, type, size, key }].
    attachments: text('attachments', { mode: 'json' })
      .$type<{ name: string; type: string; size: number; key: string }[]>()
      .notNull()
      .default(sql`'[]'`),
    ...timestamps,
  },
  (t) => [
    index('request_messages_consultation_idx').on(t.consultationId),
    index('request_messages_support_idx').on(t.supportRequestId),
  ],
)

// Each erasure of a request (on a visitor's demand, or by the retention purge),
// recorded without any of the erased data: which kind, which id, why and when.
export const requestErasures = sqliteTable('request_erasures', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  requestKind: text('request_kind').notNull(),
  requestId: integer('request_id').notNull(),
  // 'visitor' (the owner erased it on request) or 'retention' (the cron purged it).
  reason: text('reason').notNull(),
  erasedAt: integer('erased_at', { mode: 'timestamp_ms' }).notNull(),
})

// Insights (issue 18, docs/decisions/061-cookieless-insights.md): counts per
// day, kind and key, and nothing else: no visitor, address or user agent is
// ever stored, so there is no per-visitor row to protect or erase.
// kind: 'view' (key: path), 'referrer' (host), 'campaign' (source/medium/campaign),
// 'device' (mobile | tablet | desktop), 'country', 'filter' (category),
// 'project' (project id), 'resume' (''), 'form' (form:step), 'field' (form:field refused).
export const insightsDaily = sqliteTable(
  'insights_daily',
  {
    day: text('day').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.key] })],
)

// ---------------------------------------------------------------------------
// Clients and their portal (issue 24), quotes and agreements (issue 25), time
// and money (issue 26). Money is integer cents everywhere; totals are computed
// by one module (schema/money.ts) and stored frozen on what was sent.

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

/**
 * Document numbers (Q-2026-0001, INV-2026-0001): one counter row per kind and
 * year, raised in the same D1 batch as the insert that uses it, so two
 * concurrent creations never share a number and no number is skipped.
 */
export const documentCounters = sqliteTable(
  'document_counters',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
)

/** Agreement templates (Markdown with merge fields) the owner edits. */
export const agreementTemplates = sqliteTable('agreement_templates', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  // 'service' | 'baa' | 'custom'
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  body: text('body').notNull(),
  // Seeded templates are starting points to have reviewed by a lawyer.
  needsLegalReview: integer('needs_legal_review', { mode: 'boolean' }).notNull().default(false),
  archived: integer('archived', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
})

/**
 * A quote (one revision of it). A sent revision is never changed: a revision
 * is a new row with the same number and revision + 1, and the old row's
 * supersededById points to it.
 */
export const quotes = sqliteTable(
  'quotes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    // Who receives and may sign it; null: the client's first contact.
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    consultationId: integer('consultation_id').references(() => consultations.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    revision: integer('revision').notNull().default(1),
    supersededById: integer('superseded_by_id'),
    title: text('title').notNull(),
    // Markdown, rendered safely (no raw HTML).
    intro: text('intro'),
    discountCents: integer('discount_cents').notNull().default(0),
    // Tax rate in basis points (825 = 8.25 %).
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    depositPercent: integer('deposit_percent').notNull().default(0),
    paymentTerms: text('payment_terms'),
    // Calendar date (YYYY-MM-DD, Central) after which it can no longer be accepted.
    validUntil: text('valid_until').notNull(),
    currency: text('currency').notNull().default('USD'),
    // draft | sent | viewed | accepted | declined | expired | withdrawn | superseded
    status: text('status').notNull().default('draft'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    viewedAt: integer('viewed_at', { mode: 'timestamp_ms' }),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    declineReason: text('decline_reason'),
    // Optional lines the client chose when accepting (line ids).
    chosenLineIds: text('chosen_line_ids', { mode: 'json' }).$type<number[]>(),
    // Totals frozen when sent, and again (with the chosen options) when accepted.
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    reminderSentAt: integer('reminder_sent_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('quotes_number_revision_idx').on(t.number, t.revision),
    index('quotes_client_idx').on(t.clientId),
    index('quotes_status_idx').on(t.status),
  ],
)

export const quoteLines = sqliteTable(
  'quote_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    // Thousandths of a unit (1.5 hours = 1500), so quantities stay integers too.
    quantityMilli: integer('quantity_milli').notNull(),
    unit: text('unit'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    optional: integer('optional', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('quote_lines_quote_idx').on(t.quoteId)],
)

/** The agreements attached to a quote, frozen as text when the quote is sent. */
export const quoteAgreements = sqliteTable(
  'quote_agreements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => agreementTemplates.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    // The template's Markdown with merge fields filled in (frozen at send).
    body: text('body').notNull(),
  },
  (t) => [index('quote_agreements_quote_idx').on(t.quoteId)],
)

/**
 * The record of a signature (acceptance of a quote with its agreements): who,
 * when, from where, and over which exact text (SHA-256 of it). Never updated.
 */
export const signatures = sqliteTable('signatures', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  // One signature per quote revision: the second of two concurrent acceptances fails here.
  quoteId: integer('quote_id')
    .notNull()
    .unique()
    .references(() => quotes.id),
  contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
  signerName: text('signer_name').notNull(),
  signerEmail: text('signer_email').notNull(),
  signedAt: integer('signed_at', { mode: 'timestamp_ms' }).notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  revision: integer('revision').notNull(),
  // SHA-256 (hex) of the exact document text shown: the quote with the chosen
  // items, then each agreement ([{ name, sha256 }]).
  documentSha256: text('document_sha256').notNull(),
  agreementHashes: text('agreement_hashes', { mode: 'json' })
    .$type<{ name: string; sha256: string }[]>()
    .notNull()
    .default(sql`'[]'`),
  // The signed PDF in R2 and its SHA-256.
  pdfKey: text('pdf_key'),
  pdfSha256: text('pdf_sha256'),
})

/**
 * A client's "Ask for changes" on a sent quote (issue 36): the message reaches
 * the owner by e-mail and shows on the quote in the admin. Never edited.
 */
export const quoteChangeRequests = sqliteTable(
  'quote_change_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    message: text('message').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('quote_change_requests_quote_idx').on(t.quoteId)],
)

/**
 * The owner's billing settings (issue 36): one row (id 1); absent means none
 * set. Payment instructions (bank transfer, check) are shown on the portal's
 * invoice page, the invoice PDF and the invoice e-mail.
 */
export const billingSettings = sqliteTable('billing_settings', {
  id: integer('id').primaryKey(),
  paymentInstructions: text('payment_instructions'),
  // The Xero export's codes (issue 56): the sales account, and the tax rates'
  // names for a taxed and an untaxed invoice, as Xero names them.
  xeroAccountCode: text('xero_account_code'),
  xeroTaxType: text('xero_tax_type'),
  xeroTaxTypeNone: text('xero_tax_type_none'),
  ...timestamps,
})

/** Prepaid hour blocks: billable time draws them down first. */
export const prepaidBlocks = sqliteTable(
  'prepaid_blocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    minutes: integer('minutes').notNull(),
    priceCents: integer('price_cents').notNull(),
    validUntil: text('valid_until'),
    // Set once the "less than 20 % left" notice went out.
    lowNoticeSentAt: integer('low_notice_sent_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('prepaid_blocks_client_idx').on(t.clientId)],
)

export const invoices = sqliteTable(
  'invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    number: text('number').notNull().unique(),
    // schema/billing-words.ts INVOICE_SOURCES (a trigger refuses any other)
    source: text('source').$type<InvoiceSource>().notNull(),
    quoteId: integer('quote_id').references(() => quotes.id),
    // A quote's invoice: 'deposit' | 'remainder' | 'full' (QUOTE_PARTS); one live invoice per quote and part.
    quotePart: text('quote_part').$type<QuotePart>(),
    blockId: integer('block_id').references(() => prepaidBlocks.id),
    // A credit note names the invoice it corrects.
    creditForId: integer('credit_for_id'),
    // schema/billing-words.ts INVOICE_STATUSES (a trigger refuses any other)
    status: text('status').$type<InvoiceStatus>().notNull().default('draft'),
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date').notNull(),
    termsDays: integer('terms_days').notNull().default(15),
    roundingMinutes: integer('rounding_minutes').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    notes: text('notes'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    viewedAt: integer('viewed_at', { mode: 'timestamp_ms' }),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    // Reminders already queued, by name ('before', 'due', 'overdue'), so each goes out once.
    remindersSent: text('reminders_sent', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    ...timestamps,
  },
  (t) => [
    index('invoices_client_idx').on(t.clientId),
    index('invoices_status_idx').on(t.status),
    index('invoices_credit_for_idx').on(t.creditForId),
    // Once-only rules (issue 34): a block and each part of a quote have at most one live invoice.
    uniqueIndex('invoices_block_live_idx')
      .on(t.blockId)
      .where(sql`block_id is not null and status <> 'void'`),
    uniqueIndex('invoices_quote_part_live_idx')
      .on(t.quoteId, t.quotePart)
      .where(sql`quote_id is not null and status <> 'void'`),
  ],
)

export const invoiceLines = sqliteTable(
  'invoice_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantityMilli: integer('quantity_milli').notNull(),
    unit: text('unit'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    // The time entry this line bills (history only; the lock is time_entries.invoice_id).
    timeEntryId: integer('time_entry_id'),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
)

/**
 * Time the owner spent. An entry is billed by at most one invoice that is not
 * void: invoiceId is that invoice, set in the same batch as the invoice's
 * insert, and triggers in the migration refuse to re-bill, edit or delete a
 * billed entry (a database rule, not only a check in code).
 */
export const timeEntries = sqliteTable(
  'time_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    supportRequestId: integer('support_request_id').references(() => supportRequests.id, {
      onDelete: 'set null',
    }),
    consultationId: integer('consultation_id').references(() => consultations.id, { onDelete: 'set null' }),
    // Calendar date (YYYY-MM-DD) the work was done.
    date: text('date').notNull(),
    minutes: integer('minutes').notNull(),
    description: text('description').notNull(),
    billable: integer('billable', { mode: 'boolean' }).notNull().default(true),
    // Hourly rate in cents (the client's default unless overridden); 0 while needsRate.
    rateCents: integer('rate_cents').notNull(),
    // Tracked time is never refused for want of a rate (issue 36): it is kept
    // with this flag, and a trigger refuses to invoice it until a rate is set.
    needsRate: integer('needs_rate', { mode: 'boolean' }).notNull().default(false),
    // The prepaid block this entry draws down, if any.
    blockId: integer('block_id').references(() => prepaidBlocks.id),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    // The asset the work was on (issue 38); shown on the asset's page.
    assetId: integer('asset_id').references((): AnySQLiteColumn => assets.id, { onDelete: 'set null' }),
    // The maintenance task the work was for (issue 40); it counts against the client's plan like any time.
    maintenanceTaskId: integer('maintenance_task_id').references((): AnySQLiteColumn => maintenanceTasks.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    index('time_entries_client_idx').on(t.clientId, t.date),
    index('time_entries_invoice_idx').on(t.invoiceId),
  ],
)

/** The admin's running timer: at most one (id 1), kept across reloads. */
export const runningTimer = sqliteTable('running_timer', {
  id: integer('id').primaryKey(),
  startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
  clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
  supportRequestId: integer('support_request_id'),
  consultationId: integer('consultation_id'),
  description: text('description'),
  // The rate asked at start for a client without a default rate (cents per hour).
  rateCents: integer('rate_cents'),
})

/**
 * Payments, manual or from Stripe. A Stripe event is recorded once (its id is
 * unique). A payment whose invoice number matched nothing is kept with
 * invoiceId null and the number it named, for the owner to match.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    amountCents: integer('amount_cents').notNull(),
    // Calendar date of the payment.
    date: text('date').notNull(),
    // schema/billing-words.ts PAYMENT_METHODS (a trigger refuses any other)
    method: text('method').$type<PaymentMethod>().notNull(),
    // ISO 4217, upper case; a payment is recorded on an invoice only in the invoice's currency.
    currency: text('currency').notNull().default('USD'),
    reference: text('reference'),
    stripeEventId: text('stripe_event_id').unique(),
    // One payment per Checkout Session and per PaymentIntent, whatever the event that told us.
    stripeSessionId: text('stripe_session_id').unique(),
    stripePaymentIntentId: text('stripe_payment_intent_id').unique(),
    // For an unmatched payment: the invoice number it named, and why it was not recorded on it
    // (schema/billing-words.ts UNMATCHED_REASONS).
    unmatchedNumber: text('unmatched_number'),
    unmatchedReason: text('unmatched_reason').$type<UnmatchedReason>(),
    ...timestamps,
  },
  (t) => [index('payments_invoice_idx').on(t.invoiceId)],
)

/**
 * What each invoice owes, was credited, was paid and has left: the one
 * balance every view reads (issue 34). A view written by hand in the
 * billing_balance migration (drizzle only reads it), so the credit-note and
 * payment triggers check the very same figure inside the statement that
 * writes. A credit note or a void invoice owes nothing.
 */
export const invoiceBalances = sqliteView('invoice_balances', {
  invoiceId: integer('invoice_id').notNull(),
  owedCents: integer('owed_cents').notNull(),
  creditedCents: integer('credited_cents').notNull(),
  paidCents: integer('paid_cents').notNull(),
  balanceCents: integer('balance_cents').notNull(),
}).existing()

// ---------- Managed-service plans (issue 37, docs/plans.md) ----------

/**
 * A monthly IT-support plan. The columns hold the terms as they stand now;
 * what a period is billed at comes from planPrices (a price change applies
 * from the next period, ADR 134).
 */
export const plans = sqliteTable('plans', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  monthlyFeeCents: integer('monthly_fee_cents').notNull(),
  includedMinutes: integer('included_minutes').notNull(),
  // Cents per hour of time past the included (and rolled-over) minutes.
  overageRateCents: integer('overage_rate_cents').notNull(),
  // 'none' | 'next' (PLAN_ROLLOVER in schema/plans.ts)
  rollover: text('rollover').notNull().default('none'),
  // First-response targets in hours by urgency; null: the inbox's default.
  slaUrgentHours: integer('sla_urgent_hours'),
  slaHighHours: integer('sla_high_hours'),
  slaMediumHours: integer('sla_medium_hours'),
  slaLowHours: integer('sla_low_hours'),
  // Period invoices are sent as soon as the cron makes them (off: drafts wait for review).
  autoSend: integer('auto_send', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
})

/** The terms a plan bills from a period on ('0000-00' for the first terms); one row per plan and period. */
export const planPrices = sqliteTable(
  'plan_prices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    fromPeriod: text('from_period').notNull(),
    monthlyFeeCents: integer('monthly_fee_cents').notNull(),
    includedMinutes: integer('included_minutes').notNull(),
    overageRateCents: integer('overage_rate_cents').notNull(),
    rollover: text('rollover').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('plan_prices_plan_period_idx').on(t.planId, t.fromPeriod)],
)

/** A plan's per-unit lines (per workstation, per user): the defaults a new subscription copies. */
export const planUnits = sqliteTable(
  'plan_units',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [index('plan_units_plan_idx').on(t.planId)],
)

/**
 * A client on a plan from a start date. At most one subscription per client
 * that is not cancelled (a partial unique index: the database's rule).
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    // Calendar date (YYYY-MM-DD) in the business time zone; its month is the first (prorated) period.
    startDate: text('start_date').notNull(),
    // 'active' | 'paused' | 'cancelled' (SUBSCRIPTION_STATUSES in schema/plans.ts)
    status: text('status').notNull().default('active'),
    // Cancelled at the end of endsPeriod (YYYY-MM): billed for it, not after.
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    endsPeriod: text('ends_period'),
    autopay: integer('autopay', { mode: 'boolean' }).notNull().default(false),
    // The contact who opted in to the usage alerts (80 % and 100 %); null: the owner only.
    alertContactId: integer('alert_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    // Autopay (ADR 139): the Checkout Session (setup mode) the portal opened last, and the card it saved.
    stripeSetupSessionId: text('stripe_setup_session_id'),
    stripeCustomerId: text('stripe_customer_id'),
    stripePaymentMethodId: text('stripe_payment_method_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_one_live_per_client_idx').on(t.clientId).where(sql`status <> 'cancelled'`),
    index('subscriptions_plan_idx').on(t.planId),
  ],
)

/** A subscription's unit lines with their quantities (and prices, copied from the plan or given). */
export const subscriptionUnits = sqliteTable(
  'subscription_units',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('subscription_units_subscription_idx').on(t.subscriptionId)],
)

/** Whole periods a subscription is paused (no fee; time billed as usual); toPeriod null: still paused. */
export const subscriptionPauses = sqliteTable(
  'subscription_pauses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    fromPeriod: text('from_period').notNull(),
    toPeriod: text('to_period'),
  },
  (t) => [index('subscription_pauses_subscription_idx').on(t.subscriptionId)],
)

/**
 * The invoice of one subscription and period (YYYY-MM): inserted in the batch
 * that makes the invoice, so a second one for the same period aborts that
 * batch whole (no invoice, no number, no time billed).
 */
export const periodInvoices = sqliteTable(
  'period_invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    period: text('period').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .unique()
      .references(() => invoices.id),
    // Made by the cron for a plan that sends automatically, and not yet sent (a later run sends it).
    sendDue: integer('send_due', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('period_invoices_subscription_period_idx').on(t.subscriptionId, t.period)],
)

/**
 * An off-session charge of a period invoice (autopay): attempt 1 when it is
 * sent, then at most 3 retries over 7 days. The unique (invoice, attempt) row
 * is the claim, so overlapping cron runs charge once.
 */
export const autopayAttempts = sqliteTable(
  'autopay_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    attempt: integer('attempt').notNull(),
    // 'pending' | 'succeeded' | 'failed'
    status: text('status').notNull().default('pending'),
    paymentIntentId: text('payment_intent_id'),
    error: text('error'),
    ...timestamps,
  },
  (t) => [uniqueIndex('autopay_attempts_once_idx').on(t.invoiceId, t.attempt)],
)

/** A usage alert sent (threshold 80 or 100 percent): once per subscription, period and threshold. */
export const usageAlerts = sqliteTable(
  'usage_alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    threshold: integer('threshold').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('usage_alerts_once_idx').on(t.subscriptionId, t.period, t.threshold)],
)

export type User = typeof users.$inferSelect
export type Project = typeof projects.$inferSelect
export type NewProject = typeof projects.$inferInsert
export type Resume = typeof resumes.$inferSelect
export type UploadedFile = typeof uploadedFiles.$inferSelect
export type PageContent = typeof pageContent.$inferSelect
export type Skill = typeof skills.$inferSelect
export type Consultation = typeof consultations.$inferSelect
export type SupportRequest = typeof supportRequests.$inferSelect
export type MailOutbox = typeof mailOutbox.$inferSelect
export type Session = typeof sessions.$inferSelect
export type Passkey = typeof passkeys.$inferSelect
export type AuditEntry = typeof auditLog.$inferSelect
export type RequestErasure = typeof requestErasures.$inferSelect
export type AvailabilitySettingsRow = typeof availabilitySettings.$inferSelect
export type RequestMessage = typeof requestMessages.$inferSelect
export type InsightsRow = typeof insightsDaily.$inferSelect
export type Client = typeof clients.$inferSelect
export type ClientNote = typeof clientNotes.$inferSelect
export type Contact = typeof contacts.$inferSelect
export type PortalSession = typeof portalSessions.$inferSelect
export type ClientFile = typeof clientFiles.$inferSelect
export type ApiToken = typeof apiTokens.$inferSelect
export type AgreementTemplate = typeof agreementTemplates.$inferSelect
export type Quote = typeof quotes.$inferSelect
export type QuoteLine = typeof quoteLines.$inferSelect
export type QuoteAgreement = typeof quoteAgreements.$inferSelect
export type Signature = typeof signatures.$inferSelect
export type PrepaidBlock = typeof prepaidBlocks.$inferSelect
export type Invoice = typeof invoices.$inferSelect
export type InvoiceLine = typeof invoiceLines.$inferSelect
export type TimeEntry = typeof timeEntries.$inferSelect
export type Payment = typeof payments.$inferSelect
export type Plan = typeof plans.$inferSelect
export type PlanPrice = typeof planPrices.$inferSelect
export type PlanUnit = typeof planUnits.$inferSelect
export type Subscription = typeof subscriptions.$inferSelect
export type SubscriptionUnit = typeof subscriptionUnits.$inferSelect
export type PeriodInvoice = typeof periodInvoices.$inferSelect
export type AutopayAttempt = typeof autopayAttempts.$inferSelect
export type QuoteChangeRequest = typeof quoteChangeRequests.$inferSelect

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
 * Recurring maintenance for a client (issue 40): a checklist on an RFC 5545
 * recurrence. Dates are calendar dates (YYYY-MM-DD) in the business time zone.
 * Deleting a schedule deletes its open tasks; done tasks stay (schedule_id
 * becomes null), so what was done and evidenced is never lost.
 */
export const maintenanceSchedules = sqliteTable(
  'maintenance_schedules',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    title: text('title').notNull(),
    // The ordered checklist labels copied into each task when it is made.
    checklist: text('checklist', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    freq: text('freq').$type<MaintenanceFreq>().notNull(),
    interval: integer('interval').notNull().default(1),
    // Monthly/quarterly/yearly on day N (1-31; past the month's end means its last day).
    byMonthDay: integer('by_month_day'),
    // 'TU' (weekly on Tuesday) or '2TU' / '-1FR' (the Nth weekday of the month).
    byWeekday: text('by_weekday'),
    startDate: text('start_date').notNull(),
    estimatedMinutes: integer('estimated_minutes'),
    // The seeded template it was made from, if any (schema/maintenance-templates.ts).
    templateKey: text('template_key'),
    status: text('status').$type<ScheduleStatus>().notNull().default('active'),
    ...timestamps,
  },
  (t) => [index('maintenance_schedules_client_idx').on(t.clientId)],
)

/** The assets a schedule covers (issue 38's inventory). */
export const maintenanceScheduleAssets = sqliteTable(
  'maintenance_schedule_assets',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => maintenanceSchedules.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.assetId] }),
    index('maintenance_schedule_assets_asset_idx').on(t.assetId),
  ],
)

/**
 * One occurrence of a schedule: made once per (schedule, due date), a unique
 * index, so the cron and a manual generate racing each other make it once.
 * Title and client are copied from the schedule so a done task outlives it.
 */
export const maintenanceTasks = sqliteTable(
  'maintenance_tasks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    scheduleId: integer('schedule_id').references(() => maintenanceSchedules.id, { onDelete: 'set null' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    title: text('title').notNull(),
    dueDate: text('due_date').notNull(),
    status: text('status').$type<TaskStatus>().notNull().default('open'),
    doneAt: integer('done_at', { mode: 'timestamp_ms' }),
    estimatedMinutes: integer('estimated_minutes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('maintenance_tasks_schedule_due_idx').on(t.scheduleId, t.dueDate),
    index('maintenance_tasks_client_idx').on(t.clientId, t.status, t.dueDate),
    index('maintenance_tasks_status_idx').on(t.status, t.dueDate),
  ],
)

/** A task's checklist, in order: ticked with an optional note. */
export const maintenanceTaskItems = sqliteTable(
  'maintenance_task_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    taskId: integer('task_id')
      .notNull()
      .references(() => maintenanceTasks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    done: integer('done', { mode: 'boolean' }).notNull().default(false),
    note: text('note'),
    doneAt: integer('done_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('maintenance_task_items_position_idx').on(t.taskId, t.position)],
)

/** Evidence for a task (screenshots, exported logs) kept in R2. */
export const maintenanceTaskFiles = sqliteTable(
  'maintenance_task_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    taskId: integer('task_id')
      .notNull()
      .references(() => maintenanceTasks.id, { onDelete: 'cascade' }),
    // The R2 key.
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    ...timestamps,
  },
  (t) => [index('maintenance_task_files_task_idx').on(t.taskId)],
)

export type MaintenanceSchedule = typeof maintenanceSchedules.$inferSelect
export type MaintenanceTask = typeof maintenanceTasks.$inferSelect
export type MaintenanceTaskItem = typeof maintenanceTaskItems.$inferSelect
export type MaintenanceTaskFile = typeof maintenanceTaskFiles.$inferSelect

/**
 * The requester's satisfaction rating of a resolved or closed support request
 * (issue 40, docs/decisions/160-ratings-and-testimonials.md). One per request:
 * the unique index is the once-only rule, whether the rating came from the
 * e-mailed link or the portal. The comment may be added once afterwards.
 */
export const requestRatings = sqliteTable(
  'request_ratings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    supportRequestId: integer('support_request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    // 'good' | 'okay' | 'poor' (schema/ratings.ts; a trigger refuses anything else)
    rating: text('rating').notNull(),
    comment: text('comment'),
    // 'email' (the signed link) | 'portal' (a signed-in contact)
    source: text('source').notNull(),
    ratedAt: integer('rated_at', { mode: 'timestamp_ms' }).notNull(),
    // A poor rating stays on the owner's overview until handled.
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('request_ratings_request_idx').on(t.supportRequestId),
    index('request_ratings_rated_idx').on(t.ratedAt),
  ],
)

/**
 * A quote a requester allowed after a good rating: the consent as it was given
 * (its words and time) is kept; withdrawing it takes the quote off the pages.
 */
export const testimonials = sqliteTable(
  'testimonials',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ratingId: integer('rating_id')
      .notNull()
      .references(() => requestRatings.id, { onDelete: 'cascade' }),
    // Who gave it (lower case): the portal lists a contact's own by this address.
    email: text('email').notNull(),
    quote: text('quote').notNull(),
    displayName: text('display_name').notNull(),
    practiceName: text('practice_name').notNull(),
    // The exact consent sentence shown beside the checkbox, and when it was ticked.
    consentWording: text('consent_wording').notNull(),
    consentedAt: integer('consented_at', { mode: 'timestamp_ms' }).notNull(),
    // 'pending' | 'approved' | 'rejected' | 'withdrawn'
    status: text('status').notNull().default('pending'),
    reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
    withdrawnAt: integer('withdrawn_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('testimonials_rating_idx').on(t.ratingId),
    index('testimonials_status_idx').on(t.status),
    index('testimonials_email_idx').on(t.email),
  ],
)
export type RequestRating = typeof requestRatings.$inferSelect
export type Testimonial = typeof testimonials.$inferSelect

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

/**
 * A client's yearly HIPAA risk analysis (issue 39, ADR 156). Completing it
 * locks it: a trigger refuses any change to a completed analysis's items,
 * evidence and remediation tasks, so the report the client received stays true.
 */
export const riskAnalyses = sqliteTable(
  'risk_analyses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    // The date the analysis is for (YYYY-MM-DD, business time zone).
    analysisDate: text('analysis_date').notNull(),
    status: text('status').$type<RiskStatus>().notNull().default('in_progress'),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('risk_analyses_client_idx').on(t.clientId, t.analysisDate)],
)

/** One question of an analysis; finding null: not answered yet. */
export const riskItems = sqliteTable(
  'risk_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    analysisId: integer('analysis_id')
      .notNull()
      .references(() => riskAnalyses.id),
    position: integer('position').notNull(),
    area: text('area').$type<RiskArea>().notNull(),
    topic: text('topic').notNull(),
    question: text('question').notNull(),
    // The asset an ePHI item was seeded from.
    assetId: integer('asset_id').references(() => assets.id),
    finding: text('finding').$type<RiskFinding>(),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [index('risk_items_analysis_idx').on(t.analysisId, t.position)],
)

/** An evidence file of an item, in R2 under risk/{analysisId}/. */
export const riskEvidence = sqliteTable(
  'risk_evidence',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemId: integer('item_id')
      .notNull()
      .references(() => riskItems.id),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    ...timestamps,
  },
  (t) => [index('risk_evidence_item_idx').on(t.itemId)],
)

/** A remediation task of an item, with its due date (YYYY-MM-DD). */
export const riskTasks = sqliteTable(
  'risk_tasks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemId: integer('item_id')
      .notNull()
      .references(() => riskItems.id),
    description: text('description').notNull(),
    dueDate: text('due_date').notNull(),
    done: integer('done', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [index('risk_tasks_item_idx').on(t.itemId)],
)

/** The reminder to run a new analysis, once per client and last analysis. */
export const riskReminders = sqliteTable(
  'risk_reminders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    analysisId: integer('analysis_id')
      .notNull()
      .references(() => riskAnalyses.id),
    ...timestamps,
  },
  (t) => [uniqueIndex('risk_reminders_once_idx').on(t.analysisId)],
)

export type RiskAnalysis = typeof riskAnalyses.$inferSelect
export type RiskItem = typeof riskItems.$inferSelect

/**
 * A business associate agreement on file for a client (issue 39): from an
 * accepted quote that carried the BAA template (source 'quote', the signature's
 * document and its SHA-256) or recorded by the owner for one signed elsewhere
 * (source 'recorded', an optional PDF in R2 hashed by the Worker). Dates are
 * calendar dates (YYYY-MM-DD) in the business time zone.
 */
export const baas = sqliteTable(
  'baas',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    // 'quote' | 'recorded'
    source: text('source').$type<BaaSource>().notNull(),
    // The accepted quote's signature (source 'quote'): one BAA per signature.
    signatureId: integer('signature_id').references(() => signatures.id),
    effectiveDate: text('effective_date').notNull(),
    renewalDate: text('renewal_date'),
    // The contract's breach-notice period; the statute's 60 calendar days by default.
    notificationDays: integer('notification_days').notNull().default(60),
    // 'calendar' | 'business'
    notificationDayKind: text('notification_day_kind').$type<DayKind>().notNull().default('calendar'),
    documentKey: text('document_key'),
    documentSha256: text('document_sha256'),
    ...timestamps,
  },
  (t) => [index('baas_client_idx').on(t.clientId), uniqueIndex('baas_signature_once').on(t.signatureId)],
)

/** The BAA renewal e-mails to the owner: the unique index is the claim (60 and 14 days before). */
export const baaRenewalNotices = sqliteTable(
  'baa_renewal_notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    baaId: integer('baa_id')
      .notNull()
      .references(() => baas.id),
    renewalDate: text('renewal_date').notNull(),
    leadDays: integer('lead_days').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('baa_renewal_notices_once').on(t.baaId, t.renewalDate, t.leadDays)],
)

/**
 * A security incident (issue 39): never deleted (a trigger refuses it), kept
 * at least 6 years (retention never touches these tables). Every change after
 * creation is a row in incident_timeline.
 */
export const incidents = sqliteTable(
  'incidents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // INC-YYYY-NNNN from document_counters (kind 'incident').
    reference: text('reference').notNull().unique(),
    title: text('title').notNull(),
    // The ISO date-time with offset as given, and its instant for sorting and deadlines.
    discoveredAt: text('discovered_at').notNull(),
    discoveredAtMs: integer('discovered_at_ms').notNull(),
    reportedBy: text('reported_by'),
    description: text('description').notNull(),
    // 'yes' | 'no' | 'unknown'
    ephiInvolved: text('ephi_involved').$type<EphiInvolved>().notNull().default('unknown'),
    // null = unknown
    individualsAffected: integer('individuals_affected'),
    // The four factors of 164.402(2).
    phiNature: text('phi_nature'),
    recipient: text('recipient'),
    acquiredOrViewed: text('acquired_or_viewed'),
    mitigation: text('mitigation'),
    // 'breach' | 'not_breach' | 'undetermined'
    determination: text('determination').$type<Determination>().notNull().default('undetermined'),
    ...timestamps,
  },
  (t) => [index('incidents_discovered_idx').on(t.discoveredAtMs)],
)

/** An affected client of an incident and its notification deadline (the earlier of statute and contract). */
export const incidentClients = sqliteTable(
  'incident_clients',
  {
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    dueAtMs: integer('due_at_ms').notNull(),
    // 'statute' | 'contract'
    basis: text('basis').$type<DeadlineBasis>().notNull(),
    // Set when the notice to this client is sent: the clock stops.
    notifiedAtMs: integer('notified_at_ms'),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.clientId] }),
    index('incident_clients_client_idx').on(t.clientId),
  ],
)

/** The assets involved in an incident (each one an asset of an affected client). */
export const incidentAssets = sqliteTable(
  'incident_assets',
  {
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
  },
  (t) => [primaryKey({ columns: [t.incidentId, t.assetId] })],
)

/** An incident's history: who, when, what changed ({field: [before, after]}). Append-only (triggers). */
export const incidentTimeline = sqliteTable(
  'incident_timeline',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id),
    at: integer('at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
    // 'owner', 'token:<name>', 'cron'
    actor: text('actor').notNull(),
    // 'created' | 'updated' | 'notice_drafted' | 'notice_sent' | 'reminder'
    action: text('action').notNull(),
    changes: text('changes', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    note: text('note'),
  },
  (t) => [index('incident_timeline_incident_idx').on(t.incidentId, t.at)],
)

/**
 * The notice to a covered entity (164.410(c)) for one affected client: a draft
 * the owner edits, then sent once; the sent PDF in R2 with its SHA-256 is never
 * rewritten (a trigger refuses changes to a sent notice).
 */
export const incidentNotices = sqliteTable(
  'incident_notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    // 'draft' | 'sent'
    status: text('status').$type<'draft' | 'sent'>().notNull().default('draft'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    sentTo: text('sent_to', { mode: 'json' }).$type<string[]>(),
    pdfKey: text('pdf_key'),
    pdfSha256: text('pdf_sha256'),
    ...timestamps,
  },
  (t) => [index('incident_notices_incident_idx').on(t.incidentId, t.clientId)],
)

/** The deadline e-mails to the owner (half-time, 7 days, 1 day before): the unique index is the claim. */
export const incidentReminders = sqliteTable(
  'incident_reminders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    // 'half' | '7d' | '1d'
    mark: text('mark').$type<ReminderMark>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('incident_reminders_once').on(t.incidentId, t.clientId, t.mark)],
)

export type Baa = typeof baas.$inferSelect
export type Incident = typeof incidents.$inferSelect
export type IncidentNotice = typeof incidentNotices.$inferSelect

/**
 * The monthly service report's e-mail (issue 40): one row per client and
 * period once its contacts' mail is queued, so the cron's later runs skip it.
 * The report itself is never stored: it is computed from the records whenever
 * it is opened, so a later correction in that month shows.
 */
export const monthlyReportMailings = sqliteTable(
  'monthly_report_mailings',
  {
    // No foreign key: a bookkeeping row, left as it is when its client is merged into another.
    clientId: integer('client_id').notNull(),
    period: text('period').notNull(),
    recipients: integer('recipients').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.period] })],
)

export * from './tables-books'
export * from './tables-plan-late'
