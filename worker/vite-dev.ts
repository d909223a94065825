/**
 * True only under Vite's dev server (`npm run dev`, the Cloudflare Vite plugin):
 * never in a bundle wrangler builds (npm start, deploy) and not under Vitest,
 * which also runs the Worker through Vite (mode "test") but should see the real
 * behaviour.
 */
export const viteDev =
  typeof import.meta.env !== 'undefined' && import.meta.env.DEV === true && import.meta.env.MODE !== 'test'
