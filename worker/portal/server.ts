// The portal pages' server (web/lib/portal-server.ts) on the service layer:
// every read and action takes the signed-in contact from the session
// middleware (c.var.contact) and goes through the scoped queries of
// worker/services/portal.ts. Without a session, every method sends the
// visitor to /portal (the sign-in form), carrying the page it asked for.
import type { Context } from 'hono'
import { data, redirect } from 'react-router'
import { portalLinkInput, rescheduleInput } from '../../schema/payloads'
import { signInPath } from '../../schema/portal-next'
import { SIGN_IN_LINK_LIFETIME } from '../../schema/sign-in-link'
import type { PortalResult, PortalServer } from '../../web/lib/portal-server'
import type { BookingChange } from '../../web/lib/site-server'
import { clientIp, networkKey, withinLimits } from '../abuse/rate-limit'
import type { AppEnv } from '../env'
import { FILE_KINDS } from '../files/sniff'
import { checkUpload, UPLOAD_MESSAGES } from '../files/upload'
import { deliverEach, deliverLogged } from '../mail/outbox'
import { afterAnswer, inBackground } from '../middleware/background'
import { ApiError } from '../middleware/errors'
import { cancelBookingOf, checkCancellableOf, rescheduleBookingOf } from '../services/booking'
import { Conflict, DomainError, Invalid, NotFound } from '../services/errors'
import {
  clientScope,
  portalConsultation,
  portalDashboard,
  portalFiles,
  portalReply,
  portalRequest,
  portalUpload,
} from '../services/portal'
import { requestSignInLink, signInLinkNext, signInLinkUsable } from '../services/portal-links'
import { endPortalSession, type PortalContact, signInWithLink } from '../services/portal-sessions'
import { clearPortalCookie, portalSessionCookie, readPortalCookie } from './session'

export const PORTAL_MESSAGES = {
  linkSent: `If that address belongs to one of our clients, a sign-in link is on its way. It works once, within ${SIGN_IN_LINK_LIFETIME}.`,
  email: 'Enter a valid email address',
  tooMany: 'Too many requests. Please wait a minute and try again.',
  replied: 'Your reply is in the thread.',
  uploaded: 'Your file is uploaded.',
  fileType: 'Only images, PDF, DOC, DOCX, TXT or MD files are accepted',
} as const

/** The sign-in form's address rule: the request forms' own (schema/payloads.ts). */
const EMAIL = portalLinkInput.shape.email

const refused = (err: unknown): PortalResult => {
  if (err instanceof DomainError) return { ok: false, message: err.message, errors: err.errors ?? {} }
  if (err instanceof ApiError) return { ok: false, message: err.message, errors: err.errors ?? {} }
  throw err
}

