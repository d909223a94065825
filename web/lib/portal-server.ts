// What the server gives the client portal's page modules (issue 24): the
// signed-in contact and the portal's reads and actions, every one scoped to
// that contact's client on the server (worker/portal/server.ts implements it
// on the service layer; worker/services/portal.ts holds the scoped queries).
// Pages never import Worker code; they read this context, as the public pages
// read siteServer.
import { createContext } from 'react-router'
import type { BookingChange, ManagedBooking } from './site-server'

/** Who is signed in, as the pages show it. */
export type PortalContactView = { name: string; email: string; phone: string | null; clientName: string }

export type PortalRequestSummary = {
  reference: string
  kind: 'consultation' | 'support'
  /** The issue or project type, and the start of the description. */
  type: string
  subject: string
  status: string
  statusLabel: string
  open: boolean
  /** ISO instant of the last change or message. */
  lastActivity: string
}

export type PortalConsultation = {
  reference: string
  status: string
  statusLabel: string
  /** ISO instant of the meeting's start. */
  start: string
  /** "Tuesday, December 1, 2026 at 10:00 AM Central Time" */
  centralLabel: string
}

export type PortalFile = {
  id: number
  name: string
  type: string
  size: number
  uploadedBy: 'owner' | 'contact'
  createdAt: string
}

/** Filled by the quotes issue (25); the dashboard lists them. */
export type PortalQuoteSummary = {
  id: number
  number: string
  title: string
  status: string
  /** The status in the client's words (never "Viewed"). */
  statusLabel: string
  href: string
}
/** The client's invoices (issue 26), never drafts; amounts already formatted. */
export type PortalInvoiceSummary = {
  id: number
  number: string
  status: string
  statusLabel: string
  total: string
  balance: string
  /** YYYY-MM-DD */
  dueDate: string
  href: string
}

/** Prepaid hours still usable (issue 26): the sum and each block. */
export type PortalPrepaid = {
  minutesLeft: number
  blocks: { id: number; minutes: number; remainingMinutes: number; validUntil: string | null }[]
}

export type PortalDashboard = {
  requests: PortalRequestSummary[]
  upcoming: PortalConsultation[]
  past: PortalConsultation[]
  files: PortalFile[]
  quotes: PortalQuoteSummary[]
  invoices: PortalInvoiceSummary[]
  prepaid: PortalPrepaid
}

export type PortalMessage = {
  id: number
  /** 'you' (a contact of this client) or 'owner'. */
  from: 'client' | 'owner'
  author: string
  body: string
  at: string
  attachments: string[]
}

export type PortalRequestPage = PortalRequestSummary & {
  description: string
  createdAt: string
  thread: PortalMessage[]
  /** A consultation's booking: the manage link's own view (its time, join details, move and cancel). */
  booking: ManagedBooking | null
}

export type PortalResult =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: Record<string, string> }

export type PortalFilesPage = { files: PortalFile[]; usedBytes: number; quotaBytes: number }

export type PortalServer = {
  /** The signed-in contact, or null. */
  contact: PortalContactView | null
  /**
   * Asks for a sign-in link: the same answer whether or not the address is known.
   * `next` (a /portal path, else ignored) is where the new link leads.
   */
  requestLink(email: string, next?: string | null): Promise<PortalResult>
  /** Whether a link can be used, without using it (GET of the link's page). */
  linkUsable(token: string): Promise<boolean>
  /** Where a link was to lead, used or expired too (its page offers a new link that goes there). */
  linkNext(token: string): Promise<string | null>
  /** Uses a link: the session cookie to set and where to go; null when used, expired or unknown. */
  signIn(token: string): Promise<{ cookie: string; next: string } | null>
  /** Ends this session; the Set-Cookie value that removes the cookie. */
  signOut(): Promise<string>
  dashboard(): Promise<PortalDashboard>
  /** A request of the signed-in client by reference; null for any other (another client's too). */
  request(reference: string): Promise<PortalRequestPage | null>
  reply(reference: string, body: string): Promise<PortalResult>
  /** Cancels, with the client's optional reason for the owner (as the manage link does). */
  cancelConsultation(reference: string, reason?: string): Promise<BookingChange>
  /** The confirmation step: whether the consultation can still be cancelled (changes nothing). */
  checkCancellable(reference: string): Promise<BookingChange>
  rescheduleConsultation(reference: string, date: string, time: string): Promise<BookingChange>
  /** A new support request from the signed-in contact, through the public intake. */
  submitSupport(payload: Record<string, unknown>): Promise<PortalResult & { reference?: string }>
  files(): Promise<PortalFilesPage>
  upload(file: File | null): Promise<PortalResult>
}

export const portalServer = createContext<PortalServer>()
