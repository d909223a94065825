// The signed-in client's compliance record (issue 39), /portal/compliance: the
// BAA on file, the incident notices sent to the practice (with their SHA-256)
// and its completed risk analyses, each downloadable as a PDF. Server-rendered, works without JavaScript; the server scopes every
// query to the session's client.
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { contactView, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { portalComplianceView } from '../../worker/services/portal-compliance'
import { textLink } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { portalHeaders } from '../portal/document'
import { longText, PortalFrame, portalCard, portalHeading } from '../portal/ui'

export const handle = { private: true }

export const headers = portalHeaders

export async function loader({ context }: LoaderFunctionArgs) {
  const contact = portalContactOf(context)
  return {
    contact: contactView(contact),
    ...(await portalComplianceView(pageRequestOf(context).db, contact.clientId)),
  }
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Compliance',
    description:
      'Your business associate agreement, the incident notices sent to you and your risk analyses.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalCompliancePage() {
  const { contact, baas, notices, riskAnalyses } = useLoaderData<typeof loader>()
  return (
    <PortalFrame contact={contact} title="Compliance">
      <section aria-labelledby="baa" className={portalCard}>
        <h2 id="baa" className={portalHeading}>
          Business associate agreement
        </h2>
        {baas.length ? (
          <ul className="mt-3 divide-y divide-slate-200" data-testid="portal-baas">
            {baas.map((b) => (
              <li key={b.id} className={`py-2 text-slate-700 ${longText}`}>
                {`In effect from ${b.effectiveDate}${b.renewalDate ? ` to ${b.renewalDate}` : ''}; breach notice within ${b.notice}.`}
                {b.sha256 ? (
                  <span className="block break-all text-xs text-slate-500">{`SHA-256 ${b.sha256}`}</span>
                ) : null}
                {b.pdfHref ? (
                  <a href={b.pdfHref} className={`${textLink} inline-block py-1`}>
                    Download the signed BAA (PDF)
                  </a>
                ) : (
                  <span className="block text-sm text-slate-600">
                    The signed copy is not on file here yet.
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No BAA is on file yet.</p>
        )}
      </section>
      <section aria-labelledby="notices" className={portalCard}>
        <h2 id="notices" className={portalHeading}>
          Incident notices
        </h2>
        {notices.length ? (
          <ul className="mt-3 divide-y divide-slate-200" data-testid="portal-notices">
            {notices.map((n) => (
              <li key={n.id} className={`py-2 ${longText}`}>
                <span className="font-semibold text-slate-900">{`${n.reference}: ${n.subject}`}</span>
                <span className="block text-slate-700">{`Sent ${n.sentAt}`}</span>
                {n.sha256 ? (
                  <span className="block break-all text-xs text-slate-500">{`SHA-256 ${n.sha256}`}</span>
                ) : null}
                <a href={n.pdfHref} className={`${textLink} inline-block py-1`}>
                  Download the notice (PDF)
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No incident notices have been sent to you.</p>
        )}
      </section>
      <section aria-labelledby="risk" className={portalCard}>
        <h2 id="risk" className={portalHeading}>
          Risk analyses
        </h2>
        {riskAnalyses.length ? (
          <ul className="mt-3 divide-y divide-slate-200" data-testid="portal-risk-analyses">
            {riskAnalyses.map((r) => (
              <li key={r.id} className={`py-2 ${longText}`}>
                <span className="font-semibold text-slate-900">{`Risk analysis of ${r.analysisDate}`}</span>
                {r.completedAt ? (
                  <span className="block text-slate-700">{`Completed ${r.completedAt}`}</span>
                ) : null}
                <a href={r.pdfHref} className={`${textLink} inline-block py-1`}>
                  Download the report (PDF)
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No completed risk analysis yet.</p>
        )}
      </section>
    </PortalFrame>
  )
}
