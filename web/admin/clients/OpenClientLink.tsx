// "Open client" in a request's dialog (issue 24): the client the request belongs to.
import { Link } from 'react-router'
import { linkButtonClass } from '../ui'

export function OpenClientLink({ clientId }: { clientId: string | null | undefined }) {
  if (!clientId) return null
  return (
    <Link to={`/admin/clients/${clientId}`} className={`${linkButtonClass} self-start`}>
      Open client
    </Link>
  )
}
