import type { Config } from '@react-router/dev/config'

// React Router's framework mode: every public page is rendered on the server
// by its route module's loader and component, then hydrated
// (docs/decisions/052-framework-mode.md). The Worker (worker/index.ts) keeps
// Hono in front for the API, GraphQL and the crawler files.
export default {
  appDirectory: 'web',
  buildDirectory: 'dist',
  ssr: true,
} satisfies Config
