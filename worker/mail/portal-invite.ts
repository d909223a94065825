// The owner's "Invite to portal" e-mail (issue 24): a personal sign-in link to
// the client portal. The link is single-use and short-lived (the portal's rule),
// so the mail says so; the name is the contact's stored (clean) name.
import { SIGN_IN_LINK_LIFETIME } from '../../schema/sign-in-link'
import { cleanText } from '../../schema/text'
import { letterHtml } from './letter-html'
import { headerSafe, type MailContent } from './templates'

export function portalInviteMail(env: Env, invite: { name: string; url: string }): MailContent {
  const name = cleanText(invite.name, 'single')
  const subject = headerSafe(`Your client portal at ${env.OWNER_NAME}`, 200)
  const intro = `${env.OWNER_NAME} has invited you to the client portal, where you can follow your requests, bookings, files, quotes and invoices in one place.`
  const note = `The link works once and for ${SIGN_IN_LINK_LIFETIME}. Later, ask for a new link at the portal with your e-mail address.`
  const portal = new URL('/portal', env.SITE_URL).toString()
  const text = [
    `Hello ${name},`,
    '',
    intro,
    '',
    `Sign in: ${invite.url}`,
    '',
    note,
    portal,
    '',
    env.OWNER_NAME,
  ].join('\n')
  const html = letterHtml({
    paragraphs: [`Hello ${name},`, intro],
    link: { href: invite.url, text: 'Sign in to the portal' },
    items: [note, env.OWNER_NAME],
    footer: portal,
  })
  return { subject, text, html }
}
