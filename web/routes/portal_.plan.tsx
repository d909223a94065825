// The signed-in client's managed-service plan (issue 37), /portal/plan: this
// period's used, included, rolled-over and remaining hours, what it billed and
// will bill (late time included, issue 52), the response targets, and the
// period invoices once sent. ?period=YYYY-MM shows an earlier month. A client with no plan gets the 404 page; nothing of other clients is
// ever read (worker/services/portal-plan.ts scopes every query to the session's client).
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  useActionData,
  useLoaderData,
} from 'react-router'
import { contactView, orNotFound, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { Conflict, NotFound } from '../../worker/services/errors'
import { portalPlanView, portalSaveCard } from '../../worker/services/portal-plan'
import { button } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { portalHeaders } from '../portal/document'
import { longText, PortalFrame, portalCard, portalHeading } from '../portal/ui'

export const handle = { private: true }

export const headers = portalHeaders

// Without a session: the sign-in form, whose new link leads back to this page (issue 36).
export async function loader({ context, request }: LoaderFunctionArgs) {
  const contact = portalContactOf(context)
  const { db, env } = pageRequestOf(context)
  const url = new URL(request.url)
  const plan = await orNotFound(portalPlanView(db, env, contact, url.searchParams.get('period')))
  return { plan, contact: contactView(contact), cardSaved: url.searchParams.get('card') === 'saved' }
}

/** "Save a card" posts here and goes on to Stripe's page (works without JavaScript). */
export async function action({ context }: ActionFunctionArgs) {
  const contact = portalContactOf(context, '/portal')
  const { db, env } = pageRequestOf(context)
  try {
    throw redirect(await portalSaveCard(db, env, contact))
  } catch (err) {
    if (err instanceof NotFound) return data({ message: err.message }, { status: 404 })
    if (err instanceof Conflict) return data({ message: err.message }, { status: 409 })
    throw err
  }
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Your plan',
    description: 'Your IT-support plan: hours this month, response times and invoices.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalPlanPage() {
  const { plan, contact, cardSaved } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const percent =
    plan.availableMinutes > 0
      ? Math.min(100, Math.round((plan.usedMinutes / plan.availableMinutes) * 100))
      : plan.usedMinutes > 0
        ? 100
        : 0
  return (
    <PortalFrame contact={contact} title={`Your plan: ${plan.planName}`}>
      <section aria-labelledby="hours" className={portalCard}>
        <h2 id="hours" className={portalHeading}>
          {plan.current ? `Hours in ${plan.periodLabel} so far` : `Hours in ${plan.periodLabel}`}
        </h2>
        {!plan.paused && (
          <>
            <div
              role="meter"
              aria-label="Hours used"
              aria-valuemin={0}
              aria-valuemax={plan.availableMinutes}
              aria-valuenow={Math.min(plan.usedMinutes, plan.availableMinutes)}
              aria-valuetext={`${plan.used} used`}
              className="mt-3 h-3 w-full overflow-hidden rounded bg-slate-200"
            >
              <div className="h-full bg-blue-700" style={{ width: `${percent}%` }} />
            </div>
            <dl
              className="mt-3 grid grid-cols-2 gap-3 text-slate-800 sm:grid-cols-4"
              data-testid="plan-hours"
            >
              <div>
                <dt className="text-sm text-slate-600">Used</dt>
                <dd className="font-semibold">{plan.used}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Included</dt>
                <dd className="font-semibold">{plan.included}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Rolled over</dt>
                <dd className="font-semibold">{plan.rollover}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Remaining</dt>
                <dd className="font-semibold">{plan.remaining}</dd>
              </div>
            </dl>
          </>
        )}
        <ul className="mt-3 space-y-1 text-slate-700" data-testid="plan-billing">
          {plan.billing.map((line) => (
            <li key={line} className={longText}>
              {line}
            </li>
          ))}
        </ul>
        {plan.months.length > 0 && (
          <nav aria-label="Other months" className="mt-3 text-sm">
            <span className="text-slate-600">Other months: </span>
            <ul className="inline">
              {plan.months.map((m, i) => (
                <li key={m.href} className="inline">
                  {i > 0 && ' · '}
                  <a href={m.href} className="whitespace-nowrap text-blue-800 underline">
                    {m.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <p className="mt-3 text-sm text-slate-600">
          On this plan since {plan.startDate}
          {plan.endsPeriod ? `; it ends after ${plan.endsPeriod}` : ''}.
        </p>
      </section>
      <section aria-labelledby="sla" className={portalCard}>
        <h2 id="sla" className={portalHeading}>
          Response times
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          How soon we first answer a support request, by urgency. Business hours are Monday to Friday, 9 to 5
          Central.
        </p>
        <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {plan.sla.map((s) => (
            <li key={s.label}>
              <span className="text-sm text-slate-600">{s.label}</span>
              <span className="block font-semibold">{`within ${s.hours} ${s.businessHours ? 'business hours' : 'hours'}`}</span>
            </li>
          ))}
        </ul>
      </section>
      {plan.autopay && (
        <section aria-labelledby="autopay" className={portalCard}>
          <h2 id="autopay" className={portalHeading}>
            Automatic payment
          </h2>
          {refused && (
            <p role="alert" className="mt-2 text-red-700">
              {refused.message}
            </p>
          )}
          {plan.cardSaved ? (
            <p className="mt-2 text-slate-700">
              Your card is saved: each plan invoice is paid with it when we send it.
            </p>
          ) : cardSaved ? (
            <p className="mt-2 text-slate-700">
              Thank you: your card is being saved. This page shows it in a moment.
            </p>
          ) : plan.canSaveCard ? (
            <Form method="post" className="mt-2">
              <p className="text-slate-700">
                Save a card, and each plan invoice is paid with it when we send it.
              </p>
              <button type="submit" className={`${button.primary} mt-3`}>
                Save a card
              </button>
            </Form>
          ) : (
            <p className="mt-2 text-slate-700">
              Card payment is not available yet; pay each invoice from its page.
            </p>
          )}
        </section>
      )}
      <section aria-labelledby="invoices" className={portalCard}>
        <h2 id="invoices" className={portalHeading}>
          Plan invoices
        </h2>
        {plan.invoices.length ? (
          <ul className="mt-3 divide-y divide-slate-200">
            {plan.invoices.map((i) => (
              <li key={i.number} className="flex flex-wrap justify-between gap-2 py-2">
                <a href={i.href} className={`font-semibold text-blue-800 underline ${longText}`}>
                  {`${i.period}: ${i.number}`}
                </a>
                <span className="text-slate-700">
                  {i.total} · {i.statusLabel}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No plan invoices yet.</p>
        )}
      </section>
    </PortalFrame>
  )
}
