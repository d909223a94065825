// The likely-duplicate check on a client's name (issue 36): a second
// "Riverside Family Clinic" makes every picker show two identical names, so the
// server refuses a name that matches another client's once case, spaces and
// punctuation are set aside, unless the caller confirms it means it. REST,
// GraphQL and the admin form all reach it through createClient/updateClient.
import { ne } from 'drizzle-orm'
import type { Db } from '../db'
import { tables } from '../db'
import { Conflict } from './errors'

export const LIKELY_DUPLICATE = 'LIKELY_DUPLICATE'

/** "Riverside Family-Clinic, Inc." and "riverside family clinic inc" compare equal. */
export const normalisedName = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')

export class LikelyDuplicate extends Conflict {
  override readonly code = LIKELY_DUPLICATE
  constructor(readonly existing: { id: number; name: string }[]) {
    const names = existing.map((c) => c.name).join('; ')
    const message = `A client with this name already exists: ${names}. Confirm to save it anyway.`
    super(message, { name: message })
    this.name = 'LikelyDuplicate'
  }
}

/** Throws LikelyDuplicate when another client (not `exceptId`) has the same normalised name. */
export async function checkLikelyDuplicate(db: Db, name: string, exceptId?: number) {
  const key = normalisedName(name)
  if (!key) return
  const c = tables.clients
  // Names are not indexed by their normalised form; a practice has hundreds of clients, not millions.
  const rows = await db
    .select({ id: c.id, name: c.name })
    .from(c)
    .where(exceptId === undefined ? undefined : ne(c.id, exceptId))
  const same = rows.filter((row) => normalisedName(row.name) === key)
  if (same.length) throw new LikelyDuplicate(same)
}
