// Input hygiene for every stored text field (issue 14). Visitors' text reaches
// the admin, e-mails and calendar files, so it is cleaned once, at the edge:
// control characters, bidirectional overrides and zero-width characters are
// dropped; line breaks survive only in multi-line fields and are refused, with
// a field error, in single-line ones; a value empty after cleaning is empty.
import { z } from 'zod'

/** CRLF, CR, LF, NEL and the Unicode line and paragraph separators. */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/
const LINE_BREAKS = new RegExp(LINE_BREAK.source, 'g')

/**
 * C0 controls but tab and line breaks (handled apart), DEL and C1 controls;
 * the bidi marks, embeddings, overrides and isolates (Trojan Source,
 * CVE-2021-42574); zero-width spaces and joiners, word joiner and invisible
 * operators, the Mongolian vowel separator and the BOM.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g

export type Lines = 'single' | 'multi'

/** The clean form of a text: what is stored. */
export function cleanText(value: string, lines: Lines): string {
  const kept = value.replace(INVISIBLE, '').replace(/\t/g, ' ')
  return lines === 'multi' ? kept.replace(LINE_BREAKS, '\n') : kept.replace(LINE_BREAKS, ' ')
}

export const hasLineBreak = (value: string) => LINE_BREAK.test(value)

type Options = {
  /** The message for a value that is not a string (or is missing). */
  typeError?: string | ((issue: { input: unknown }) => string)
}

/** A string cleaned and trimmed; a single-line one refuses line breaks ("Name must be on one line"). */
export function cleanString(label: string, lines: Lines, { typeError }: Options = {}) {
  const base = z.string({ error: typeError ?? `${label} is required` })
  const checked =
    lines === 'single' ? base.refine((v) => !hasLineBreak(v), `${label} must be on one line`) : base
  return checked.transform((v) => cleanText(v, lines).trim())
}

/** A required single-line text of at most `max` characters. */
export const singleLine = (label: string, max = 200) =>
  cleanString(label, 'single').pipe(
    z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`),
  )

/** A required multi-line text of at most `max` characters. */
export const multiLine = (label: string, max = 5000) =>
  cleanString(label, 'multi').pipe(
    z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`),
  )

/** An optional text: absent, null or empty after cleaning is null. */
export const optionalText = (label: string, max = 500, lines: Lines = 'single') =>
  cleanString(label, lines, { typeError: `${label} must be text` })
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .nullish()
    .transform((v) => (v ? v : null))
