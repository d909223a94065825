// The rating page the e-mail's links open (issue 40, ADR 160): /rate/<token>?rating=good.
// The GET only shows the choice (a link scanner that fetches every link records
// nothing); "Send rating" posts it. No sign-in: the signed link is the key.
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { pageRequestOf } from '../../worker/page-context'
import { ratingForms } from '../../worker/services/portal-ratings'
import { card, container } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { RatingBlock } from '../ratings/RatingBlock'
import { ratingAction } from '../ratings/rating-action'

export const handle = { private: true }

const INVALID_LINK = 'This rating link is not valid or has expired.'

/** The e-mail's link names the request by its token alone: no session, no client. */
const formsOf = (context: LoaderFunctionArgs['context']) => {
  const { db, env } = pageRequestOf(context)
  return ratingForms(db, env, null)
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const view = await formsOf(context).view({ token: params.token ?? '' })
  const chosen = new URL(request.url).searchParams.get('rating')
  return data({ view, chosen }, { status: view ? 200 : 404 })
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const result = await ratingAction(await request.formData(), formsOf(context), {
    token: params.token ?? '',
  })
  if (!result) return data(undefined, { status: 400 })
  return data(result, { status: result.ok ? 200 : result.status })
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Rate our help',
    description: 'Tell us how we did.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/rate',
    noindex: true,
  })

export default function RatePage() {
  const { view, chosen } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() ?? undefined
  return (
    <main id="main" className="bg-slate-50 pt-16">
      <div className={`${container} py-12`}>
        <h1 className="text-3xl font-bold text-slate-900">Rate our help</h1>
        {view ? (
          <div className={`${card} mt-6 max-w-2xl`}>
            <RatingBlock view={view} result={result} chosen={chosen} />
          </div>
        ) : (
          <p role="alert" className="mt-4 text-slate-700">
            {INVALID_LINK}
          </p>
        )}
      </div>
    </main>
  )
}
