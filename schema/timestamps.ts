// The creation and update times the tables share (schema/tables-<domain>.ts).
import { sql } from 'drizzle-orm'
import { integer } from 'drizzle-orm/sqlite-core'

// Every row carries creation and update times in epoch milliseconds; Drizzle
// maps them to Date, which serialises to ISO 8601 in JSON.
export const timestamps = {
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)
    .$onUpdate(() => new Date()),
}
