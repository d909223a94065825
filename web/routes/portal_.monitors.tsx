// The signed-in client's monitors (issue 54), /portal/monitors: each monitored
// system's state, its last 30 days' uptime and any outage still open, and the
// contact's own choice to be e-mailed when one goes down and comes back.
// Computed on the server for the session's client only; a plain form, so it
// works without JavaScript.
import {
  type ActionFunctionArgs,
  data,
  Form,
  Link,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { contactView, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { setContactAlerts } from '../../worker/services/monitors'
import { portalMonitorsView } from '../../worker/services/portal-monitors'
import { button } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { portalHeaders } from '../portal/document'
import { MonitorState } from '../portal/monitor-state'
import { longText, PortalFrame, portalCard, portalHeading } from '../portal/ui'

export const handle = { private: true }

export const headers = portalHeaders

export async function loader({ context }: LoaderFunctionArgs) {
  // Without a session: the sign-in form, which leads back here (issue 36).
  const contact = portalContactOf(context)
  const { monitors, alertsOn } = await portalMonitorsView(pageRequestOf(context).db, contact)
  return { monitors, alertsOn, contact: contactView(contact) }
}

/** The alert choice: "on" or "off"; anything else is refused and nothing changes. */
export async function action({ context, request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null)
  const choice = form?.get('alerts')
  if (choice !== 'on' && choice !== 'off')
    return data({ message: 'Choose whether to get monitor alerts by e-mail.' }, { status: 400 })
  await setContactAlerts(
    pageRequestOf(context).db,
    portalContactOf(context, '/portal').contactId,
    choice === 'on',
  )
  return {
    message:
      choice === 'on'
        ? 'You will get an e-mail when a monitored system goes down and when it is back.'
        : 'No more monitor e-mails.',
  }
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Your monitored systems',
    description: 'Your websites, backups, certificates and domains: up or down, and the last 30 days.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalMonitorsPage() {
  const { monitors, alertsOn, contact } = useLoaderData<typeof loader>()
  const outcome = useActionData<typeof action>()
  const down = monitors.filter((m) => m.openOutage)
  return (
    <PortalFrame contact={contact} title="Your monitored systems">
      {down.length > 0 && (
        <section aria-labelledby="outages" className={`${portalCard} border-red-300`}>
          <h2 id="outages" className={portalHeading}>
            Open outages
          </h2>
          <ul className="mt-2 flex flex-col gap-2" data-testid="open-outages">
            {down.map((m) => (
              <li key={m.id} className={longText}>
                <Link to={`/portal/monitors/${m.id}`} className="font-semibold text-blue-800 underline">
                  {m.name}
                </Link>
                <p className="text-slate-700">{m.openOutage}</p>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-600">We have been alerted and are working on it.</p>
        </section>
      )}
      <section aria-labelledby="monitors" className={portalCard}>
        <h2 id="monitors" className={portalHeading}>
          Monitors
        </h2>
        {monitors.length ? (
          <ul className="mt-3 flex flex-col gap-3" data-testid="portal-monitors">
            {monitors.map((m) => (
              <li key={m.id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <Link
                    to={`/portal/monitors/${m.id}`}
                    className={`font-semibold text-blue-800 underline ${longText}`}
                  >
                    {m.name}
                  </Link>
                  <MonitorState monitor={m} />
                </div>
                <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
                  <div className="flex gap-2">
                    <dt className="text-slate-600">What</dt>
                    <dd>{m.kind}</dd>
                  </div>
                  <div className="flex gap-2">
                    <dt className="text-slate-600">Uptime, 30 days</dt>
                    <dd className="font-semibold">{m.uptime}</dd>
                  </div>
                  {m.lastChecked && (
                    <div className="flex gap-2 sm:col-span-2">
                      <dt className="text-slate-600">Last checked</dt>
                      <dd>{m.lastChecked}</dd>
                    </div>
                  )}
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No system of yours is monitored yet.</p>
        )}
      </section>
      <section aria-labelledby="alerts" className={portalCard}>
        <h2 id="alerts" className={portalHeading}>
          Alerts by e-mail
        </h2>
        <p className="mt-2 text-slate-700">
          {alertsOn
            ? 'You get an e-mail when a monitored system goes down and when it is back.'
            : 'You get no e-mail about outages; we are alerted either way.'}
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="alerts" value={alertsOn ? 'off' : 'on'} />
          <button type="submit" className={`${button.small} border border-slate-300 bg-white text-slate-900`}>
            {alertsOn ? 'Stop the e-mails' : 'E-mail me about outages'}
          </button>
        </Form>
        {outcome?.message && (
          <p role="status" className="mt-2 text-sm text-slate-700">
            {outcome.message}
          </p>
        )}
      </section>
    </PortalFrame>
  )
}
