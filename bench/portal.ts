// Signs the bench into the client portal the way a client does (issue 24): asks for a
// sign-in link at /portal for a seeded contact, reads the link from the local mail
// output (wrangler dev's send_email capture, as e2e/mail.ts does), and presses
// Continue. No back door: the session comes from the product's own sign-in.

/** The seeded contact (scripts/seed-data.ts: Grace Park of Riverside Family Clinic) and one of her requests. */
export const PORTAL_CONTACT = 'grace@riversideclinic.example'
export const PORTAL_REQUEST = 'S-1001'
export const PORTAL_PATHS = ['/portal', `/portal/requests/${PORTAL_REQUEST}`]

const MAIL_API = '/cdn-cgi/local/explorer/api/local/email/sending'
type SentItem = { to: string[]; subject: string; messageId: string }

async function findMail(baseUrl: string, to: string): Promise<string> {
  const deadline = Date.now() + 15_000
  for (;;) {
    // The bench's state is fresh: only a handful of mails, one page is enough.
    const res = await fetch(`${baseUrl}${MAIL_API}?per_page=100`)
    if (!res.ok) throw new Error(`local mail output answered ${res.status}`)
    const { result } = (await res.json()) as { result: SentItem[] }
    const found = result.find((m) => m.to.includes(to) && /sign-in link/.test(m.subject))
    if (found) {
      const detail = await fetch(`${baseUrl}${MAIL_API}?email_id=${encodeURIComponent(found.messageId)}`)
      return ((await detail.json()) as { result: { text?: string } }).result.text ?? ''
    }
    // The outbox sends after the response; poll until it has.
    if (Date.now() > deadline) throw new Error(`no sign-in mail to ${to}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** The `portal_session=...` cookie of a fresh session for the seeded contact. */
export async function portalSessionCookie(baseUrl: string): Promise<string> {
  // Page posts must come from the site's own origin (worker/middleware/csrf.ts).
  const origin = { origin: baseUrl }
  const asked = await fetch(`${baseUrl}/portal`, {
    method: 'POST',
    headers: origin,
    body: new URLSearchParams({ email: PORTAL_CONTACT }),
  })
  if (!asked.ok) throw new Error(`asking for a sign-in link answered ${asked.status}`)
  const text = await findMail(baseUrl, PORTAL_CONTACT)
  const link = /https?:\/\/[^\s"<>]+\/portal\/sign-in\/[A-Za-z0-9_-]{43}/.exec(text)?.[0]
  if (!link) throw new Error('the sign-in mail carries no link')
  const path = new URL(link).pathname
  const signedIn = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: origin,
    body: new URLSearchParams(),
    redirect: 'manual',
  })
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('portal_session='))
  if (!cookie) throw new Error(`Continue answered ${signedIn.status} without a portal session`)
  return cookie
}
