// The one call to the `send_email` binding (Email Workers, builder form).
// https://developers.cloudflare.com/email-routing/email-workers/send-email-workers/
import type { MailOutbox } from '../../schema/tables'

export const ICS_FILENAME = 'consultation.ics'

type Attachment = { disposition: 'attachment'; filename: string; type: string; content: string | ArrayBuffer }

/**
 * The message's attachments: its calendar invitation, and the files it names
 * in R2 (read at send time, so the outbox row holds a key, not the bytes). A
 * file missing from R2 throws, and the outbox retries the message later.
 */
async function attachmentsOf(env: Env, message: MailOutbox): Promise<Attachment[]> {
  const out: Attachment[] = []
  if (message.ics)
    out.push({
      disposition: 'attachment',
      filename: ICS_FILENAME,
      type: 'text/calendar',
      content: message.ics,
    })
  for (const file of message.attachments ?? []) {
    const object = await env.FILES.get(file.key)
    if (!object) throw new Error(`attachment missing from storage: ${file.key}`)
    out.push({
      disposition: 'attachment',
      filename: file.filename,
      type: file.type,
      content: await object.arrayBuffer(),
    })
  }
  return out
}

export async function sendMail(env: Env, message: MailOutbox): Promise<void> {
  const attachments = await attachmentsOf(env, message)
  await env.MAIL.send({
    from: env.MAIL_FROM,
    to: message.recipient,
    subject: message.subject,
    text: message.textBody,
    html: message.htmlBody,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(attachments.length ? { attachments } : {}),
  })
}
