// The client page as the hub (issue 36): the dated notes log (added to, never
// overwritten), the client's payments with their invoice, and its bookings
// apart from its support requests, at the business's time.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { Link } from 'react-router'
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../schema/billing-words'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { formatCents } from '../../../schema/money'
import { formatShortDate } from '../../../schema/slot-time'
import { requestStatusLabel } from '../requests/format'
import { useSave } from '../save'
import { AdminButton, AdminTextField, CardTable, EmptyState, Section } from '../ui'
import { requestUrl } from './OpenClientLink'
import { ADD_CLIENT_NOTE, type ClientPageData } from './queries'

const link = 'text-blue-800 underline-offset-2 hover:underline'

export function NotesLog({ client, onChanged }: { client: ClientPageData; onChanged: () => void }) {
  const [{ errors }, add] = useSave(ADD_CLIENT_NOTE, { failure: 'Could not add', fieldsAlone: true })
  const [body, setBody] = useState('')
  const [saving, setSaving] = useState(false)
  return (
    <Section title="Notes">
      <Form
        validationErrors={errors}
        onSubmit={async (e) => {
          e.preventDefault()
          setSaving(true)
          const added = await add({ clientId: client.id, body })
          setSaving(false)
          if (!added.ok) return
          setBody('')
          onChanged()
        }}
        className="mb-4 flex flex-col gap-2"
      >
        <AdminTextField name="body" label="New note" value={body} onChange={setBody} multiline />
        <div>
          <AdminButton type="submit" isPending={saving}>
            Add note
          </AdminButton>
        </div>
      </Form>
      {client.noteLog.length === 0 ? (
        <EmptyState>No notes yet.</EmptyState>
      ) : (
        <ol aria-label="Notes" className="divide-y divide-slate-200 text-sm">
          {client.noteLog.map((n) => (
            <li key={n.id} className="py-2">
              <p className="text-slate-600">
                <time dateTime={n.createdAt}>{formatBusinessDateTime(n.createdAt)}</time>
                {n.author ? ` · ${n.author}` : ''}
              </p>
              <p className="whitespace-pre-wrap break-words">{n.body}</p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  )
}

const methodLabel = (method: string) =>
  PAYMENT_METHOD_LABELS[method.toLowerCase().replace(/_/g, ' ') as PaymentMethod] ?? method

export function Payments({ client }: { client: ClientPageData }) {
  return (
    <Section title="Payments">
      {client.payments.length === 0 ? (
        <EmptyState>No payments yet.</EmptyState>
      ) : (
        <CardTable label="Payments">
          <thead className="text-slate-600">
            <tr>
              <th className="py-2 font-medium">Date</th>
              <th className="py-2 font-medium">Method</th>
              <th className="py-2 font-medium">Amount</th>
              <th className="py-2 font-medium">Invoice</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {client.payments.map((p) => (
              <tr key={p.id}>
                <td className="py-2">{formatShortDate(p.date)}</td>
                <td className="py-2">{methodLabel(p.method)}</td>
                <td className="py-2">{formatCents(p.amountCents)}</td>
                <td className="py-2 font-mono">
                  <Link to={`/admin/invoices/${p.invoiceId}`} className={link}>
                    {p.invoiceNumber}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </CardTable>
      )}
    </Section>
  )
}

export function Bookings({ client }: { client: ClientPageData }) {
  const bookings = client.requests.filter((r) => r.kind === 'CONSULTATION')
  return (
    <Section title="Bookings">
      {bookings.length === 0 ? (
        <EmptyState>No bookings yet.</EmptyState>
      ) : (
        <CardTable label="Bookings">
          <thead className="text-slate-600">
            <tr>
              <th className="py-2 font-medium">Reference</th>
              <th className="py-2 font-medium">When</th>
              <th className="py-2 font-medium">With</th>
              <th className="py-2 font-medium">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {bookings.map((b) => (
              <tr key={b.id}>
                <td className="py-2 font-mono">
                  <Link to={requestUrl(b.reference)} className={link}>
                    {b.reference}
                  </Link>
                </td>
                <td className="py-2">{b.when ? formatBusinessDateTime(b.when) : 'Not set'}</td>
                <td className="py-2">{b.name}</td>
                <td className="py-2">{requestStatusLabel(b.status)}</td>
              </tr>
            ))}
          </tbody>
        </CardTable>
      )}
    </Section>
  )
}
