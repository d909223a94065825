// The local mail output (the send_email binding's local capture, read through the
// local explorer's API): what the e2e specs read the e-mails a visitor gets from.
import { type APIRequestContext, expect } from './fixtures'

export type SentItem = { to: string[]; subject: string; messageId: string }
export type SentDetail = SentItem & { text?: string; attachments: { filename?: string | null }[] }
/** Miniflare's local explorer API for sent mail (`wrangler dev` answers it too). */
export const MAIL_API = '/cdn-cgi/local/explorer/api/local/email/sending'

/**
 * The newest 100 messages the local send_email binding captured, newest first.
 * A test looks for mail it caused itself, and a server serves one test at a
 * time (e2e/servers.ts), so that mail is among the newest. Reading every page
 * of a run's few hundred messages at each poll cost the server and the runner
 * a request per hundred for nothing (docs/test-times.md).
 */
export async function sentMail(request: APIRequestContext): Promise<SentItem[]> {
  const res = await request.get(MAIL_API, { params: { per_page: 100 } })
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { result: SentItem[] }).result
}

/** The one message to `to` whose subject matches, once it has been sent (the outbox sends after the response). */
export async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<SentDetail> {
  let found: SentItem | undefined
  await expect
    .poll(
      async () => {
        found = (await sentMail(request)).find((m) => m.to.includes(to) && subject.test(m.subject))
        return found !== undefined
      },
      { message: `a mail to ${to} with subject ${subject}`, timeout: 30_000 },
    )
    .toBe(true)
  return mailById(request, found!.messageId)
}

/** One captured message, with its text and attachments' names. */
export async function mailById(request: APIRequestContext, id: string): Promise<SentDetail> {
  const res = await request.get(MAIL_API, { params: { email_id: id } })
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { result: SentDetail }).result
}
