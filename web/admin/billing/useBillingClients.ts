// The clients the time and invoice forms offer (the active ones, by name) and
// every client's name for the lists (an archived client's entries keep it).
import { useQuery } from 'urql'
import { BILLING_CLIENTS } from './queries'

export function useBillingClients() {
  const [{ data }] = useQuery({ query: BILLING_CLIENTS })
  const clients = data?.clients ?? []
  return {
    names: new Map(clients.map((c) => [c.id, c.name])),
    /** Each client's default hourly rate in cents (null: none set, the time form asks). */
    rates: new Map(clients.map((c) => [c.id, c.defaultRateCents ?? null])),
    options: clients
      .filter((c) => c.status === 'ACTIVE')
      .map((c) => ({ value: c.id, label: pickerLabel(c, clients) })),
  }
}

const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * A client's name in a picker; same-named clients (issue 36) are told apart
 * by their e-mail domain, else their number.
 */
export function pickerLabel(
  c: { id: string; name: string; domains?: readonly string[] | null },
  all: readonly { id: string; name: string }[],
) {
  if (all.filter((o) => key(o.name) === key(c.name)).length < 2) return c.name
  return `${c.name} (${c.domains?.[0] ?? `client #${c.id}`})`
}
