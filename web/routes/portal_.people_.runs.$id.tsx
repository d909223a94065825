// One arrival or departure of the clinic's people (issue 55), followed from
// the portal: each step, who did it and when, and whether it was late; the
// run's PDF is the evidence. Another client's run is a 404, like a missing one.
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { contactView, orNotFound, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { portalPeople } from '../../worker/services/portal-people'
import { textLink } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { portalHeaders } from '../portal/document'
import { longText, PortalFrame, portalCard, portalHeading } from '../portal/ui'

export const handle = { private: true }

export const headers = portalHeaders

export async function loader({ context, params }: LoaderFunctionArgs) {
  const contact = portalContactOf(context)
  const { db, env, later } = pageRequestOf(context)
  const run = await orNotFound(portalPeople(db, env, contact, later).run(params.id))
  return { contact: contactView(contact), run }
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Arrival or departure',
    description: 'Each step of the checklist, who did it and when.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalRunPage() {
  const { contact, run } = useLoaderData<typeof loader>()
  return (
    <PortalFrame contact={contact} title={`${run.kind}: ${run.name}`}>
      <section aria-labelledby="steps" className={portalCard}>
        <p className="text-slate-700">{run.when}</p>
        <p className="mt-1 font-semibold text-slate-900" data-testid="run-status">
          {run.status}
        </p>
        <h2 id="steps" className={`${portalHeading} mt-4`}>
          Checklist
        </h2>
        <ol className="mt-3 divide-y divide-slate-200" data-testid="run-steps">
          {run.steps.map((s) => (
            <li key={s.id} className={`py-2 ${longText}`}>
              <span className="font-semibold text-slate-900">{s.title}</span>
              {s.late ? <span className="ml-2 font-semibold text-red-700">Late</span> : null}
              <span className="block text-sm text-slate-700">{s.done ?? 'Not done yet'}</span>
              {s.note ? <span className="block text-sm text-slate-600">{s.note}</span> : null}
            </li>
          ))}
        </ol>
        <a href={run.pdfHref} className={`${textLink} mt-3 inline-block py-1`}>
          Download the record (PDF)
        </a>
      </section>
      <a href="/portal/people" className={`${textLink} self-start py-1`}>
        Back to your people
      </a>
    </PortalFrame>
  )
}
