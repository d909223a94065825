// Usage alerts of managed-service plans (issue 37): at 80 % and 100 % of the
// period's time (included plus rolled over), one e-mail to the owner and, when
// the client opted in (the subscription names an alert contact), to that
// contact. Once per threshold and period: the usage_alerts row's unique index
// is the claim, so two time entries at once still send one alert.
import { and, eq } from 'drizzle-orm'
import { periodSentences } from '../../schema/plan-words'
import { hoursText, periodOf, USAGE_THRESHOLDS } from '../../schema/plans'
import type { Db } from '../db'
import { tables } from '../db'
import { letterHtml } from '../mail/letter-html'
import { enqueueMessages } from '../mail/outbox'
import { headerSafe } from '../mail/templates'
import { visitorMailEnabled } from '../mail/visitor'
import { periodFigures } from './plan-figures'

/** Sends the alerts the client's current period has reached and not yet had; returns the thresholds sent. */
export async function checkUsageAlerts(
  db: Db,
  env: Env,
  clientId: number,
  now = new Date(),
): Promise<number[]> {
  const s = tables.subscriptions
  const [sub] = await db
    .select({ sub: s, clientName: tables.clients.name })
    .from(s)
    .innerJoin(tables.clients, eq(tables.clients.id, s.clientId))
    .where(and(eq(s.clientId, clientId), eq(s.status, 'active')))
    .limit(1)
  if (!sub) return []
  const period = periodOf(now)
  if (period < sub.sub.startDate.slice(0, 7) || (sub.sub.endsPeriod && period > sub.sub.endsPeriod)) return []
  const usage = await periodFigures(db, sub.sub.id, period, now)
  const available = usage.includedMinutes + usage.rolloverMinutes
  if (usage.paused || available <= 0) return []
  const reached = USAGE_THRESHOLDS.filter((t) => usage.usedMinutes * 100 >= available * t)
  if (!reached.length) return []
  const claimed = await db
    .insert(tables.usageAlerts)
    .values(
      reached.map((threshold) => ({
        subscriptionId: sub.sub.id,
        period,
        threshold,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ threshold: tables.usageAlerts.threshold })
  if (!claimed.length) return []
  // Two thresholds crossed by one entry make one e-mail, about the higher one.
  const threshold = Math.max(...claimed.map((c) => c.threshold))
  const [contact] = sub.sub.alertContactId
    ? await db.select().from(tables.contacts).where(eq(tables.contacts.id, sub.sub.alertContactId)).limit(1)
    : []
  const used =
    threshold >= 100
      ? `${sub.clientName} has used all the time of ${usage.label} (${hoursText(usage.usedMinutes)} of ${hoursText(available)}).`
      : `${sub.clientName} has used ${threshold} % of the time of ${usage.label} (${hoursText(usage.usedMinutes)} of ${hoursText(available)}).`
  // What is and will be billed, in the words of the admin card and the portal (the period's figures).
  const messages = [
    { recipient: env.NOTIFY_EMAIL, audience: 'owner' as const },
    ...(contact && visitorMailEnabled(env)
      ? [{ recipient: contact.email, audience: 'client' as const }]
      : []),
  ].map(({ recipient, audience }) => {
    const paragraphs = [used, ...periodSentences(usage, audience)]
    return {
      recipient,
      subject: headerSafe(`Plan hours: ${threshold} % used in ${usage.label}`),
      textBody: paragraphs.join('\n\n'),
      htmlBody: letterHtml({ paragraphs }),
    }
  })
  await enqueueMessages(db, 'billing', messages, now)
  return claimed.map((c) => c.threshold)
}
