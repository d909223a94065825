// The client portal's frame (issue 24): the public site's look (web/components/ui),
// phone first, with the portal's own header (who is signed in, its sections
// and sign-out as a real form), so every page works without JavaScript. The
// quote and invoice pages' own pieces are in ./document.tsx.
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { button, container } from '../components/ui'

/** Who is signed in, as the portal's pages show them (worker/page-context.ts contactView). */
export type PortalContactView = { name: string; email: string; phone: string | null; clientName: string }

/** A portal form's outcome: done with a message, or refused with its field errors. */
export type PortalResult =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: Record<string, string> }

export const portalCard = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6'
export const portalHeading = 'text-xl font-bold text-slate-900'
/**
 * For text a person typed (messages, descriptions, file and item names):
 * wrapped at spaces, and only a word longer than the line (a pasted link, a
 * long file name) is broken, so it cannot push a phone's page sideways.
 * `overflow-wrap: anywhere` is not used: it lets a table cell or flex item
 * shrink to one letter, which breaks every word mid-word (issue 36); hence
 * `min-w-0` for a flex item instead.
 */
export const longText = 'min-w-0 break-words'

/** The portal's own links: at least 24 px tall, a finger's target on a phone (issue 36, WCAG 2.5.8). */
const navLink = 'py-0.5 font-semibold text-blue-800 underline underline-offset-4'

export function PortalFrame({
  contact,
  title,
  children,
}: {
  contact: PortalContactView | null
  title: string
  children: ReactNode
}) {
  return (
    <main id="main" className="bg-slate-50 pt-16">
      <div className={`${container} flex max-w-3xl flex-col gap-6 py-8 sm:py-12`}>
        {contact && (
          <nav aria-label="Client portal" className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <span className={`font-semibold text-slate-700 ${longText}`}>{contact.clientName}</span>
            <Link to="/portal" className={navLink}>
              Overview
            </Link>
            <Link to="/portal/files" className={navLink}>
              Files
            </Link>
            <Link to="/portal/assets" className={navLink}>
              Your IT
            </Link>
            <Link to="/portal/maintenance" className={navLink}>
              Maintenance
            </Link>
            <Link to="/portal/monitors" className={navLink}>
              Monitors
            </Link>
            <Link to="/portal/reports" className={navLink}>
              Reports
            </Link>
            <Link to="/portal/compliance" className={navLink}>
              Compliance
            </Link>
            <Link to="/portal/people" className={navLink}>
              People
            </Link>
            <Link to="/portal/requests/new" className={navLink}>
              New support request
            </Link>
            <Link to="/portal/testimonials" className={navLink}>
              Testimonials
            </Link>
            <Form method="post" action="/portal/sign-out" className="ml-auto">
              <button
                type="submit"
                className={`${button.small} border border-slate-300 bg-white text-slate-900`}
              >
                Sign out
              </button>
            </Form>
          </nav>
        )}
        <h1 className={`text-3xl font-bold text-slate-900 ${longText}`}>{title}</h1>
        {children}
      </div>
    </main>
  )
}

/** The outcome of a form post, announced. */
export function Outcome({ result }: { result: PortalResult | undefined | null }) {
  if (!result) return null
  return (
    <p
      role={result.ok ? 'status' : 'alert'}
      className={`rounded-lg border px-4 py-3 font-medium ${
        result.ok
          ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
          : 'border-red-300 bg-red-50 text-red-800'
      }`}
    >
      {result.message}
    </p>
  )
}

/** The same instant in the visitor's own zone (shared with the manage page). */
export { YourTime } from '../booking/visitor-zone'

export const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${Math.ceil(n / 1024)} KB` : `${n} B`
