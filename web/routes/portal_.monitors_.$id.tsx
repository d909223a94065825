// One monitored system of the signed-in client (issue 54), e.g.
// /portal/monitors/12: its state, 30 days' uptime, the open outage and the
// recent ones. Another client's monitor is a 404 like an unknown one.
import { Link, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { contactView, orNotFound, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { portalMonitorView } from '../../worker/services/portal-monitors'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { portalHeaders } from '../portal/document'
import { MonitorState } from '../portal/monitor-state'
import { longText, PortalFrame, portalCard, portalHeading } from '../portal/ui'

export const handle = { private: true }

export const headers = portalHeaders

export async function loader({ params, context }: LoaderFunctionArgs) {
  const contact = portalContactOf(context)
  const monitor = await orNotFound(portalMonitorView(pageRequestOf(context).db, contact, params.id ?? ''))
  return { monitor, contact: contactView(contact) }
}

export const meta: MetaFunction<typeof loader> = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData ? loaderData.monitor.name : 'Monitor',
    description: 'A monitored system: up or down, and the last 30 days.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalMonitorPage() {
  const { monitor, contact } = useLoaderData<typeof loader>()
  return (
    <PortalFrame contact={contact} title={monitor.name}>
      <section aria-labelledby="now" className={portalCard}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="now" className={portalHeading}>
            Now
          </h2>
          <MonitorState monitor={monitor} />
        </div>
        <dl className="mt-3 flex flex-col gap-1 text-slate-700">
          <div className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-slate-600">What</dt>
            <dd>{monitor.kind}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-slate-600">Uptime, 30 days</dt>
            <dd className="font-semibold">{monitor.uptime}</dd>
          </div>
          {monitor.lastChecked && (
            <div className="flex flex-wrap justify-between gap-x-4">
              <dt className="text-slate-600">Last checked</dt>
              <dd>{monitor.lastChecked}</dd>
            </div>
          )}
        </dl>
        {monitor.openOutage && (
          <p className={`mt-3 font-semibold text-red-900 ${longText}`}>{monitor.openOutage}</p>
        )}
      </section>
      <section aria-labelledby="past" className={portalCard}>
        <h2 id="past" className={portalHeading}>
          Outages in the last 30 days
        </h2>
        {monitor.recentOutages.length ? (
          <ul className="mt-2 flex flex-col gap-1">
            {monitor.recentOutages.map((o) => (
              <li key={o} className={longText}>
                {o}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">None.</p>
        )}
      </section>
      <Link to="/portal/monitors" className="font-medium text-blue-800 underline">
        All monitors
      </Link>
    </PortalFrame>
  )
}
