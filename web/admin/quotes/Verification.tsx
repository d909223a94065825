// The check of a signed copy against its record.
import { useQuery } from 'urql'
import { FROM_NETWORK, messageOf } from '../urql'
import { VERIFY_QUOTE } from './queries'

export function Verification({ id }: { id: string }) {
  const [{ data, error }] = useQuery({ query: VERIFY_QUOTE, variables: { id }, ...FROM_NETWORK })
  if (error) return <p role="alert">{messageOf(error)}</p>
  if (!data) return <p role="status">Checking...</p>
  const v = data.quoteVerification
  const ok = v.pdfMatches && v.documentMatches && v.agreementsMatch
  return (
    <p
      role="status"
      className={`mt-2 rounded p-2 ${ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
    >
      {ok
        ? 'The stored PDF, the quote and its agreements match the signature record.'
        : `Mismatch: PDF ${v.pdfMatches ? 'matches' : 'differs'}, quote ${v.documentMatches ? 'matches' : 'differs'}, agreements ${v.agreementsMatch ? 'match' : 'differ'}.`}
    </p>
  )
}
