// Prepares the local bindings for `npm start` / `npm run dev`: creates
// .dev.vars from the example when missing, seeds an empty database, and
// creates (or resets) the local owner account from .dev.vars. It applies the
// migrations first, in the same workerd (scripts/local-migrations.ts).
import { appendFileSync, copyFileSync, existsSync, readFileSync } from 'node:fs'
import { getPlatformProxy } from 'wrangler'
import { hashPassword } from '../worker/auth/password'
import { passwordProblem } from '../worker/auth/password-policy'
import { createDb } from '../worker/db'
import { upsertOwner } from '../worker/services/users'
import { missingFromExample } from './dev-vars'
import { applyLocalMigrations } from './local-migrations'
import { seedIfEmpty } from './seed'
import { seedAgreementsIfNone } from './seed-agreements'

if (!existsSync('.dev.vars')) {
  copyFileSync('.dev.vars.example', '.dev.vars')
  console.log('Created .dev.vars from .dev.vars.example')
} else if (!/^ENVIRONMENT=/m.test(readFileSync('.dev.vars', 'utf8'))) {
  // The committed wrangler.toml is production (fails closed); local
  // conveniences need this explicit setting (docs/decisions/024-fail-closed.md).
  appendFileSync(
    '.dev.vars',
    '\n# Local conveniences for localhost requests (added by npm start).\nENVIRONMENT=local\n',
  )
  console.log('Added ENVIRONMENT=local to .dev.vars')
}
// Visitor e-mail and the booking-link key (issue 17): an older .dev.vars gets them,
// so `npm start` tries the whole booking flow offline (mails go to local files).
{
  const current = readFileSync('.dev.vars', 'utf8')
  const missing: string[] = []
  if (!/^VISITOR_MAIL=/m.test(current)) missing.push('VISITOR_MAIL=on')
  if (!/^BOOKING_LINK_KEY=/m.test(current))
    missing.push(`BOOKING_LINK_KEY=local-${crypto.randomUUID()}-${crypto.randomUUID()}`)
  if (missing.length) {
    appendFileSync(
      '.dev.vars',
      `\n# Visitor e-mail and booking links (added by npm start).\n${missing.join('\n')}\n`,
    )
    console.log(`Added ${missing.map((m) => m.split('=')[0]).join(', ')} to .dev.vars`)
  }
}

if (!/^VISITOR_MAIL=/m.test(readFileSync('.dev.vars', 'utf8'))) {
  // wrangler.toml says "off" (production needs Email Sending first); locally the
  // send_email binding writes mails to files, so replies can go "out" offline.
  appendFileSync(
    '.dev.vars',
    '\n# Mail to visitors, written to local files (added by npm start).\nVISITOR_MAIL=on\n',
  )
  console.log('Added VISITOR_MAIL=on to .dev.vars')
}

// Any other key that is new in the example (issue 26: the Stripe settings) is
// added with its comment; the keys already in .dev.vars stay as they are.
{
  const { text, keys } = missingFromExample(
    readFileSync('.dev.vars.example', 'utf8'),
    readFileSync('.dev.vars', 'utf8'),
  )
  if (keys.length) {
    appendFileSync('.dev.vars', text)
    console.log(`Added ${keys.join(', ')} to .dev.vars (new in .dev.vars.example)`)
  }
}

// PERSIST_TO matches `wrangler dev --persist-to`, which keeps its state under <dir>/v3.
const persistTo = process.env.PERSIST_TO
const { env, dispose } = await getPlatformProxy<Env>({
  configPath: 'wrangler.toml',
  persist: persistTo ? { path: `${persistTo}/v3` } : true,
})
try {
  const applied = await applyLocalMigrations(env.DB)
  console.log(
    applied.length
      ? `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} to the local database: ${applied.join(', ')}`
      : 'The local database is up to date with migrations/.',
  )
  if (await seedIfEmpty(env)) console.log('Seeded the local database with demo content.')
  // Issue 25: the service agreement and BAA drafts, also on an install seeded before them.
  if (await seedAgreementsIfNone(env))
    console.log('Added the draft agreement templates (have them reviewed by a lawyer).')

  const username = env.OWNER_USERNAME?.trim()
  const password = env.OWNER_PASSWORD
  if (!username || !password) {
    console.warn('OWNER_USERNAME / OWNER_PASSWORD missing in .dev.vars: no local owner account set.')
  } else if (passwordProblem(password)) {
    console.warn(`OWNER_PASSWORD refused (${passwordProblem(password)}): owner not updated.`)
  } else {
    await upsertOwner(createDb(env.DB), username, await hashPassword(password))
    console.log(`Local owner account ready: ${username} (password from .dev.vars)`)
    const others = await env.DB.prepare('select username from users where username <> ?')
      .bind(username)
      .all<{ username: string }>()
    if (others.results.length) {
      console.warn(
        `\n*** WARNING: other accounts exist besides "${username}": ${others.results.map((r) => r.username).join(', ')}.\n` +
          '*** Each can sign in to the admin. Delete them (npm run owner -- --local --replace-others). ***\n',
      )
    }
  }
} finally {
  await dispose()
}
