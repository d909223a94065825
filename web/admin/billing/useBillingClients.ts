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
    options: clients.filter((c) => c.status === 'ACTIVE').map((c) => ({ value: c.id, label: c.name })),
  }
}
