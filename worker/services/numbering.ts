// Document numbers (Q-2026-0001, INV-2026-0001; issues 25 and 26). The counter
// row for the kind and year is raised by the first statement of a D1 batch and
// read by the insert that follows it in the same batch. A batch is one
// transaction: two concurrent creations are serialised by D1 and get
// consecutive numbers, and a failed insert rolls its raise back, so no number
// is skipped or used twice.
import { and, eq, sql } from 'drizzle-orm'
import { documentCounters } from '../../schema/tables'
import type { Db } from '../db'

export type DocumentKind = 'quote' | 'invoice' | 'incident'

const PREFIX: Record<DocumentKind, string> = { quote: 'Q', invoice: 'INV', incident: 'INC' }

/** The batch statement that takes the next number of a kind and year (run it just before the insert). */
export const raiseCounter = (db: Db, kind: DocumentKind, year: number) =>
  db
    .insert(documentCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.kind, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })

/** The number just taken, as an SQL expression for the insert's `number` column. */
export const takenNumber = (kind: DocumentKind, year: number) =>
  sql<string>`(select printf('%s-%d-%04d', ${PREFIX[kind]}, ${year}, ${documentCounters.last}) from ${documentCounters} where ${and(eq(documentCounters.kind, kind), eq(documentCounters.year, year))})`

/** Formats a number the same way, for display and tests. */
export const formatNumber = (kind: DocumentKind, year: number, n: number) =>
  `${PREFIX[kind]}-${year}-${String(n).padStart(4, '0')}`
