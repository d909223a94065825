// The quote editor: lines with live totals (schema/quotes.ts and schema/money.ts, the
// same code as the server), and the new-quote screen.
import { type FormEvent, useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useQuery } from 'urql'
import { formatCents, lineAmountCents, parseCents, toQuantityMilli } from '../../../schema/money'
import { depositOf, quoteTotals } from '../../../schema/quotes'
import { AdminDateField } from '../DateField'
import { useSave } from '../save'
import { AdminButton, Section } from '../ui'
import { type Draft, emptyDraft, emptyLine, inputOf, type LineDraft, num } from './draft'
import { CREATE_QUOTE, EDITOR_OPTIONS_QUERY } from './queries'
import { input, label } from './quote-shared'

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

export function Editor({
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
        <div className="flex flex-col gap-1">
          <AdminDateField
            name="validUntil"
            label="Valid until"
            value={draft.validUntil}
            onChange={(v) => set('validUntil', v)}
          />
          {err('validUntil')}
        </div>
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

export function NewQuote() {
  const navigate = useNavigate()
  // "New quote" on a client page (issue 36) arrives with ?clientId= chosen.
  const clientId = new URLSearchParams(useLocation().search).get('clientId') ?? ''
  const [{ fetching }, create] = useSave(CREATE_QUOTE, { failure: 'Not saved' })
  return (
    <Section title="New quote">
      <Editor
        initial={{ ...emptyDraft, clientId }}
        saving={fetching}
        onSave={async (d) => {
          const saved = await create({ input: inputOf(d) }, 'Quote saved as a draft')
          if (!saved.ok) return saved.errors
          navigate(`/admin/quotes/${saved.data.createQuote.id}`)
          return null
        }}
      />
    </Section>
  )
}
