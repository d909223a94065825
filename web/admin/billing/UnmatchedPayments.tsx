// Unmatched payments (issue 36): Stripe payments kept for the owner instead of
// being recorded on an invoice (unknown number, not open, wrong currency, more
// than the balance; ADR 108), each with its reason and "Match to an invoice"
// (recorded under the same rules as any payment, and the client gets a
// receipt). Self-contained (its own queries), so it can sit in the billing
// page today and be its own route later (/admin/billing/unmatched). A card
// list rather than a table: it reads on a phone.
import { useState } from 'react'
import { useQuery } from 'urql'
import { enumValue } from '../../../schema/graphql-enums'
import { formatCents } from '../../../schema/money'
import { formatShortDate } from '../../../schema/slot-time'
import { useSave } from '../save'
import { AdminButton, AdminDialog, AdminSelect, ListState, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import { INVOICES, MATCH_PAYMENT, UNMATCHED_PAYMENTS } from './queries'

type Unmatched = {
  id: string
  amountCents: number
  currency: string
  date: string
  reference: string | null
  unmatchedNumber: string | null
  reason: string | null
}

const money = (p: Pick<Unmatched, 'amountCents' | 'currency'>) =>
  `${formatCents(p.amountCents)}${p.currency === 'USD' ? '' : ` ${p.currency}`}`

export function UnmatchedPayments({ onMatched }: { onMatched?: () => void }) {
  const [{ data, fetching, error }, refetch] = useQuery({ query: UNMATCHED_PAYMENTS, ...FROM_NETWORK })
  const [matching, setMatching] = useState<Unmatched | null>(null)
  const payments = data?.unmatchedPayments ?? []
  return (
    <Section title="Unmatched payments">
      <p className="mb-3 text-sm text-slate-700">
        Payments Stripe reported that could not be recorded on an invoice as they were. Match each to the
        invoice it pays, or refund it in the Stripe Dashboard.
      </p>
      <ListState
        loading={fetching && !data}
        error={data ? undefined : error}
        empty={payments.length === 0}
        emptyText="No unmatched payments."
      >
        <ul className="flex flex-col gap-2" aria-label="Unmatched payments">
          {payments.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  {money(p)} on {formatShortDate(p.date)}
                </p>
                <p className="text-slate-700">
                  {p.reason ?? 'Not matched'}
                  {p.unmatchedNumber ? ` (named ${p.unmatchedNumber})` : ''}
                </p>
                {p.reference && <p className="break-all text-slate-500">Stripe: {p.reference}</p>}
              </div>
              <AdminButton variant="secondary" onPress={() => setMatching(p)}>
                Match to an invoice
              </AdminButton>
            </li>
          ))}
        </ul>
      </ListState>
      {matching && (
        <MatchDialog
          payment={matching}
          onClose={() => setMatching(null)}
          onDone={() => {
            refetch(FROM_NETWORK)
            onMatched?.()
          }}
        />
      )}
    </Section>
  )
}

function MatchDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: Unmatched
  onClose: () => void
  onDone: () => void
}) {
  const [{ data }] = useQuery({ query: INVOICES, variables: { clientId: null }, ...FROM_NETWORK })
  // A refusal is said in the dialog, not toasted.
  const [, match] = useSave(MATCH_PAYMENT, { failure: null })
  // Only invoices that take a payment: sent and not paid, not credit notes.
  const open = (data?.invoices ?? []).filter(
    (i) =>
      i.source !== 'CREDIT' &&
      ['sent', 'viewed', 'partially_paid'].includes(enumValue('InvoiceStatus', i.status)) &&
      i.balanceCents > 0,
  )
  const named = open.find((i) => i.number === payment.unmatchedNumber)
  const [invoiceId, setInvoiceId] = useState<string>(named?.id ?? '')
  const [error, setError] = useState<string | null>(null)
  const chosen = invoiceId || named?.id || open[0]?.id || ''
  async function save() {
    const matched = await match(
      { paymentId: payment.id, invoiceId: chosen },
      (d) => `${money(payment)} recorded on ${d.matchPayment?.number ?? 'the invoice'}`,
    )
    if (!matched.ok) return setError(matched.message)
    onDone()
    onClose()
  }
  return (
    <AdminDialog title={`Match ${money(payment)}`} isOpen onOpenChange={(o) => !o && onClose()}>
      <div className="flex flex-col gap-3">
        {open.length === 0 ? (
          <p className="text-sm text-slate-700">No invoice is waiting for a payment.</p>
        ) : (
          <AdminSelect
            name="invoiceId"
            label="Invoice"
            value={chosen}
            onChange={setInvoiceId}
            options={open.map((i) => ({
              value: i.id,
              label: `${i.number}, ${i.clientName}: ${formatCents(i.balanceCents)} left`,
            }))}
          />
        )}
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <AdminButton onPress={() => void save()} isDisabled={!chosen}>
          Record on this invoice
        </AdminButton>
      </div>
    </AdminDialog>
  )
}
