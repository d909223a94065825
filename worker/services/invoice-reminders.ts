// Invoice reminders (issue 26), queued by the cron: by default 3 days before
// the due date, on it, and 7 days after (INVOICE_REMINDER_DAYS, e.g. "-3,0,7").
// Each goes out once: its name is added to invoices.reminders_sent by a
// conditional update that also claims it, so two cron runs at once queue it
// once. An invoice sent late gets only the latest reminder that is due, not a
// burst of the earlier ones.
import { and, eq } from 'drizzle-orm'
import { addDays, businessDate } from '../../schema/slot-time'
import type { Db } from '../db'
import { tables } from '../db'
import { enqueueMessages } from '../mail/outbox'
import { visitorMailEnabled } from '../mail/visitor'
import { getInvoice, type InvoiceMailKind, invoiceMail, invoiceMailExtras, openInvoices } from './invoices'
import { createSignInLink } from './portal-links'

export const DEFAULT_REMINDER_DAYS = [-3, 0, 7]

/** The reminder offsets in days from the due date (negative: before), from INVOICE_REMINDER_DAYS. */
export function reminderDays(env: Env): number[] {
  const raw = env.INVOICE_REMINDER_DAYS as string | undefined
  if (raw === undefined || raw.trim() === '') return DEFAULT_REMINDER_DAYS
  const days = raw.split(',').map((d) => Number(d.trim()))
  return days.every((d) => Number.isInteger(d) && Math.abs(d) <= 365)
    ? [...new Set(days)].sort((a, b) => a - b)
    : DEFAULT_REMINDER_DAYS
}

/** A reminder's name in reminders_sent: "before-3", "due", "after-7". */
export const reminderName = (offset: number) =>
  offset < 0 ? `before${offset}` : offset === 0 ? 'due' : `after-${offset}`
const mailKind = (offset: number): InvoiceMailKind =>
  offset < 0 ? 'before' : offset === 0 ? 'due' : 'overdue'

/** Queues the reminders due today (Central); returns the outbox ids. Without visitor mail, none. */
export async function queueInvoiceReminders(db: Db, env: Env, nowMs: number): Promise<number[]> {
  if (!visitorMailEnabled(env)) return []
  const now = new Date(nowMs)
  const today = businessDate(now)
  const offsets = reminderDays(env)
  const ids: number[] = []
  for (const invoice of await openInvoices(db)) {
    const due = offsets.filter((o) => addDays(invoice.dueDate, o) <= today)
    const latest = due.at(-1)
    if (latest === undefined || invoice.remindersSent.includes(reminderName(latest))) continue
    const sent = [...new Set([...invoice.remindersSent, ...due.map(reminderName)])]
    const i = tables.invoices
    // Claimed only if nobody changed the list since it was read.
    const [claimed] = await db
      .update(i)
      .set({ remindersSent: sent })
      .where(and(eq(i.id, invoice.id), eq(i.remindersSent, invoice.remindersSent)))
      .returning({ id: i.id })
    if (!claimed) continue
    const detail = await getInvoice(db, invoice.id)
    if (detail.balanceCents <= 0) continue
    const c = tables.contacts
    const [contact] = await db
      .select()
      .from(c)
      .where(invoice.contactId ? eq(c.id, invoice.contactId) : eq(c.clientId, invoice.clientId))
      .limit(1)
    if (!contact) continue
    const link = await createSignInLink(
      db,
      env,
      { contactId: contact.id, next: `/portal/invoices/${invoice.id}` },
      nowMs,
    )
    const mail = invoiceMail(
      env,
      detail,
      contact.name,
      link,
      mailKind(latest),
      await invoiceMailExtras(db, env, detail),
    )
    ids.push(...(await enqueueMessages(db, 'billing', [{ recipient: contact.email, ...mail }], now)))
  }
  return ids
}
