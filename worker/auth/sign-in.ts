// Starting a session for a user who has proved who they are, and the short
// "password accepted, second factor due" ticket in between.
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import type { Context } from 'hono'
import { clientIp } from '../abuse/rate-limit'
import type { AppEnv, SessionUser } from '../env'
import { securityConfig } from './config'
import { readSessionCookie, writeSessionCookie } from './cookie'
import { createSession, invalidateSession, type SessionClient } from './session'

type Cf = { city?: string; region?: string; country?: string }

/** Device and coarse location of this request, as stored with a session. */
export function sessionClient(c: Context<AppEnv>): SessionClient {
  const cf = (c.req.raw as Request & { cf?: Cf }).cf
  const location = [cf?.city, cf?.region, cf?.country].filter(Boolean).join(', ')
  return {
    userAgent: c.req.header('user-agent') ?? null,
    ip: clientIp(c.req.raw),
    location: location || null,
  }
}

/** Replaces any session the browser already had with a fresh one. */
export async function startSession(c: Context<AppEnv>, user: SessionUser) {
  const previous = readSessionCookie(c)
  if (previous) await invalidateSession(c.var.db, previous)
  const { token, expiresAt } = await createSession(c.var.db, user, securityConfig(c.env), sessionClient(c))
  writeSessionCookie(c, token, expiresAt)
}

const TICKET_TTL_S = 300
const ticketKey = (ticket: string) => `signin:${encodeHexLowerCase(sha256(new TextEncoder().encode(ticket)))}`

/** A ticket for the second step of a sign-in; KV keeps only its hash, for 5 minutes. */
export async function issueTicket(kv: KVNamespace, user: SessionUser) {
  const ticket = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))
  await kv.put(ticketKey(ticket), JSON.stringify(user), { expirationTtl: TICKET_TTL_S })
  return ticket
}

export async function readTicket(kv: KVNamespace, ticket: string): Promise<SessionUser | null> {
  if (!/^[a-z2-7]{32}$/.test(ticket)) return null
  const raw = await kv.get(ticketKey(ticket))
  return raw ? (JSON.parse(raw) as SessionUser) : null
}

export const dropTicket = (kv: KVNamespace, ticket: string) => kv.delete(ticketKey(ticket))
