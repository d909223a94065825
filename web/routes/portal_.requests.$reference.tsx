// One request of the signed-in client (issue 24), e.g. /portal/requests/S-1025:
// its whole thread (the owner's replies and the client's messages; never the
// owner's notes) and a reply form; a consultation also shows its time (Central
// and the visitor's zone) with move and cancel, under the same rules as the
// signed manage link, in the same block (web/booking/ConsultationBlock.tsx).
// Another client's reference is a 404 like an unknown one.
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
import { formatBusinessDateTime } from '../../schema/business-time'
import { formConstraints } from '../../schema/form-constraints'
import { replyInput } from '../../schema/payloads'
import { contactView, orNotFound, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { ratingForms } from '../../worker/services/portal-ratings'
import { consultationChanges, portalRequestView, replyInThread } from '../../worker/services/portal-requests'
import { ConsultationBlock } from '../booking/ConsultationBlock'
import { consultationAction } from '../booking/consultation-action'
import { chooseDay } from '../booking/days'
import { consultationView } from '../booking/view'
import { button } from '../components/ui'
import { TextAreaInput } from '../forms/fields'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { longText, Outcome, PortalFrame, portalCard, portalHeading } from '../portal/ui'
import { RatingBlock } from '../ratings/RatingBlock'
import {
  RATING_INTENTS,
  type RatingActionResult,
  type RatingTarget,
  ratingAction,
} from '../ratings/rating-action'

export const handle = { private: true }

/**
 * The request's rating forms, for the signed-in contact's client. The session
 * is asked for when a form is used (without one, the sign-in form), as the
 * page's other forms ask for it.
 */
function ratingsOf(context: LoaderFunctionArgs['context']) {
  const forms = () => {
    const { db, env } = pageRequestOf(context)
    return ratingForms(db, env, portalContactOf(context).clientId)
  }
  return {
    view: (target: RatingTarget) => forms().view(target),
    rate: (target: RatingTarget, form: { rating: unknown; comment: unknown }) => forms().rate(target, form),
    comment: (target: RatingTarget, comment: unknown) => forms().comment(target, comment),
    quote: (target: RatingTarget, form: Record<string, unknown>) => forms().quote(target, form),
  }
}

export async function loader({ params, request: req, context }: LoaderFunctionArgs) {
  const contact = portalContactOf(context)
  const { db, env } = pageRequestOf(context)
  const request = await orNotFound(portalRequestView(db, env, contact, params.reference ?? ''))
  // A resolved or closed support request asks for a rating (issue 40); nothing to read for the others.
  const rating =
    request.kind === 'support' && !request.open
      ? await ratingsOf(context).view({ reference: params.reference ?? '' })
      : null
  // Rescheduling by day (issue 28), as on the manage link: ?day= names the day whose times are shown.
  const { booking, ...rest } = request
  const choice = booking ? chooseDay(booking, new URL(req.url).searchParams.get('day')) : null
  return data(
    {
      contact: contactView(contact),
      // Times formatted on the server (schema/business-time.ts): no formatter in the page's JavaScript.
      request: {
        ...rest,
        createdAt: formatBusinessDateTime(rest.createdAt),
        thread: rest.thread.map((m) => ({ ...m, at: formatBusinessDateTime(m.at) })),
      },
      view: booking && choice ? consultationView(booking, choice) : null,
      // The reply form's limits from replyInput, which the action checks (ADR 148).
      limits: formConstraints(replyInput),
      rating,
    },
    { status: choice?.status ?? 200 },
  )
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const reference = params.reference ?? ''
  const form = await request.formData()
  const rated = await ratingAction(form, ratingsOf(context), { reference })
  if (rated) {
    if (!rated.ok && rated.status === 404) throw data(null, { status: 404 })
    return data(rated, { status: rated.ok ? 200 : rated.status })
  }
  // Each change asks for the session when it is made (without one, the sign-in form and back).
  const { db, env, later } = pageRequestOf(context)
  const changes = () => consultationChanges(db, env, portalContactOf(context), reference, later)
  // Move and cancel: the same posts as the manage link, read by the same code.
  const change = await consultationAction(form, {
    checkCancellable: () => orNotFound(changes().checkCancellable()),
    cancel: (reason) => orNotFound(changes().cancel(reason)),
    move: (date, time) => orNotFound(changes().move(date, time)),
  })
  if (change)
    return data(
      { intent: 'consultation' as const, reason: '', ...change, body: '' },
      {
        status: change.ok ? 200 : 400,
      },
    )
  const body = String(form.get('body') ?? '')
  const result = await replyInThread(db, env, portalContactOf(context), reference, body, later)
  // A reference that is not the client's is a 404 here too.
  const status = result.ok ? 200 : Object.keys(result.errors).length ? 400 : 404
  if (status === 404) throw data(null, { status })
  return data(
    { intent: 'reply' as const, ...result, body: result.ok ? '' : body.slice(0, 20_000) },
    { status },
  )
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
  const { contact, request, view, limits, rating } = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const rated =
    posted && RATING_INTENTS.includes(posted.intent as 'rate') ? (posted as RatingActionResult) : undefined
  const result = rated ? undefined : (posted as Exclude<typeof posted, RatingActionResult>)
  const busy = useNavigation().state !== 'idle'
  return (
    <PortalFrame contact={contact} title={`${request.reference}: ${request.type}`}>
      {/* The cancel confirmation's question is asked in the block, not announced as an outcome. */}
      {!(result?.ok && 'step' in result) && <Outcome result={result} />}
      <section aria-labelledby="details" className={portalCard}>
        <h2 id="details" className={portalHeading}>
          Details
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
          {/* A consultation's status is the meeting block's, in the words of its mails and invitation. */}
          {!view && (
            <>
              <dt className="font-semibold">Status</dt>
              <dd>{request.statusLabel}</dd>
            </>
          )}
          <dt className="font-semibold">Sent</dt>
          <dd>{request.createdAt}</dd>
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
                  {m.author} · {m.at}
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
            {...limits.body}
            defaultValue={result?.intent === 'reply' ? result.body : ''}
            error={result?.intent === 'reply' && !result.ok ? result.errors.body : undefined}
          />
          <button type="submit" disabled={busy} className={button.primary}>
            Send reply
          </button>
        </Form>
      </section>

      {rating?.closed && (
        <div className={portalCard}>
          <RatingBlock view={rating} result={rated} />
        </div>
      )}

      {view && <ConsultationBlock view={view} result={result} title="Meeting" cardClass={portalCard} />}
    </PortalFrame>
  )
}
