// react-aria ships its UI strings in 34 locales, one module each per component
// family; the site is English, so every other locale's module becomes an empty
// one. @react-aria/optimize-locales-plugin did this for the browser's build only:
// it leaves server builds alone (for servers that render in the visitor's
// language), so the Worker's server chunks carried the rest (14 KB), and the
// Worker tests transformed and loaded about 700 such modules on every run.
// This site renders in English everywhere (ADR 174).
import type { Plugin } from 'vite'

/** A locale in a module specifier (`./de-DE.mjs`), as react-aria names its string files. */
const LOCALE = /[a-z]{2}-[A-Z]{2}/
const REACT_ARIA = /[/\\](@react-stately|@react-aria|react-stately|react-aria|react-aria-components)[/\\]/
const REMOVED = '\0english-only:removed-locale'

export function englishOnly(kept: readonly string[] = ['en-US']): Plugin {
  return {
    name: 'english-only',
    enforce: 'pre',
    resolveId(specifier, importer) {
      if (!importer || !REACT_ARIA.test(importer)) return null
      const locale = specifier.match(LOCALE)?.[0]
      return locale && !kept.includes(locale) ? REMOVED : null
    },
    // What react-aria's own plugin puts in their place: no strings, so its
    // dictionary falls back to the locales kept.
    load: (id) => (id === REMOVED ? 'export default undefined' : null),
  }
}
