// The clinic's people in the portal (issue 55): the roster with each person's
// training this year, adding a person (an arrival), "Someone is leaving" (a
// departure's checklist starts), and the runs to follow. Server-rendered,
// plain forms: works without JavaScript; the server scopes every read and
// action to the signed-in contact's client.
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
import { contactView, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { portalPeople } from '../../worker/services/portal-people'
import { button, textLink } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { portalHeaders } from '../portal/document'
import { longText, Outcome, PortalFrame, portalCard, portalHeading } from '../portal/ui'

export const handle = { private: true }

export const headers = portalHeaders

/** The people pages' service for the signed-in contact (without one, the sign-in form and back). */
function peopleOf(context: LoaderFunctionArgs['context']) {
  const contact = portalContactOf(context)
  const { db, env, later } = pageRequestOf(context)
  return { contact, people: portalPeople(db, env, contact, later) }
}

export async function loader({ context }: LoaderFunctionArgs) {
  const { contact, people } = peopleOf(context)
  return { contact: contactView(contact), ...(await people.view()) }
}

export async function action({ context, request }: ActionFunctionArgs) {
  const server = peopleOf(context).people
  const form = await request.formData()
  const fields = Object.fromEntries(
    [...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : '']),
  ) as Record<string, string>
  const result =
    fields.intent === 'leave'
      ? await server.startDeparture(fields)
      : fields.intent === 'add'
        ? await server.addPerson(fields)
        : fields.intent === 'update'
          ? await server.updatePerson(fields)
          : { ok: false as const, message: 'Choose what to do.', errors: { intent: 'Unknown action' } }
  if (result.ok && result.runHref) throw redirect(result.runHref)
  // Another clinic's person is a 404, as one that does not exist.
  return data({ ...result, intent: fields.intent }, { status: result.ok ? 200 : (result.status ?? 400) })
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Your people',
    description: "Your practice's staff, their HIPAA training, arrivals and departures.",
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

const input =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700'
const labelClass = 'block text-sm font-semibold text-slate-800'

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null
}

