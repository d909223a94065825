import { env } from 'cloudflare:test'
import { securityConfig } from '../../worker/auth/config'
import { hashPassword } from '../../worker/auth/password'
import { createSession } from '../../worker/auth/session'
import { createDb } from '../../worker/db'

/** Creates the owner row (if missing) and a session; returns the Cookie header value. */
export async function ownerCookie(username = 'owner'): Promise<string> {
  const hash = await hashPassword('test-owner-password', 1000)
  await env.DB.prepare('insert or ignore into users (username, password_hash) values (?, ?)')
    .bind(username, hash)
    .run()
  const row = await env.DB.prepare('select id from users where username = ?')
    .bind(username)
    .first<{ id: number }>()
  const { token } = await createSession(createDb(env.DB), { id: row!.id, username }, securityConfig(env))
  return `session=${token}`
}
