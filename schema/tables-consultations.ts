// Consultations (booked calls) and availability. Apart from support requests: a quote names a consultation,
// and a support request names a quote.
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { clients, contacts } from './tables-clients'
import { timestamps } from './timestamps'

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

export type Consultation = typeof consultations.$inferSelect
export type AvailabilitySettingsRow = typeof availabilitySettings.$inferSelect
