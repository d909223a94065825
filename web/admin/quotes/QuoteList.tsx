// /admin/quotes: the list with a status filter and totals.
import { useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { formatCents } from '../../../schema/money'
import { QUOTE_STATUSES } from '../../../schema/quotes'
import { formatShortDate } from '../../../schema/slot-time'
import { CardTable, Section } from '../ui'
import { FROM_NETWORK, messageOf } from '../urql'
import { QUOTES_QUERY } from './queries'
import { input, statusLabel } from './quote-shared'

export function QuoteList() {
  const [status, setStatus] = useState('')
  const [{ data, fetching, error }] = useQuery({
    query: QUOTES_QUERY,
    variables: { status: status || null },
    ...FROM_NETWORK,
  })
  return (
    <Section
      title="All quotes"
      actions={
        <label className="flex items-center gap-2 text-sm">
          Status
          <select className={input} value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            <option value="">All</option>
            {QUOTE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
      }
    >
      {fetching && <p role="status">Loading...</p>}
      {error && <p role="alert">{messageOf(error)}</p>}
      {data && data.quotes.length === 0 && <p className="text-slate-600">No quotes yet.</p>}
      {data && data.quotes.length > 0 && (
        <CardTable>
          <thead>
            <tr className="border-b border-slate-200">
              <th className="py-2">Quote</th>
              <th className="py-2">Client</th>
              <th className="py-2">Status</th>
              <th className="py-2 text-right">Total</th>
              <th className="py-2">Valid until</th>
            </tr>
          </thead>
          <tbody>
            {data.quotes.map((q) => (
              <tr key={q.id} className="border-b border-slate-100">
                <td className="py-2">
                  <Link to={`/admin/quotes/${q.id}`} className="font-medium text-blue-800 underline">
                    {q.label}
                  </Link>{' '}
                  {q.title}
                </td>
                <td className="py-2">{q.clientName}</td>
                <td className="py-2">
                  {statusLabel(q.status)}
                  {q.depositToInvoice && (
                    <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                      Deposit to invoice
                    </span>
                  )}
                  {q.depositInvoiceNumber && q.depositInvoiceId && (
                    <Link
                      to={`/admin/invoices/${q.depositInvoiceId}`}
                      className="ml-2 text-xs text-blue-800 underline"
                    >
                      Deposit {q.depositInvoiceNumber}
                    </Link>
                  )}
                </td>
                <td className="py-2 text-right">{formatCents(q.totalCents)}</td>
                <td className="py-2">{formatShortDate(q.validUntil)}</td>
              </tr>
            ))}
          </tbody>
        </CardTable>
      )}
    </Section>
  )
}
