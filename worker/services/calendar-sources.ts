// The owner's own calendars as busy times (issue 56, point 2). The owner adds
// the secret iCal address of a Google, Apple or Outlook calendar; a job reads
// each one every 15 minutes (conditional requests, a time and size bound) and
// keeps its busy intervals; booking then offers no slot that overlaps one, on
// the public page and in the owner's reschedule list. A source that fails
// keeps its last good copy and shows its error and age in the admin. The
// address is a password to that calendar: it is kept sealed with the vault's
// key and never shown again (only its host).
import { asc, eq, isNull, lt, or } from 'drizzle-orm'
import type { BusyInterval, CalendarSource } from '../../schema/tables'
import type { Db } from '../db'
import { tables } from '../db'
import { mergeIntervals, NotICalendar } from './busy-intervals'
import { Invalid, NotFound, Unavailable } from './errors'
import type { Keys } from './vault'
import { openSecret, SEALED_TABLES, sealSecret } from './vault/crypto'

/** How often a source is read, how long a read may take, and how large a file may be. */
export const SYNC_EVERY_MS = 15 * 60_000
export const FETCH_TIMEOUT_MS = 10_000
export const MAX_FEED_BYTES = 5 * 1024 * 1024
/** Busy times are kept from a day back to this far ahead (past the booking horizon). */
export const AHEAD_MS = 400 * 86_400_000
export const MAX_SOURCES = 10

export const CALENDAR_MESSAGES = {
  noKey: 'Calendars need the vault key (VAULT_KEY) to keep their addresses sealed; set it first.',
  tooMany: `At most ${MAX_SOURCES} calendars can be added.`,
} as const

const LOCAL_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/

/** The address as given, checked: https (http only for this machine in a local deployment), no credentials. */
export function checkCalendarUrl(raw: unknown, allowLocal: boolean): URL {
  if (typeof raw !== 'string' || !raw.trim()) throw new Invalid({ url: 'The calendar address is required' })
  let url: URL
  try {
    // Apple shares webcal:// addresses: the same file over https.
    url = new URL(raw.trim().replace(/^webcals?:\/\//i, 'https://'))
  } catch {
    throw new Invalid({ url: 'The calendar address must be a full https:// address' })
  }
  if (raw.length > 2000) throw new Invalid({ url: 'The calendar address is too long' })
  if (url.username || url.password)
    throw new Invalid({ url: 'The calendar address must not carry a user name or password' })
  const local = LOCAL_HOST.test(url.hostname)
  if (url.protocol === 'https:' && !local) return url
  if (local && allowLocal && (url.protocol === 'http:' || url.protocol === 'https:')) return url
  throw new Invalid({
    url: local
      ? 'A calendar on this machine can be read only by a local deployment'
      : 'The calendar address must start with https://',
  })
}

export type SourceView = {
  id: number
  name: string
  host: string
  lastSyncedAt: Date | null
  lastAttemptAt: Date | null
  lastError: string | null
  busyCount: number
}

const view = (s: CalendarSource): SourceView => ({
  id: s.id,
  name: s.name,
  host: s.host,
  lastSyncedAt: s.lastSyncedAt,
  lastAttemptAt: s.lastAttemptAt,
  lastError: s.lastError,
  busyCount: s.busy.length,
})

const aad = SEALED_TABLES.calendar_sources

export async function listSources(db: Db): Promise<SourceView[]> {
  const rows = await db.select().from(tables.calendarSources).orderBy(asc(tables.calendarSources.id))
  return rows.map(view)
}

/**
 * Adds a source (checked, sealed) and returns it; the first read is the caller's
 * (`syncSource`). `allowLocal`: a local deployment may read a calendar on this
 * machine (the caller knows, from auth/local.ts).
 */
export async function addSource(
  db: Db,
  keys: Keys,
  input: { name?: unknown; url?: unknown },
  allowLocal: boolean,
): Promise<SourceView> {
  const errors: Record<string, string> = {}
  const name = typeof input.name === 'string' ? input.name.trim() : ''
  if (!name) errors.name = 'A name is required'
  else if (name.length > 80) errors.name = 'The name can be at most 80 characters'
  let url: URL | null = null
  try {
    url = checkCalendarUrl(input.url, allowLocal)
  } catch (e) {
    if (e instanceof Invalid) Object.assign(errors, e.errors)
    else throw e
  }
  if (Object.keys(errors).length || !url) throw new Invalid(errors)
  if (!keys.current) throw new Unavailable(CALENDAR_MESSAGES.noKey, 'vault_key_missing')
  const count = (await db.select({ id: tables.calendarSources.id }).from(tables.calendarSources)).length
  if (count >= MAX_SOURCES) throw new Invalid({ url: CALENDAR_MESSAGES.tooMany })
  // The id is part of the sealed address's additional data, so the row is made first with placeholders.
  const [row] = await db
    .insert(tables.calendarSources)
    .values({ name, host: url.host, urlCiphertext: '', urlIv: '', wrappedKey: '', wrapIv: '', keyId: '' })
    .returning()
  const sealed = await sealSecret(keys.current, aad(row!.id), url.toString())
  const [saved] = await db
    .update(tables.calendarSources)
    .set({
      urlCiphertext: sealed.secretCiphertext,
      urlIv: sealed.secretIv,
      wrappedKey: sealed.wrappedKey,
      wrapIv: sealed.wrapIv,
      keyId: sealed.keyId,
    })
    .where(eq(tables.calendarSources.id, row!.id))
    .returning()
  return view(saved!)
}

export async function deleteSource(db: Db, id: number): Promise<void> {
  const gone = await db.delete(tables.calendarSources).where(eq(tables.calendarSources.id, id)).returning()
  if (!gone.length) throw new NotFound('Calendar not found')
}

async function addressOf(keys: Keys, s: CalendarSource): Promise<string> {
  const sealed = {
    secretCiphertext: s.urlCiphertext,
    secretIv: s.urlIv,
    wrappedKey: s.wrappedKey,
    wrapIv: s.wrapIv,
    keyId: s.keyId,
  }
  for (const kek of [keys.current, keys.previous])
    if (kek && kek.id === s.keyId) return openSecret(kek, aad(s.id), sealed)
  throw new ReadFailure('The vault key that sealed this address is gone; add the calendar again')
}

/** The network edge: a fetch (tests give their own). */
export type Fetcher = (request: Request) => Promise<Response>

/** The body as text, or an error once it passes the limit. */
async function boundedText(res: Response, limit: number): Promise<string> {
  const length = Number(res.headers.get('content-length') ?? 0)
  if (length > limit) throw new ReadFailure(`The calendar is larger than ${limit / 1024 / 1024} MB`)
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw new ReadFailure(`The calendar is larger than ${limit / 1024 / 1024} MB`)
    }
    chunks.push(value)
  }
  const all = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    all.set(c, at)
    at += c.byteLength
  }
  return new TextDecoder().decode(all)
}

