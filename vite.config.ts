import { cloudflare } from '@cloudflare/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// `vite build` only builds the SPA into dist/client; wrangler bundles the
// Worker itself (npm start, deploy). The Cloudflare plugin is used for the dev
// server alone, so the build never writes .wrangler/deploy/config.json
// (docs/decisions/003-build-pipeline.md).
export default defineConfig(({ command }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    ...(command === 'serve' ? [cloudflare({ configPath: '../wrangler.toml' })] : []),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
}))
