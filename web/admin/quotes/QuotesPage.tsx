// /admin/quotes (issue 25): the list with a status filter and totals, and the
// editor at /admin/quotes/new and /admin/quotes/<id>: lines with live totals
// (schema/quotes.ts and schema/money.ts, the same code as the server), send
// (the link shown to copy when visitor mail is off), withdraw, duplicate,
// revise, the PDF, and the check of a signed copy against its record.
import { type FormEvent, useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Provider, useMutation, useQuery } from 'urql'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { formatCents, lineAmountCents, parseCents, toQuantityMilli } from '../../../schema/money'
import {
  depositOf,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  type QuoteStatus,
  quoteTotals,
} from '../../../schema/quotes'
import { toast } from '../../components/Toaster'
import { OwnerPage } from '../OwnerPage'
import { QuoteSendDialog } from '../send/SendDialog'
import { AdminButton, CardTable, formatDate, linkButtonClass, Section } from '../ui'
import { FROM_NETWORK, fieldErrorsOf, messageOf, useAdminClient } from '../urql'
import {
  type AdminQuote,
  CREATE_QUOTE,
  DUPLICATE_QUOTE,
  EDITOR_OPTIONS_QUERY,
  QUOTE_QUERY,
  QUOTES_QUERY,
  REVISE_QUOTE,
  UPDATE_QUOTE,
  VERIFY_QUOTE,
  WITHDRAW_QUOTE,
} from './queries'

const input =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-200 aria-[invalid=true]:border-red-600'
const label = 'text-sm font-medium text-slate-800'
const statusLabel = (s: string) => QUOTE_STATUS_LABELS[s as QuoteStatus] ?? s

export function QuotesPage({ id }: { id: string | null }) {
  const client = useAdminClient()
  return (
    <Provider value={client}>
      <OwnerPage title="Quotes" description={() => 'Quotes, their agreements and signatures'}>
        <p className="flex flex-wrap gap-3">
          <Link to="/admin/quotes/new" className={linkButtonClass}>
            New quote
          </Link>
          <Link to="/admin/agreements" className={linkButtonClass}>
            Agreement templates
          </Link>
          {id && (
            <Link to="/admin/quotes" className={linkButtonClass}>
              All quotes
            </Link>
          )}
        </p>
        {id === null ? <QuoteList /> : id === 'new' ? <NewQuote /> : <QuoteView id={id} />}
      </OwnerPage>
    </Provider>
  )
}

function QuoteList() {
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
                  {q.depositInvoiceNumber && (
                    <Link to="/admin/invoices" className="ml-2 text-xs text-blue-800 underline">
                      Deposit {q.depositInvoiceNumber}
                    </Link>
                  )}
                </td>
                <td className="py-2 text-right">{formatCents(q.totalCents)}</td>
                <td className="py-2">{q.validUntil}</td>
              </tr>
            ))}
          </tbody>
        </CardTable>
      )}
    </Section>
  )
}

type LineDraft = { description: string; quantity: string; unit: string; price: string; optional: boolean }
type Draft = {
  clientId: string
  title: string
  intro: string
  lines: LineDraft[]
  discount: string
  taxRatePercent: string
  depositPercent: string
  paymentTerms: string
  validUntil: string
  agreementTemplateIds: string[]
}

const emptyLine: LineDraft = { description: '', quantity: '1', unit: '', price: '', optional: false }
const emptyDraft: Draft = {
  clientId: '',
  title: '',
  intro: '',
  lines: [{ ...emptyLine }],
  discount: '',
  taxRatePercent: '0',
  depositPercent: '0',
  paymentTerms: 'Net 15',
  validUntil: '',
  agreementTemplateIds: [],
}

const draftOf = (q: AdminQuote): Draft => ({
  clientId: String(q.clientId),
  title: q.title,
  intro: q.intro ?? '',
  lines: q.lines.map((l) => ({
    description: l.description,
    quantity: String(l.quantity),
    unit: l.unit ?? '',
    price: formatCents(l.unitPriceCents, 'plain'),
    optional: l.optional,
  })),
  discount: q.discountCents ? formatCents(q.discountCents, 'plain') : '',
  taxRatePercent: String(q.taxRatePercent),
  depositPercent: String(q.depositPercent),
  paymentTerms: q.paymentTerms ?? '',
  validUntil: q.validUntil,
  agreementTemplateIds: q.agreements.filter((a) => a.templateId !== null).map((a) => String(a.templateId)),
})

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v))