export default function PortalPeoplePage() {
  const { contact, year, people, completion, overdue, runs } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const errors: Record<string, string> = result && !result.ok ? result.errors : {}
  const addErrors = result?.intent === 'add' ? errors : {}
  const leaveErrors = result?.intent === 'leave' ? errors : {}
  const active = people.filter((p) => p.active && !p.leaveDate)
  return (
    <PortalFrame contact={contact} title="Your people">
      <Outcome result={result} />
      <section aria-labelledby="training" className={portalCard}>
        <h2 id="training" className={portalHeading}>
          {`HIPAA training ${year}`}
        </h2>
        <p className="mt-2 text-lg font-semibold text-slate-900" data-testid="training-completion">
          {completion}
          {overdue ? <span className="text-red-700">{` · ${overdue} overdue`}</span> : null}
        </p>
        <a href={`/portal/people/training/${year}.pdf`} className={`${textLink} mt-2 inline-block py-1`}>
          Download the training records (PDF)
        </a>
      </section>
      <section aria-labelledby="people" className={portalCard}>
        <h2 id="people" className={portalHeading}>
          People
        </h2>
        {people.length ? (
          <ul className="mt-3 divide-y divide-slate-200" data-testid="portal-people">
            {people.map((p) => (
              <li key={p.id} className={`py-3 ${longText}`}>
                <span className="font-semibold text-slate-900">{p.name}</span>
                {p.role ? <span className="text-slate-600">{` · ${p.role}`}</span> : null}
                {!p.active ? <span className="text-slate-600"> · no longer active</span> : null}
                <span className="block text-sm text-slate-600">{p.email}</span>
                {p.leaveDate ? (
                  <span className="block text-sm text-slate-700">{`Leaves ${p.leaveDate}`}</span>
                ) : null}
                <span
                  className={`block text-sm ${p.overdue ? 'font-semibold text-red-700' : 'text-slate-700'}`}
                >
                  {p.training}
                </span>
                <details className="mt-1">
                  <summary className={`${textLink} inline-block cursor-pointer py-1 text-sm`}>
                    Change<span className="sr-only">{` ${p.name}`}</span>
                  </summary>
                  <Form method="post" className="mt-2 flex flex-col gap-3">
                    <input type="hidden" name="intent" value="update" />
                    <input type="hidden" name="staffId" value={p.id} />
                    <div>
                      <label htmlFor={`role-${p.id}`} className={labelClass}>
                        Role
                      </label>
                      <input id={`role-${p.id}`} name="role" defaultValue={p.role ?? ''} className={input} />
                    </div>
                    <label className="flex items-center gap-2 text-sm text-slate-800">
                      <input type="checkbox" name="active" defaultChecked={p.active} className="size-5" />
                      Still works here
                    </label>
                    <button
                      type="submit"
                      className={`${button.small} self-start border border-slate-300 bg-white text-slate-900`}
                    >
                      Save<span className="sr-only">{` ${p.name}`}</span>
                    </button>
                  </Form>
                </details>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No one is on your roster yet.</p>
        )}
      </section>
      <section aria-labelledby="leaving" className={portalCard}>
        <h2 id="leaving" className={portalHeading}>
          Someone is leaving
        </h2>
        <p className="mt-2 text-slate-700">
          We start the departure checklist: their accounts closed, the passwords they knew changed and the
          devices they hold collected, each step recorded.
        </p>
        <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="leave" />
          <div>
            <label htmlFor="leave-person" className={labelClass}>
              Who is leaving
            </label>
            <select
              id="leave-person"
              name="staffId"
              required
              className={input}
              aria-invalid={leaveErrors.staffId ? true : undefined}
              aria-describedby={leaveErrors.staffId ? 'leave-person-error' : undefined}
            >
              <option value="">Choose a person</option>
              {active.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
            <FieldError id="leave-person-error" message={leaveErrors.staffId} />
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="leave-date" className={labelClass}>
                Last day
              </label>
              <input
                id="leave-date"
                name="leaveDate"
                type="date"
                required
                className={input}
                aria-invalid={leaveErrors.leaveDate ? true : undefined}
                aria-describedby={leaveErrors.leaveDate ? 'leave-date-error' : undefined}
              />
              <FieldError id="leave-date-error" message={leaveErrors.leaveDate} />
            </div>
            <div>
              <label htmlFor="leave-time" className={labelClass}>
                Leaves at (Central Time)
              </label>
              <input
                id="leave-time"
                name="leaveTime"
                type="time"
                required
                defaultValue="17:00"
                className={input}
              />
            </div>
          </div>
          <button type="submit" className={`${button.primary} self-start`}>
            Start the departure
          </button>
        </Form>
      </section>
      <section aria-labelledby="runs" className={portalCard}>
        <h2 id="runs" className={portalHeading}>
          Arrivals and departures
        </h2>
        {runs.length ? (
          <ul className="mt-3 divide-y divide-slate-200" data-testid="portal-runs">
            {runs.map((r) => (
              <li key={r.id} className={`py-2 ${longText}`}>
                <a href={r.href} className={`${textLink} inline-block py-1`}>
                  {`${r.kind}: ${r.name}`}
                </a>
                <span className="block text-sm text-slate-700">{r.status}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No arrivals or departures yet.</p>
        )}
      </section>
      <section aria-labelledby="add" className={portalCard}>
        <h2 id="add" className={portalHeading}>
          Add a person
        </h2>
        <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="add" />
          {(
            [
              ['name', 'Name', 'text', 'name'],
              ['email', 'E-mail', 'email', 'email'],
              ['role', 'Role (optional)', 'text', 'organization-title'],
              ['startDate', 'Start date (optional)', 'date', 'off'],
            ] as const
          ).map(([name, label, type, auto]) => (
            <div key={name}>
              <label htmlFor={`add-${name}`} className={labelClass}>
                {label}
              </label>
              <input
                id={`add-${name}`}
                name={name}
                type={type}
                autoComplete={auto}
                required={name === 'name' || name === 'email'}
                className={input}
                aria-invalid={addErrors[name] ? true : undefined}
                aria-describedby={addErrors[name] ? `add-${name}-error` : undefined}
              />
              <FieldError id={`add-${name}-error`} message={addErrors[name]} />
            </div>
          ))}
          <button type="submit" className={`${button.secondary} self-start`}>
            Add the person
          </button>
        </Form>
      </section>
    </PortalFrame>
  )
}
