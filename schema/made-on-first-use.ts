/**
 * A value made on first use, then kept: for Intl formatters at module level.
 * Making a formatter loads its locale and time-zone data (about 14 ms of every
 * admin screen's start for the business time zone, ADR 175), and most screens
 * and pages that import a formatting module never format anything with it.
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => {
    made ??= { value: make() }
    return made.value
  }
}
