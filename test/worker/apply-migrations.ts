import { applyD1Migrations, env } from 'cloudflare:test'

// Setup files run outside per-test storage isolation, so this applies once
// per file's storage; applyD1Migrations skips migrations already applied.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
