// "Log time" from a request (issue 36): the request is chosen from the
// client's own requests and bookings, not typed as a reference ("S-1043").
// The server resolves the chosen reference to the entry's support_request_id
// or consultation_id (worker/services/time.ts), checking it is this client's.
import { useQuery } from 'urql'
import { graphql } from '../graphql'
import { requestStatusLabel } from '../requests/format'
import { AdminSelect } from '../ui'

export const CLIENT_REQUESTS = graphql(`
  query TimeClientRequests($id: ID!) {
    client(id: $id) {
      id
      requests {
        kind
        id
        reference
        subject
        status
      }
    }
  }
`)

const NONE = 'none'

export function RequestPicker({
  clientId,
  value,
  onChange,
}: {
  clientId: string
  value: string
  onChange: (reference: string) => void
}) {
  const [{ data }] = useQuery({ query: CLIENT_REQUESTS, variables: { id: clientId }, pause: !clientId })
  const requests = data?.client?.requests ?? []
  const options = [
    { value: NONE, label: 'No request' },
    ...requests
      .filter((r) => r.reference)
      .map((r) => ({
        value: r.reference!,
        label: `${r.reference} · ${r.kind === 'CONSULTATION' ? 'Booking' : 'Support'} · ${r.subject ?? ''} (${requestStatusLabel(r.status)})`,
      })),
  ]
  // A reference from the link that is not (yet) in the list still shows, so nothing is dropped silently.
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: value })
  return (
    <AdminSelect
      name="requestReference"
      label="Request"
      options={options}
      value={value || NONE}
      onChange={(v) => onChange(v === NONE ? '' : v)}
    />
  )
}
