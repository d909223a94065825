// Re-wraps every data key sealed with the vault's key (the credentials and the
// calendar addresses: SEALED_TABLES) under a new VAULT_KEY (docs/vault.md,
// ADR 152), without touching the sealed values:
//
//   npm run vault:rotate -- --local                 (keys from .dev.vars)
//   npm run vault:rotate -- --remote --keys FILE    (a dotenv file, mode 600, deleted afterwards by you)
//
// The keys file names VAULT_KEY (the new key) and VAULT_KEY_PREVIOUS (the old
// one). Keys are never taken from argv, so they stay out of shell history and
// `ps`. Rows are read and written through `wrangler d1 execute`, as
// scripts/owner.ts does; each update only applies if the row was not changed
// meanwhile. The same function (rewrapAll) is what the Worker tests run.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import {
  kekFrom,
  LOCAL_VAULT_KEY,
  MIN_VAULT_KEY_LENGTH,
  rewrapAll,
  SEALED_TABLES,
  type SealedTable,
  type WrappedRow,
} from '../worker/services/vault/crypto'

const USAGE = `Usage: npm run vault:rotate -- --local|--remote [--keys FILE] [--persist-to DIR]

  --local        the local D1 of \`npm start\` (.wrangler/state, or --persist-to DIR); keys from .dev.vars
  --remote       the deployed D1 (needs \`wrangler login\`); --keys is required
  --keys FILE    a dotenv file with VAULT_KEY=<new> and VAULT_KEY_PREVIOUS=<old>`

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const { values } = parseArgs({
  options: {
    local: { type: 'boolean', default: false },
    remote: { type: 'boolean', default: false },
    keys: { type: 'string' },
    'persist-to': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
if (values.local === values.remote) fail(`Choose exactly one of --local and --remote.\n\n${USAGE}`)
if (values.remote && !values.keys) fail(`--remote needs --keys FILE.\n\n${USAGE}`)

function dotenv(file: string): Record<string, string> {
  if (!existsSync(file)) fail(`${file} does not exist.`)
  const out: Record<string, string> = {}
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line)
    if (match) out[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2')
  }
  return out
}

const vars = dotenv(values.keys ?? '.dev.vars')
// Locally an empty VAULT_KEY means the built-in key (worker/auth/vault-key.ts).
const next = vars.VAULT_KEY || (values.local ? LOCAL_VAULT_KEY : '')
const previous = vars.VAULT_KEY_PREVIOUS || (values.local ? LOCAL_VAULT_KEY : '')
if (next.length < MIN_VAULT_KEY_LENGTH) fail(`VAULT_KEY must be at least ${MIN_VAULT_KEY_LENGTH} characters.`)
if (previous.length < MIN_VAULT_KEY_LENGTH) fail('VAULT_KEY_PREVIOUS (the old key) is missing or too short.')
if (next === previous) fail('VAULT_KEY and VAULT_KEY_PREVIOUS are the same key: nothing to rotate.')

const where = [
  values.local ? '--local' : '--remote',
  ...(values['persist-to'] ? ['--persist-to', values['persist-to']] : []),
]

function wrangler(args: string[], capture = false) {
  const result = spawnSync('npx', ['wrangler', ...args], {
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  })
  if (result.status !== 0) fail(`wrangler ${args.slice(0, 3).join(' ')} failed (exit ${result.status}).`)
  return result.stdout ?? ''
}

const nextKek = await kekFrom(next)
const previousKek = await kekFrom(previous)
const sql = (v: string) => `'${v.replaceAll("'", "''")}'`
const statements: string[] = []
const failed: string[] = []
let total = 0
for (const table of Object.keys(SEALED_TABLES) as SealedTable[]) {
  const listed = wrangler(
    [
      'd1',
      'execute',
      'DB',
      ...where,
      '--json',
      '--command',
      `select id, wrapped_key as wrappedKey, wrap_iv as wrapIv, key_id as keyId from ${table}`,
    ],
    true,
  )
  const rows =
    (JSON.parse(listed.slice(listed.indexOf('['))) as { results: WrappedRow[] }[])[0]?.results ?? []
  total += rows.length
  // Each data key is bound to its row by additional data (the id, in the table's own form).
  const byAad = new Map(rows.map((r) => [SEALED_TABLES[table](r.id), r]))
  const result = await rewrapAll(
    [...byAad].map(([aad, r]) => ({ ...r, id: aad })),
    nextKek,
    previousKek,
  )
  for (const u of result.updates) {
    const row = byAad.get(u.id)!
    const id = typeof row.id === 'number' ? String(row.id) : sql(row.id)
    // Only applies if the row was not changed meanwhile.
    statements.push(
      `update ${table} set wrapped_key = ${sql(u.wrappedKey)}, wrap_iv = ${sql(u.wrapIv)}, key_id = ${sql(u.keyId)} where id = ${id} and wrapped_key = ${sql(row.wrappedKey)};`,
    )
  }
  failed.push(...result.failed.map((aad) => `${table} ${byAad.get(aad)!.id}`))
}
const updated = statements.length
if (updated) {
  const dir = mkdtempSync(join(tmpdir(), 'vault-'))
  try {
    const file = join(dir, 'rotate.sql')
    statements.push(
      `insert into audit_log (at, actor, action, record, outcome) values (unixepoch() * 1000, 'vault-rotate-script', 'vault.rotate', ${sql(`${updated} data keys re-wrapped under key ${nextKek.id}`)}, 'success');`,
    )
    writeFileSync(file, `${statements.join('\n')}\n`, { mode: 0o600 })
    wrangler(['d1', 'execute', 'DB', ...where, '--file', file, '--yes'])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
console.log(
  `Re-wrapped ${updated} data key(s) under key ${nextKek.id}; ${total - updated - failed.length} already under it.`,
)
if (failed.length) {
  fail(
    `${failed.length} sealed row(s) opened with neither key (wrong VAULT_KEY_PREVIOUS?): ${failed.join(', ')}`,
  )
}
