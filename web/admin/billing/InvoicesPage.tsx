// /admin/invoices (issue 26): the overview (unbilled time, outstanding and
// overdue, paid this month and year), the invoices with send, payment, void,
// credit note and PDF, the form that makes every kind of invoice
// (NewInvoiceForm.tsx), and the accountant's CSV files. Each number opens the
// invoice's own page, /admin/invoices/<id> (InvoicePage.tsx, issue 52).
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { Link, useLocation, useNavigate } from 'react-router'
import { Provider, useQuery } from 'urql'
import {
  invoiceStatusLabel,
  MANUAL_PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
} from '../../../schema/billing-words'
import { enumName, enumValue } from '../../../schema/graphql-enums'
import { formatCents, parseCents } from '../../../schema/money'
import { formatCalendarDate } from '../../../schema/slot-time'
import { AdminDateField } from '../DateField'
import { OwnerPage } from '../OwnerPage'
import { PeriodDrafts } from '../plans/PeriodDrafts'
import { useSave } from '../save'
import { InvoiceSendDialog } from '../send/SendDialog'
import {
  AdminButton,
  AdminDialog,
  AdminSelect,
  AdminTextField,
  ConfirmDialog,
  ListState,
  linkButtonClass,
  Section,
} from '../ui'
import { FROM_NETWORK, useAdminClient } from '../urql'
import { AccountingExport } from './AccountingExport'
import { type BillingColumn, BillingTable, firstCellClass, numericClass, rowClass } from './BillingTable'
import { invoiceMatches, invoiceName, invoiceUrl } from './links'
import { NewInvoiceForm } from './NewInvoiceForm'
import { PaymentInstructions } from './PaymentInstructions'
import {
  type AdminInvoice,
  CREATE_INVOICE,
  INVOICES,
  OVERVIEW,
  RECORD_PAYMENT,
  VOID_INVOICE,
} from './queries'
import { UnmatchedPayments } from './UnmatchedPayments'
import { useBillingClients } from './useBillingClients'

export function InvoicesPage() {
  const client = useAdminClient()
  return (
    <Provider value={client}>
      <OwnerPage
        title="Invoices"
        description={() => 'What clients owe, what they paid, and what is not billed yet'}
      >
        <Invoices />
      </OwnerPage>
    </Provider>
  )
}

