// The visitor's own booking, reached only through the signed, expiring link in
// their e-mails (issue 17; docs/decisions/060-booking-links.md): it shows that
// one request and lets them cancel it or move it to another free slot up to
// the cut-off. Plain forms posted to this page, so it works without JavaScript.
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
  useNavigation,
  useParams,
} from 'react-router'
import { CANCEL_REASON_MAX } from '../../schema/booking'
import { REQUEST_FORM_ERRORS } from '../../schema/request-form-copy'
import { BUSINESS_TIME_ZONE } from '../../schema/request-options'
import { BOOKING_STATUS_LABELS } from '../../schema/request-statuses'
import { formatSlotTime } from '../../schema/slot-time'
import { button, card, container } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { type BookingChange, formUnreadable, siteServer } from '../lib/site-server'

export const handle = { private: true }

const INVALID_LINK = 'This link is not valid or has expired.'

export async function loader({ params, context }: LoaderFunctionArgs) {
  const booking = await context.get(siteServer).booking(params.token ?? '')
  // The same answer for a forged, altered or expired link: nothing to learn from it.
  if (!booking) return data({ booking: null, formUnreadable: false }, { status: 404 })
  return { booking, formUnreadable: context.get(formUnreadable) }
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const server = context.get(siteServer)
  const token = params.token ?? ''
  const form = await request.formData()
  const intent = form.get('intent')
  let result: BookingChange
  // Cancelling takes two posts (issue 28): "Cancel this consultation" only asks
  // (refused at once when past the cut-off), the confirmation cancels, with an
  // optional reason for the owner. Plain posts, so both steps work without JS.
  let step: 'confirm-cancel' | undefined
  if (intent === 'cancel-ask') {
    result = await server.checkCancellable(token)
    if (result.ok) step = 'confirm-cancel'
  } else if (intent === 'cancel') {
    result = await server.cancelBooking(token, String(form.get('reason') ?? ''))
    // A reason refused (too long) keeps the confirmation open with the text kept.
    if (!result.ok && result.errors.reason) step = 'confirm-cancel'
  } else if (intent === 'move') {
    const [date = '', time = ''] = String(form.get('slot') ?? '').split('|')
    result = await server.rescheduleBooking(token, date, time)
  } else result = { ok: false, message: 'Choose what to do.', errors: {} }
  return data(
    { ...result, step, reason: step ? String(form.get('reason') ?? '') : '' },
    { status: result.ok ? 200 : 400 },
  )
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Your consultation',
    description: 'See, cancel or move your consultation.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/booking',
    noindex: true,
  })

const STATUS_LABEL = BOOKING_STATUS_LABELS

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'full',
  timeStyle: 'short',
})

/** An action's answer as the page shows it: a change's result, and the cancel confirmation's step. */
type PageResult = BookingChange & { step?: 'confirm-cancel'; reason?: string }

