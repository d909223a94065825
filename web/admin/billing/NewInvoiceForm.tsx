// "New invoice" (issue 26): every kind the API makes, from one form. The owner
// picks the client, then what to bill: unbilled time (a date range), an
// accepted quote (its deposit, its remainder or the whole), a prepaid block,
// or a manual line. The server decides what is possible; its refusals (no
// unbilled time, a quote already invoiced) show by the field and as a message.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { useLocation } from 'react-router'
import { useQuery } from 'urql'
import type { QuotePart } from '../../../schema/billing-words'
import { formatCents, parseCents } from '../../../schema/money'
import { formatShortDate } from '../../../schema/slot-time'
import { AdminDateField } from '../DateField'
import { useSave } from '../save'
import { AdminButton, AdminSelect, AdminTextField } from '../ui'
import { ACCEPTED_QUOTES, type AdminQuote, CREATE_INVOICE, PREPAID_BLOCKS } from './queries'

// The GraphQL enum's names (schema/billing-words.ts INVOICE_SOURCES, generated in graphql-enums.ts),
// worded for this form's "From" choice; a credit note is made from its invoice's row instead.
const SOURCES = [
  { value: 'TIME', label: 'Unbilled time' },
  { value: 'QUOTE', label: 'Accepted quote' },
  { value: 'BLOCK', label: 'Prepaid block' },
  { value: 'MANUAL', label: 'Manual line' },
] as const
type Source = (typeof SOURCES)[number]['value']
type Part = QuotePart

/** The parts of a quote one may bill: deposit then remainder, or the whole when it asks no deposit. */
function partsOf(quote: AdminQuote | undefined) {
  if (!quote) return []
  if (quote.depositPercent === 0)
    return [{ value: 'full' as Part, label: `Whole quote, ${formatCents(quote.totalCents)}` }]
  return [
    { value: 'deposit' as Part, label: `Deposit (${quote.depositPercent}%)` },
    { value: 'remainder' as Part, label: 'Remainder after the deposit' },
  ]
}

/** What the owner most likely bills next of this quote: its deposit while not invoiced, else the rest. */
const likelyPart = (quote: AdminQuote): Part =>
  quote.depositPercent === 0 ? 'full' : quote.depositToInvoice ? 'deposit' : 'remainder'

