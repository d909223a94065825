// The signed-in client's recurring maintenance (issue 52), /portal/maintenance:
// what is overdue, what comes next (open tasks and the schedules' next dates)
// and what was done, each done task with its checklist. Server-rendered, works
// without JavaScript; the server scopes every query to the session's client.
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { contactView, pageRequestOf, portalContactOf } from '../../worker/page-context'
import {
  type PortalMaintenanceTaskView,
  portalMaintenanceView,
} from '../../worker/services/portal-maintenance'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { portalHeaders } from '../portal/document'
import { Checklist } from '../portal/maintenance'
import { longText, PortalFrame, portalCard, portalHeading } from '../portal/ui'

export const handle = { private: true }

export const headers = portalHeaders

export async function loader({ context }: LoaderFunctionArgs) {
  const contact = portalContactOf(context)
  return {
    contact: contactView(contact),
    ...(await portalMaintenanceView(pageRequestOf(context).db, contact.clientId)),
  }
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Maintenance',
    description: 'Your scheduled maintenance: what is due, what is overdue and what was done.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

const taskLink = 'font-semibold text-blue-800 underline underline-offset-4'

function TaskRow({ task, when }: { task: PortalMaintenanceTaskView; when: string }) {
  return (
    <li className="flex flex-col gap-0.5 py-2">
      <a href={task.href} className={`${taskLink} ${longText}`}>
        {task.title}
      </a>
      <span className="text-slate-700">{when}</span>
    </li>
  )
}

export default function PortalMaintenancePage() {
  const { contact, overdue, upcoming, schedules, done } = useLoaderData<typeof loader>()
  return (
    <PortalFrame contact={contact} title="Maintenance">
      {overdue.length > 0 && (
        <section aria-labelledby="overdue" className={`${portalCard} border-red-300`}>
          <h2 id="overdue" className={portalHeading}>
            Overdue
          </h2>
          <p className="mt-1 text-slate-700">Past their date and not done yet.</p>
          <ul className="mt-2 divide-y divide-slate-200" data-testid="maintenance-overdue">
            {overdue.map((t) => (
              <TaskRow key={t.id} task={t} when={`Was due ${t.due}`} />
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="scheduled" className={portalCard}>
        <h2 id="scheduled" className={portalHeading}>
          Scheduled
        </h2>
        {upcoming.length ? (
          <ul className="mt-2 divide-y divide-slate-200" data-testid="maintenance-upcoming">
            {upcoming.map((t) => (
              <TaskRow key={t.id} task={t} when={`Due ${t.due}`} />
            ))}
          </ul>
        ) : null}
        {schedules.length ? (
          <>
            <h3 className="mt-4 font-semibold text-slate-900">Recurring checks</h3>
            <ul className="mt-1 divide-y divide-slate-200" data-testid="maintenance-schedules">
              {schedules.map((s) => (
                <li key={s.id} className="flex flex-col gap-0.5 py-2">
                  <span className={`font-semibold text-slate-900 ${longText}`}>{s.title}</span>
                  <span className="text-slate-700">{s.next ? `${s.often}; next ${s.next}` : s.often}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {!upcoming.length && !schedules.length && (
          <p className="mt-2 text-slate-700">No maintenance is scheduled for you.</p>
        )}
      </section>
      <section aria-labelledby="done" className={portalCard}>
        <h2 id="done" className={portalHeading}>
          Done
        </h2>
        {done.length ? (
          <ul className="mt-2 divide-y divide-slate-200" data-testid="maintenance-done">
            {done.map((t) => (
              <li key={t.id} className="flex flex-col gap-1 py-3">
                <a href={t.href} className={`${taskLink} ${longText}`}>
                  {t.title}
                </a>
                <span className="text-slate-700">{`Done ${t.done}; it was due ${t.due}`}</span>
                <Checklist items={t.items} />
                {t.evidence && <span className="text-sm text-slate-600">{t.evidence}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No maintenance done in the last year.</p>
        )}
      </section>
    </PortalFrame>
  )
}
