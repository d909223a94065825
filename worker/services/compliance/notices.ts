// The notice to a covered entity (issue 39, 45 CFR 164.410(c)): drafted from
// the incident per affected client, edited while a draft, then sent once to
// the client's contacts through the send step. The sent notice is a PDF in R2
// with its SHA-256, never rewritten (migration 0024's trigger), and sending it
// stops that client's clock.
import { and, asc, eq, isNull } from 'drizzle-orm'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { DETERMINATION_LABELS, type Determination } from '../../../schema/compliance'
import { sha256Hex } from '../../../schema/quotes'
import type { IncidentNotice } from '../../../schema/tables'
import type { Db } from '../../db'
import { tables } from '../../db'
import { markdownLetterHtml, markdownLetterText } from '../../mail/markdown-letter'
import { queueMail } from '../../mail/outbox'
import { Conflict, Invalid, NotFound } from '../errors'
import { chosenRecipients, recipientOptions, type SendPreview } from '../send-step'
import { affectedClient, incidentRow } from './incidents'

const { incidentNotices, incidentClients, incidentTimeline, clients } = tables

export const noticeShape = (n: IncidentNotice) => ({
  id: n.id,
  incidentId: n.incidentId,
  clientId: n.clientId,
  subject: n.subject,
  body: n.body,
  status: n.status as 'draft' | 'sent',
  sentAt: n.sentAt?.toISOString() ?? null,
  sentTo: n.sentTo ?? [],
  sha256: n.pdfSha256,
})

export async function noticeRow(db: Db, id: number) {
  const [row] = await db.select().from(incidentNotices).where(eq(incidentNotices.id, id)).limit(1)
  if (!row) throw new NotFound('Notice not found')
  return row
}

/** The draft's text: every element 164.410(c) asks for, with what the record knows. */
export function draftText(
  env: Pick<Env, 'OWNER_NAME' | 'CONTACT_EMAIL' | 'CONTACT_PHONE'>,
  i: {
    reference: string
    title: string
    description: string
    discoveredAt: string
    individualsAffected: number | null
    phiNature: string | null
    mitigation: string | null
    determination: string
  },
  clientName: string,
) {
  const individuals =
    i.individualsAffected == null
      ? 'The individuals affected are not yet known; we will send their identification as soon as it is.'
      : `${i.individualsAffected} individual(s) are affected; their identification follows under separate cover.`
  return {
    subject: `Notice of a security incident (${i.reference})`,
    body: [
      `To ${clientName},`,
      '',
      `As your business associate, we notify you of security incident ${i.reference}: ${i.title}.`,
      '',
      '## Individuals affected',
      individuals,
      '',
      '## What happened',
      i.description,
      `- Date of discovery: ${formatBusinessDateTime(i.discoveredAt)}`,
      '- Date of the breach: (to be completed)',
      `- Determination: ${DETERMINATION_LABELS[i.determination as Determination] ?? i.determination}`,
      '',
      '## Types of PHI involved',
      i.phiNature || '(to be completed)',
      '',
      '## Steps individuals should take',
      '(to be completed)',
      '',
      '## What we are doing',
      i.mitigation || '(to be completed)',
      '',
      '## How to reach us',
      `${env.OWNER_NAME}, ${env.CONTACT_EMAIL}${env.CONTACT_PHONE ? `, ${env.CONTACT_PHONE}` : ''}`,
    ].join('\n'),
  }
}

export async function draftNotice(db: Db, env: Env, incidentId: number, clientId: number, actor: string) {
  const incident = await incidentRow(db, incidentId)
  if (!(await affectedClient(db, incidentId, clientId)))
    throw new Invalid({ clientId: 'This client is not affected by the incident' })
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId))
  const text = draftText(env, incident, client!.name)
  const [[row]] = await db.batch([
    db
      .insert(incidentNotices)
      .values({ incidentId, clientId, ...text })
      .returning(),
    db.insert(incidentTimeline).values({
      incidentId,
      actor,
      action: 'notice_drafted',
      changes: { clientId },
    }),
  ])
  return noticeShape(row!)
}

