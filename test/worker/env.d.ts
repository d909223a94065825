import type { D1Migration } from 'cloudflare:test'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[]
    }
    // Types `exports.default` from "cloudflare:workers" as the Worker entry.
    interface GlobalProps {
      mainModule: typeof import('../../worker/index')
    }
  }
}