/** The draft as the API's input; what does not parse is sent as is, for the server to name. */
const inputOf = (d: Draft) => ({
  clientId: Number(d.clientId) || 0,
  title: d.title,
  intro: d.intro || null,
  lines: d.lines.map((l) => ({
    description: l.description,
    quantity: num(l.quantity),
    unit: l.unit || null,
    unitPriceCents: parseCents(l.price) ?? -1,
    optional: l.optional,
  })),
  discountCents: d.discount ? (parseCents(d.discount) ?? -1) : 0,
  taxRatePercent: num(d.taxRatePercent) || 0,
  depositPercent: Math.trunc(num(d.depositPercent) || 0),
  paymentTerms: d.paymentTerms || null,
  validUntil: d.validUntil || null,
  agreementTemplateIds: d.agreementTemplateIds.map(Number),
})

/** Live totals with every optional line counted apart (the client chooses them). */
function LiveTotals({ draft }: { draft: Draft }) {
  const lines = draft.lines.map((l, i) => ({
    id: i + 1,
    quantityMilli: Number.isFinite(num(l.quantity)) ? toQuantityMilli(num(l.quantity)) : 0,
    unitPriceCents: parseCents(l.price) ?? 0,
    optional: l.optional,
  }))
  const q = {
    lines,
    discountCents: parseCents(draft.discount || '0') ?? 0,
    taxRateBp: Math.round((num(draft.taxRatePercent) || 0) * 100),
  }
  const base = quoteTotals(q)
  const all = quoteTotals(
    q,
    lines.filter((l) => l.optional).map((l) => l.id),
  )
  return (
    <dl className="mt-4 ml-auto grid max-w-sm grid-cols-2 gap-1 text-sm" aria-live="polite">
      <dt>Subtotal</dt>
      <dd className="text-right">{formatCents(base.subtotalCents)}</dd>
      <dt>Discount</dt>
      <dd className="text-right">-{formatCents(base.discountCents)}</dd>
      <dt>Tax</dt>
      <dd className="text-right">{formatCents(base.taxCents)}</dd>
      <dt className="font-bold">Total</dt>
      <dd className="text-right font-bold" data-testid="editor-total">
        {formatCents(base.totalCents)}
      </dd>
      {all.totalCents !== base.totalCents && (
        <>
          <dt>With every option</dt>
          <dd className="text-right">{formatCents(all.totalCents)}</dd>
        </>
      )}
      <dt>Deposit ({num(draft.depositPercent) || 0}%)</dt>
      <dd className="text-right">
        {formatCents(depositOf(base.totalCents, Math.trunc(num(draft.depositPercent) || 0)))}
      </dd>
    </dl>
  )
}

