// The admin's GraphQL client. It lives only in the lazy admin chunk, so urql
// and GraphQL never reach the public pages. Signing out clears "all cached
// data" (SPEC §4): the clearer swaps in a fresh client, and every admin view
// re-renders with it (useAdminClient).
import { useSyncExternalStore } from 'react'
import { Client, type CombinedError, cacheExchange, fetchExchange } from 'urql'
import { API_MESSAGES } from '../../schema/messages'
import { registerCacheClearer } from '../state/cache'

const makeClient = () =>
  new Client({
    url: '/graphql',
    exchanges: [cacheExchange, fetchExchange],
    // The header satisfies yoga's CSRF prevention (a cross-site form cannot set it).
    fetchOptions: { credentials: 'include', headers: { 'x-graphql-yoga-csrf': '1' } },
    requestPolicy: 'cache-first',
  })

let client = makeClient()
const listeners = new Set<() => void>()

registerCacheClearer(() => {
  client = makeClient()
  for (const notify of listeners) notify()
})

const subscribe = (notify: () => void) => {
  listeners.add(notify)
  return () => listeners.delete(notify)
}

export const useAdminClient = () => useSyncExternalStore(subscribe, () => client)

/** Field messages the server sent with a refused mutation (`extensions.errors`), as REST sends `errors`. */
export function fieldErrorsOf(error: CombinedError | undefined): Record<string, string> {
  const first = error?.graphQLErrors.find((e) => e.extensions?.errors)
  return (first?.extensions?.errors as Record<string, string> | undefined) ?? {}
}

/** The server's message for a failed operation, or a generic one for a network failure. */
export function messageOf(error: CombinedError | undefined): string {
  return error?.graphQLErrors[0]?.message ?? API_MESSAGES.internal
}

/** Refetch options after a write: the list must come from the server, not the cache. */
export const FROM_NETWORK = { requestPolicy: 'network-only' } as const
