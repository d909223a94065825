// Creates the owner account, or resets its password, on the deployed D1
// (--remote) or the local one (--local):
//
//   npm run owner -- --remote [--username NAME]
//   printf '%s\n' "$PASSWORD" | npm run owner -- --local      (from a secret store, not typed)
//
// The password is read from a hidden TTY prompt, or from stdin when piped; never
// from argv or the environment, so it stays out of shell history, `ps` and CI logs.
// Only its PBKDF2 hash (worker/auth/password.ts, the Worker's own code) is written,
// through `wrangler d1 execute --file` with a temporary SQL file that is deleted
// afterwards. A reset also signs out every existing session (KV), since a reset
// usually means the old password should stop working everywhere.
// The site has one account: when others exist (say, one claimed through an
// open registration), it refuses unless --replace-others, which deletes them.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { hashPassword } from '../worker/auth/password'
import { passwordProblem } from '../worker/auth/password-policy'

const USAGE = `Usage: npm run owner -- --remote|--local [--username NAME] [--persist-to DIR] [--keep-sessions] [--replace-others]

  --remote          the deployed D1 database and KV namespace (needs \`wrangler login\`)
  --local           the local ones used by \`npm start\` (.wrangler/state, or --persist-to DIR)
  --username NAME   the account to create or reset (default: owner)
  --keep-sessions   do not sign out existing sessions
  --replace-others  delete every other account (the script refuses while others exist)

The password is asked for without echo, or read from stdin when stdin is not a terminal.`

// Usernames are kept to a plain character set: the SQL is written to a file, and
// the login form compares them exactly.
const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,100}$/

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function parseOptions() {
  let values: {
    remote: boolean
    local: boolean
    username: string
    'persist-to'?: string
    'keep-sessions': boolean
    'replace-others': boolean
    help: boolean
  }
  try {
    ;({ values } = parseArgs({
      options: {
        remote: { type: 'boolean', default: false },
        local: { type: 'boolean', default: false },
        username: { type: 'string', default: 'owner' },
        'persist-to': { type: 'string' },
        'keep-sessions': { type: 'boolean', default: false },
        'replace-others': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch {
    // Never echo the arguments: a password typed there must not reach a log.
    fail(`Unknown or malformed arguments.\n\n${USAGE}`)
  }
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  if (values.remote === values.local) fail(`Choose exactly one of --remote and --local.\n\n${USAGE}`)
  if (values.remote && values['persist-to']) fail('--persist-to only applies to --local.')
  const username = values.username.trim()
  if (!USERNAME_PATTERN.test(username)) {
    fail('The username may use letters, digits and . _ @ - (at most 100 characters).')
  }
  return {
    target: values.remote ? '--remote' : '--local',
    username,
    persistTo: values['persist-to'],
    keepSessions: values['keep-sessions'],
    replaceOthers: values['replace-others'],
  }
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const { stdin, stderr } = process
  return new Promise((resolve) => {
    let value = ''
    stderr.write(question)
    stdin.setRawMode(true)
    stdin.resume()
    stdin.setEncoding('utf8')
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stdin.setRawMode(false)
          stdin.pause()
          stdin.off('data', onData)
          stderr.write('\n')
          resolve(value)
          return
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false)
          stderr.write('\n')
          process.exit(130)
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1)
        else if (ch >= ' ') value += ch
      }
    }
    stdin.on('data', onData)
  })
}

/** The first line of a piped stdin. */
async function readPipedLine(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? ''
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedLine()
  const password = await promptHidden('New owner password: ')
  const again = await promptHidden('Repeat the password: ')
  if (password !== again) fail('The passwords do not match; nothing was changed.')
  return password
}

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`

function wrangler(args: string[], capture = false) {
  const result = spawnSync('npx', ['wrangler', ...args], {
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  })
  if (result.status !== 0) fail(`wrangler ${args.slice(0, 3).join(' ')} failed (exit ${result.status}).`)
  return result.stdout ?? ''
}

const options = parseOptions()
const where = [options.target, ...(options.persistTo ? ['--persist-to', options.persistTo] : [])]

// The site has exactly one account. Others (e.g. claimed through a registration
// left open) are refused here unless the operator asks for them to be deleted.
const listed = wrangler(
  ['d1', 'execute', 'DB', ...where, '--json', '--command', 'select username from users'],
  true,
)
const rows =
  (JSON.parse(listed.slice(listed.indexOf('['))) as { results: { username: string }[] }[])[0]?.results ?? []
const others = rows.map((r) => r.username).filter((name) => name !== options.username)
if (others.length && !options.replaceOthers) {
  fail(
    `\n*** REFUSED: other accounts exist: ${others.join(', ')}. ***\n` +
      'Each of them can sign in to the admin. If you did not create them, treat this as an intrusion:\n' +
      'rerun with --replace-others to delete them (and their sessions), then review the audit log.\n',
  )
}

const password = await readPassword()
const problem = passwordProblem(password)
if (problem) fail(`${problem}; nothing was changed.`)

const hash = await hashPassword(password)
const dir = mkdtempSync(join(tmpdir(), 'owner-'))
try {
  const sqlFile = join(dir, 'owner.sql')
  const name = sqlString(options.username)
  const statements = [
    `insert into users (username, password_hash) values (${name}, ${sqlString(hash)})
  on conflict (username) do update set password_hash = excluded.password_hash, updated_at = unixepoch() * 1000;`,
    // Sessions, passkeys and recovery codes of deleted accounts go with them (foreign keys cascade).
    ...(options.replaceOthers ? [`delete from users where username <> ${name};`] : []),
    ...(options.keepSessions
      ? []
      : [`delete from sessions where user_id = (select id from users where username = ${name});`]),
    `insert into audit_log (at, user_id, actor, action, record, outcome) values (unixepoch() * 1000,
  (select id from users where username = ${name}), ${name}, 'owner-script', ${sqlString(
    [
      options.replaceOthers && others.length ? `deleted ${others.join(' ')}` : '',
      options.keepSessions ? '' : 'sessions ended',
    ]
      .filter(Boolean)
      .join('; ') || 'password set',
  )}, 'success');`,
  ]
  writeFileSync(sqlFile, `${statements.join('\n')}\n`, { mode: 0o600 })
  wrangler(['d1', 'execute', 'DB', ...where, '--file', sqlFile, '--yes'])
  if (others.length) console.log(`Deleted ${others.length} other account(s): ${others.join(', ')}.`)
  if (!options.keepSessions) console.log('Signed out every existing session of the account.')
  console.log(`Owner account "${options.username}" is ready (${options.target.slice(2)}).`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