export async function updateNotice(db: Db, id: number, patch: { subject?: string; body?: string }) {
  const row = await noticeRow(db, id)
  if (row.status !== 'draft') throw new Conflict('A sent notice is never changed.')
  const [updated] = await db
    .update(incidentNotices)
    .set(patch)
    .where(and(eq(incidentNotices.id, id), eq(incidentNotices.status, 'draft')))
    .returning()
  if (!updated) throw new Conflict('A sent notice is never changed.')
  return noticeShape(updated)
}

/**
 * Sends a draft: the PDF is drawn and stored first, then one conditional
 * UPDATE (status still 'draft') makes it the sent notice; a concurrent second
 * send finds no draft, removes its copy and gets a Conflict. The clock of the
 * client stops at the sending time in the same batch, with the timeline entry
 * and the e-mails.
 */
export async function sendNotice(
  db: Db,
  env: Env,
  id: number,
  recipientContactIds: readonly number[] | null | undefined,
  actor: string,
  now = new Date(),
) {
  const row = await noticeRow(db, id)
  if (row.status !== 'draft') throw new Conflict('This notice was already sent.')
  const incident = await incidentRow(db, row.incidentId)
  const [client] = await db.select().from(clients).where(eq(clients.id, row.clientId))
  const to = await chosenRecipients(db, row.clientId, recipientContactIds, null)
  const bytes = await drawNotice(env, incident.reference, client!.name, row, now)
  const sha256 = await sha256Hex(bytes)
  const filename = noticeFilename(incident.reference)
  const key = `incident-notices/${row.id}/${crypto.randomUUID()}/${filename}`
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: 'application/pdf' } })
  const sent = await db
    .update(incidentNotices)
    .set({ status: 'sent', sentAt: now, sentTo: to.map((c) => c.email), pdfKey: key, pdfSha256: sha256 })
    .where(and(eq(incidentNotices.id, id), eq(incidentNotices.status, 'draft')))
    .returning({ id: incidentNotices.id })
  if (!sent.length) {
    await env.FILES.delete(key)
    throw new Conflict('This notice was already sent.')
  }
  const mail = noticeMail(row.subject, row.body, filename)
  const [, , queued] = await db.batch([
    db
      .update(incidentClients)
      .set({ notifiedAtMs: now.getTime() })
      .where(
        and(
          eq(incidentClients.incidentId, row.incidentId),
          eq(incidentClients.clientId, row.clientId),
          isNull(incidentClients.notifiedAtMs),
        ),
      ),
    db.insert(incidentTimeline).values({
      incidentId: row.incidentId,
      actor,
      action: 'notice_sent',
      changes: { noticeId: id, clientId: row.clientId, sha256, to: to.map((c) => c.email) },
      at: now,
    }),
    queueMail(
      db,
      to.map((c) => ({
        recipient: c.email,
        replyTo: null,
        ...mail,
        kind: 'incident-notice',
        attachments: [{ key, filename, type: 'application/pdf' }],
      })),
      now,
    ),
  ])
  return { sentAt: now.toISOString(), sha256, outboxIds: queued.map((q) => q.id) }
}

/** The notice as a PDF: the same drawing for the preview of a draft and the stored copy of the sent one. */
async function drawNotice(
  env: Env,
  reference: string,
  clientName: string,
  row: Pick<IncidentNotice, 'subject' | 'body'>,
  at: Date,
) {
  const { incidentNoticePdf } = await import('../../pdf/incident-notice-pdf')
  return incidentNoticePdf({
    reference,
    clientName,
    from: env.OWNER_NAME,
    subject: row.subject,
    body: row.body,
    sentAt: formatBusinessDateTime(at),
    fonts: env.ASSETS,
  })
}

const noticeFilename = (reference: string) => `${reference}-notice.pdf`

