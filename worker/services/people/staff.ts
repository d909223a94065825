// The staff roster of a client (issue 55). Kept by the owner and by the
// client's portal contacts: every function takes a scope, and a person of
// another client is NotFound, exactly like one that does not exist.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { StaffInput, StaffPatch } from '../../../schema/people-payloads.server'
import type { Staff } from '../../../schema/tables-people'
import type { Db } from '../../db'
import { tables } from '../../db'
import { Conflict, Invalid, NotFound } from '../errors'

const s = tables.staff

/** Who may see what: the owner (every client) or a portal contact (its own client only). */
export type PeopleScope = { clientId: number | null }
export const OWNER_SCOPE: PeopleScope = { clientId: null }

const PERSON_NOT_FOUND = 'No such person'

export const staffView = (p: Staff) => ({
  id: p.id,
  clientId: p.clientId,
  name: p.name,
  email: p.email,
  role: p.role,
  startDate: p.startDate,
  leaveDate: p.leaveDate,
  active: p.active,
})
export type StaffView = ReturnType<typeof staffView>

/** The client, or NotFound (a portal contact naming another client gets the same). */
export async function clientInScope(db: Db, scope: PeopleScope, clientId: number) {
  if (scope.clientId !== null && scope.clientId !== clientId) throw new NotFound('No such client')
  const [client] = await db
    .select({ id: tables.clients.id, name: tables.clients.name })
    .from(tables.clients)
    .where(eq(tables.clients.id, clientId))
  if (!client) throw new NotFound('No such client')
  return client
}

export async function personInScope(db: Db, scope: PeopleScope, staffId: number): Promise<Staff> {
  const [person] = await db.select().from(s).where(eq(s.id, staffId))
  if (!person || (scope.clientId !== null && person.clientId !== scope.clientId))
    throw new NotFound(PERSON_NOT_FOUND)
  return person
}

export async function listStaff(db: Db, scope: PeopleScope, clientId: number) {
  await clientInScope(db, scope, clientId)
  const rows = await db
    .select()
    .from(s)
    .where(eq(s.clientId, clientId))
    .orderBy(sql`${s.active} desc`, sql`${s.name} collate nocase`, asc(s.id))
  return rows.map(staffView)
}

async function emailFree(db: Db, clientId: number, email: string, except?: number) {
  const [taken] = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.clientId, clientId), eq(s.email, email)))
  if (taken && taken.id !== except)
    throw new Conflict('This person is already on the roster', {
      email: 'Someone on the roster already has this e-mail address',
    })
}

export async function createStaff(
  db: Db,
  scope: PeopleScope,
  clientId: number,
  input: StaffInput,
  now = new Date(),
): Promise<Staff> {
  await clientInScope(db, scope, clientId)
  await emailFree(db, clientId, input.email)
  const [row] = await db
    .insert(s)
    .values({ ...input, clientId, createdAt: now, updatedAt: now })
    .returning()
  return row!
}

export async function updateStaff(
  db: Db,
  scope: PeopleScope,
  staffId: number,
  patch: StaffPatch,
  now = new Date(),
): Promise<Staff> {
  const person = await personInScope(db, scope, staffId)
  if (patch.email !== undefined) await emailFree(db, person.clientId, patch.email, staffId)
  const next = { ...person, ...patch }
  if (next.leaveDate && next.startDate && next.leaveDate < next.startDate)
    throw new Invalid({ leaveDate: 'Leave date cannot be before the start date' })
  // The same values again: nothing is written, not even the time of change (ADR 182).
  const differs = (Object.keys(patch) as (keyof StaffPatch)[]).some((k) => patch[k] !== person[k])
  if (!differs) return person
  const [row] = await db
    .update(s)
    .set({ ...patch, updatedAt: now })
    .where(eq(s.id, staffId))
    .returning()
  return row!
}

/** A credential or asset's person must be of the same client (the vault and the inventory check it). */
export async function assertStaffOfClient(db: Db, clientId: number, staffId: number | null | undefined) {
  if (staffId === null || staffId === undefined) return
  const [row] = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.id, staffId), eq(s.clientId, clientId)))
  if (!row) throw new Invalid({ staffId: "The person must be on this client's roster" })
}
