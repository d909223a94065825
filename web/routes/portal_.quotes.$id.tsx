// A quote of the signed-in client (issue 25), e.g. /portal/quotes/12: the
// quote and its agreements; tick optional items, type the full name, tick
// "I agree" and accept (a signature), or decline with an optional reason.
// Real forms posted to this page, so it works without JavaScript: "Update
// totals" recomputes on the server; with JavaScript the totals follow each
// tick. Another client's quote is a 404 like an unknown one.
import { useState } from 'react'
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router'
import { formatBusinessDateTime } from '../../schema/business-time'
import { nestHeadings } from '../../schema/markdown'
import { formatCents, fromQuantityMilli, lineAmountCents, taxLabel } from '../../schema/money'
import { depositOf, quoteTotals } from '../../schema/quotes'
import { orNotFound, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { NotFound } from '../../worker/services/errors'
import {
  type PortalQuoteView,
  portalQuoteDecisions,
  portalQuoteView,
  quoteIdOf,
} from '../../worker/services/portal-quotes'
import { button, card, textLink } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import {
  DocumentNotice,
  ItemsTable,
  PortalDocumentFrame,
  portalHeaders,
  TotalsList,
} from '../portal/document'
import { longText } from '../portal/ui'

export const handle = { private: true }

export const headers = portalHeaders

export async function loader({ params, context }: LoaderFunctionArgs) {
  // Without a session: the sign-in form, whose new link comes back to this quote.
  const id = quoteIdOf(params.id ?? '')
  const contact = portalContactOf(
    context,
    id === null ? '/portal' : `/portal?next=${encodeURIComponent(`/portal/quotes/${id}`)}`,
  )
  const { db, env } = pageRequestOf(context)
  const scope = { clientId: contact.clientId, contactId: contact.contactId }
  return { quote: await orNotFound(portalQuoteView(db, env, scope, params.id ?? '')) }
}

const chosenOf = (form: FormData) =>
  form
    .getAll('option')
    .map((v) => Number(v))
    .filter((n) => Number.isSafeInteger(n) && n > 0)

/** The page's decisions for the signed-in contact; another client's quote is the 404 page. */
function decisionsFor(context: ActionFunctionArgs['context']) {
  const contact = portalContactOf(context, '/portal')
  const { db, env, ip, userAgent, later } = pageRequestOf(context)
  const scope = { clientId: contact.clientId, contactId: contact.contactId }
  const decisions = portalQuoteDecisions(db, env, scope, { ip, userAgent }, later)
  const or404 =
    <A extends unknown[], R>(decide: (...args: A) => Promise<R>) =>
    (...args: A) =>
      decide(...args).catch((err) => {
        if (err instanceof NotFound) throw new Response(null, { status: 404 })
        throw err
      })
  return {
    accept: or404(decisions.accept),
    decline: or404(decisions.decline),
    askForChanges: or404(decisions.askForChanges),
  }
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const server = decisionsFor(context)
  const id = params.id ?? ''
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const chosen = chosenOf(form)
  const signerName = String(form.get('signerName') ?? '').slice(0, 300)
  if (intent === 'recompute')
    return { intent, ok: true as const, message: '', errors: {}, chosen, signerName }
  if (intent === 'changes') {
    const result = await server.askForChanges(id, String(form.get('message') ?? ''))
    return data(
      { intent, ...result, errors: result.ok ? {} : result.errors, chosen, signerName },
      { status: result.ok ? 200 : Object.keys(result.errors).length ? 400 : 409 },
    )
  }
  if (intent === 'decline') {
    const result = await server.decline(id, String(form.get('reason') ?? ''))
    return data(
      { intent, ...result, errors: result.ok ? {} : result.errors, chosen, signerName },
      { status: result.ok ? 200 : 409 },
    )
  }
  const result = await server.accept(id, {
    signerName,
    agree: form.get('agree') === 'yes',
    chosenLineIds: chosen,
    documentHash: String(form.get('documentHash') ?? ''),
  })
  const status = result.ok
    ? 200
    : Object.keys(result.errors).length && !result.errors.documentHash
      ? 400
      : 409
  return data(
    { intent: 'accept', ...result, errors: result.ok ? {} : result.errors, chosen, signerName },
    { status },
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData ? `Quote ${loaderData.quote.label}` : 'Quote',
    description: 'Your quote: read it, choose options and accept it online.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

function Totals({ quote, chosen }: { quote: PortalQuoteView; chosen: number[] }) {
  const t = quoteTotals(quote, chosen)
  const rows: [string, string][] = [['Subtotal', formatCents(t.subtotalCents)]]
  if (t.discountCents) rows.push(['Discount', `-${formatCents(t.discountCents)}`])
  if (quote.taxRateBp) rows.push([taxLabel(quote.taxRateBp), formatCents(t.taxCents)])
  return (
    <TotalsList
      rows={rows}
      total={formatCents(t.totalCents)}
      totalTestId="quote-total"
      after={
        quote.depositPercent > 0
          ? [
              {
                label: `Deposit (${quote.depositPercent}%)`,
                value: formatCents(depositOf(t.totalCents, quote.depositPercent)),
                small: true,
              },
            ]
          : []
      }
      aria-live="polite"
      data-testid="quote-totals"
    />
  )
}

function Lines({
  quote,
  chosen,
  onToggle,
  editable,
}: {
  quote: PortalQuoteView
  chosen: number[]
  onToggle: (id: number, on: boolean) => void
  editable: boolean
}) {
  return (
    <ItemsTable
      rows={quote.lines.map((l) => ({
        id: l.id,
        item: l.optional ? (
          <label className="flex min-h-6 items-start gap-2">
            <input
              type="checkbox"
              name="option"
              value={l.id}
              className="size-6 shrink-0"
              disabled={!editable}
              checked={chosen.includes(l.id)}
              onChange={(e) => onToggle(l.id, e.currentTarget.checked)}
            />
            <span>
              {l.description} <span className="text-sm text-slate-600">(optional)</span>
            </span>
          </label>
        ) : (
          l.description
        ),
        quantity: `${fromQuantityMilli(l.quantityMilli)}${l.unit ? ` ${l.unit}` : ''}`,
        unitPrice: formatCents(l.unitPriceCents),
        amount: formatCents(lineAmountCents(l.quantityMilli, l.unitPriceCents)),
      }))}
    />
  )
}

export default function PortalQuotePage() {
  const { quote } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const open = quote.closedReason === null
  const [chosen, setChosen] = useState<number[]>(result?.chosen ?? quote.chosenLineIds ?? [])
  const shown = open ? chosen : (quote.chosenLineIds ?? [])
  const toggle = (id: number, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)))
  const errors: Record<string, string> = result && !result.ok ? result.errors : {}

  return (
    <PortalDocumentFrame
      title={`Quote ${quote.label}: ${quote.title}`}
      summary={
        <>
          For {quote.clientName} from {quote.ownerName}. Status: <strong>{quote.statusLabel}</strong>. Valid
          until {quote.validUntilLabel}.
        </>
      }
    >
      {result?.message && <DocumentNotice ok={result.ok}>{result.message}</DocumentNotice>}

      {quote.status === 'accepted' && quote.signature && (
        <section className={`${card} mt-6`} aria-labelledby="accepted-heading">
          <h2 id="accepted-heading" className="text-xl font-semibold text-slate-900">
            Accepted and signed
          </h2>
          <p className="mt-2 text-slate-700">
            Signed by {quote.signature.signerName} on {formatBusinessDateTime(quote.signature.signedAt)}.
          </p>
          {quote.depositInvoice && (
            <p className="mt-2 text-slate-700" data-testid="deposit-invoice">
              Deposit invoice{' '}
              <a href={quote.depositInvoice.href} className={textLink}>
                {quote.depositInvoice.number}
              </a>{' '}
              for {formatCents(quote.depositInvoice.totalCents)}: {quote.depositInvoice.statusLabel}.
            </p>
          )}
          <p className="mt-4 flex flex-wrap gap-3">
            {quote.depositInvoice && (
              <a
                href={quote.depositInvoice.href}
                className={quote.depositInvoice.owed ? button.primary : button.secondary}
              >
                {quote.depositInvoice.owed ? 'Pay the deposit' : 'View the deposit invoice'}
              </a>
            )}
            <a href={quote.pdfHref} className={button.secondary}>
              Download the signed PDF
            </a>
            <a href="/schedule-consultation" className={button.primary}>
              Book the kick-off call
            </a>
          </p>
        </section>
      )}
      {!open && quote.status !== 'accepted' && (
        <p className="mt-6 rounded-lg bg-slate-100 p-4 text-slate-800">
          {quote.closedReason}
          {quote.current && (
            <>
              {' '}
              <a href={quote.current.href} className={textLink} data-testid="current-revision">
                Open {quote.current.label}
              </a>
            </>
          )}
        </p>
      )}

      {quote.introHtml && (
        <div
          className={`prose mt-6 max-w-none text-slate-800 ${longText}`}
          // Rendered on the server by schema/markdown.ts: raw HTML escaped, unsafe links dropped.
          // Its headings go under the page's h1.
          dangerouslySetInnerHTML={{ __html: nestHeadings(quote.introHtml, 2) }}
        />
      )}

      <Form method="post" className="mt-6">
        <section className={card} aria-labelledby="items-heading">
          <h2 id="items-heading" className="text-xl font-semibold text-slate-900">
            Items
          </h2>
          <Lines quote={quote} chosen={shown} onToggle={toggle} editable={open} />
          <Totals quote={quote} chosen={shown} />
          {open && quote.lines.some((l) => l.optional) && (
            <p className="mt-2 text-right">
              <button type="submit" name="intent" value="recompute" className={button.small} formNoValidate>
                Update totals
              </button>
            </p>
          )}
          {quote.paymentTerms && <p className="mt-4 text-slate-700">Payment terms: {quote.paymentTerms}</p>}
        </section>

        {quote.agreements.map((a) => (
          <section key={a.name} className={`${card} mt-6`} aria-label={a.name}>
            <h2 className="text-xl font-semibold text-slate-900">{a.name}</h2>
            <div
              className={`prose mt-4 max-w-none text-slate-800 ${longText}`}
              // In the page's own flow, not an inner scroll box: the keyboard and a
              // phone's zoom reach all of it (issue 36). Its `#` headings become h3.
              dangerouslySetInnerHTML={{ __html: nestHeadings(a.html, 3) }}
            />
          </section>
        ))}

        {open && (
          <section className={`${card} mt-6`} aria-labelledby="accept-heading">
            <h2 id="accept-heading" className="text-xl font-semibold text-slate-900">
              Accept and sign
            </h2>
            <input type="hidden" name="documentHash" value={quote.offerHash} />
            <label className="mt-4 block font-medium text-slate-900" htmlFor="signerName">
              Your full name
            </label>
            <input
              id="signerName"
              name="signerName"
              autoComplete="name"
              defaultValue={result?.signerName ?? ''}
              aria-invalid={errors.signerName ? true : undefined}
              aria-describedby={errors.signerName ? 'signerName-error' : undefined}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
            {errors.signerName && (
              <p id="signerName-error" className="mt-1 text-sm text-red-800">
                {errors.signerName}
              </p>
            )}
            <label className="mt-4 flex items-start gap-2 text-slate-900">
              <input
                type="checkbox"
                name="agree"
                value="yes"
                className="size-6 shrink-0"
                aria-invalid={errors.agree ? true : undefined}
                aria-describedby={errors.agree ? 'agree-error' : undefined}
              />
              <span>
                I agree to this quote{quote.agreements.length ? ' and the agreements above' : ''}, and I sign
                them by typing my name.
              </span>
            </label>
            {errors.agree && (
              <p id="agree-error" className="mt-1 text-sm text-red-800">
                {errors.agree}
              </p>
            )}
            <p className="mt-4">
              <button type="submit" name="intent" value="accept" className={button.primary} disabled={busy}>
                Accept and sign
              </button>
            </p>
          </section>
        )}
      </Form>

      {quote.changeRequests.length > 0 && (
        <section className={`${card} mt-6`} aria-labelledby="changes-asked-heading">
          <h2 id="changes-asked-heading" className="text-xl font-semibold text-slate-900">
            Changes you asked for
          </h2>
          <ul className="mt-2 space-y-2">
            {quote.changeRequests.map((r) => (
              <li key={r.createdAt + r.authorName} className={`text-slate-800 ${longText}`}>
                <span className="font-medium">{r.authorName}:</span> {r.message}
              </li>
            ))}
          </ul>
        </section>
      )}

      {open && (
        <Form method="post" className={`${card} mt-6`} aria-labelledby="changes-heading">
          <h2 id="changes-heading" className="text-xl font-semibold text-slate-900">
            Ask for changes
          </h2>
          <label className="mt-2 block text-slate-900" htmlFor="message">
            What would you like changed?
          </label>
          <textarea
            id="message"
            name="message"
            rows={3}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? 'message-error' : undefined}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          {errors.message && (
            <p id="message-error" className="mt-1 text-sm text-red-800">
              {errors.message}
            </p>
          )}
          <p className="mt-2">
            <button type="submit" name="intent" value="changes" className={button.secondary} disabled={busy}>
              Ask for changes
            </button>
          </p>
        </Form>
      )}

      {open && (
        <Form method="post" className={`${card} mt-6`} aria-labelledby="decline-heading">
          <h2 id="decline-heading" className="text-xl font-semibold text-slate-900">
            Not for you?
          </h2>
          <label className="mt-2 block text-slate-900" htmlFor="reason">
            Reason (optional)
          </label>
          <textarea
            id="reason"
            name="reason"
            rows={3}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          <p className="mt-2">
            <button type="submit" name="intent" value="decline" className={button.secondary} disabled={busy}>
              Decline the quote
            </button>
          </p>
        </Form>
      )}
      {quote.status !== 'accepted' && (
        <p className="mt-6">
          <a href={quote.pdfHref} className={textLink}>
            Download this quote as a PDF
          </a>
        </p>
      )}
    </PortalDocumentFrame>
  )
}
