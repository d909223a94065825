import { cloudflare } from '@cloudflare/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { APP_ENTRY_META, BOOT_SCRIPT } from './schema/boot-script'

/**
 * react-aria ships its built-in UI strings (date-segment names, "Calendar",
 * "Close"...) in 34 locales: about 20 KB gzip in the request-form chunk alone.
 * The site is English and react-aria falls back to en-US for any other browser
 * locale, so only en-US is kept. The same idea as @react-aria/optimize-locales-plugin
 * (docs/decisions/031-request-forms.md).
 */
const englishOnlyAriaStrings = (): Plugin => ({
  name: 'english-only-aria-strings',
  transform(code, id) {
    if (!/[\\/]react-(aria|stately|aria-components)[\\/].*intlStrings\.mjs$/.test(id)) return null
    const otherLocale =
      /^\s*(import \S+ from "[^"]*\/(?!en-US)[a-z]{2}-[A-Z]{2}\.mjs";|"(?!en-US)[a-z]{2}-[A-Z]{2}": \S+?,?)\s*$/
    return {
      code: code
        .split('\n')
        .filter((line) => !otherLocale.test(line))
        .join('\n'),
      map: null,
    }
  },
})

/**
 * Paint first, then boot: the built shell names the entry module in a meta tag
 * and loads it with the inline BOOT_SCRIPT after the first paint
 * (schema/boot-script.ts, docs/decisions/051-paint-before-boot.md). Build only;
 * the dev server keeps Vite's own script tag.
 */
const bootAfterFirstPaint = (): Plugin => ({
  name: 'boot-after-first-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/
      const src = html.match(entry)?.[1]
      if (!src) throw new Error('boot-after-first-paint: no entry script in index.html')
      return html.replace(
        entry,
        `<meta name="${APP_ENTRY_META}" content="${src}">\n    <script>${BOOT_SCRIPT}</script>`,
      )
    },
  },
})

// `vite build` only builds the SPA into dist/client; wrangler bundles the
// Worker itself (npm start, deploy). The Cloudflare plugin is used for the dev
// server alone, so the build never writes .wrangler/deploy/config.json
// (docs/decisions/003-build-pipeline.md).
export default defineConfig(({ command }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [
    englishOnlyAriaStrings(),
    bootAfterFirstPaint(),
    react(),
    tailwindcss(),
    // State is resolved against Vite's root (web/); point it at the same
    // .wrangler/state that `npm run setup:local` seeds and `wrangler dev` uses.
    ...(command === 'serve'
      ? [cloudflare({ configPath: '../wrangler.toml', persistState: { path: '../.wrangler/state' } })]
      : []),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
}))
