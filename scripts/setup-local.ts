// Prepares the local bindings for `npm start` / `npm run dev`: creates
// .dev.vars from the example when missing, seeds an empty database, and
// creates (or resets) the local owner account from .dev.vars.
// Migrations are applied just before by `wrangler d1 migrations apply --local`.
import { copyFileSync, existsSync } from 'node:fs'
import { getPlatformProxy } from 'wrangler'
import { MIN_PASSWORD_LENGTH } from '../schema/constants'
import { hashPassword } from '../worker/auth/password'
import { createDb } from '../worker/db'
import { upsertOwner } from '../worker/services/users'
import { seedIfEmpty } from './seed'

if (!existsSync('.dev.vars')) {
  copyFileSync('.dev.vars.example', '.dev.vars')
  console.log('Created .dev.vars from .dev.vars.example')
}

// PERSIST_TO matches `wrangler dev --persist-to`, which keeps its state under <dir>/v3.
const persistTo = process.env.PERSIST_TO
const { env, dispose } = await getPlatformProxy<Env>({
  configPath: 'wrangler.toml',
  persist: persistTo ? { path: `${persistTo}/v3` } : true,
})
try {
  if (await seedIfEmpty(env)) console.log('Seeded the local database with demo content.')

  const username = env.OWNER_USERNAME?.trim()
  const password = env.OWNER_PASSWORD
  if (!username || !password) {
    console.warn('OWNER_USERNAME / OWNER_PASSWORD missing in .dev.vars: no local owner account set.')
  } else if (password.length < MIN_PASSWORD_LENGTH) {
    console.warn(`OWNER_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters: owner not updated.`)
  } else {
    await upsertOwner(createDb(env.DB), username, await hashPassword(password))
    console.log(`Local owner account ready: ${username} (password from .dev.vars)`)
  }
} finally {
  await dispose()
}
