// The compliance desk's cron (issue 39): the owner hears of a BAA renewal 60
// and 14 days ahead and of each open incident deadline at half-time, 7 days
// and 1 day before. Each reminder is claimed by a unique index and queued with
// a once key in the same batch, so two runs (or two at once) send it once.
import { and, eq, gte, isNotNull, isNull, lte } from 'drizzle-orm'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { BAA_RENEWAL_LEADS, reminderMarksDue } from '../../../schema/compliance'
import { addDays, businessDate } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { tables } from '../../db'
import { letterHtml } from '../../mail/letter-html'
import { queueMailOnce } from '../../mail/outbox'
import { headerSafe } from '../../mail/templates'

const { baas, baaRenewalNotices, incidents, incidentClients, incidentReminders, clients } = tables

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000)

export async function queueBaaRenewalReminders(db: Db, env: Env, now: Date): Promise<number> {
  const today = businessDate(now)
  const rows = await db
    .select({ id: baas.id, renewalDate: baas.renewalDate, clientName: clients.name })
    .from(baas)
    .innerJoin(clients, eq(clients.id, baas.clientId))
    .where(
      and(
        isNotNull(baas.renewalDate),
        gte(baas.renewalDate, today),
        lte(baas.renewalDate, addDays(today, 60)),
      ),
    )
  let queued = 0
  for (const r of rows) {
    const left = daysBetween(today, r.renewalDate!)
    const lead = left <= BAA_RENEWAL_LEADS[1] ? BAA_RENEWAL_LEADS[1] : BAA_RENEWAL_LEADS[0]
    const text = `The BAA with ${r.clientName} renews or ends on ${r.renewalDate} (in ${left} days).`
    const link = `${env.SITE_URL.replace(/\/$/, '')}/admin/compliance`
    const [claimed] = await db.batch([
      db
        .insert(baaRenewalNotices)
        .values({ baaId: r.id, renewalDate: r.renewalDate!, leadDays: lead, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: baaRenewalNotices.id }),
      queueMailOnce(
        db,
        [
          {
            recipient: env.NOTIFY_EMAIL,
            subject: headerSafe(`BAA renewal in ${left} days: ${r.clientName}`),
            textBody: `${text}\n\n${link}`,
            htmlBody: letterHtml({
              paragraphs: [text],
              link: { href: link, text: 'Open the compliance desk' },
            }),
            replyTo: null,
            kind: 'compliance',
            onceKey: `baa-renewal:${r.id}:${r.renewalDate}:${lead}`,
          },
        ],
        now,
      ),
    ])
    if (claimed.length) queued++
  }
  return queued
}

const MARK_TEXT = { half: 'half of the time is gone', '7d': '7 days left', '1d': '1 day left' } as const

export async function queueIncidentReminders(db: Db, env: Env, now: Date): Promise<number> {
  const open = await db
    .select({
      incidentId: incidentClients.incidentId,
      clientId: incidentClients.clientId,
      dueAtMs: incidentClients.dueAtMs,
      discoveredAtMs: incidents.discoveredAtMs,
      reference: incidents.reference,
      clientName: clients.name,
    })
    .from(incidentClients)
    .innerJoin(incidents, eq(incidents.id, incidentClients.incidentId))
    .innerJoin(clients, eq(clients.id, incidentClients.clientId))
    .where(and(isNull(incidentClients.notifiedAtMs), gte(incidentClients.dueAtMs, now.getTime())))
  let queued = 0
  for (const o of open) {
    // Only the latest mark due is mailed; the earlier ones are claimed with it so a late run sends one e-mail.
    const marks = reminderMarksDue(o.discoveredAtMs, o.dueAtMs, now.getTime())
    if (!marks.length) continue
    const due = formatBusinessDateTime(o.dueAtMs)
    const text = `${o.reference}: the notice to ${o.clientName} is due by ${due} (${MARK_TEXT[marks[0]!]}).`
    const link = `${env.SITE_URL.replace(/\/$/, '')}/admin/compliance/incidents/${o.incidentId}`
    const [claimed] = await db.batch([
      db
        .insert(incidentReminders)
        .values({
          incidentId: o.incidentId,
          clientId: o.clientId,
          mark: marks[0]!,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: incidentReminders.id }),
      queueMailOnce(
        db,
        [
          {
            recipient: env.NOTIFY_EMAIL,
            subject: headerSafe(`Breach notice due ${due}: ${o.reference} (${o.clientName})`),
            textBody: `${text}\n\n${link}`,
            htmlBody: letterHtml({ paragraphs: [text], link: { href: link, text: 'Open the incident' } }),
            replyTo: null,
            kind: 'compliance',
            onceKey: `incident-reminder:${o.incidentId}:${o.clientId}:${marks[0]}`,
          },
        ],
        now,
      ),
      ...marks
        .slice(1)
        .map((mark) =>
          db
            .insert(incidentReminders)
            .values({ incidentId: o.incidentId, clientId: o.clientId, mark, createdAt: now, updatedAt: now })
            .onConflictDoNothing(),
        ),
    ])
    if (claimed.length) queued++
  }
  return queued
}
