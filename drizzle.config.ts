import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from 'drizzle-kit'

// drizzle-kit reads the local D1 file through @libsql/client (for db:studio);
// migrations are generated from the domain tables files (schema/tables-<domain>.ts)
// into migrations/, which `npm run setup:local` applies locally
// (scripts/local-migrations.ts) and `wrangler d1 migrations apply DB --remote`
// remotely. The glob leaves out schema/tables.ts, which only re-exports them: read
// twice, its view (invoice_balances) would be a duplicate.
function localD1File(): string {
  const dir = '.wrangler/state/v3/d1/miniflare-D1DatabaseObject'
  try {
    const file = readdirSync(dir).find((f) => f.endsWith('.sqlite'))
    return file ? `file:${join(dir, file)}` : 'file:.wrangler/local.sqlite'
  } catch {
    return 'file:.wrangler/local.sqlite'
  }
}

export default defineConfig({
  dialect: 'sqlite',
  schema: './schema/tables-*.ts',
  out: './migrations',
  dbCredentials: { url: localD1File() },
})
