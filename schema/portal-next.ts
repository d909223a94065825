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
