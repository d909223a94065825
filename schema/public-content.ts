// Which content blocks public answers may carry (ADR 032): only keys a page
// reads, every page's (content-keys.ts), the privacy page's (privacy-copy.ts) and the trust page's (trust-copy.ts).
// Worker-side (and tests): the SPA's entry chunk does not need the full list.
import { CONTENT_KEYS } from './content-keys'
import { PRIVACY_CONTENT_KEYS } from './privacy-copy'
import { TRUST_CONTENT_KEYS } from './trust-copy'

export const PUBLIC_CONTENT_KEYS = { ...CONTENT_KEYS, ...PRIVACY_CONTENT_KEYS, ...TRUST_CONTENT_KEYS }
export type PublicContentKey = keyof typeof PUBLIC_CONTENT_KEYS

/** The public page a key belongs to: the part of the key before its first dot. */
export type ContentPage = PublicContentKey extends `${infer Page}.${string}` ? Page : never

export const contentPageOf = (key: string): string => key.split('.', 1)[0] ?? ''

export const CONTENT_PAGES = [
  ...new Set(Object.keys(PUBLIC_CONTENT_KEYS).map(contentPageOf)),
] as ContentPage[]

export const isContentPage = (value: string | null | undefined): value is ContentPage =>
  (CONTENT_PAGES as string[]).includes(value ?? '')

/**
 * The blocks a public answer may carry: only keys a page reads (a block under
 * any other key is shown nowhere, so it is sent nowhere), and with `page` only
 * that page's keys.
 */
export function publicBlocks<T extends { key: string }>(blocks: readonly T[], page?: ContentPage): T[] {
  return blocks.filter(
    (b) => b.key in PUBLIC_CONTENT_KEYS && (page === undefined || contentPageOf(b.key) === page),
  )
}
