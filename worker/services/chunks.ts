// D1 binds at most 100 parameters per statement ("too many SQL variables"):
// a document's lines as one multi-row insert stopped at 10 invoice lines. These
// split such statements into several that each fit; the caller puts them all
// in the same db.batch, which D1 runs as one transaction, so the document is
// still written whole or not at all.
import type { SQLiteInsertValue, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from '../db'

export const D1_MAX_PARAMS = 100

/** `items` in runs of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/**
 * Multi-row inserts of `rows` into `table`, each under D1's parameter limit.
 * The parameters of a row are counted from the statement drizzle builds for
 * it (a value given as SQL, such as a sub-select, binds its own), so the split
 * stays right when a column is added.
 */
export function chunkedInserts<T extends SQLiteTable>(db: Db, table: T, rows: SQLiteInsertValue<T>[]) {
  if (!rows.length) return []
  const perRow = Math.max(1, ...rows.map((r) => db.insert(table).values(r).toSQL().params.length))
  const size = Math.max(1, Math.floor(D1_MAX_PARAMS / perRow))
  return chunks(rows, size).map((part) => db.insert(table).values(part))
}

/** Id lists for `inArray`, each short enough to leave room for a statement's other parameters. */
export const idChunks = (ids: readonly number[]) => chunks(ids, D1_MAX_PARAMS - 10)