export default function BookingPage() {
  const { booking, formUnreadable } = useLoaderData<typeof loader>()
  const token = useParams().token ?? ''
  // A post that could not be read as a form (worker/page-forms.ts) is said above the forms.
  const result: PageResult | undefined =
    useActionData<typeof action>() ??
    (formUnreadable ? { ok: false, message: REQUEST_FORM_ERRORS.formUnreadable, errors: {} } : undefined)
  const busy = useNavigation().state !== 'idle'

  if (!booking) {
    return (
      <main id="main" className="bg-slate-50 pt-16">
        <div className={`${container} py-12`}>
          <h1 className="text-3xl font-bold text-slate-900">Your consultation</h1>
          <p role="alert" className="mt-4 text-slate-700">
            {INVALID_LINK}
          </p>
        </div>
      </main>
    )
  }

  return (
    <main id="main" className="bg-slate-50 pt-16">
      <div className={`${container} flex max-w-2xl flex-col gap-6 py-12`}>
        <h1 className="text-3xl font-bold text-slate-900">Your consultation</h1>
        {result && !(result.ok && result.step) && (
          <p
            role={result.ok ? 'status' : 'alert'}
            className={`rounded-lg border px-4 py-3 font-medium ${
              result.ok
                ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
                : 'border-red-300 bg-red-50 text-red-800'
            }`}
          >
            {result.message}
          </p>
        )}
        <section aria-labelledby="booking-details" className={card}>
          <h2 id="booking-details" className="text-xl font-bold text-slate-900">
            Details
          </h2>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-800">
            <dt className="font-semibold">Reference</dt>
            <dd>{booking.reference}</dd>
            <dt className="font-semibold">Time</dt>
            <dd>
              {booking.dateLabel} at {formatSlotTime(booking.time)} Central Time ({booking.meetingMinutes}{' '}
              minutes)
            </dd>
            <dt className="font-semibold">Status</dt>
            <dd>{STATUS_LABEL[booking.status] ?? booking.status}</dd>
          </dl>
        </section>

        {booking.changeable ? (
          <>
            <section aria-labelledby="booking-move" className={card}>
              <h2 id="booking-move" className="text-xl font-bold text-slate-900">
                Pick another time
              </h2>
              <Form method="post" className="mt-4 flex flex-col gap-3">
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
                {result && !result.ok && result.freeSlots && (
                  <p className="text-sm text-slate-700">
                    Still free on {result.freeSlots.date}:{' '}
                    {result.freeSlots.slots.map(formatSlotTime).join(', ') || 'none'}
                  </p>
                )}
                <button type="submit" disabled={busy} className={`${button.primary} self-start`}>
                  Move my consultation
                </button>
              </Form>
            </section>
            <section aria-labelledby="booking-cancel" className={card}>
              <h2 id="booking-cancel" className="text-xl font-bold text-slate-900">
                Cancel
              </h2>
              <p className="mt-2 text-slate-700">
                Changes are possible until {dateTime.format(new Date(booking.changeUntil))} Central Time.
              </p>
              {result?.step === 'confirm-cancel' ? (
                <Form method="post" className="mt-4 flex flex-col gap-3" aria-labelledby="cancel-confirm">
                  <p id="cancel-confirm" className="font-semibold text-slate-900">
                    Cancel your consultation on {booking.dateLabel} at {formatSlotTime(booking.time)} Central
                    Time? The time is then free for others.
                  </p>
                  <input type="hidden" name="intent" value="cancel" />
                  <label htmlFor="cancel-reason" className="font-medium text-slate-800">
                    Reason (optional, sent to the consultant)
                  </label>
                  <textarea
                    id="cancel-reason"
                    name="reason"
                    rows={3}
                    maxLength={CANCEL_REASON_MAX}
                    defaultValue={result.reason}
                    aria-invalid={result.ok ? undefined : true}
                    aria-describedby={result.ok ? undefined : 'cancel-reason-error'}
                    className="rounded-md border border-slate-300 bg-white px-3 py-2"
                  />
                  {!result.ok && result.errors.reason && (
                    <p id="cancel-reason-error" className="text-sm text-red-700">
                      {result.errors.reason}
                    </p>
                  )}
                  <div className="flex flex-wrap gap-3">
                    <button type="submit" disabled={busy} className={button.primary}>
                      Confirm cancellation
                    </button>
                    {/* A plain link back: nothing was changed, so nothing is to be undone. */}
                    <a href={`/booking/${token}`} className={button.secondary}>
                      Keep my consultation
                    </a>
                  </div>
                </Form>
              ) : (
                <Form method="post" className="mt-4">
                  <input type="hidden" name="intent" value="cancel-ask" />
                  <button type="submit" disabled={busy} className={button.secondary}>
                    Cancel this consultation
                  </button>
                </Form>
              )}
            </section>
          </>
        ) : (
          <p className="text-slate-700">
            {booking.status === 'cancelled' || booking.status === 'completed'
              ? 'This consultation can no longer be changed.'
              : 'Online changes are closed for this consultation; please reply to your e-mail to change it.'}
          </p>
        )}
      </div>
    </main>
  )
}
