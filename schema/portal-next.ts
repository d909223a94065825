// Where a portal sign-in link may lead after signing in (issues 24 and 25): a
// same-site path under /portal only, never "//host" or a scheme, so a crafted
// link or form cannot send anyone elsewhere. Pure, so the portal's pages (which
// carry `next` through the "send me a new link" form) and the Worker (which
// stores it on the link and redirects to it) apply the one rule.
export function safeNext(next: unknown): string | null {
  if (typeof next !== 'string' || next.length > 300) return null
  if (!/^\/portal(?:[/?#]|$)/.test(next)) return null
  if (/[\\\s]/.test(next) || next.includes('//')) return null
  return next
}

/**
 * Where a portal page sends a visitor without a session: /portal's sign-in
 * form, carrying the page (path and query) as `next`, so that the new link
 * leads back to it, for every portal page (issue 36). `pageUrl` is the
 * request's URL; React Router's data request for the page (`/x.data`, with
 * its `_routes` parameter) stands for the page itself. Anything safeNext
 * refuses, and /portal itself, is just /portal.
 */
export function signInPath(pageUrl: string): string {
  const url = new URL(pageUrl, 'http://portal.invalid')
  url.searchParams.delete('_routes')
  const path = url.pathname.replace(/\.data$/, '')
  const search = url.searchParams.toString()
  const next = safeNext(search ? `${path}?${search}` : path)
  return next && next !== '/portal' ? `/portal?next=${encodeURIComponent(next)}` : '/portal'
}
