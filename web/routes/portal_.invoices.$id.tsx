// An invoice of the signed-in client (issue 26), e.g. /portal/invoices/12: its
// lines, totals, payments and balance, the PDF, and "Pay now" (a real form
// posted to this page, which redirects to Stripe Checkout), so it works
// without JavaScript. "Pay now" is shown only when Stripe is set up and
// something is owed. Another client's invoice is a 404 like an unknown one.
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router'
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../schema/billing-words'
import { formatCalendarDate, formatShortDate } from '../../schema/slot-time'
import { orNotFound, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { NotFound } from '../../worker/services/errors'
import { portalInvoiceView, portalPay } from '../../worker/services/portal-invoices'
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

/** A payment's method in words ("Bank transfer"), never its stored code (issue 52). */
const paymentMethodLabel = (method: string) => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method

export const headers = portalHeaders

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const contact = portalContactOf(context)
  const { db, env } = pageRequestOf(context)
  const scope = { clientId: contact.clientId, clientName: contact.clientName }
  const invoice = await orNotFound(portalInvoiceView(db, env, scope, params.id ?? ''))
  // Back from Stripe Checkout: the webhook records the payment, which may land a moment later.
  const returned = new URL(request.url).searchParams.get('paid') === '1'
  return { invoice, returned }
}

export async function action({ params, context }: ActionFunctionArgs) {
  const contact = portalContactOf(context)
  const { db, env } = pageRequestOf(context)
  const scope = { clientId: contact.clientId, email: contact.email }
  const outcome = await portalPay(db, env, scope, params.id ?? '').catch((err) => {
    if (err instanceof NotFound) throw new Response(null, { status: 404 })
    throw err
  })
  if (outcome.ok) throw redirect(outcome.url)
  return data({ message: outcome.message }, { status: outcome.status })
}

export const meta: MetaFunction<typeof loader> = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData ? `${loaderData.invoice.title} ${loaderData.invoice.number}` : 'Invoice',
    description: 'Your invoice: its lines, payments and balance.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalInvoicePage() {
  const { invoice, returned } = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const rows: [string, string][] = [['Subtotal', invoice.subtotal]]
  if (invoice.discount) rows.push(['Discount', invoice.discount])
  if (invoice.tax) rows.push([invoice.tax.label, invoice.tax.amount])

  return (
    <PortalDocumentFrame
      title={`${invoice.title} ${invoice.number}`}
      summary={
        <>
          For {invoice.clientName} from {invoice.ownerName}. Status: <strong>{invoice.statusLabel}</strong>.
          Issued {formatCalendarDate(invoice.issueDate)}, due {formatCalendarDate(invoice.dueDate)}.
        </>
      }
    >
      {returned && invoice.balanceCents > 0 && (
        <DocumentNotice ok>
          Thank you: your payment is being confirmed. This page shows it once Stripe reports it.
        </DocumentNotice>
      )}
      {failed?.message && <DocumentNotice ok={false}>{failed.message}</DocumentNotice>}
      {invoice.creditFor && (
        <p className="mt-6 text-slate-800" data-testid="credit-for">
          This credit note reduces what is owed on invoice{' '}
          <a href={invoice.creditFor.href} className={textLink}>
            {invoice.creditFor.number}
          </a>
          .
        </p>
      )}

      <section className={`${card} mt-6`} aria-labelledby="lines-heading">
        <h2 id="lines-heading" className="text-xl font-semibold text-slate-900">
          Items
        </h2>
        <ItemsTable
          rows={invoice.lines.map((l) => ({
            id: l.id,
            item: l.description,
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            amount: l.amount,
          }))}
        />
        <TotalsList
          rows={rows}
          total={invoice.total}
          totalTestId="invoice-total"
          after={invoice.credited ? [{ label: 'Credited', value: invoice.credited }] : []}
        />
        {invoice.roundingNote && <p className="mt-4 text-sm text-slate-700">{invoice.roundingNote}</p>}
        {invoice.notes && (
          <p className={`mt-4 whitespace-pre-line text-slate-700 ${longText}`}>{invoice.notes}</p>
        )}
      </section>

      <section className={`${card} mt-6`} aria-labelledby="payments-heading">
        <h2 id="payments-heading" className="text-xl font-semibold text-slate-900">
          {invoice.creditFor ? 'Credit' : 'Payments'}
        </h2>
        {invoice.creditFor ? (
          <p className="mt-2 text-slate-800">
            {invoice.total.replace('-', '')} credited on invoice {invoice.creditFor.number}.
          </p>
        ) : invoice.payments.length ? (
          <ul className="mt-2 flex flex-col gap-1 text-slate-800">
            {invoice.payments.map((p) => (
              <li key={p.id}>
                {formatShortDate(p.date)}: {p.amount} ({paymentMethodLabel(p.method)})
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No payments yet.</p>
        )}
        {!invoice.creditFor && (
          <p className="mt-4 text-lg text-slate-900">
            {invoice.balanceCents < 0 ? 'Your credit' : 'Balance'}:{' '}
            <strong data-testid="invoice-balance">
              {invoice.balanceCents < 0 ? invoice.balance.replace('-', '') : invoice.balance}
            </strong>
          </p>
        )}
        {invoice.paymentInstructions && (
          <div className="mt-4" data-testid="payment-instructions">
            <h3 className="font-semibold text-slate-900">Pay by bank transfer or check</h3>
            <p className={`mt-1 whitespace-pre-line text-slate-800 ${longText}`}>
              {invoice.paymentInstructions}
            </p>
            <p className="mt-1 text-sm text-slate-700">Please quote {invoice.number} with your payment.</p>
          </div>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          {invoice.canPay && (
            <Form method="post">
              <button type="submit" className={button.primary} disabled={busy}>
                Pay now
              </button>
            </Form>
          )}
          <a href={invoice.pdfHref} className={button.secondary}>
            Download PDF
          </a>
        </div>
      </section>
    </PortalDocumentFrame>
  )
}
