// The one call to the `send_email` binding (Email Workers, builder form).
// https://developers.cloudflare.com/email-routing/email-workers/send-email-workers/
import type { MailOutbox } from '../../schema/tables'

export const ICS_FILENAME = 'consultation.ics'

export async function sendMail(env: Env, message: MailOutbox): Promise<void> {
  await env.MAIL.send({
    from: env.MAIL_FROM,
    to: message.recipient,
    subject: message.subject,
    text: message.textBody,
    html: message.htmlBody,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.ics
      ? {
          attachments: [
            {
              disposition: 'attachment' as const,
              filename: ICS_FILENAME,
              type: 'text/calendar',
              content: message.ics,
            },
          ],
        }
      : {}),
  })
}
