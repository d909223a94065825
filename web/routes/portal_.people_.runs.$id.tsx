// One arrival or departure of the clinic's people (issue 55), followed from
// the portal: each step, who did it and when, and whether it was late; the
// run's PDF is the evidence. Another client's run is a 404, like a missing one.
import { data, type LoaderFunctionArgs, type MetaFunction, redirect, useLoaderData } from 'react-router'
import { signInPath } from '../../schema/portal-next'
import { textLink } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { portalPeople } from '../lib/people-server'
import { portalServer } from '../lib/portal-server'
import { siteFromMatches } from '../lib/site'
import { portalHeaders } from '../portal/document'
import { longText, PortalFrame, portalCard, portalHeading } from '../portal/ui'

export const handle = { private: true }

export const headers = portalHeaders

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const contact = context.get(portalServer).contact
  if (!contact) throw redirect(signInPath(request.url))
  const run = await context.get(portalPeople).run(params.id)
  if (!run) throw data(null, { status: 404 })
  return { contact, run }
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
