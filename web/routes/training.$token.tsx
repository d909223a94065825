// A person's HIPAA training (issue 55): /training/<token>, the personal link of
// the e-mail. No sign-in (the signed link names one assignment of one person),
// phone first, and a plain form: the content, then the quiz, work without
// JavaScript. A fail shows the score and the quiz again for a retry.
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router'
import { nestHeadings } from '../../schema/markdown'
import { pageRequestOf } from '../../worker/page-context'
import { submitTraining, trainingPageView } from '../../worker/services/training-page'
import { button, card, container } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'

export const handle = { private: true }

const INVALID_LINK = 'This training link is not valid or has expired. Ask your practice for a new one.'

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { db, env } = pageRequestOf(context)
  const view = await trainingPageView(db, env, params.token ?? '')
  return data({ view }, { status: view ? 200 : 404 })
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const { db, env } = pageRequestOf(context)
  const token = params.token ?? ''
  const view = await trainingPageView(db, env, token)
  if (!view) return data({ ok: false as const, message: INVALID_LINK, errors: {} }, { status: 404 })
  const answers = view.questions.map((_, i) => {
    const raw = form.get(`q${i}`)
    return raw === null || raw === '' || !/^\d{1,2}$/.test(String(raw)) ? null : Number(raw)
  })
  const result = await submitTraining(db, env, token, answers)
  return data(result, { status: result.ok ? 200 : result.status })
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Your training',
    description: 'Read the page, then answer the short quiz.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/training',
    noindex: true,
  })

export default function TrainingPage() {
  const { view } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const errors: Record<string, string> = result && !result.ok ? result.errors : {}
  const passedNow = result?.ok && 'passed' in result && result.passed
  return (
    <main id="main" className="bg-slate-50 pt-16">
      <div className={`${container} max-w-3xl py-8 sm:py-12`}>
        {view ? (
          <>
            <p className="text-sm text-slate-600">{`${view.clientName} · for ${view.personName}`}</p>
            <h1 className="mt-1 break-words text-3xl font-bold text-slate-900">{view.title}</h1>
            <p className="mt-2 text-slate-700">{`Due ${view.due}. Pass mark ${view.passPercent}%.`}</p>
            {result ? (
              <p
                role={result.ok && passedNow ? 'status' : 'alert'}
                data-testid="training-result"
                className={`mt-4 rounded-lg border px-4 py-3 font-medium ${
                  passedNow
                    ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
                    : 'border-red-300 bg-red-50 text-red-800'
                }`}
              >
                {result.message}
              </p>
            ) : null}
            {view.passed || passedNow ? (
              <p
                role="status"
                className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900"
              >
                {view.passed ?? 'Your training is recorded. You can close this page.'}
              </p>
            ) : null}
            <article
              className={`${card} prose-content mt-6 break-words text-slate-800 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-3`}
              // The server renders the owner's Markdown with raw HTML escaped (schema/markdown.ts).
              dangerouslySetInnerHTML={{ __html: nestHeadings(view.bodyHtml, 2) }}
            />
            {view.passed || passedNow ? null : (
              <Form method="post" className={`${card} mt-6 flex flex-col gap-6`} aria-labelledby="quiz">
                <h2 id="quiz" className="text-xl font-bold text-slate-900">
                  Quiz
                </h2>
                {view.questions.map((q, i) => (
                  <fieldset
                    key={q.prompt}
                    className="flex flex-col gap-2"
                    aria-describedby={errors[`q${i}`] ? `q${i}-error` : undefined}
                  >
                    <legend className="break-words font-semibold text-slate-900">{`${i + 1}. ${q.prompt}`}</legend>
                    {errors[`q${i}`] ? (
                      <p id={`q${i}-error`} className="text-sm font-medium text-red-700">
                        {errors[`q${i}`]}
                      </p>
                    ) : null}
                    {q.choices.map((choice, j) => (
                      <label
                        key={choice}
                        className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2 text-slate-800 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50"
                      >
                        <input
                          type="radio"
                          name={`q${i}`}
                          value={j}
                          required
                          className="mt-1 size-4 shrink-0"
                        />
                        <span className="break-words">{choice}</span>
                      </label>
                    ))}
                  </fieldset>
                ))}
                <button type="submit" className={`${button.primary} self-start`}>
                  Send my answers
                </button>
              </Form>
            )}
          </>
        ) : (
          <>
            <h1 className="text-3xl font-bold text-slate-900">Your training</h1>
            <p role="alert" className="mt-4 text-slate-700">
              {INVALID_LINK}
            </p>
          </>
        )}
      </div>
    </main>
  )
}
