// /admin/invoices (issue 26): the overview (unbilled time, outstanding and
// overdue, paid this month and year), the invoices with send, payment, void,
// credit note and PDF, a form to invoice a client's unbilled time or manual
// lines, and the accountant's CSV files.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { Provider, useMutation, useQuery } from 'urql'
import { INVOICE_STATUS_LABELS } from '../../../schema/invoice-statuses'
import { ERRORS } from '../../../schema/messages'
import { formatCents, parseCents } from '../../../schema/money'
import { toast } from '../../components/Toaster'
import { OwnerPage } from '../OwnerPage'
import {
  AdminButton,
  AdminDialog,
  AdminSelect,
  AdminTextField,
  ListState,
  linkButtonClass,
  Section,
} from '../ui'
import { FROM_NETWORK, fieldErrorsOf, messageOf, useAdminClient } from '../urql'
import {
  type AdminInvoice,
  BILLING_CLIENTS,
  CREATE_INVOICE,
  INVOICES,
  OVERVIEW,
  RECORD_PAYMENT,
  SEND_INVOICE,
  VOID_INVOICE,
} from './queries'

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

const SOURCES = [
  { value: 'time', label: 'Unbilled time' },
  { value: 'manual', label: 'Manual line' },
] as const

export function Invoices() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: INVOICES })
  const [overview, refetchOverview] = useQuery({ query: OVERVIEW })
  const [{ data: clients }] = useQuery({ query: BILLING_CLIENTS })
  const [created, create] = useMutation(CREATE_INVOICE)
  const [, send] = useMutation(SEND_INVOICE)
  const [, voidIt] = useMutation(VOID_INVOICE)
  const [clientId, setClientId] = useState('')
  const [source, setSource] = useState<'time' | 'manual'>('time')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [lineText, setLineText] = useState('')
  const [amount, setAmount] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [paying, setPaying] = useState<AdminInvoice | null>(null)
  const [crediting, setCrediting] = useState<AdminInvoice | null>(null)
  const refresh = () => {
    refetch(FROM_NETWORK)
    refetchOverview(FROM_NETWORK)
  }
  const fail = (e: Parameters<typeof messageOf>[0]) =>
    toast({ title: ERRORS.errorTitle, description: messageOf(e), variant: 'destructive' })

  async function add() {
    const cents = parseCents(amount)
    const result = await create({
      input: {
        clientId,
        source,
        from: source === 'time' ? from || null : null,
        to: source === 'time' ? to || null : null,
        lines:
          source === 'manual' ? [{ description: lineText, quantity: 1, unitPriceCents: cents ?? -1 }] : null,
      },
    })
    if (result.error) {
      setErrors(fieldErrorsOf(result.error))
      if (!Object.keys(fieldErrorsOf(result.error)).length) fail(result.error)
      return
    }
    setErrors({})
    toast({ title: `Invoice ${result.data?.createInvoice.number} created` })
    refresh()
  }

  async function act(run: Promise<{ error?: Parameters<typeof messageOf>[0] }>, done: string) {
    const result = await run
    if (result.error) fail(result.error)
    else toast({ title: done })
    refresh()
  }

  const invoices = data?.invoices ?? []
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

      <Section title="New invoice">
        <Form
          validationErrors={errors}
          validationBehavior="aria"
          aria-label="New invoice"
          onSubmit={(e) => {
            e.preventDefault()
            void add()
          }}
          className="grid grid-cols-1 gap-3 sm:grid-cols-3"
        >
          <AdminSelect
            name="clientId"
            label="Client"
            options={(clients?.billingClients ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={clientId}
            onChange={setClientId}
            isRequired
          />
          <AdminSelect name="source" label="From" options={SOURCES} value={source} onChange={setSource} />
          {source === 'time' ? (
            <>
              <AdminTextField name="from" label="First day (YYYY-MM-DD)" value={from} onChange={setFrom} />
              <AdminTextField name="to" label="Last day (YYYY-MM-DD)" value={to} onChange={setTo} />
            </>
          ) : (
            <>
              <AdminTextField
                name="lines"
                label="Description"
                value={lineText}
                onChange={setLineText}
                isRequired
              />
              <AdminTextField
                name="amount"
                label="Amount ($)"
                value={amount}
                onChange={setAmount}
                isRequired
              />
            </>
          )}
          <AdminButton type="submit" isDisabled={created.fetching} className="sm:col-start-3">
            Create draft
          </AdminButton>
        </Form>
      </Section>

      <Section title="Invoices">
        <ListState
          loading={fetching && !data}
          error={data ? undefined : error}
          empty={invoices.length === 0}
          emptyText="No invoices yet."
        >
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th className="py-2">Number</th>
                <th>Client</th>
                <th>Status</th>
                <th>Due</th>
                <th className="text-right">Total</th>
                <th className="text-right">Balance</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((i) => (
                <tr key={i.id} className="border-b border-slate-100">
                  <td className="py-2 font-mono">{i.number}</td>
                  <td>{i.clientName}</td>
                  <td>{INVOICE_STATUS_LABELS[i.status] ?? i.status}</td>
                  <td>{i.dueDate}</td>
                  <td className="text-right">{formatCents(i.totalCents)}</td>
                  <td className="text-right">{formatCents(i.balanceCents)}</td>
                  <td className="flex flex-wrap justify-end gap-1 py-1">
                    <a
                      className={linkButtonClass}
                      href={`/api/invoices/${i.id}/pdf`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      PDF
                    </a>
                    {i.status !== 'void' && i.source !== 'credit' && (
                      <>
                        <AdminButton
                          variant="secondary"
                          onPress={() => act(send({ id: i.id }), `Invoice ${i.number} sent`)}
                        >
                          {i.status === 'draft' ? 'Send' : 'Send again'}
                        </AdminButton>
                        <AdminButton variant="secondary" onPress={() => setPaying(i)}>
                          Payment
                        </AdminButton>
                        <AdminButton variant="secondary" onPress={() => setCrediting(i)}>
                          Credit note
                        </AdminButton>
                        <AdminButton
                          variant="ghost"
                          onPress={() => act(voidIt({ id: i.id }), `Invoice ${i.number} void`)}
                        >
                          Void
                        </AdminButton>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ListState>
      </Section>
      {paying && <PaymentDialog invoice={paying} onClose={() => setPaying(null)} onDone={refresh} />}
      {crediting && <CreditDialog invoice={crediting} onClose={() => setCrediting(null)} onDone={refresh} />}
    </>
  )
}

const METHODS = [
  { value: 'bank transfer', label: 'Bank transfer' },
  { value: 'check', label: 'Check' },
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card' },
  { value: 'other', label: 'Other' },
] as const

function PaymentDialog({
  invoice,
  onClose,
  onDone,
}: {
  invoice: AdminInvoice
  onClose: () => void
  onDone: () => void
}) {
  const [, record] = useMutation(RECORD_PAYMENT)
  const [amount, setAmount] = useState(
    invoice.balanceCents > 0 ? (invoice.balanceCents / 100).toFixed(2) : '',
  )
  const [date, setDate] = useState('')
  const [method, setMethod] = useState<(typeof METHODS)[number]['value']>('bank transfer')
  const [reference, setReference] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  async function save() {
    const result = await record({
      id: invoice.id,
      input: {
        amountCents: parseCents(amount) ?? -1,
        date: date || null,
        method,
        reference: reference || null,
      },
    })
    if (result.error) {
      setErrors(fieldErrorsOf(result.error))
      return
    }
    toast({ title: `Payment recorded on ${invoice.number}` })
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
        <AdminTextField
          name="date"
          label="Date (YYYY-MM-DD)"
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

function CreditDialog({
  invoice,
  onClose,
  onDone,
}: {
  invoice: AdminInvoice
  onClose: () => void
  onDone: () => void
}) {
  const [, create] = useMutation(CREATE_INVOICE)
  const [text, setText] = useState('')
  const [amount, setAmount] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  async function save() {
    const result = await create({
      input: {
        clientId: invoice.clientId,
        source: 'credit',
        creditForId: invoice.id,
        lines: [{ description: text, quantity: 1, unitPriceCents: parseCents(amount) ?? -1 }],
      },
    })
    if (result.error) {
      setErrors(fieldErrorsOf(result.error))
      return
    }
    toast({ title: `Credit note ${result.data?.createInvoice.number} created` })
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
