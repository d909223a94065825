// What the server gives the public pages' loaders and actions (and the root
// loader of every page). The Worker (worker/pages.ts) implements it on top of
// the same service layer as the REST and GraphQL APIs, with the edge-cached
// public reads (docs/decisions/052-framework-mode.md). The portal's pages call
// the services through the request context instead (worker/page-context.ts, ADR 211).
import { createContext } from 'react-router'
import type { FreeDay, ManagedBooking, PublicAvailability } from '../../schema/booking'
import type { ContentKey } from '../../schema/content-keys'
import type { PublicTestimonial } from '../../schema/ratings'
import type { SiteConfig } from '../../schema/site-config'
import type { PublicProject, PublicProjectPage } from './solutions'

export type PublicSkill = { id: number; category: string; name: string }
export type ActiveResume = { id: number; originalName: string; mimeType: string; fileSize: number }

/** A public form's submission as the intake answered it (status: the REST API's for the same outcome). */
export type SubmitResult =
  | { ok: true; reference?: string; when?: string }
  | {
      ok: false
      status: number
      message: string
      errors: Record<string, string>
      /** A taken slot's day and its free slots (409), for the form to offer instead. */
      freeSlots?: { date: string; slots: string[] }
    }

export type { FreeDay, ManagedBooking, PublicAvailability }

/** The outcome of a change on the manage page. */
export type BookingChange =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: Record<string, string>; freeSlots?: FreeDay }

export type SiteServer = {
  config: SiteConfig
  activeResume(): Promise<ActiveResume | null>
  /** The page copy for these keys: the owner's blocks over the documented defaults. */
  content<K extends ContentKey>(keys: readonly K[]): Promise<Record<K, string>>
  /** One page's stored blocks ("privacy" gives privacy.*), for pages with defaults of their own. */
  blocks(page: string): Promise<{ key: string; content: string }[]>
  projects(): Promise<PublicProject[]>
  /** A project page: the project, the slug it moved to (an old slug), or null. */
  project(slug: string): Promise<{ project: PublicProjectPage } | { movedTo: string } | null>
  skills(): Promise<PublicSkill[]>
  /** Approved testimonials, newest first (the same cached read on the home page and /about). */
  testimonials(): Promise<PublicTestimonial[]>
  /** Takes a public form's payload through the REST API's own intake service (limits, validation, mail), in-process. */
  submit(form: 'consultation' | 'support', payload: Record<string, unknown>): Promise<SubmitResult>
  /** The free consultation slots (the same cached answer as GET /api/availability). */
  availability(): Promise<PublicAvailability>
  /** The booking a signed manage link names; null when the link is not valid (or expired). */
  booking(token: string): Promise<ManagedBooking | null>
  /** Cancels, with the visitor's optional reason for the owner. */
  cancelBooking(token: string, reason?: string): Promise<BookingChange>
  /** The confirmation step: whether the booking can still be cancelled (changes nothing). */
  checkCancellable(token: string): Promise<BookingChange>
  rescheduleBooking(token: string, date: string, time: string): Promise<BookingChange>
}

export const siteServer = createContext<SiteServer>()

/**
 * True when the page is shown again because its form's post could not be read
 * (worker/page-forms.ts: 400/415); the page then says so above the form.
 */
export const formUnreadable = createContext<boolean>(false)

/** The request's CSP nonce, for the inline scripts of the server render. */
export const requestNonce = createContext<string>('')
