// The signed-in client's monthly service reports (issue 40), /portal/reports:
// one month's figures (?month=YYYY-MM; by default the month in progress, "so
// far", issue 52; a month not begun is said plainly) worded
// as the PDF and the e-mail word them, the PDF, the other months, and the
// contact's own choice to get each month's report by e-mail. Everything is
// computed on the server for the session's client only; plain links and a
// plain form, so it works without JavaScript.
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { contactView, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { portalReportView, setReportOptIn } from '../../worker/services/portal-reports'
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
  const month = new URL(request.url).searchParams.get('month')
  return {
    report: await portalReportView(pageRequestOf(context).db, contact, month),
    contact: contactView(contact),
  }
}

/** The e-mail choice: "on" or "off"; anything else is refused and nothing changes. */
export async function action({ context, request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null)
  const choice = form?.get('reportMail')
  if (choice !== 'on' && choice !== 'off')
    return data({ message: 'Choose whether to get the report by e-mail.' }, { status: 400 })
  await setReportOptIn(
    pageRequestOf(context).db,
    portalContactOf(context, '/portal').contactId,
    choice === 'on',
  )
  return {
    message: choice === 'on' ? 'You will get the report by e-mail each month.' : 'No more report e-mails.',
  }
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Reports',
    description: 'Each month of IT support: requests, response times, hours and renewals.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalReportsPage() {
  const { report, contact } = useLoaderData<typeof loader>()
  const outcome = useActionData<typeof action>()
  if (!report)
    return (
      <PortalFrame contact={contact} title="Reports">
        <p className={portalCard}>No report yet.</p>
      </PortalFrame>
    )
  return (
    <PortalFrame contact={contact} title="Reports">
      {report.notice && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-medium">
          {report.notice}
        </p>
      )}
      <section aria-labelledby="glance" className={portalCard}>
        <h2 id="glance" className={portalHeading}>
          {`Service report: ${report.label}`}
        </h2>
        {report.inProgress && (
          <p className="mt-1 text-slate-700" data-testid="report-so-far">
            This month is not over yet: these are its figures so far.
          </p>
        )}
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2" data-testid="report-lines">
          {report.lines.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 border-b border-slate-100 py-1">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <a href={report.pdfHref} className={`${button.small} mt-4 inline-flex bg-blue-700 text-white`}>
          Download the PDF
        </a>
      </section>
      <section aria-labelledby="answers" className={portalCard}>
        <h2 id="answers" className={portalHeading}>
          First answers by urgency
        </h2>
        <ul className="mt-2 flex flex-col gap-1">
          {report.byUrgency.map((u) => (
            <li key={u.label} className="flex flex-wrap justify-between gap-x-4">
              <span className={`text-slate-600 ${longText}`}>{u.label}</span>
              <span className="font-semibold">{u.value}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="renewals" className={portalCard}>
        <h2 id="renewals" className={portalHeading}>
          Renewals in the next 60 days
        </h2>
        {report.renewals.length ? (
          <ul className="mt-2 flex flex-col gap-1">
            {report.renewals.map((r) => (
              <li key={`${r.name}${r.what}`} className="flex flex-wrap justify-between gap-x-4">
                <span className={longText}>{`${r.name}: ${r.what}`}</span>
                <span className="font-semibold">{r.date}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">Nothing expires in the next 60 days.</p>
        )}
      </section>
      {report.uptime.length > 0 && (
        <section aria-labelledby="uptime" className={portalCard}>
          <h2 id="uptime" className={portalHeading}>
            Uptime of your monitored systems
          </h2>
          <ul className="mt-2 flex flex-col gap-1">
            {report.uptime.map((u) => (
              <li key={u.name} className="flex flex-wrap justify-between gap-x-4">
                <span className={`text-slate-600 ${longText}`}>{u.name}</span>
                <span className="font-semibold">{u.value}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {report.months.length > 1 && (
        <nav aria-labelledby="months" className={portalCard}>
          <h2 id="months" className={portalHeading}>
            Other months
          </h2>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {report.months.map((m) => (
              <li key={m.period}>
                {m.period === report.period ? (
                  <span aria-current="page" className="font-semibold">
                    {m.label}
                  </span>
                ) : (
                  <a
                    href={`/portal/reports?month=${m.period}`}
                    className="text-blue-800 underline underline-offset-4"
                  >
                    {m.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
      <section aria-labelledby="by-mail" className={portalCard}>
        <h2 id="by-mail" className={portalHeading}>
          By e-mail
        </h2>
        <p className="mt-1 text-slate-700">
          {report.optedIn
            ? 'You get this report by e-mail at the start of each month.'
            : 'Get this report by e-mail at the start of each month.'}
        </p>
        {outcome && (
          <p role="status" className="mt-2 font-semibold text-slate-900">
            {outcome.message}
          </p>
        )}
        <Form method="post" className="mt-3">
          <input type="hidden" name="reportMail" value={report.optedIn ? 'off' : 'on'} />
          <button type="submit" className={`${button.small} border border-slate-300 bg-white text-slate-900`}>
            {report.optedIn ? 'Stop the e-mails' : 'E-mail me each month'}
          </button>
        </Form>
      </section>
    </PortalFrame>
  )
}
