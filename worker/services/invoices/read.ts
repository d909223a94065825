// Reading invoices: one with its lines, payments and balance (services/balance.ts), the list, links.
import { and, asc, desc, eq } from 'drizzle-orm'
import type { InvoiceStatus } from '../../../schema/billing-words'
import type { Invoice, InvoiceLine, Payment } from '../../../schema/tables'
import type { Db } from '../../db'
import { tables } from '../../db'
import { balanceColumns, balanceJoin, type InvoiceBalance } from '../balance'
import { NotFound } from '../errors'

// ---------- Reading ----------

export async function getInvoiceRow(db: Db, id: number): Promise<Invoice> {
  const [row] = await db.select().from(tables.invoices).where(eq(tables.invoices.id, id)).limit(1)
  if (!row) throw new NotFound('Invoice not found')
  return row
}

/** An invoice with its lines, payments and its balance (services/balance.ts: the one figure every view shows). */
export type InvoiceDetail = Invoice & InvoiceBalance & { lines: InvoiceLine[]; payments: Payment[] }

export async function getInvoice(db: Db, id: number): Promise<InvoiceDetail> {
  const invoice = await getInvoiceRow(db, id)
  const [lines, payments, [balance]] = await db.batch([
    db
      .select()
      .from(tables.invoiceLines)
      .where(eq(tables.invoiceLines.invoiceId, id))
      .orderBy(asc(tables.invoiceLines.position)),
    db
      .select()
      .from(tables.payments)
      .where(eq(tables.payments.invoiceId, id))
      .orderBy(asc(tables.payments.date), asc(tables.payments.id)),
    db.select(balanceColumns).from(tables.invoiceBalances).where(eq(tables.invoiceBalances.invoiceId, id)),
  ])
  return { ...invoice, lines, payments, ...balance! }
}

/** An invoice as its admin page shows it: getInvoice and the client's name. */
export async function getInvoiceWithClient(db: Db, id: number) {
  const invoice = await getInvoice(db, id)
  const [client] = await db
    .select({ name: tables.clients.name })
    .from(tables.clients)
    .where(eq(tables.clients.id, invoice.clientId))
  return { ...invoice, clientName: client?.name }
}

export type InvoiceFilter = {
  clientId?: number
  status?: InvoiceStatus
  /** Only the credit notes written against this invoice (its admin page lists them). */
  creditForId?: number
}

export function listInvoices(db: Db, filter: InvoiceFilter = {}) {
  const i = tables.invoices
  return db
    .select({ invoice: i, clientName: tables.clients.name, ...balanceColumns })
    .from(i)
    .innerJoin(tables.clients, eq(tables.clients.id, i.clientId))
    .innerJoin(tables.invoiceBalances, balanceJoin)
    .where(
      and(
        filter.clientId ? eq(i.clientId, filter.clientId) : undefined,
        filter.status ? eq(i.status, filter.status) : undefined,
        filter.creditForId ? eq(i.creditForId, filter.creditForId) : undefined,
      ),
    )
    .orderBy(desc(i.issueDate), desc(i.id))
}

/** The portal page of an invoice (the portal asks the contact to sign in first). */
export const invoiceLink = (env: Env, id: number) =>
  new URL(`/portal/invoices/${id}`, env.SITE_URL).toString()

/** The invoice's own page in the admin (issue 52), for the owner's notices. */
export const invoiceAdminUrl = (env: Env, id: number) =>
  new URL(`/admin/invoices/${id}`, env.SITE_URL).toString()

/** Whom an invoice is addressed to: its contact, else the client's first. */
export async function contactOf(db: Db, invoice: Invoice) {
  const c = tables.contacts
  const [contact] = await db
    .select()
    .from(c)
    .where(invoice.contactId ? eq(c.id, invoice.contactId) : eq(c.clientId, invoice.clientId))
    .orderBy(asc(c.id))
    .limit(1)
  return contact ?? null
}
