// The one CSV writer (issue 29): the requests' exports (privacy.ts and the
// inbox's), the clients' export (clients-privacy.ts), the accountant's
// invoices and payments (invoices.ts). RFC 4180 with CRLF line
// ends; the download starts with a byte order mark so spreadsheets read UTF-8.

/** A plain decimal number (-30.00): a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/**
 * One CSV field (RFC 4180): quoted when needed. A value a spreadsheet would
 * run as a formula (=, +, -, @, tab, CR first) is prefixed with an apostrophe
 * (OWASP "CSV injection"), except a plain number such as -30.00, which stays a
 * number for the accountant. Dates are ISO 8601; null and undefined are empty.
 */
export function csvField(value: unknown): string {
  let text = value instanceof Date ? value.toISOString() : value == null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A header line, then one line per row of values, each line ending in CRLF. */
export function csvLines(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header.join(','), ...rows.map((row) => row.map(csvField).join(','))]
  return `${lines.join('\r\n')}\r\n`
}

/** The named columns of each row (objects), under a header of those names; a missing column is empty. */
export function toCsv<C extends string>(columns: readonly C[], rows: readonly object[]): string {
  return csvLines(
    columns,
    rows.map((row) => columns.map((c) => (row as Record<string, unknown>)[c])),
  )
}

/** What a CSV download answers: the body (with its BOM) and headers naming it `{name}-{day}.csv`. */
export function csvDownload(csv: string, name: string, now = new Date()) {
  const day = now.toISOString().slice(0, 10)
  return {
    body: `\ufeff${csv}`,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${day}.csv"`,
    },
  }
}