/**
 * The e-mail that carries the notice: the same words in the preview and in the
 * outbox. The notice's text is in the e-mail itself as well as in the attached
 * PDF (the record kept), so that the practice can read it on any device.
 */
function noticeMail(subject: string, body: string, filename: string) {
  // The body is the owner's Markdown: rendered in the HTML part, its marks
  // dropped in the text part (issue 52), never sent as raw "## ..." to read.
  const letter = {
    title: subject,
    markdown: body,
    footer: `The notice is also attached as a PDF (${filename}); keep it with your records.`,
  }
  return { subject, textBody: markdownLetterText(letter), htmlBody: markdownLetterHtml(letter) }
}

/**
 * The send step of a draft notice (ADR 140): the client's contacts, the
 * e-mail as they will read it and the PDF as it will be drawn (its "Sent"
 * line reads the time of the preview; sending draws it again at that moment).
 */
export async function noticeSendPreview(db: Db, id: number): Promise<SendPreview> {
  const row = await noticeRow(db, id)
  if (row.status !== 'draft') throw new Conflict('This notice was already sent.')
  const incident = await incidentRow(db, row.incidentId)
  const recipients = await recipientOptions(db, row.clientId, null)
  const mail = noticeMail(row.subject, row.body, noticeFilename(incident.reference))
  const warnings: string[] = []
  if (!recipients.length) warnings.push('The client has no contact yet: add one before sending.')
  if (/\(to be completed\)/.test(row.body))
    warnings.push('The draft still has parts marked "(to be completed)".')
  return {
    recipients,
    subject: mail.subject,
    textBody: mail.textBody,
    warnings,
    documentUrl: `/api/incident-notices/${id}/preview`,
  }
}

/** A draft drawn as the client would get it now; a sent notice answers its stored bytes instead. */
export async function noticePreviewPdf(db: Db, env: Env, id: number, now = new Date()) {
  const row = await noticeRow(db, id)
  if (row.status === 'sent') return noticePdf(db, env, id)
  const incident = await incidentRow(db, row.incidentId)
  const [client] = await db.select().from(clients).where(eq(clients.id, row.clientId))
  const bytes = await drawNotice(env, incident.reference, client!.name, row, now)
  return { bytes, filename: noticeFilename(incident.reference) }
}

/** Every notice of an incident (drafts and sent), oldest first. */
export async function noticesOfIncident(db: Db, incidentId: number) {
  const rows = await db
    .select()
    .from(incidentNotices)
    .where(eq(incidentNotices.incidentId, incidentId))
    .orderBy(asc(incidentNotices.id))
  return rows.map(noticeShape)
}

/** The stored bytes of a sent notice, exactly as sent. */
export async function noticePdf(db: Db, env: Env, id: number) {
  const row = await noticeRow(db, id)
  if (row.status !== 'sent' || !row.pdfKey) throw new NotFound('This notice has not been sent.')
  const object = await env.FILES.get(row.pdfKey)
  if (!object) throw new NotFound('The notice PDF is missing.')
  return { bytes: new Uint8Array(await object.arrayBuffer()), filename: row.pdfKey.split('/').pop()! }
}

/** A client's sent notices and BAAs, for the portal (only its own). */
export async function noticesForClient(db: Db, clientId: number) {
  const rows = await db
    .select({
      id: incidentNotices.id,
      subject: incidentNotices.subject,
      sentAt: incidentNotices.sentAt,
      sha256: incidentNotices.pdfSha256,
      reference: tables.incidents.reference,
    })
    .from(incidentNotices)
    .innerJoin(tables.incidents, eq(tables.incidents.id, incidentNotices.incidentId))
    .where(and(eq(incidentNotices.clientId, clientId), eq(incidentNotices.status, 'sent')))
    .orderBy(asc(incidentNotices.sentAt))
  return rows.map((r) => ({ ...r, sentAt: r.sentAt!.toISOString() }))
}
