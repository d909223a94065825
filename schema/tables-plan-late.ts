// Late time of managed-service plans (issue 52): an entry dated in a plan
// period whose invoice is already made carries the owner's choice of where it
// goes, onto the next period invoice as a late line, or not billed at all.
// Whether an entry is late is read from period_invoices (a voided period
// invoice frees its period, and its late time then counts as ordinary time);
// this table only keeps the choice.
import { sql } from 'drizzle-orm'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import type { LateTimeChoice } from './plans'

export const lateTime = sqliteTable('late_time', {
  // References time_entries(id) ON DELETE CASCADE: the foreign key is in migration 0032's SQL only. It
  // was left out here to avoid an import cycle, so the snapshots lack it: declaring it now would have
  // drizzle-kit rebuild the table to add a key the database already has.
  timeEntryId: integer('time_entry_id').primaryKey(),
  // 'next': onto the next period invoice as a late line; 'none': never billed.
  choice: text('choice').$type<LateTimeChoice>().notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)
    .$onUpdate(() => new Date()),
})

export type LateTime = typeof lateTime.$inferSelect
