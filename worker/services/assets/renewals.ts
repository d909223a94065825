// What of the clients' IT expires soon (issue 38): warranty ends and renewal
// dates (licences, domains, certificates, subscriptions) of assets not
// retired, across clients, soonest first. The cron e-mails the owner once per
// item at 60 and at 14 days before (the asset_renewal_notices row is the
// claim); "Renew" turns one into a line of a new draft quote (ADR 150).
import { and, asc, eq, gte, lte, ne, or } from 'drizzle-orm'
import { ASSET_KIND_LABELS, type AssetKind, type RenewalWhat } from '../../../schema/assets'
import { quoteInput } from '../../../schema/quotes'
import { addDays, businessDate } from '../../../schema/slot-time'
import type { Db } from '../../db'
import { tables } from '../../db'
import { letterHtml } from '../../mail/letter-html'
import { queueMailOnce } from '../../mail/outbox'
import { headerSafe } from '../../mail/templates'
import { Invalid } from '../errors'
import { createQuote } from '../quotes'
import { getAsset } from './records'

export type Renewal = {
  assetId: number
  clientId: number
  clientName: string
  name: string
  kind: AssetKind
  date: string
  what: RenewalWhat
}

/** The leads (days before) at which the owner is told, longest first. */
export const RENEWAL_LEADS = [60, 14] as const

/** Renewals from `today` to `today + days` (inclusive), soonest first; of one client when asked. */
export async function renewalsWithin(
  db: Db,
  days: number,
  today: string,
  clientId?: number,
): Promise<Renewal[]> {
  const a = tables.assets
  const until = addDays(today, days)
  const rows = await db
    .select({
      assetId: a.id,
      clientId: a.clientId,
      clientName: tables.clients.name,
      name: a.name,
      kind: a.kind,
      warrantyEnd: a.warrantyEnd,
      renewalDate: a.renewalDate,
    })
    .from(a)
    .innerJoin(tables.clients, eq(tables.clients.id, a.clientId))
    .where(
      and(
        ne(a.status, 'retired'),
        clientId ? eq(a.clientId, clientId) : undefined,
        or(
          and(gte(a.warrantyEnd, today), lte(a.warrantyEnd, until)),
          and(gte(a.renewalDate, today), lte(a.renewalDate, until)),
        ),
      ),
    )
    .orderBy(asc(a.id))
  const out: Renewal[] = []
  for (const r of rows) {
    const base = {
      assetId: r.assetId,
      clientId: r.clientId,
      clientName: r.clientName,
      name: r.name,
      kind: r.kind,
    }
    if (r.warrantyEnd && r.warrantyEnd >= today && r.warrantyEnd <= until)
      out.push({ ...base, date: r.warrantyEnd, what: 'warranty' })
    if (r.renewalDate && r.renewalDate >= today && r.renewalDate <= until)
      out.push({ ...base, date: r.renewalDate, what: 'renewal' })
  }
  return out.sort(
    (x, y) => x.date.localeCompare(y.date) || x.assetId - y.assetId || x.what.localeCompare(y.what),
  )
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000)

export const renewalText = (r: Pick<Renewal, 'what' | 'kind'>) =>
  r.what === 'warranty' ? 'Warranty ends' : `${ASSET_KIND_LABELS[r.kind]} renewal due`

/**
 * The cron's renewal notices: each item 60 days before and 14 days before
 * (an item first seen inside 14 days gets the 14-day one only). The insert
 * with ON CONFLICT DO NOTHING is the claim: a second run, or two at once,
 * queue nothing more. Answers the notices queued.
 */
export async function queueRenewalNotices(db: Db, env: Env, now: Date): Promise<number> {
  const today = businessDate(now)
  const items = await renewalsWithin(db, RENEWAL_LEADS[0], today)
  const due = items.map((r) => {
    const left = daysBetween(today, r.date)
    return { ...r, left, lead: left <= RENEWAL_LEADS[1] ? RENEWAL_LEADS[1] : RENEWAL_LEADS[0] }
  })
  if (!due.length) return 0
  const n = tables.assetRenewalNotices
  let queued = 0
  // One item a batch: the claim and its e-mail go together or not at all; both
  // are once-only (the notice's unique index, the outbox's once key).
  for (const r of due) {
    const text = `${renewalText(r)} on ${r.date} (in ${r.left} days): ${r.name}, ${r.clientName}.`
    const link = `${env.SITE_URL.replace(/\/$/, '')}/admin/assets/${r.assetId}`
    const [claimed] = await db.batch([
      db
        .insert(n)
        .values({
          assetId: r.assetId,
          what: r.what,
          dueDate: r.date,
          leadDays: r.lead,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: n.id }),
      queueMailOnce(
        db,
        [
          {
            recipient: env.NOTIFY_EMAIL,
            subject: headerSafe(`Renewal in ${r.left} days: ${r.name} (${r.clientName})`),
            textBody: `${text}\n\nRenew it as a quote line: ${link}`,
            htmlBody: letterHtml({ paragraphs: [text, `Renew it as a quote line: ${link}`] }),
            replyTo: null,
            kind: 'renewal',
            onceKey: `asset-renewal:${r.assetId}:${r.what}:${r.date}:${r.lead}`,
          },
        ],
        now,
      ),
    ])
    if (claimed.length) queued++
  }
  return queued
}

/**
 * "Renew": a new draft quote for the asset's client with one line
 * "Renewal: <name> ..." (quantity: the seats, else 1; price 0 for the owner to
 * set). A new draft each time, never a line slipped into a quote the owner is
 * already writing (ADR 150). Answers the quote.
 */
export async function renewalQuote(db: Db, assetId: number, what: RenewalWhat, now = new Date()) {
  const asset = await getAsset(db, assetId)
  const date = what === 'warranty' ? asset.warrantyEnd : asset.renewalDate
  if (!date)
    throw new Invalid({
      what: what === 'warranty' ? 'This asset has no warranty end' : 'This asset has no renewal date',
    })
  if (asset.status === 'retired') throw new Invalid({ what: 'A retired asset is not renewed' })
  const label = what === 'warranty' ? 'extended warranty' : ASSET_KIND_LABELS[asset.kind].toLowerCase()
  const detail = [asset.model, asset.serial ? `serial ${asset.serial}` : null].filter(Boolean).join(', ')
  const input = quoteInput.parse({
    clientId: asset.clientId,
    title: `Renewal: ${asset.name}`,
    lines: [
      {
        description: `Renewal: ${asset.name} (${label}${detail ? `, ${detail}` : ''}), ${what === 'warranty' ? 'warranty ends' : 'due'} ${date}`,
        quantity: asset.seats && asset.seats > 0 ? asset.seats : 1,
        unitPriceCents: 0,
      },
    ],
  })
  return createQuote(db, input, now)
}
