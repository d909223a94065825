// One request of the signed-in client (issue 24), e.g. /portal/requests/S-1025:
// its whole thread (the owner's replies and the client's messages; never the
// owner's notes) and a reply form; a consultation also shows its time (Central
// and the visitor's zone) with move and cancel, under the same rules as the
// signed manage link. Another client's reference is a 404 like an unknown one.
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router'
import { formatSlotTime } from '../../schema/slot-time'
import { button } from '../components/ui'
import { TextAreaInput } from '../forms/fields'
import { pageMeta } from '../lib/meta'
import { portalServer } from '../lib/portal-server'
import { siteFromMatches } from '../lib/site'
import {
  centralTime,
  longText,
  Outcome,
  PortalFrame,
  portalCard,
  portalHeading,
  YourTime,
} from '../portal/ui'

export const handle = { private: true }

export async function loader({ params, context }: LoaderFunctionArgs) {
  const portal = context.get(portalServer)
  const request = await portal.request(params.reference ?? '')
  if (!request) throw data(null, { status: 404 })
  return { contact: portal.contact, request }
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const portal = context.get(portalServer)
  const reference = params.reference ?? ''
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'cancel') {
    const result = await portal.cancelConsultation(reference)
    return data({ intent, ...result, body: '' }, { status: result.ok ? 200 : 400 })
  }
  if (intent === 'move') {
    const [date = '', time = ''] = String(form.get('slot') ?? '').split('|')
    const result = await portal.rescheduleConsultation(reference, date, time)
    return data({ intent, ...result, body: '' }, { status: result.ok ? 200 : 400 })
  }
  const body = String(form.get('body') ?? '')
  const result = await portal.reply(reference, body)
  // A reference that is not the client's is a 404 here too.
  const status = result.ok ? 200 : Object.keys(result.errors).length ? 400 : 404
  if (status === 404) throw data(null, { status })
  return data({ intent: 'reply', ...result, body: result.ok ? '' : body.slice(0, 20_000) }, { status })
}

export const meta: MetaFunction<typeof loader> = ({ matches, params }) =>
  pageMeta({
    title: `Request ${params.reference ?? ''}`,
    description: 'Your request and its conversation.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalRequestPage() {
  const { contact, request } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const booking = request.booking
  return (
    <PortalFrame contact={contact} title={`${request.reference}: ${request.type}`}>
      <Outcome result={result} />
      <section aria-labelledby="details" className={portalCard}>
        <h2 id="details" className={portalHeading}>
          Details
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
          <dt className="font-semibold">Status</dt>
          <dd>{request.statusLabel}</dd>
          <dt className="font-semibold">Sent</dt>
          <dd>{centralTime(request.createdAt)}</dd>
          {booking && (
            <>
              <dt className="font-semibold">Meeting</dt>
              <dd>
                {booking.centralLabel} ({booking.meetingMinutes} minutes)
                <YourTime iso={booking.start} />
              </dd>
            </>
          )}
        </dl>
        <p className={`mt-3 whitespace-pre-line text-slate-700 ${longText}`}>{request.description}</p>
      </section>

      <section aria-labelledby="thread" className={portalCard}>
        <h2 id="thread" className={portalHeading}>
          Conversation
        </h2>
        {request.thread.length ? (
          <ol className="mt-3 flex flex-col gap-3">
            {request.thread.map((m) => (
              <li
                key={m.id}
                className={`rounded-lg border p-3 ${m.from === 'owner' ? 'border-blue-200 bg-blue-50' : 'border-slate-200 bg-white'}`}
              >
                <p className={`text-sm font-semibold text-slate-800 ${longText}`}>
                  {m.author} · {centralTime(m.at)}
                </p>
                <p className={`mt-1 whitespace-pre-line text-slate-800 ${longText}`}>{m.body}</p>
                {m.attachments.length > 0 && (
                  <p className={`mt-1 text-sm text-slate-600 ${longText}`}>
                    Attachments: {m.attachments.join(', ')}
                  </p>
                )}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-slate-700">No messages yet.</p>
        )}
        <Form method="post" className="mt-4" noValidate>
          <input type="hidden" name="intent" value="reply" />
          <TextAreaInput
            name="body"
            label="Your reply"
            required
            maxLength={10_000}
            defaultValue={result?.intent === 'reply' ? result.body : ''}
            error={result?.intent === 'reply' && !result.ok ? result.errors.body : undefined}
          />
          <button type="submit" disabled={busy} className={button.primary}>
            Send reply
          </button>
        </Form>
      </section>

      {booking?.changeable && (
        <section aria-labelledby="change" className={portalCard}>
          <h2 id="change" className={portalHeading}>
            Move or cancel
          </h2>
          <Form method="post" className="mt-3 flex flex-col gap-3">
            <input type="hidden" name="intent" value="move" />
            <label htmlFor="slot" className="font-medium text-slate-800">
              New time (Central Time)
            </label>
            <select
              id="slot"
              name="slot"
              required
              defaultValue=""
              className="rounded-md border border-slate-300 bg-white px-3 py-2"
            >
              <option value="">Select a free time</option>
              {booking.freeDays.map((day) => (
                <optgroup key={day.date} label={day.date}>
                  {day.slots.map((slot) => (
                    <option key={slot} value={`${day.date}|${slot}`}>
                      {day.date} {formatSlotTime(slot)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <button type="submit" disabled={busy} className={`${button.primary} self-start`}>
              Move my consultation
            </button>
          </Form>
          <p className="mt-4 text-slate-700">
            Changes are possible until {centralTime(booking.changeUntil)}.
          </p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" disabled={busy} className={button.secondary}>
              Cancel this consultation
            </button>
          </Form>
        </section>
      )}
    </PortalFrame>
  )
}
