// The portal's request page (issue 24, /portal/requests/{reference}): the
// request with its thread, a reply, and a consultation's move and cancel under
// the manage link's rules. Always the contact's own client (services/portal.ts):
// another client's reference is NotFound, exactly like an unknown one.
import type { Db } from '../db'
import { deliverEach, deliverLogged } from '../mail/outbox'
import { cancelBookingOf, checkCancellableOf, rescheduleBookingOf } from './booking'
import { BOOKING_DONE, bookingChange, rescheduleSlot } from './booking-change'
import { DomainError } from './errors'
import { clientScope, portalConsultation, portalReply, portalRequest } from './portal'
import type { PortalContact } from './portal-sessions'

/** A portal form's outcome: done with a message, or refused with its field errors. */
export type PortalResult =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: Record<string, string> }

/** A domain refusal as the page shows it; anything else is not the visitor's to see. */
export function refusedResult(err: unknown): PortalResult {
  if (err instanceof DomainError) return { ok: false, message: err.message, errors: err.errors ?? {} }
  throw err
}

const scopeOf = (contact: PortalContact) => clientScope(contact.clientId, contact.contactId)

/** The request page's view; NotFound for another client's or an unknown reference. */
export async function portalRequestView(db: Db, env: Env, contact: PortalContact, reference: string) {
  return (await portalRequest(db, scopeOf(contact), reference, env)).page
}

/** The contact's reply in the thread; its e-mail to the owner goes after the answer. */
export async function replyInThread(
  db: Db,
  env: Env,
  contact: PortalContact,
  reference: string,
  body: string,
  later: (work: Promise<unknown>) => void,
): Promise<PortalResult> {
  try {
    const { outboxId } = await portalReply(db, env, scopeOf(contact), contact, reference, body)
    if (outboxId !== null) later(deliverLogged(db, env, outboxId))
    return { ok: true, message: 'Your reply is in the thread.' }
  } catch (err) {
    return refusedResult(err)
  }
}

/**
 * A consultation's changes from the portal, as the manage link makes them. The
 * consultation must be the client's own: NotFound otherwise (the page's 404),
 * before anything is tried.
 */
export function consultationChanges(
  db: Db,
  env: Env,
  contact: PortalContact,
  reference: string,
  later: (work: Promise<unknown>) => void,
) {
  const own = () => portalConsultation(db, scopeOf(contact), reference)
  return {
    /** Cancels, with the client's optional reason for the owner (their mail and the request's thread). */
    async cancel(reason?: string) {
      const row = await own()
      return bookingChange(async () => {
        later(deliverEach(db, env, await cancelBookingOf(db, env, row, undefined, reason)))
        return BOOKING_DONE.cancelled
      })
    },
    /** The confirmation step: whether the consultation can still be cancelled (changes nothing). */
    async checkCancellable() {
      const row = await own()
      return bookingChange(async () => {
        await checkCancellableOf(db, row)
        return BOOKING_DONE.confirmCancel
      })
    },
    async move(date: string, time: string) {
      const row = await own()
      return bookingChange(async () => {
        later(deliverEach(db, env, await rescheduleBookingOf(db, env, row, rescheduleSlot(date, time))))
        return BOOKING_DONE.moved
      })
    },
  }
}
