// One maintenance task of the signed-in client (issue 52), e.g.
// /portal/maintenance/12: its dates, its status in words and its checklist
// (what was checked; the owner's notes stay the owner's). Another client's
// task is a 404 like a missing one.
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { contactView, orNotFound, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { portalMaintenanceTaskView } from '../../worker/services/portal-maintenance'
import { textLink } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { portalHeaders } from '../portal/document'
import { Checklist } from '../portal/maintenance'
import { PortalFrame, portalCard } from '../portal/ui'

export const handle = { private: true }

export const headers = portalHeaders

export async function loader({ context, params }: LoaderFunctionArgs) {
  const contact = portalContactOf(context)
  const db = pageRequestOf(context).db
  const task = await orNotFound(portalMaintenanceTaskView(db, contact.clientId, params.id ?? null))
  return { contact: contactView(contact), task }
}

export const meta: MetaFunction<typeof loader> = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData?.task.title ?? 'Maintenance',
    description: 'A maintenance task: when it was due, and its checklist.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalMaintenanceTaskPage() {
  const { contact, task } = useLoaderData<typeof loader>()
  return (
    <PortalFrame contact={contact} title={task.title}>
      <section aria-label="The task" className={portalCard}>
        <dl className="grid grid-cols-1 gap-y-2 sm:grid-cols-[10rem_1fr]">
          <dt className="text-slate-600">Status</dt>
          <dd className={`font-semibold ${task.overdue ? 'text-red-800' : 'text-slate-900'}`}>
            {task.statusLabel}
          </dd>
          <dt className="text-slate-600">Due</dt>
          <dd className="text-slate-900">{task.due}</dd>
          {task.done && (
            <>
              <dt className="text-slate-600">Done</dt>
              <dd className="text-slate-900">{task.done}</dd>
            </>
          )}
          <dt className="text-slate-600">Checklist</dt>
          <dd className="text-slate-900">{task.progress}</dd>
        </dl>
        <Checklist items={task.items} />
        {task.evidence && <p className="mt-3 text-sm text-slate-600">{task.evidence}</p>}
      </section>
      <a href="/portal/maintenance" className={`${textLink} self-start py-1`}>
        All maintenance
      </a>
    </PortalFrame>
  )
}
