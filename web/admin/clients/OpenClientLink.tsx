// "Open client" in a request's dialog (issue 24): the client the request
// belongs to, looked up when the dialog opens.
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { linkButtonClass } from '../ui'
import { CLIENT_OF_REQUEST } from './queries'

export function OpenClientLink({ kind, id }: { kind: 'CONSULTATION' | 'SUPPORT'; id: string }) {
  const [{ data }] = useQuery({ query: CLIENT_OF_REQUEST, variables: { kind, id } })
  const clientId = data?.clientOfRequest
  if (!clientId) return null
  return (
    <Link to={`/admin/clients/${clientId}`} className={`${linkButtonClass} self-start`}>
      Open client
    </Link>
  )
}
