// Starting a session for a user who has proved who they are, and the short
// "password accepted, second factor due" ticket in between.
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import type { Context } from 'hono'
import { clientIp } from '../abuse/rate-limit'
import type { AppEnv, SessionUser } from '../env'
import { deliverEach } from '../mail/outbox'
import { inBackground } from '../middleware/background'
import { queueSecurityNotice } from '../services/security-notices'
import { securityConfig } from './config'
import { readSessionCookie, writeSessionCookie } from './cookie'
import { rememberDevice } from './devices'
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

/**
 * Replaces any session the browser already had with a fresh one, and tells the
 * owner by e-mail when this browser has not signed in as them before
 * (`announceNewBrowser: false` for the registration, which is the first of all).
 */
export async function startSession(
  c: Context<AppEnv>,
  user: SessionUser,
  { announceNewBrowser = true }: { announceNewBrowser?: boolean } = {},
) {
  const previous = readSessionCookie(c)
  if (previous) await invalidateSession(c.var.db, previous)
  const client = sessionClient(c)
  const { token, expiresAt } = await createSession(c.var.db, user, securityConfig(c.env), client)
  writeSessionCookie(c, token, expiresAt)
  const isNew = await rememberDevice(c, c.var.db, user.id)
  if (isNew && announceNewBrowser) {
    const id = await queueSecurityNotice(c.var.db, c.env, 'sign-in.new-browser', client)
    inBackground(c, deliverEach(c.var.db, c.env, [id]))
  }
}

const TICKET_TTL_S = 300
/** Wrong codes one ticket takes before it is void (the password must be given again). */
export const MAX_TICKET_ATTEMPTS = 5
const ticketKey = (ticket: string) => `signin:${encodeHexLowerCase(sha256(new TextEncoder().encode(ticket)))}`

type StoredTicket = { user: SessionUser; failures: number; expiresAt: number }

/** A ticket for the second step of a sign-in; KV keeps only its hash, for 5 minutes. */
export async function issueTicket(kv: KVNamespace, user: SessionUser, now = Date.now()) {
  const ticket = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))
  const stored: StoredTicket = { user, failures: 0, expiresAt: now + TICKET_TTL_S * 1000 }
  await kv.put(ticketKey(ticket), JSON.stringify(stored), { expirationTtl: TICKET_TTL_S })
  return ticket
}

export async function readTicket(kv: KVNamespace, ticket: string): Promise<SessionUser | null> {
  return (await readStoredTicket(kv, ticket))?.user ?? null
}

async function readStoredTicket(kv: KVNamespace, ticket: string, now = Date.now()) {
  if (!/^[a-z2-7]{32}$/.test(ticket)) return null
  const raw = await kv.get(ticketKey(ticket))
  if (!raw) return null
  const stored = JSON.parse(raw) as StoredTicket
  return stored.expiresAt > now && stored.failures < MAX_TICKET_ATTEMPTS ? stored : null
}

/**
 * Counts a wrong code against the ticket; at MAX_TICKET_ATTEMPTS it is void, so
 * neither rotating addresses nor switching to recovery codes gets more tries.
 * (KV is not transactional: two guesses at the same instant may both count as
 * one; the per-network throttle still applies to each.)
 */
export async function ticketFailed(kv: KVNamespace, ticket: string, now = Date.now()) {
  const stored = await readStoredTicket(kv, ticket, now)
  if (!stored) return
  const failures = stored.failures + 1
  if (failures >= MAX_TICKET_ATTEMPTS) return dropTicket(kv, ticket)
  // KV's shortest TTL is 60 s; the stored expiry is what is checked.
  const ttl = Math.max(60, Math.ceil((stored.expiresAt - now) / 1000))
  await kv.put(ticketKey(ticket), JSON.stringify({ ...stored, failures }), { expirationTtl: ttl })
}

export const dropTicket = (kv: KVNamespace, ticket: string) => kv.delete(ticketKey(ticket))
