// E-mail to the owner about changes to their sign-in methods and sign-ins from
// a browser not seen before (docs/decisions/079-owner-security-notices.md).
// Written to the mail outbox like every other notification, so a failed send is
// retried by the cron; the caller sends it right after the response.
import type { Db } from '../db'
import { letterHtml } from '../mail/letter-html'
import { queueMail } from '../mail/outbox'
import { headerSafe } from '../mail/templates'

/** What happened, in the words of the e-mail's subject and first line. */
export const SECURITY_CHANGES = {
  'password.change': 'Your password was changed',
  'passkey.enrol': 'A passkey was added',
  'passkey.remove': 'A passkey was removed',
  'totp.enrol': 'An authenticator app was set up',
  'totp.remove': 'The authenticator app was removed',
  'recovery-codes.create': 'New recovery codes were created',
  'sign-in.new-browser': 'New sign-in from a browser not seen before',
} as const

export type SecurityChange = keyof typeof SECURITY_CHANGES

export type NoticeContext = {
  /** The detail after the headline (the passkey's name, how many sessions ended). */
  detail?: string | null
  ip: string | null
  userAgent: string | null
  location?: string | null
  at?: Date
}

/** Queues the notice to NOTIFY_EMAIL; returns its outbox id (send it with deliverEach). */
export async function queueSecurityNotice(
  db: Db,
  env: Env,
  change: SecurityChange,
  context: NoticeContext,
): Promise<number> {
  const at = context.at ?? new Date()
  const headline = SECURITY_CHANGES[change]
  const rows: [string, string][] = [
    ['What', context.detail ? `${headline} (${context.detail})` : headline],
    ['When', `${at.toISOString().replace('T', ' ').slice(0, 19)} UTC`],
    ['From address', context.ip ?? 'unknown'],
    ...(context.location ? ([['Location', context.location]] as [string, string][]) : []),
    ['Browser', context.userAgent ?? 'unknown'],
  ]
  const securityUrl = new URL('/admin/security', env.SITE_URL).toString()
  const advice = 'If this was not you, sign in, change your password and end every other session at once.'
  const text = [
    `${headline}.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    advice,
    securityUrl,
  ].join('\n')
  const html = letterHtml({
    paragraphs: [`${headline}.`, advice],
    rows,
    link: { href: securityUrl, text: 'Open the Security area' },
  })
  const [row] = await queueMail(
    db,
    {
      recipient: env.NOTIFY_EMAIL,
      replyTo: null,
      subject: headerSafe(`Security: ${headline}`),
      textBody: text,
      htmlBody: html,
      kind: 'security',
    },
    at,
  )
  return row!.id
}
