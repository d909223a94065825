// The signed-in client's IT (issue 38), /portal/assets: their assets not
// retired (never the owner's internal notes) and the renewals coming up in
// the next 90 days. "Report a problem" opens the new-request form with the
// asset named; the server checks it is this client's. Server-rendered, works
// without JavaScript; nothing of other clients is read (the server scopes
// every query to the session's client).
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { contactView, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { portalAssetsView } from '../../worker/services/portal-assets'
import { button } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { portalHeaders } from '../portal/document'
import { longText, PortalFrame, portalCard, portalHeading } from '../portal/ui'

export const handle = { private: true }

export const headers = portalHeaders

export async function loader({ context }: LoaderFunctionArgs) {
  const contact = portalContactOf(context)
  return { contact: contactView(contact), ...(await portalAssetsView(pageRequestOf(context).db, contact)) }
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Your IT',
    description: 'Your computers, licences, domains and certificates, and what renews soon.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalAssetsPage() {
  const { contact, assets, renewals } = useLoaderData<typeof loader>()
  return (
    <PortalFrame contact={contact} title="Your IT">
      <section aria-labelledby="renewals" className={portalCard}>
        <h2 id="renewals" className={portalHeading}>
          Renewals coming up
        </h2>
        {renewals.length ? (
          <ul className="mt-3 divide-y divide-slate-200" data-testid="portal-renewals">
            {renewals.map((r) => (
              <li key={`${r.assetId}-${r.what}`} className="flex flex-wrap justify-between gap-x-4 py-2">
                <span className={`font-semibold ${longText}`}>{r.name}</span>
                <span className="text-slate-700">{`${r.what}: ${r.date}`}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">Nothing renews in the next 90 days.</p>
        )}
      </section>
      <section aria-labelledby="assets" className={portalCard}>
        <h2 id="assets" className={portalHeading}>
          Assets
        </h2>
        {assets.length ? (
          <ul className="mt-3 flex flex-col gap-3" data-testid="portal-assets">
            {assets.map((a) => (
              <li key={a.id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <h3 className={`font-semibold text-slate-900 ${longText}`}>{a.name}</h3>
                  <span className="text-sm text-slate-600">{`${a.kind} · ${a.status}`}</span>
                </div>
                <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
                  {(
                    [
                      ['Model', a.model],
                      ['Serial', a.serial],
                      ['Location', a.location],
                      ['Used by', a.assignedTo],
                      ['Operating system', a.os],
                      ['Warranty ends', a.warrantyEnd],
                      ['Renews', a.renewalDate],
                      ['Patient data (ePHI)', a.ephi],
                    ] as const
                  )
                    .filter(([, v]) => v)
                    .map(([k, v]) => (
                      <div key={k} className={`flex gap-2 ${longText}`}>
                        <dt className="text-slate-500">{k}:</dt>
                        <dd className={longText}>{v}</dd>
                      </div>
                    ))}
                </dl>
                <a
                  href={`/portal/requests/new?asset=${a.id}`}
                  className={`${button.small} mt-3 inline-block border border-slate-300 bg-white text-slate-900`}
                >
                  Report a problem<span className="sr-only"> with {a.name}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No assets are recorded yet.</p>
        )}
      </section>
    </PortalFrame>
  )
}
