// Per-request reply addresses (docs/decisions/054-mail-threads.md): the local
// part names the request and carries an HMAC-SHA256 of that name, so the
// email() handler can tell a real reply address from a guessed or forged one
// without storing anything. The key is the REPLY_TOKEN_SECRET secret; a fixed
// local key serves `npm start` and the tests (ENVIRONMENT=local) and nothing
// else: without the secret, production has no reply address and refuses all
// inbound mail (fail closed, docs/decisions/024-fail-closed.md).
import type { RequestKind } from '../../schema/request-statuses'
import { localDeployment } from '../auth/local'
import { log } from '../log'
import { signature, signatureMatches } from '../signed-token'

/** The dev/test key. Used only by a local deployment (ENVIRONMENT=local and SITE_URL on localhost). */
export const LOCAL_REPLY_KEY = 'local-reply-token-key-not-for-production'
const LOCAL_PART = /^reply-([cs])(\d{1,12})-([0-9a-f]{24})$/

let warned = false
function replyKey(env: Env): string | null {
  const local = localDeployment(env)
  // An optional secret (`wrangler secret put REPLY_TOKEN_SECRET`), so not in the generated Env.
  const secret = (env as Env & { REPLY_TOKEN_SECRET?: string }).REPLY_TOKEN_SECRET?.trim()
  if (secret && secret.length >= 16 && (local || secret !== LOCAL_REPLY_KEY)) return secret
  if (local) return LOCAL_REPLY_KEY
  // Fail closed (docs/decisions/081-keys-fail-closed.md): no reply addresses, all inbound mail refused.
  if (!warned) {
    warned = true
    log('warn', 'reply addresses are off: REPLY_TOKEN_SECRET is missing, too short or the built-in key')
  }
  return null
}

/** The domain of the reply addresses: REPLY_DOMAIN, else MAIL_FROM's. */
export function replyDomain(env: Env): string {
  return (env.REPLY_DOMAIN?.trim() || env.MAIL_FROM.split('@').pop() || '').toLowerCase()
}

const letterOf = (kind: RequestKind) => (kind === 'consultation' ? 'c' : 's')

/** The reply address of one request, or null when no key is configured. */
export async function replyAddress(env: Env, kind: RequestKind, id: number): Promise<string | null> {
  const key = replyKey(env)
  if (!key) return null
  const name = `${letterOf(kind)}${id}`
  return `reply-${name}-${await signature(key, `request:${name}`, 'hex96')}@${replyDomain(env)}`
}

export type ReplyTarget = { kind: RequestKind; id: number }

/**
 * The request a reply address names, when its token is genuine; null for a
 * malformed, foreign or forged address (compared in constant time).
 */
export async function verifyReplyAddress(env: Env, address: string): Promise<ReplyTarget | null> {
  const key = replyKey(env)
  if (!key) return null
  const at = address.lastIndexOf('@')
  if (at < 0) return null
  const local = address.slice(0, at).toLowerCase()
  if (address.slice(at + 1).toLowerCase() !== replyDomain(env)) return null
  const match = LOCAL_PART.exec(local)
  if (!match) return null
  const [, letter, digits, token] = match as unknown as [string, string, string, string]
  const id = Number(digits)
  if (String(id) !== digits) return null
  // 96 bits as lower-case hex (mail systems may change a local part's case), compared in constant time.
  if (!(await signatureMatches(key, `request:${letter}${id}`, token, 'hex96'))) return null
  return { kind: letter === 'c' ? 'consultation' : 'support', id }
}