/** A failure this module words itself (a status, a size, a file that is not a calendar). */
class ReadFailure extends Error {}

/** What the owner reads: our own words, or "could not be reached" for whatever the network said. */
const messageOf = (e: unknown) =>
  e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')
    ? `The calendar did not answer within ${FETCH_TIMEOUT_MS / 1000} seconds`
    : e instanceof ReadFailure || e instanceof NotICalendar
      ? e.message
      : 'The calendar could not be reached (check its address)'

/**
 * Reads one source now: a 304 keeps the copy, a good file replaces it, any
 * failure is recorded beside the last good copy (which keeps blocking).
 */
export async function syncSource(
  db: Db,
  keys: Keys,
  id: number,
  now = new Date(),
  fetcher: Fetcher = (r) => fetch(r),
): Promise<SourceView> {
  const [source] = await db.select().from(tables.calendarSources).where(eq(tables.calendarSources.id, id))
  if (!source) throw new NotFound('Calendar not found')
  const t = tables.calendarSources
  try {
    const headers = new Headers({ Accept: 'text/calendar, text/plain;q=0.5' })
    if (source.etag) headers.set('If-None-Match', source.etag)
    if (source.lastModified) headers.set('If-Modified-Since', source.lastModified)
    const res = await fetcher(
      new Request(await addressOf(keys, source), {
        headers,
        redirect: 'follow',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      }),
    )
    if (res.status === 304) {
      await db.update(t).set({ lastSyncedAt: now, lastAttemptAt: now, lastError: null }).where(eq(t.id, id))
    } else {
      if (!res.ok)
        throw new ReadFailure(
          `The calendar answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`,
        )
      const text = await boundedText(res, MAX_FEED_BYTES)
      const { busyIntervals } = await import('./ical-busy')
      const busy = busyIntervals(text, now.getTime() - 86_400_000, now.getTime() + AHEAD_MS)
      await db
        .update(t)
        .set({
          busy,
          etag: res.headers.get('etag'),
          lastModified: res.headers.get('last-modified'),
          lastSyncedAt: now,
          lastAttemptAt: now,
          lastError: null,
        })
        .where(eq(t.id, id))
    }
  } catch (e) {
    await db
      .update(t)
      .set({ lastAttemptAt: now, lastError: messageOf(e).slice(0, 300) })
      .where(eq(t.id, id))
  }
  const [after] = await db.select().from(t).where(eq(t.id, id))
  return view(after!)
}

/** The job (every 15 minutes): each source not tried in the last 15 minutes, one after the other. */
export async function syncDueSources(db: Db, keys: Keys, now = new Date(), fetcher?: Fetcher) {
  const t = tables.calendarSources
  const due = await db
    .select({ id: t.id })
    .from(t)
    .where(or(isNull(t.lastAttemptAt), lt(t.lastAttemptAt, new Date(now.getTime() - SYNC_EVERY_MS + 60_000))))
  let failed = 0
  for (const { id } of due) if ((await syncSource(db, keys, id, now, fetcher)).lastError) failed++
  return { read: due.length, failed }
}

/** Every source's busy intervals that overlap [from, to), merged. */
export async function busyBetween(db: Db, from: number, to: number): Promise<BusyInterval[]> {
  return busyOf(await busySourcesQuery(db), from, to)
}

/** The query of every source's busy times, to batch with another read (services/availability.ts). */
export const busySourcesQuery = (db: Db) =>
  db.select({ busy: tables.calendarSources.busy }).from(tables.calendarSources)

/** The busy intervals of those rows that overlap [from, to), merged. */
export const busyOf = (rows: { busy: BusyInterval[] }[], from: number, to: number) =>
  mergeIntervals(rows.flatMap((r) => r.busy).filter(([s, e]) => s < to && e > from))

export const overlaps = (busy: BusyInterval[], start: number, end: number) =>
  busy.some(([s, e]) => s < end && e > start)