export function portalServerFor(
  c: Context<AppEnv>,
  submit: (
    payload: Record<string, unknown>,
  ) => Promise<{ ok: boolean; reference?: string; message?: string; errors?: Record<string, string> }>,
): PortalServer {
  const db = c.var.db
  const contact: PortalContact | null = c.var.contact ?? null
  const me = () => {
    // Every data method needs the session: without one, the sign-in form,
    // whose new link comes back to this page (issue 36).
    if (!contact) throw redirect(signInPath(c.req.url))
    return { contact, scope: clientScope(contact.clientId, contact.contactId) }
  }
  const later = (p: Promise<unknown>) => inBackground(c, p)
  /** The client's own consultation, or the page's 404 (another client's is exactly a missing one). */
  const ownConsultation = async (reference: string) => {
    const { scope } = me()
    try {
      return await portalConsultation(db, scope, reference)
    } catch (err) {
      if (err instanceof NotFound) throw data(null, { status: 404 })
      throw err
    }
  }

  return {
    contact: contact
      ? { name: contact.name, email: contact.email, phone: contact.phone, clientName: contact.clientName }
      : null,

    async requestLink(rawEmail, next) {
      const parsed = EMAIL.safeParse(rawEmail)
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? PORTAL_MESSAGES.email
        return { ok: false, message, errors: { email: message } }
      }
      const email = parsed.data.toLowerCase()
      // Per network (an IPv6 /64 counts as one) and per address, like the public forms.
      const allowed = await withinLimits(c.env, c.env.FORM_LIMITER, [
        `portal-link:${networkKey(clientIp(c.req.raw))}`,
        `portal-link-email:${email}`,
      ])
      if (!allowed)
        return { ok: false, message: PORTAL_MESSAGES.tooMany, errors: { email: PORTAL_MESSAGES.tooMany } }
      // The look-up, the link and its e-mail all happen after the answer, for
      // every address: the answer does the same work whether the address is
      // known or not, so its timing tells nothing (issue 34).
      const at = Date.now()
      afterAnswer(c, async () => {
        const outboxId = await requestSignInLink(db, c.env, email, at, next ?? null)
        if (outboxId !== null) await deliverLogged(db, c.env, outboxId)
      })
      return { ok: true, message: PORTAL_MESSAGES.linkSent }
    },

    linkUsable: (token) => signInLinkUsable(db, token),

    linkNext: (token) => signInLinkNext(db, token),

    async signIn(token) {
      const session = await signInWithLink(db, token, {
        userAgent: c.req.header('user-agent') ?? null,
        ip: c.req.header('cf-connecting-ip') ?? null,
      })
      if (!session) return null
      return {
        cookie: portalSessionCookie(c, session.token, session.expiresAt),
        next: session.next ?? '/portal',
      }
    },

    async signOut() {
      const token = readPortalCookie(c)
      if (token) await endPortalSession(db, token)
      return clearPortalCookie(c)
    },

    async dashboard() {
      const { scope } = me()
      return portalDashboard(db, scope)
    },

    async request(reference) {
      const { scope } = me()
      try {
        return (await portalRequest(db, scope, reference, c.env)).page
      } catch (err) {
        if (err instanceof NotFound) return null
        throw err
      }
    },

    async reply(reference, body) {
      const { contact, scope } = me()
      try {
        const { outboxId } = await portalReply(db, c.env, scope, contact, reference, body)
        if (outboxId !== null) later(deliverLogged(db, c.env, outboxId))
        return { ok: true, message: PORTAL_MESSAGES.replied }
      } catch (err) {
        return refused(err)
      }
    },

    cancelConsultation: async (reference, reason) => {
      const row = await ownConsultation(reference)
      return bookingChange(async () => {
        // The reason reaches the owner as on the manage link: their mail and the request's thread.
        later(deliverEach(db, c.env, await cancelBookingOf(db, c.env, row, undefined, reason)))
        return 'Your consultation is cancelled. The time is free again for others.'
      })
    },

    checkCancellable: async (reference) => {
      const row = await ownConsultation(reference)
      return bookingChange(async () => {
        await checkCancellableOf(db, row)
        return 'Do you want to cancel this consultation?'
      })
    },

    rescheduleConsultation: async (reference, date, time) => {
      const row = await ownConsultation(reference)
      return bookingChange(async () => {
        const slot = rescheduleInput.safeParse({ preferredDate: date, preferredTime: time })
        if (!slot.success) throw new Invalid({ preferredTime: 'Choose a free time from the list' })
        later(deliverEach(db, c.env, await rescheduleBookingOf(db, c.env, row, slot.data)))
        return 'Your consultation has moved. An updated invitation is on its way.'
      })
    },

    async submitSupport(payload) {
      const { contact } = me()
      // Always the signed-in contact's own address: the intake links the
      // request to their client by it (the same path as the public form).
      const result = await submit({ ...payload, email: contact.email })
      if (result.ok)
        return {
          ok: true,
          message: 'Your request is in.',
          ...(result.reference ? { reference: result.reference } : {}),
        }
      return { ok: false, message: result.message ?? 'Please check the form', errors: result.errors ?? {} }
    },

    async files() {
      const { scope } = me()
      return portalFiles(db, scope)
    },

    async upload(file) {
      const { contact, scope } = me()
      try {
        const checked = await checkUpload(
          file,
          'file',
          FILE_KINDS.filter((k) => k !== 'svg'),
          PORTAL_MESSAGES.fileType,
        )
        await portalUpload(db, c.env.FILES, scope, contact.contactId, checked)
        return { ok: true, message: PORTAL_MESSAGES.uploaded }
      } catch (err) {
        return refused(err)
      }
    },
  }
}

/** A booking change as the page shows it: done, or refused with the service's message. */
async function bookingChange(change: () => Promise<string>): Promise<BookingChange> {
  try {
    return { ok: true, message: await change() }
  } catch (err) {
    if (err instanceof Response) throw err
    if (!(err instanceof DomainError)) throw err
    const details =
      err instanceof Conflict ? (err.details as { date?: string; freeSlots?: string[] }) : undefined
    return {
      ok: false,
      message: err.message,
      errors: err.errors ?? {},
      ...(details?.date && details.freeSlots
        ? { freeSlots: { date: details.date, slots: details.freeSlots } }
        : {}),
    }
  }
}

export { UPLOAD_MESSAGES }
