// /admin/invoices/<id> (issue 52): one invoice or credit note, so that every
// link naming an invoice (the overview, the client page, plan drafts, quotes,
// the owner's e-mails) opens it rather than the whole list. Its figures are
// the one balance (worker/services/balance.ts through the `invoice` field);
// its actions are the list's: PDF, send, payment, credit note, and void,
// which asks first (VoidInvoiceDialog).
import { useState } from 'react'
import { Link } from 'react-router'
import { Provider, useQuery } from 'urql'
import { invoiceStatusLabel, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../schema/billing-words'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { enumValue } from '../../../schema/graphql-enums'
import { formatCents } from '../../../schema/money'
import { formatCalendarDate } from '../../../schema/slot-time'
import { OwnerPage } from '../OwnerPage'
import { InvoiceSendDialog } from '../send/SendDialog'
import { AdminButton, ListState, linkButtonClass, Section } from '../ui'
import { FROM_NETWORK, useAdminClient } from '../urql'
import { type BillingColumn, BillingTable, firstCellClass, numericClass, rowClass } from './BillingTable'
import { CreditDialog, PaymentDialog, VoidInvoiceDialog } from './InvoicesPage'
import { invoiceName, invoiceUrl } from './links'
import { type AdminInvoiceDetail, INVOICE } from './queries'

const link = 'text-blue-800 underline-offset-2 hover:underline'

export function InvoicePage({ id }: { id: string }) {
  const client = useAdminClient()
  return (
    <Provider value={client}>
      <Invoice id={id} />
    </Provider>
  )
}

function Invoice({ id }: { id: string }) {
  const [{ data, fetching, error }, refetch] = useQuery({ query: INVOICE, variables: { id } })
  const invoice = data?.invoice
  // A wrong or deleted id is a GraphQL "not found": say so in place of the page, not as a failure.
  const missing = !invoice && !!error && /not found/i.test(error.message)
  return (
    <OwnerPage
      title={invoice ? invoiceName(invoice) : missing ? 'Invoice not found' : 'Invoice'}
      description={() =>
        invoice
          ? `${invoice.clientName ?? 'Client'} · ${invoiceStatusLabel(enumValue('InvoiceStatus', invoice.status))}`
          : 'What the client owes on it, and what was paid'
      }
    >
      <p>
        <Link to="/admin/invoices" className={`text-sm ${link}`}>
          All invoices
        </Link>
      </p>
      <ListState
        loading={fetching && !data}
        error={missing ? undefined : data ? undefined : error}
        empty={!invoice}
        emptyText="This invoice does not exist."
      >
        {invoice && <InvoiceDetail invoice={invoice} onChanged={() => refetch(FROM_NETWORK)} />}
      </ListState>
    </OwnerPage>
  )
}

const LINE_COLUMNS: BillingColumn[] = [
  { label: 'Description' },
  { label: 'Quantity', numeric: true },
  { label: 'Unit price', numeric: true },
  { label: 'Amount', numeric: true },
]
const PAYMENT_COLUMNS: BillingColumn[] = [
  { label: 'Date' },
  { label: 'Method' },
  { label: 'Reference' },
  { label: 'Amount', numeric: true },
]
const CREDIT_COLUMNS: BillingColumn[] = [
  { label: 'Credit note' },
  { label: 'Issued' },
  { label: 'Status' },
  { label: 'Amount', numeric: true },
]

/** 1500 thousandths with unit "h" reads "1.5 h". */
const quantity = (milli: number, unit: string | null | undefined) =>
  `${Number((milli / 1000).toFixed(3))}${unit ? ` ${unit}` : ''}`

const methodLabel = (method: string) =>
  PAYMENT_METHOD_LABELS[enumValue('PaymentMethod', method) as PaymentMethod] ?? method

function InvoiceDetail({ invoice, onChanged }: { invoice: AdminInvoiceDetail; onChanged: () => void }) {
  const [sending, setSending] = useState(false)
  const [paying, setPaying] = useState(false)
  const [crediting, setCrediting] = useState(false)
  const [voiding, setVoiding] = useState(false)
  const isCredit = invoice.source === 'CREDIT'
  const isVoid = invoice.status === 'VOID'
  const status = invoiceStatusLabel(enumValue('InvoiceStatus', invoice.status))
  const dates: [string, string | null | undefined][] = [
    ['Issued', formatCalendarDate(invoice.issueDate)],
    ['Due', isCredit ? null : formatCalendarDate(invoice.dueDate)],
    ['Sent', invoice.dates.sentAt && formatBusinessDateTime(invoice.dates.sentAt)],
    ['Viewed by the client', invoice.dates.viewedAt && formatBusinessDateTime(invoice.dates.viewedAt)],
    ['Paid in full', invoice.dates.paidAt && formatBusinessDateTime(invoice.dates.paidAt)],
    ['Voided', invoice.dates.voidedAt && formatBusinessDateTime(invoice.dates.voidedAt)],
  ]
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <a
          className={linkButtonClass}
          href={`/api/invoices/${invoice.id}/pdf`}
          target="_blank"
          rel="noreferrer"
        >
          Download PDF
        </a>
        {!isVoid && (
          <AdminButton variant="secondary" onPress={() => setSending(true)}>
            {invoice.status === 'DRAFT' ? 'Send...' : 'Send again...'}
          </AdminButton>
        )}
        {!isVoid && !isCredit && (
          <>
            <AdminButton
              variant="secondary"
              isDisabled={invoice.balanceCents <= 0}
              onPress={() => setPaying(true)}
            >
              Record payment
            </AdminButton>
            <AdminButton variant="secondary" onPress={() => setCrediting(true)}>
              Credit note
            </AdminButton>
            <AdminButton variant="ghost" onPress={() => setVoiding(true)}>
              Void
            </AdminButton>
          </>
        )}
      </div>

      <Section title="Details">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-600">Client</dt>
          <dd>
            <Link to={`/admin/clients/${invoice.clientId}`} className={link}>
              {invoice.clientName ?? 'Open the client'}
            </Link>
          </dd>
          <dt className="font-medium text-slate-600">Status</dt>
          <dd data-testid="invoice-status">{status}</dd>
          {invoice.creditFor && (
            <>
              <dt className="font-medium text-slate-600">Corrects</dt>
              <dd>
                <Link to={invoiceUrl(invoice.creditFor.id)} className={`${link} font-mono`}>
                  {invoice.creditFor.number}
                </Link>
              </dd>
            </>
          )}
          {dates
            .filter((d): d is [string, string] => Boolean(d[1]))
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          {invoice.notes && (
            <>
              <dt className="font-medium text-slate-600">Notes</dt>
              <dd className="whitespace-pre-wrap break-words">{invoice.notes}</dd>
            </>
          )}
        </dl>
      </Section>

      <Section title="Lines">
        <BillingTable columns={LINE_COLUMNS} label="Lines">
          {invoice.lines.map((l) => (
            <tr key={l.id} className={rowClass}>
              <td className={`${firstCellClass} break-words`}>{l.description}</td>
              <td className={numericClass}>{quantity(l.quantityMilli, l.unit)}</td>
              <td className={numericClass}>{formatCents(l.unitPriceCents)}</td>
              <td className={numericClass}>{formatCents(l.amountCents)}</td>
            </tr>
          ))}
        </BillingTable>
        {/* The one balance: owed + credited - paid, as every other view shows it. */}
        <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
          <dt className="text-slate-600">Total</dt>
          <dd className="text-right" data-testid="invoice-total">
            {formatCents(invoice.totalCents)}
          </dd>
          {!isCredit && (
            <>
              <dt className="text-slate-600">Credited</dt>
              <dd className="text-right">{formatCents(invoice.creditedCents)}</dd>
              <dt className="text-slate-600">Paid</dt>
              <dd className="text-right">{formatCents(invoice.paidCents)}</dd>
              <dt className="font-semibold text-slate-900">Balance</dt>
              <dd className="text-right font-semibold text-slate-900" data-testid="invoice-balance">
                {formatCents(invoice.balanceCents)}
              </dd>
            </>
          )}
        </dl>
      </Section>

      {!isCredit && (
        <Section title="Payments">
          <ListState
            loading={false}
            error={undefined}
            empty={invoice.payments.length === 0}
            emptyText="No payments yet."
          >
            <BillingTable columns={PAYMENT_COLUMNS} label="Payments">
              {invoice.payments.map((p) => (
                <tr key={p.id} className={rowClass}>
                  <td className={firstCellClass}>{formatCalendarDate(p.date)}</td>
                  <td>{methodLabel(p.method)}</td>
                  <td className="break-all">{p.reference ?? ''}</td>
                  <td className={numericClass}>{formatCents(p.amountCents)}</td>
                </tr>
              ))}
            </BillingTable>
          </ListState>
        </Section>
      )}

      {!isCredit && (
        <Section title="Credit notes">
          <ListState
            loading={false}
            error={undefined}
            empty={invoice.credits.length === 0}
            emptyText="No credit notes."
          >
            <BillingTable columns={CREDIT_COLUMNS} label="Credit notes">
              {invoice.credits.map((c) => (
                <tr key={c.id} className={rowClass}>
                  <td className={firstCellClass}>
                    <Link
                      to={invoiceUrl(c.id)}
                      className={`${link} font-mono`}
                      aria-label={`Credit note ${c.number}`}
                    >
                      {c.number}
                    </Link>
                  </td>
                  <td>{formatCalendarDate(c.issueDate)}</td>
                  <td>{invoiceStatusLabel(enumValue('InvoiceStatus', c.status))}</td>
                  <td className={numericClass}>{formatCents(c.totalCents)}</td>
                </tr>
              ))}
            </BillingTable>
          </ListState>
        </Section>
      )}

      {paying && <PaymentDialog invoice={invoice} onClose={() => setPaying(false)} onDone={onChanged} />}
      {crediting && <CreditDialog invoice={invoice} onClose={() => setCrediting(false)} onDone={onChanged} />}
      <VoidInvoiceDialog
        invoice={voiding ? invoice : null}
        onClose={() => setVoiding(false)}
        onDone={onChanged}
      />
      {sending && (
        <InvoiceSendDialog
          id={invoice.id}
          title={invoiceName(invoice)}
          onClose={() => setSending(false)}
          onSent={onChanged}
        />
      )}
    </>
  )
}
