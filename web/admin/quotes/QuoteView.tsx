// /admin/quotes/<id>: the quote, its editor while a draft, and send, withdraw,
// duplicate, revise and the PDF.
import { useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useQuery } from 'urql'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { formatCents } from '../../../schema/money'
import { formatShortDate } from '../../../schema/slot-time'
import { useSave } from '../save'
import { QuoteSendDialog } from '../send/SendDialog'
import { AdminButton, CANNOT_UNDO, ConfirmDialog, formatDate, linkButtonClass, Section } from '../ui'
import { FROM_NETWORK, messageOf } from '../urql'
import { type Draft, draftOf, inputOf } from './draft'
import { Editor } from './QuoteEditor'
import { DUPLICATE_QUOTE, QUOTE_QUERY, REVISE_QUOTE, UPDATE_QUOTE, WITHDRAW_QUOTE } from './queries'
import { input, statusLabel } from './quote-shared'
import { Verification } from './Verification'

export function QuoteView({ id }: { id: string }) {
  const navigate = useNavigate()
  const [{ data, fetching, error }, refetch] = useQuery({
    query: QUOTE_QUERY,
    variables: { id },
    ...FROM_NETWORK,
  })
  const [{ fetching: saving }, update] = useSave(UPDATE_QUOTE, { failure: 'Not saved' })
  const [sending, setSending] = useState(false)
  const [withdrawing, withdraw] = useSave(WITHDRAW_QUOTE, { failure: 'Not done' })
  const [confirmWithdraw, setConfirmWithdraw] = useState(false)
  const [, duplicate] = useSave(DUPLICATE_QUOTE, { failure: 'Not copied' })
  const [, revise] = useSave(REVISE_QUOTE, { failure: 'Not revised' })
  const [link, setLink] = useState<string | null>(null)
  const [verify, setVerify] = useState(false)
  const refresh = () => refetch(FROM_NETWORK)
  const q = data?.quote

  const [initial, setInitial] = useState<Draft | null>(null)
  useEffect(() => {
    if (q) setInitial(draftOf(q))
  }, [q])

  if (fetching && !q) return <p role="status">Loading...</p>
  if (error || !q) return <p role="alert">{messageOf(error)}</p>

  return (
    <>
      <Section
        title={`Quote ${q.label}: ${statusLabel(q.status)}`}
        actions={
          <div className="flex flex-wrap gap-2">
            {q.status === 'draft' && <AdminButton onPress={() => setSending(true)}>Send...</AdminButton>}
            {['draft', 'sent', 'viewed'].includes(q.status) && (
              <AdminButton variant="secondary" onPress={() => setConfirmWithdraw(true)}>
                Withdraw
              </AdminButton>
            )}
            {['sent', 'viewed', 'declined', 'expired', 'withdrawn'].includes(q.status) && (
              <AdminButton
                variant="secondary"
                onPress={async () => {
                  const revised = await revise({ id })
                  if (revised.ok) navigate(`/admin/quotes/${revised.data.reviseQuote.id}`)
                }}
              >
                Revise
              </AdminButton>
            )}
            <AdminButton
              variant="secondary"
              onPress={async () => {
                const copied = await duplicate({ id })
                if (copied.ok) navigate(`/admin/quotes/${copied.data.duplicateQuote.id}`)
              }}
            >
              Duplicate
            </AdminButton>
            <a href={q.pdfUrl} className={linkButtonClass}>
              PDF
            </a>
          </div>
        }
      >
        <p className="text-sm text-slate-700">
          {q.clientName}
          {q.contactName ? ` (${q.contactName})` : ''}: total {formatCents(q.totalCents)}, deposit{' '}
          {formatCents(q.depositCents)}, valid until {formatShortDate(q.validUntil)}.
        </p>
        {q.depositToInvoice && (
          <p className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-900">
            Deposit to invoice: {formatCents(q.depositCents)}.
          </p>
        )}
        {q.depositInvoiceId && q.depositInvoiceNumber && (
          <p className="mt-2 text-sm">
            Deposit invoice <Link to={`/admin/invoices/${q.depositInvoiceId}`}>{q.depositInvoiceNumber}</Link>{' '}
            issued on acceptance (<a href={`/api/invoices/${q.depositInvoiceId}/pdf`}>PDF</a>).
          </p>
        )}
        {q.supersededById && (
          <p className="mt-2 text-sm">
            Superseded by <Link to={`/admin/quotes/${q.supersededById}`}>a newer revision</Link>.
          </p>
        )}
        {q.declineReason && <p className="mt-2 text-sm">Declined: {q.declineReason}</p>}
        {q.changeRequests.length > 0 && (
          <div className="mt-4 text-sm" data-testid="change-requests">
            <h3 className="font-semibold">Changes the client asked for</h3>
            <ul className="mt-1 flex flex-col gap-1">
              {q.changeRequests.map((r) => (
                <li key={r.id} className="break-words">
                  {r.authorName} ({formatDate(String(r.createdAt))}): {r.message}
                </li>
              ))}
            </ul>
            {['sent', 'viewed'].includes(q.status) && (
              <p className="mt-1 text-slate-700">
                Answer with Revise: the client keeps this one until you send the revision.
              </p>
            )}
          </div>
        )}
        {link && (
          <p className="mt-2 text-sm">
            The client's link (copy it to pass on by hand if visitor e-mail is off):{' '}
            <input
              readOnly
              value={link}
              className={input}
              aria-label="The client's link"
              onFocus={(e) => e.currentTarget.select()}
            />
          </p>
        )}
        {q.signature && (
          <div className="mt-4 text-sm">
            <h3 className="font-semibold">Signature</h3>
            <p>
              {q.signature.signerName} ({q.signature.signerEmail}) on{' '}
              {formatBusinessDateTime(q.signature.signedAt)}, IP {q.signature.ip ?? 'unknown'}, revision{' '}
              {q.signature.revision}.
            </p>
            <p className="break-all">Quote SHA-256: {q.signature.documentSha256}</p>
            <p className="break-all">PDF SHA-256: {q.signature.pdfSha256}</p>
            <AdminButton variant="secondary" className="mt-2" onPress={() => setVerify(true)}>
              Verify the stored PDF
            </AdminButton>
            {verify && <Verification id={id} />}
          </div>
        )}
      </Section>
      {sending && (
        <QuoteSendDialog
          id={id}
          label={q.label}
          onClose={() => setSending(false)}
          onSent={(l) => {
            setLink(l)
            refresh()
          }}
        />
      )}
      {q.status === 'draft' && initial && (
        <Section title="Edit the draft">
          <Editor
            initial={initial}
            saving={saving}
            onSave={async (d) => {
              const saved = await update({ id, input: inputOf(d) }, 'Draft saved')
              if (!saved.ok) return saved.errors
              refresh()
              return null
            }}
          />
        </Section>
      )}
      {q.status !== 'draft' && (
        <Section title="Lines">
          <ul className="text-sm">
            {q.lines.map((l) => (
              <li key={l.id}>
                {l.description}
                {l.optional ? ' (optional)' : ''}: {l.quantity}
                {l.unit ? ` ${l.unit}` : ''} x {formatCents(l.unitPriceCents)}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <ConfirmDialog
        title={`Withdraw quote ${q.label}?`}
        message={`${q.clientName} can no longer accept it: its link says it was withdrawn${q.status === 'draft' ? '' : ', and the copy they were sent no longer counts'}.`}
        undo={`${CANNOT_UNDO} To offer it again, Revise or Duplicate it and send the new one.`}
        confirmLabel="Withdraw"
        isOpen={confirmWithdraw}
        onOpenChange={setConfirmWithdraw}
        isPending={withdrawing.fetching}
        onConfirm={async () => {
          const withdrawn = await withdraw({ id }, 'Quote withdrawn')
          setConfirmWithdraw(false)
          if (withdrawn.ok) refresh()
        }}
      />
    </>
  )
}
