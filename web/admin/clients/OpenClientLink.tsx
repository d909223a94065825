// "Open client" in a request's dialog (issue 24): the client the request belongs to,
// and "Log time" (issue 36): the Time page with this client and request chosen.
import { Link } from 'react-router'
import { linkButtonClass } from '../ui'

/** A request's or booking's own address: the inbox with it open (issue 52). */
export const requestUrl = (reference: string) => `/admin/requests/${encodeURIComponent(reference)}`

/** The Time page with a client (and a request of theirs) preselected. */
export const logTimeUrl = (clientId: string, reference?: string | null) =>
  `/admin/time?${new URLSearchParams({ clientId, ...(reference ? { request: reference } : {}) })}`

export function OpenClientLink({
  clientId,
  reference,
}: {
  clientId: string | null | undefined
  reference?: string | null
}) {
  if (!clientId) return null
  return (
    <div className="flex flex-wrap gap-2 self-start">
      <Link to={`/admin/clients/${clientId}`} className={linkButtonClass}>
        Open client
      </Link>
      {reference && (
        <Link to={logTimeUrl(clientId, reference)} className={linkButtonClass}>
          Log time
        </Link>
      )}
    </div>
  )
}