export function NewInvoiceForm({
  clients,
  onCreated,
}: {
  clients: readonly { value: string; label: string }[]
  onCreated: () => void
}) {
  // The refusal's message is shown in the form, under the fields it names.
  const [created, create] = useSave(CREATE_INVOICE, { failure: null })
  // A client page's "New invoice" (issue 36) arrives with ?clientId= chosen.
  const preselected = new URLSearchParams(useLocation().search).get('clientId') ?? ''
  const [clientId, setClientId] = useState(preselected)
  const [source, setSource] = useState<Source>('TIME')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [quoteId, setQuoteId] = useState('')
  const [part, setPart] = useState<Part>('deposit')
  const [blockId, setBlockId] = useState('')
  const [lineText, setLineText] = useState('')
  const [amount, setAmount] = useState('')
  const [problem, setProblem] = useState('')
  const [{ data: quoteData }, refetchQuotes] = useQuery({
    query: ACCEPTED_QUOTES,
    variables: { clientId },
    pause: !clientId || source !== 'QUOTE',
  })
  const [{ data: blockData }, refetchBlocks] = useQuery({
    query: PREPAID_BLOCKS,
    variables: { clientId },
    pause: !clientId || source !== 'BLOCK',
  })
  const quotes = clientId ? (quoteData?.quotes ?? []) : []
  const blocks = clientId ? (blockData?.prepaidBlocks ?? []) : []
  const quote = quotes.find((q) => q.id === quoteId)

  function chooseQuote(id: string) {
    setQuoteId(id)
    const chosen = quotes.find((q) => q.id === id)
    if (chosen) setPart(likelyPart(chosen))
  }

  async function add() {
    const result = await create(
      {
        input: {
          clientId,
          source,
          from: source === 'TIME' ? from || null : null,
          to: source === 'TIME' ? to || null : null,
          quoteId: source === 'QUOTE' ? quoteId || null : null,
          part: source === 'QUOTE' && quote ? part : null,
          blockId: source === 'BLOCK' ? blockId || null : null,
          lines:
            source === 'MANUAL'
              ? [{ description: lineText, quantity: 1, unitPriceCents: parseCents(amount) ?? -1 }]
              : null,
        },
      },
      ({ createInvoice: invoice }) => ({
        title: `Invoice ${invoice.number} created`,
        // Time a plan covers is left out (issue 52): say so, so the draft is not read as all the unbilled time.
        description: [formatCents(invoice.totalCents), invoice.planTimeLeftOut].filter(Boolean).join('. '),
      }),
    )
    // The message says what the field cannot: "No unbilled time for this client in that period".
    setProblem(result.ok ? '' : result.message)
    if (!result.ok) return
    setQuoteId('')
    setBlockId('')
    // What is left to bill changed: a quote's next part, a block now invoiced.
    if (source === 'QUOTE') refetchQuotes({ requestPolicy: 'network-only' })
    if (source === 'BLOCK') refetchBlocks({ requestPolicy: 'network-only' })
    onCreated()
  }

  const none = (what: string) => <p className="self-end pb-2 text-sm text-slate-600 sm:col-span-2">{what}</p>
  return (
    <Form
      validationErrors={created.errors}
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
        options={clients}
        value={clientId}
        onChange={(id) => {
          setClientId(id)
          setQuoteId('')
          setBlockId('')
        }}
        isRequired
      />
      <AdminSelect name="source" label="From" options={SOURCES} value={source} onChange={setSource} />
      {source === 'TIME' && (
        <>
          <AdminDateField name="from" label="First day" value={from} onChange={setFrom} />
          <AdminDateField name="to" label="Last day" value={to} onChange={setTo} />
        </>
      )}
      {source === 'QUOTE' &&
        (clientId && !quoteData ? (
          none('Loading the quotes...')
        ) : clientId && !quotes.length ? (
          none('This client has no accepted quote.')
        ) : (
          <>
            <AdminSelect
              name="quoteId"
              label="Quote"
              options={quotes.map((q) => ({
                value: q.id,
                label: `${q.label}: ${q.title} (${formatCents(q.totalCents)})`,
              }))}
              value={quoteId}
              onChange={chooseQuote}
              isRequired
            />
            <AdminSelect name="part" label="Part" options={partsOf(quote)} value={part} onChange={setPart} />
          </>
        ))}
      {source === 'BLOCK' &&
        (clientId && !blockData ? (
          none('Loading the blocks...')
        ) : clientId && !blocks.length ? (
          none('This client has no prepaid block. Add one on the client page.')
        ) : (
          <AdminSelect
            name="blockId"
            label="Prepaid block"
            options={blocks.map((b) => ({
              value: b.id,
              label: `${b.minutes / 60} h for ${formatCents(b.priceCents)}${b.validUntil ? `, until ${formatShortDate(b.validUntil)}` : ''}${b.invoiceNumber ? ` (invoiced: ${b.invoiceNumber})` : ''}`,
            }))}
            value={blockId}
            onChange={setBlockId}
            isRequired
          />
        ))}
      {source === 'MANUAL' && (
        <>
          <AdminTextField
            name="lines"
            label="Description"
            value={lineText}
            onChange={setLineText}
            isRequired
          />
          <AdminTextField name="amount" label="Amount ($)" value={amount} onChange={setAmount} isRequired />
        </>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {problem}
        </p>
      )}
      <AdminButton type="submit" isDisabled={created.fetching} className="sm:col-start-3">
        Create draft
      </AdminButton>
    </Form>
  )
}
