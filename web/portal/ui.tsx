// The client portal's frame (issue 24): the public site's look (web/components/ui),
// phone first, with the portal's own header (who is signed in, its sections
// and sign-out as a real form), so every page works without JavaScript. The
// quote and invoice pages' own pieces are in ./document.tsx.
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { BUSINESS_TIME_ZONE } from '../../schema/request-options'
import { button, container } from '../components/ui'
import type { PortalContactView, PortalResult } from '../lib/portal-server'

export const portalCard = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6'
export const portalHeading = 'text-xl font-bold text-slate-900'
/**
 * For text a person typed (messages, descriptions, file and item names): a
 * pasted link or a long file name is one word, which would otherwise push a
 * phone's page sideways; it may break anywhere instead.
 */
export const longText = 'wrap-anywhere'

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
            <Link to="/portal" className="font-semibold text-blue-800 underline underline-offset-4">
              Overview
            </Link>
            <Link to="/portal/files" className="font-semibold text-blue-800 underline underline-offset-4">
              Files
            </Link>
            <Link
              to="/portal/requests/new"
              className="font-semibold text-blue-800 underline underline-offset-4"
            >
              New support request
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

const central = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
})

/** An instant in Central (the business's calendar), as the server and the browser both render it. */
export const centralTime = (iso: string) => `${central.format(new Date(iso))} Central`

/** The same instant in the visitor's own zone (shared with the manage page). */
export { YourTime } from '../booking/visitor-zone'

export const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${Math.ceil(n / 1024)} KB` : `${n} B`
