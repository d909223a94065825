// One fetch stub for the web unit tests: answers each path with its handler
// and fails the test on any call it was not told about.
import { vi } from 'vitest'

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A handler per path; it gets the request's init (to read a body). */
export type Routes = Record<string, ((init?: RequestInit) => Response | Promise<Response>) | undefined>

/** Stubs the global fetch with a router by path; returns the mock to inspect its calls. */
export function serve(routes: Routes) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input)
    const handler = routes[url]
    if (!handler) throw new Error(`unexpected fetch ${url}`)
    return handler(init)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