function Editor({
  initial,
  onSave,
  saving,
}: {
  initial: Draft
  onSave: (d: Draft) => Promise<Record<string, string> | null>
  saving: boolean
}) {
  const [{ data }] = useQuery({ query: EDITOR_OPTIONS_QUERY })
  const [draft, setDraft] = useState<Draft>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  useEffect(() => setDraft(initial), [initial])
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }))
  const setLine = (i: number, patch: Partial<LineDraft>) =>
    setDraft((d) => ({ ...d, lines: d.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) }))
  const err = (field: string) =>
    errors[field] ? (
      <span className="text-xs text-red-800" id={`${field}-error`}>
        {errors[field]}
      </span>
    ) : null

  async function submit(e: FormEvent) {
    e.preventDefault()
    setErrors((await onSave(draft)) ?? {})
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Quote">
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1">
          <span className={label}>Client</span>
          <select
            className={input}
            name="clientId"
            value={draft.clientId}
            onChange={(e) => set('clientId', e.currentTarget.value)}
            aria-invalid={Boolean(errors.clientId)}
          >
            <option value="">Choose a client</option>
            {data?.quoteClientOptions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {err('clientId')}
        </label>
        <label className="flex flex-col gap-1">
          <span className={label}>Title</span>
          <input
            className={input}
            name="title"
            value={draft.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            aria-invalid={Boolean(errors.title)}
          />
          {err('title')}
        </label>
      </div>
      <label className="flex flex-col gap-1">
        <span className={label}>Introduction (Markdown)</span>
        <textarea
          className={input}
          rows={4}
          name="intro"
          value={draft.intro}
          onChange={(e) => set('intro', e.currentTarget.value)}
        />
        {err('intro')}
      </label>
      <fieldset className="flex flex-col gap-2">
        <legend className={label}>Lines</legend>
        {draft.lines.map((l, i) => (
          <div
            key={i}
            className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[3fr_1fr_1fr_1fr_auto_auto_auto]"
          >
            <label className="col-span-2 flex flex-col gap-1 sm:col-span-1">
              <span className="text-xs">Description</span>
              <input
                className={input}
                value={l.description}
                onChange={(e) => setLine(i, { description: e.currentTarget.value })}
              />
            </label>
            <label className="flex flex-col gap-1">
              <span className="text-xs">Quantity</span>
              <input
                className={input}
                inputMode="decimal"
                value={l.quantity}
                onChange={(e) => setLine(i, { quantity: e.currentTarget.value })}
              />
            </label>
            <label className="flex flex-col gap-1">
              <span className="text-xs">Unit</span>
              <input
                className={input}
                value={l.unit}
                onChange={(e) => setLine(i, { unit: e.currentTarget.value })}
              />
            </label>
            <label className="flex flex-col gap-1">
              <span className="text-xs">Unit price ($)</span>
              <input
                className={input}
                inputMode="decimal"
                value={l.price}
                onChange={(e) => setLine(i, { price: e.currentTarget.value })}
              />
            </label>
            <label className="flex items-center gap-1 text-xs">
              <input
                type="checkbox"
                checked={l.optional}
                onChange={(e) => setLine(i, { optional: e.currentTarget.checked })}
              />
              Optional
            </label>
            <span className="text-right text-sm">
              {formatCents(
                lineAmountCents(
                  Number.isFinite(num(l.quantity)) ? toQuantityMilli(num(l.quantity)) : 0,
                  parseCents(l.price) ?? 0,
                ),
              )}
            </span>
            <AdminButton
              variant="ghost"
              onPress={() =>
                set(
                  'lines',
                  draft.lines.filter((_, j) => j !== i),
                )
              }
              isDisabled={draft.lines.length === 1}
              aria-label={`Remove line ${i + 1}`}
            >
              Remove
            </AdminButton>
            {Object.entries(errors)
              .filter(([k]) => k === `lines.${i}` || k.startsWith(`lines.${i}.`))
              .map(([k, v]) => (
                <span key={k} className="col-span-full text-xs text-red-800">
                  Line {i + 1}: {v}
                </span>
              ))}
          </div>
        ))}
        {err('lines')}
        <AdminButton
          variant="secondary"
          onPress={() => set('lines', [...draft.lines, { ...emptyLine }])}
          className="self-start"
        >
          Add a line
        </AdminButton>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-4">
        <label className="flex flex-col gap-1">
          <span className={label}>Discount ($)</span>
          <input
            className={input}
            inputMode="decimal"
            value={draft.discount}
            onChange={(e) => set('discount', e.currentTarget.value)}
          />
          {err('discountCents')}
        </label>
        <label className="flex flex-col gap-1">
          <span className={label}>Tax rate (%)</span>
          <input
            className={input}
            inputMode="decimal"
            value={draft.taxRatePercent}
            onChange={(e) => set('taxRatePercent', e.currentTarget.value)}
          />
          {err('taxRatePercent')}
        </label>
        <label className="flex flex-col gap-1">
          <span className={label}>Deposit (%)</span>
          <input
            className={input}
            inputMode="numeric"
            value={draft.depositPercent}
            onChange={(e) => set('depositPercent', e.currentTarget.value)}
          />
          {err('depositPercent')}
        </label>
        <label className="flex flex-col gap-1">
          <span className={label}>Valid until</span>
          <input
            className={input}
            type="date"
            value={draft.validUntil}
            onChange={(e) => set('validUntil', e.currentTarget.value)}
          />
          {err('validUntil')}
        </label>
      </div>
      <label className="flex flex-col gap-1">
        <span className={label}>Payment terms</span>
        <input
          className={input}
          value={draft.paymentTerms}
          onChange={(e) => set('paymentTerms', e.currentTarget.value)}
        />
      </label>
      <fieldset>
        <legend className={label}>Agreements</legend>
        {data?.agreementTemplates
          .filter((t) => !t.archived)
          .map((t) => (
            <label key={t.id} className="mr-4 inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.agreementTemplateIds.includes(t.id)}
                onChange={(e) =>
                  set(
                    'agreementTemplateIds',
                    e.currentTarget.checked
                      ? [...draft.agreementTemplateIds, t.id]
                      : draft.agreementTemplateIds.filter((x) => x !== t.id),
                  )
                }
              />
              {t.name}
              {t.needsLegalReview && (
                <span className="text-xs text-amber-800">(draft: have it reviewed by a lawyer)</span>
              )}
            </label>
          ))}
        {err('agreementTemplateIds')}
      </fieldset>
      <LiveTotals draft={draft} />
      <AdminButton type="submit" isPending={saving} className="self-start">
        Save draft
      </AdminButton>
    </form>
  )
}

function NewQuote() {
  const navigate = useNavigate()
  // "New quote" on a client page (issue 36) arrives with ?clientId= chosen.
  const clientId = new URLSearchParams(useLocation().search).get('clientId') ?? ''
  const [{ fetching }, create] = useMutation(CREATE_QUOTE)
  return (
    <Section title="New quote">
      <Editor
        initial={{ ...emptyDraft, clientId }}
        saving={fetching}
        onSave={async (d) => {
          const r = await create({ input: inputOf(d) })
          if (r.error) {
            toast({ title: 'Not saved', description: messageOf(r.error), variant: 'destructive' })
            return fieldErrorsOf(r.error)
          }
          toast({ title: 'Quote saved as a draft' })
          navigate(`/admin/quotes/${r.data!.createQuote.id}`)
          return null
        }}
      />
    </Section>
  )
}

function QuoteView({ id }: { id: string }) {
  const navigate = useNavigate()
  const [{ data, fetching, error }, refetch] = useQuery({
    query: QUOTE_QUERY,
    variables: { id },
    ...FROM_NETWORK,
  })
  const [{ fetching: saving }, update] = useMutation(UPDATE_QUOTE)
  const [sending, setSending] = useState(false)
  const [, withdraw] = useMutation(WITHDRAW_QUOTE)
  const [, duplicate] = useMutation(DUPLICATE_QUOTE)
  const [, revise] = useMutation(REVISE_QUOTE)
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

  const act = async (run: () => Promise<{ error?: Parameters<typeof messageOf>[0] }>, done: string) => {
    const r = await run()
    if (r.error) toast({ title: 'Not done', description: messageOf(r.error), variant: 'destructive' })
    else toast({ title: done })
    return !r.error
  }

  return (
    <>
      <Section
        title={`Quote ${q.label}: ${statusLabel(q.status)}`}
        actions={
          <div className="flex flex-wrap gap-2">
            {q.status === 'draft' && <AdminButton onPress={() => setSending(true)}>Send...</AdminButton>}
            {['draft', 'sent', 'viewed'].includes(q.status) && (
              <AdminButton
                variant="secondary"
                onPress={async () => (await act(() => withdraw({ id }), 'Quote withdrawn')) && refresh()}
              >
                Withdraw
              </AdminButton>
            )}
            {['sent', 'viewed', 'declined', 'expired', 'withdrawn'].includes(q.status) && (
              <AdminButton
                variant="secondary"
                onPress={async () => {
                  const r = await revise({ id })
                  if (r.error)
                    toast({ title: 'Not revised', description: messageOf(r.error), variant: 'destructive' })
                  else navigate(`/admin/quotes/${r.data!.reviseQuote.id}`)
                }}
              >
                Revise
              </AdminButton>
            )}
            <AdminButton
              variant="secondary"
              onPress={async () => {
                const r = await duplicate({ id })
                if (r.error)
                  toast({ title: 'Not copied', description: messageOf(r.error), variant: 'destructive' })
                else navigate(`/admin/quotes/${r.data!.duplicateQuote.id}`)
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
          {formatCents(q.depositCents)}, valid until {q.validUntil}.
        </p>
        {q.depositToInvoice && (
          <p className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-900">
            Deposit to invoice: {formatCents(q.depositCents)}.
          </p>
        )}
        {q.depositInvoiceId && q.depositInvoiceNumber && (
          <p className="mt-2 text-sm">
            Deposit invoice <Link to="/admin/invoices">{q.depositInvoiceNumber}</Link> issued on acceptance (
            <a href={`/api/invoices/${q.depositInvoiceId}/pdf`}>PDF</a>).
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
              const r = await update({ id, input: inputOf(d) })
              if (r.error) {
                toast({ title: 'Not saved', description: messageOf(r.error), variant: 'destructive' })
                return fieldErrorsOf(r.error)
              }
              toast({ title: 'Draft saved' })
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
    </>
  )
}

function Verification({ id }: { id: string }) {
  const [{ data, error }] = useQuery({ query: VERIFY_QUOTE, variables: { id }, ...FROM_NETWORK })
  if (error) return <p role="alert">{messageOf(error)}</p>
  if (!data) return <p role="status">Checking...</p>
  const v = data.quoteVerification
  const ok = v.pdfMatches && v.documentMatches && v.agreementsMatch
  return (
    <p
      role="status"
      className={`mt-2 rounded p-2 ${ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
    >
      {ok
        ? 'The stored PDF, the quote and its agreements match the signature record.'
        : `Mismatch: PDF ${v.pdfMatches ? 'matches' : 'differs'}, quote ${v.documentMatches ? 'matches' : 'differs'}, agreements ${v.agreementsMatch ? 'match' : 'differ'}.`}
    </p>
  )
}
