// The visitor's own booking, reached only through the signed, expiring link in
// their e-mails (issue 17; docs/decisions/060-booking-links.md): it shows that
// one request and lets them cancel it or move it to another free slot up to
// the cut-off. Plain forms posted to this page, so it works without JavaScript.
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { REQUEST_FORM_ERRORS } from '../../schema/request-form-copy'
import { ConsultationBlock } from '../booking/ConsultationBlock'
import { type ConsultationResult, consultationAction } from '../booking/consultation-action'
import { chooseDay } from '../booking/days'
import { consultationView } from '../booking/view'
import { card, container } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { formUnreadable, siteServer } from '../lib/site-server'

export const handle = { private: true }

const INVALID_LINK = 'This link is not valid or has expired.'

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const booking = await context.get(siteServer).booking(params.token ?? '')
  // The same answer for a forged, altered or expired link: nothing to learn from it.
  if (!booking) return data({ view: null, formUnreadable: false }, { status: 404 })
  // Rescheduling by day (issue 28): ?day= names the day whose times are shown.
  const choice = chooseDay(booking, new URL(request.url).searchParams.get('day'))
  return data(
    { view: consultationView(booking, choice), formUnreadable: context.get(formUnreadable) },
    { status: choice.status },
  )
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const server = context.get(siteServer)
  const token = params.token ?? ''
  const result: ConsultationResult = (await consultationAction(await request.formData(), {
    checkCancellable: () => server.checkCancellable(token),
    cancel: (reason) => server.cancelBooking(token, reason),
    move: (date, time) => server.rescheduleBooking(token, date, time),
  })) ?? { ok: false, message: 'Choose what to do.', errors: {} }
  return data({ reason: '', ...result }, { status: result.ok ? 200 : 400 })
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Your consultation',
    description: 'See, cancel or move your consultation.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/booking',
    noindex: true,
  })

export default function BookingPage() {
  const { view, formUnreadable } = useLoaderData<typeof loader>()
  // A post that could not be read as a form (worker/page-forms.ts) is said above the forms.
  const result: ConsultationResult | undefined =
    useActionData<typeof action>() ??
    (formUnreadable ? { ok: false, message: REQUEST_FORM_ERRORS.formUnreadable, errors: {} } : undefined)

  if (!view) {
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
        <ConsultationBlock view={view} result={result} title="Details" cardClass={card} />
      </div>
    </main>
  )
}