export function Invoices() {
  const [overview, refetchOverview] = useQuery({ query: OVERVIEW })
  const { options } = useBillingClients()
  // The list below asks the very same query: refetching it here refreshes the list.
  const [, refetchList] = useQuery({ query: INVOICES, variables: { clientId: null } })
  const refresh = () => {
    refetchList(FROM_NETWORK)
    refetchOverview(FROM_NETWORK)
  }
  const o = overview.data?.billingOverview
  return (
    <>
      <Section
        title="Overview"
        actions={
          <div className="flex gap-2">
            <a className={linkButtonClass} href="/api/invoices/export/invoices.csv" download>
              Invoices CSV
            </a>
            <a className={linkButtonClass} href="/api/invoices/export/payments.csv" download>
              Payments CSV
            </a>
          </div>
        }
      >
        {o && (
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {[
              ['Outstanding', o.outstandingCents],
              ['Overdue', o.overdueCents],
              ['Paid this month', o.paidThisMonthCents],
              ['Paid this year', o.paidThisYearCents],
            ].map(([label, cents]) => (
              <div key={label as string}>
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="text-xl font-semibold text-slate-900">{formatCents(cents as number)}</dd>
              </div>
            ))}
          </dl>
        )}
        {o && o.unbilled.length > 0 && (
          <>
            <h3 className="mt-4 font-medium text-slate-900">Unbilled time</h3>
            <ul className="mt-1 text-sm text-slate-700">
              {o.unbilled.map((u) => (
                <li key={u.clientId}>
                  {u.clientName}: {u.minutes} min, {formatCents(u.amountCents)}
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>

      {/* The drafts the cron made for the managed-service plans (issue 37), waiting for review. */}
      <PeriodDrafts />

      <Section title="New invoice">
        <NewInvoiceForm clients={options} onCreated={refresh} />
      </Section>

      <AccountingExport />

      <Section title="Invoices">
        <InvoiceList onChanged={() => refetchOverview(FROM_NETWORK)} />
      </Section>

      {/* Self-contained (issue 36): each could be its own route, /admin/billing/unmatched and /admin/billing/settings. */}
      <UnmatchedPayments onMatched={refresh} />
      <PaymentInstructions />
    </>
  )
}

const INVOICE_COLUMNS: BillingColumn[] = [
  { label: 'Number' },
  { label: 'Client' },
  { label: 'Status' },
  { label: 'Due' },
  { label: 'Total', numeric: true },
  { label: 'Balance', numeric: true },
  { label: 'Actions', hidden: true },
]

/**
 * Invoices with their actions (PDF, send, payment, credit note, void): all of
 * them on /admin/invoices, searched by number or client (?q= in the address),
 * one client's on the client page (no client column, no search).
 */
export function InvoiceList({ clientId, onChanged }: { clientId?: string; onChanged?: () => void }) {
  const [{ data, fetching, error }, refetch] = useQuery({
    query: INVOICES,
    variables: { clientId: clientId ?? null },
  })
  const location = useLocation()
  const navigate = useNavigate()
  const q = clientId ? '' : (new URLSearchParams(location.search).get('q') ?? '')
  const setQ = (next: string) => {
    const params = new URLSearchParams(location.search)
    if (next) params.set('q', next)
    else params.delete('q')
    navigate({ search: params.size ? `?${params}` : '' }, { replace: true })
  }
  const [sending, setSending] = useState<AdminInvoice | null>(null)
  const [paying, setPaying] = useState<AdminInvoice | null>(null)
  const [crediting, setCrediting] = useState<AdminInvoice | null>(null)
  const [voiding, setVoiding] = useState<AdminInvoice | null>(null)
  const refresh = () => {
    refetch(FROM_NETWORK)
    onChanged?.()
  }
  const all = data?.invoices ?? []
  const invoices = q ? all.filter((i) => invoiceMatches(i, q)) : all
  const columns = clientId ? INVOICE_COLUMNS.filter((c) => c.label !== 'Client') : INVOICE_COLUMNS
  return (
    <>
      {!clientId && (
        <search className="mb-3 max-w-sm">
          <AdminTextField
            name="q"
            label="Search"
            value={q}
            onChange={setQ}
            description="Invoice number or client name"
          />
        </search>
      )}
      <ListState
        loading={fetching && !data}
        error={data ? undefined : error}
        empty={invoices.length === 0}
        emptyText={all.length === 0 ? 'No invoices yet.' : 'No invoice matches the search.'}
      >
        <BillingTable columns={columns}>
          {invoices.map((i) => (
            <tr key={i.id} className={rowClass}>
              <td className={firstCellClass}>
                <Link
                  to={invoiceUrl(i.id)}
                  className="font-mono text-blue-800 underline-offset-2 hover:underline"
                  aria-label={invoiceName(i)}
                >
                  {i.number}
                </Link>
              </td>
              {!clientId && <td>{i.clientName}</td>}
              <td>{invoiceStatusLabel(enumValue('InvoiceStatus', i.status))}</td>
              <td>{formatCalendarDate(i.dueDate)}</td>
              <td className={numericClass}>{formatCents(i.totalCents)}</td>
              <td className={numericClass}>{formatCents(i.balanceCents)}</td>
              <td className="flex flex-wrap justify-end gap-1 py-1">
                <a
                  className={linkButtonClass}
                  href={`/api/invoices/${i.id}/pdf`}
                  target="_blank"
                  rel="noreferrer"
                >
                  PDF
                </a>
                {i.status !== 'VOID' && (
                  // Credit notes are sent like invoices (issue 36): the client then sees them in the portal.
                  <AdminButton variant="secondary" onPress={() => setSending(i)}>
                    {i.status === 'DRAFT' ? 'Send...' : 'Send again...'}
                  </AdminButton>
                )}
                {i.status !== 'VOID' && i.source !== 'CREDIT' && (
                  <>
                    <AdminButton variant="secondary" onPress={() => setPaying(i)}>
                      Payment
                    </AdminButton>
                    {/* A draft is changed, not credited (ADR 183): the API refuses it. */}
                    {i.status !== 'DRAFT' && (
                      <AdminButton variant="secondary" onPress={() => setCrediting(i)}>
                        Credit note
                      </AdminButton>
                    )}
                    <AdminButton variant="ghost" onPress={() => setVoiding(i)}>
                      Void
                    </AdminButton>
                  </>
                )}
              </td>
            </tr>
          ))}
        </BillingTable>
      </ListState>
      {paying && <PaymentDialog invoice={paying} onClose={() => setPaying(null)} onDone={refresh} />}
      {crediting && <CreditDialog invoice={crediting} onClose={() => setCrediting(null)} onDone={refresh} />}
      <VoidInvoiceDialog invoice={voiding} onClose={() => setVoiding(null)} onDone={refresh} />
      {sending && (
        <InvoiceSendDialog
          id={sending.id}
          title={`${sending.source === 'CREDIT' ? 'Credit note' : 'Invoice'} ${sending.number}`}
          onClose={() => setSending(null)}
          onSent={refresh}
        />
      )}
    </>
  )
}

const METHODS = MANUAL_PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))
/** The GraphQL enum name of a payment method (BANK_TRANSFER for 'bank transfer'). */
const methodName = (value: (typeof MANUAL_PAYMENT_METHODS)[number]) =>
  enumName('PaymentMethod', value) as 'BANK_TRANSFER' | 'CHECK' | 'CASH' | 'CARD' | 'OTHER'

/** What the payment, credit-note and void dialogs need of an invoice (a list row or the invoice page). */
type InvoiceRef = Pick<AdminInvoice, 'id' | 'number' | 'clientId' | 'balanceCents'>

/**
 * Void asks first (issue 52): it cannot be taken back. The number is kept, the
 * invoice stops counting as owed and its time returns to unbilled; the server
 * refuses an invoice with payments (the toast says so).
 */
export function VoidInvoiceDialog({
  invoice,
  onClose,
  onDone,
}: {
  invoice: Pick<AdminInvoice, 'id' | 'number'> | null
  onClose: () => void
  onDone: () => void
}) {
  const [{ fetching }, voidIt] = useSave(VOID_INVOICE)
  return (
    <ConfirmDialog
      title={invoice ? `Void invoice ${invoice.number}?` : 'Void invoice?'}
      message={`The invoice keeps its number but no longer counts as owed, and any time billed on it returns to unbilled. The client can no longer pay it. This cannot be undone: to bill again, make a new invoice.`}
      confirmLabel="Void invoice"
      isOpen={invoice !== null}
      isPending={fetching}
      onOpenChange={(open) => !open && onClose()}
      onConfirm={async () => {
        if (!invoice) return
        await voidIt({ id: invoice.id }, `Invoice ${invoice.number} void`)
        onClose()
        onDone()
      }}
    />
  )
}

export function PaymentDialog({
  invoice,
  onClose,
  onDone,
}: {
  invoice: InvoiceRef
  onClose: () => void
  onDone: () => void
}) {
  const [{ errors }, record] = useSave(RECORD_PAYMENT, { failure: null })
  const [amount, setAmount] = useState(
    invoice.balanceCents > 0 ? formatCents(invoice.balanceCents, 'plain') : '',
  )
  const [date, setDate] = useState('')
  const [method, setMethod] = useState<(typeof METHODS)[number]['value']>('bank transfer')
  const [reference, setReference] = useState('')
  async function save() {
    const recorded = await record(
      {
        id: invoice.id,
        input: {
          amountCents: parseCents(amount) ?? -1,
          date: date || null,
          method: methodName(method),
          reference: reference || null,
        },
      },
      `Payment recorded on ${invoice.number}`,
    )
    if (!recorded.ok) return
    onDone()
    onClose()
  }
  return (
    <AdminDialog title={`Payment for ${invoice.number}`} isOpen onOpenChange={(open) => !open && onClose()}>
      <Form
        validationErrors={errors}
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        className="flex flex-col gap-3"
      >
        <AdminTextField
          name="amountCents"
          label="Amount ($)"
          value={amount}
          onChange={setAmount}
          isRequired
        />
        <AdminDateField
          name="date"
          label="Date"
          value={date}
          onChange={setDate}
          description="Today when empty"
        />
        <AdminSelect name="method" label="Method" options={METHODS} value={method} onChange={setMethod} />
        <AdminTextField name="reference" label="Reference" value={reference} onChange={setReference} />
        <AdminButton type="submit">Record payment</AdminButton>
      </Form>
    </AdminDialog>
  )
}

export function CreditDialog({
  invoice,
  onClose,
  onDone,
}: {
  invoice: InvoiceRef
  onClose: () => void
  onDone: () => void
}) {
  const [{ errors }, create] = useSave(CREATE_INVOICE, { failure: null })
  const [text, setText] = useState('')
  const [amount, setAmount] = useState('')
  async function save() {
    const created = await create(
      {
        input: {
          clientId: invoice.clientId,
          source: 'CREDIT',
          creditForId: invoice.id,
          lines: [{ description: text, quantity: 1, unitPriceCents: parseCents(amount) ?? -1 }],
        },
      },
      (d) => `Credit note ${d.createInvoice.number} created`,
    )
    if (!created.ok) return
    onDone()
    onClose()
  }
  return (
    <AdminDialog
      title={`Credit note for ${invoice.number}`}
      isOpen
      onOpenChange={(open) => !open && onClose()}
    >
      <Form
        validationErrors={errors}
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        className="flex flex-col gap-3"
      >
        <AdminTextField name="lines" label="Reason" value={text} onChange={setText} isRequired />
        <AdminTextField
          name="amount"
          label="Amount credited ($)"
          value={amount}
          onChange={setAmount}
          isRequired
        />
        <AdminButton type="submit">Create credit note</AdminButton>
      </Form>
    </AdminDialog>
  )
}
