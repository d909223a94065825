// /portal (issue 24): signed out, the form that e-mails a sign-in link (the
// same answer whether or not the address is known); signed in, the client's
// requests, consultations, files, quotes and invoices. Server-rendered with its
// data; plain forms, so it works without JavaScript.
import {
  type ActionFunctionArgs,
  data,
  Form,
  Link,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router'
import { formatBusinessDateTime } from '../../schema/business-time'
import { formConstraints } from '../../schema/form-constraints'
import { portalLinkInput } from '../../schema/payloads'
import { safeNext } from '../../schema/portal-next'
import { formatCalendarDate, formatShortDate } from '../../schema/slot-time'
import { contactView, pageRequestOf } from '../../worker/page-context'
import { clientScope, portalDashboard } from '../../worker/services/portal'
import { portalPlanView } from '../../worker/services/portal-plan'
import { askForSignInLink } from '../../worker/services/portal-sign-in'
import { button } from '../components/ui'
import { TextInput } from '../forms/fields'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import {
  formatBytes,
  longText,
  Outcome,
  PortalFrame,
  portalCard,
  portalHeading,
  YourTime,
} from '../portal/ui'

export const handle = { private: true }

/** 150 minutes -> "2.5 hours" (what a prepaid block is sold in). */
const hoursText = (minutes: number) =>
  `${(minutes / 60).toLocaleString('en-US', { maximumFractionDigits: 2 })} ${minutes === 60 ? 'hour' : 'hours'}`

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { db, env, contact } = pageRequestOf(context)
  const params = new URL(request.url).searchParams
  const expired = params.has('expired')
  // Where the sign-in link should lead (a quote page sends a signed-out visitor here with it).
  const next = safeNext(params.get('next'))
  // The sign-in form's limits from the schema its action checks (ADR 148), read here on the server.
  if (!contact)
    return { contact: null, dashboard: null, expired, next, limits: formConstraints(portalLinkInput) }
  const dashboard = await portalDashboard(db, clientScope(contact.clientId, contact.contactId))
  // Times are formatted here, on the server (schema/business-time.ts): no formatter in the page's JavaScript.
  const requests = dashboard.requests.map((r) => ({
    ...r,
    lastActivity: formatBusinessDateTime(r.lastActivity),
  }))
  // A client on a managed-service plan (issue 37) sees this month's hours and a way to its page.
  const plan = await portalPlanView(db, env, contact, null)
    .then((p) => ({ name: p.planName, remaining: p.remaining, included: p.included }))
    .catch(() => null)
  return { contact: contactView(contact), dashboard: { ...dashboard, requests, plan }, expired, next }
}

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await request.formData()
  const email = String(form.get('email') ?? '')
  // Only a /portal path is kept (schema/portal-next.ts); anything else is dropped, not refused.
  const next = safeNext(form.get('next'))
  const { db, env, ip, afterAnswer } = pageRequestOf(context)
  const result = await askForSignInLink(db, env, { email, next, ip, afterAnswer })
  return data(
    { ...result, email, next },
    { status: result.ok ? 200 : result.errors.email?.startsWith('Too many') ? 429 : 400 },
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, loaderData }) =>
  pageMeta({
    // Signed in, the page is the menu's "Overview"; signed out, the sign-in form.
    title: loaderData?.contact ? 'Overview' : 'Client portal',
    description: 'Your requests, consultations, files, quotes and invoices in one place.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalPage() {
  const { contact, dashboard } = useLoaderData<typeof loader>()
  if (!contact || !dashboard) return <SignInForm />
  return (
    // The heading is the menu's word for the page (issue 52); the greeting follows it.
    <PortalFrame contact={contact} title="Overview">
      <p className={`-mt-3 text-lg text-slate-700 ${longText}`} data-testid="portal-greeting">
        {`Hello, ${contact.name}`}
      </p>
      {dashboard.plan && (
        <section aria-labelledby="plan" className={portalCard}>
          <h2 id="plan" className={portalHeading}>
            Your plan: {dashboard.plan.name}
          </h2>
          <p className="mt-2 text-slate-700">
            {dashboard.plan.remaining} left of {dashboard.plan.included} this month.{' '}
            <Link to="/portal/plan" className="text-blue-800 underline underline-offset-4">
              Hours, response times and invoices
            </Link>
          </p>
        </section>
      )}
      <section aria-labelledby="requests" className={portalCard}>
        <h2 id="requests" className={portalHeading}>
          Requests
        </h2>
        {dashboard.requests.length ? (
          <ul className="mt-4 divide-y divide-slate-200">
            {dashboard.requests.map((r) => (
              <li key={r.reference} className="flex flex-col gap-1 py-3">
                <Link
                  to={`/portal/requests/${r.reference}`}
                  className={`font-semibold text-blue-800 underline underline-offset-4 ${longText}`}
                >
                  {r.reference}: {r.subject || r.type}
                </Link>
                <span className="text-sm text-slate-700">
                  {r.type} · <strong>{r.statusLabel}</strong> · last activity {r.lastActivity}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No requests yet.</p>
        )}
        <Link to="/portal/requests/new" className={`${button.secondary} mt-4`}>
          New support request
        </Link>
      </section>

      <section aria-labelledby="consultations" className={portalCard}>
        <h2 id="consultations" className={portalHeading}>
          Consultations
        </h2>
        <h3 className="mt-4 font-semibold text-slate-800">Upcoming</h3>
        {dashboard.upcoming.length ? (
          <ul className="mt-2 flex flex-col gap-2">
            {dashboard.upcoming.map((m) => (
              <li key={m.reference}>
                <Link
                  to={`/portal/requests/${m.reference}`}
                  className="font-semibold text-blue-800 underline"
                >
                  {m.centralLabel}
                </Link>{' '}
                <span className="text-sm text-slate-700">({m.statusLabel})</span>
                <YourTime iso={m.start} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-700">None booked.</p>
        )}
        {dashboard.past.length > 0 && (
          <>
            <h3 className="mt-4 font-semibold text-slate-800">Past and cancelled</h3>
            <ul className="mt-2 flex flex-col gap-1 text-slate-700">
              {dashboard.past.map((m) => (
                <li key={m.reference}>
                  <Link to={`/portal/requests/${m.reference}`} className="underline">
                    {m.reference}
                  </Link>{' '}
                  {m.centralLabel} ({m.statusLabel})
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="files" className={portalCard}>
        <h2 id="files" className={portalHeading}>
          Files
        </h2>
        {dashboard.files.length ? (
          <ul className="mt-2 flex flex-col gap-1">
            {dashboard.files.slice(0, 5).map((f) => (
              <li key={f.id}>
                <a href={`/portal/files/${f.id}/download`} className={`text-blue-800 underline ${longText}`}>
                  {f.name}
                </a>{' '}
                <span className="text-sm text-slate-600">{formatBytes(f.size)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-700">No shared files yet.</p>
        )}
        <Link to="/portal/files" className={`${button.secondary} mt-4`}>
          All files and uploads
        </Link>
      </section>

      {/* Quotes (issue 25) and invoices (issue 26): the lists come from listPortalQuotes/portalInvoiceRows. */}
      <section aria-labelledby="quotes" className={portalCard}>
        <h2 id="quotes" className={portalHeading}>
          Quotes
        </h2>
        {dashboard.quotes.length ? (
          <ul className="mt-2 flex flex-col gap-1">
            {dashboard.quotes.map((q) => (
              <li key={q.id}>
                <Link to={q.href} className={`text-blue-800 underline ${longText}`}>
                  {q.number}: {q.title}
                </Link>{' '}
                <span className="text-sm text-slate-600">({q.statusLabel})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-700">No quotes yet.</p>
        )}
      </section>
      <section aria-labelledby="invoices" className={portalCard}>
        <h2 id="invoices" className={portalHeading}>
          Invoices
        </h2>
        {dashboard.invoices.length ? (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm sm:text-base" data-testid="portal-invoices">
              <thead>
                <tr className="border-b border-slate-300">
                  <th className="py-2 pr-2">Invoice</th>
                  <th className="py-2 pr-2">Status</th>
                  <th className="py-2 pr-2 text-right">Total</th>
                  <th className="py-2 pr-2 text-right">Balance</th>
                  <th className="py-2">Due</th>
                </tr>
              </thead>
              <tbody>
                {dashboard.invoices.map((i) => (
                  <tr key={i.id} className="border-b border-slate-100">
                    <td className="py-2 pr-2">
                      <Link to={i.href} className="text-blue-800 underline">
                        {i.number}
                      </Link>
                    </td>
                    <td className="py-2 pr-2">{i.statusLabel}</td>
                    <td className="py-2 pr-2 text-right">{i.total}</td>
                    <td className="py-2 pr-2 text-right">{i.balance}</td>
                    <td className="py-2 whitespace-nowrap">{formatShortDate(i.dueDate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-1 text-slate-700">No invoices yet.</p>
        )}
      </section>
      {dashboard.prepaid.blocks.length > 0 && (
        <section aria-labelledby="prepaid" className={portalCard}>
          <h2 id="prepaid" className={portalHeading}>
            Prepaid hours
          </h2>
          <p className="mt-1 text-slate-800" data-testid="prepaid-left">
            <strong>{hoursText(dashboard.prepaid.minutesLeft)}</strong> left
          </p>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
            {dashboard.prepaid.blocks.map((b) => (
              <li key={b.id}>
                {hoursText(b.remainingMinutes)} of {hoursText(b.minutes)}
                {b.validUntil ? `, valid until ${formatCalendarDate(b.validUntil)}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
    </PortalFrame>
  )
}

function SignInForm() {
  const { expired, next: askedNext, limits } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const next = result ? result.next : askedNext
  const busy = useNavigation().state !== 'idle'
  return (
    <PortalFrame contact={null} title="Client portal">
      <p className="text-slate-700">
        Clients see their requests, consultations, files, quotes and invoices here. Enter the e-mail address
        you use with us and we will send you a link to sign in: no password needed.
      </p>
      {expired && !result && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          That sign-in link was already used or has expired. Ask for a new one below.
        </p>
      )}
      <Outcome result={result} />
      <Form method="post" action="/portal" className={portalCard} noValidate>
        {next && <input type="hidden" name="next" value={next} />}
        <TextInput
          name="email"
          label="Your e-mail address"
          type="email"
          autoComplete="email"
          {...limits?.email}
          defaultValue={result?.email}
          error={result && !result.ok ? result.errors.email : undefined}
        />
        <button type="submit" disabled={busy} className={`${button.primary} mt-2`}>
          E-mail me a sign-in link
        </button>
      </Form>
    </PortalFrame>
  )
}
