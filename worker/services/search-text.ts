// The one way a list searches stored text for what a person typed (issue 52,
// ADR 182). Not LIKE: D1 refuses a LIKE or GLOB pattern longer than 50 bytes
// ("LIKE or GLOB pattern too complex"), so a search of 49 characters answered
// 500, and a typed % or _ had to be escaped to mean itself. instr() takes any
// length and no wildcards. Both sides go through SQLite's lower(), which folds
// ASCII only, as LIKE did; the term is also cut to MAX_SEARCH_TERM characters.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'

/** A search term longer than this is cut, not refused: it is a filter, not stored. */
export const MAX_SEARCH_TERM = 200

/** The term as searched: trimmed and cut; '' means "no filter". */
export const searchTerm = (term: string | null | undefined) => (term ?? '').trim().slice(0, MAX_SEARCH_TERM)

/**
 * A condition true when `column` contains `term`, ignoring ASCII case. A null
 * column never matches. Callers skip the condition for an empty term.
 */
export function containsText(column: SQLWrapper | SQL, term: string): SQL {
  return sql`instr(lower(${column}), lower(${searchTerm(term)})) > 0`
}
