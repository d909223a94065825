// The rating, its optional comment and "May we quote you?" (issue 40, ADR 160):
// plain forms posted to the page they are on, so they work without JavaScript.
// Used by /rate/<token> (from the e-mail) and the portal's request page.
import { Form } from 'react-router'
import {
  RATING_COMMENT_MAX,
  RATING_LABELS,
  RATINGS,
  TESTIMONIAL_NAME_MAX,
  TESTIMONIAL_QUOTE_MAX,
} from '../../schema/ratings'
import { button } from '../components/ui'
import { TextAreaInput, TextInput } from '../forms/fields'
import type { RatingActionResult, RatingPageView } from './rating-action'

const RATING_OPTIONS = RATINGS.map((value) => ({ value, label: RATING_LABELS[value] }))

export function RatingBlock({
  view,
  result,
  chosen,
  headingLevel = 2,
}: {
  view: RatingPageView
  result: RatingActionResult | undefined
  /** The answer the e-mail's link named, chosen in advance. */
  chosen?: string | null
  headingLevel?: 2 | 3
}) {
  const H = `h${headingLevel}` as const
  const errors = result && !result.ok ? result.errors : {}
  const kept = (intent: RatingActionResult['intent'], key: string) =>
    result && !result.ok && result.intent === intent ? result.values[key] : undefined
  if (!view.closed) return null
  return (
    <section aria-labelledby="rating-heading" className="flex flex-col gap-4">
      <H id="rating-heading" className="text-xl font-bold text-slate-900">
        How did we do?
      </H>
      {result && (
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
      {view.rating === null ? (
        <Form method="post" noValidate className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="rate" />
          <fieldset>
            <legend className="font-semibold text-slate-900">Your rating of {view.reference}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {RATING_OPTIONS.map((o) => (
                <label
                  key={o.value}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50"
                >
                  <input
                    type="radio"
                    name="rating"
                    value={o.value}
                    defaultChecked={(kept('rate', 'rating') ?? chosen) === o.value}
                    className="h-4 w-4 accent-blue-700"
                  />
                  {o.label}
                </label>
              ))}
            </div>
            {errors.rating && (
              <p id="rating-error" className="mt-1 text-sm font-medium text-red-700">
                {errors.rating}
              </p>
            )}
          </fieldset>
          <TextAreaInput
            name="comment"
            label="A comment (optional)"
            maxLength={RATING_COMMENT_MAX}
            defaultValue={kept('rate', 'comment') ?? ''}
            error={result?.intent === 'rate' ? errors.comment : undefined}
          />
          <button type="submit" className={button.primary}>
            Send rating
          </button>
        </Form>
      ) : (
        <p className="text-slate-800">
          Your rating: <strong>{RATING_LABELS[view.rating]}</strong>
          {view.comment ? ` · “${view.comment}”` : ''}
        </p>
      )}
      {view.rating !== null && view.comment === null && (
        <Form method="post" noValidate className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="comment" />
          <TextAreaInput
            name="comment"
            label="Anything you would like to add? (optional)"
            maxLength={RATING_COMMENT_MAX}
            defaultValue={kept('comment', 'comment') ?? ''}
            error={result?.intent === 'comment' ? errors.comment : undefined}
          />
          <button type="submit" className={button.secondary}>
            Add comment
          </button>
        </Form>
      )}
      {view.mayQuote && (
        <Form method="post" noValidate className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
          <input type="hidden" name="intent" value="quote" />
          <H className="text-lg font-semibold text-slate-900">May we quote you?</H>
          <p className="text-slate-700">
            A few words about working with us, shown on this website once we have read them.
          </p>
          <TextAreaInput
            name="quote"
            label="Your words"
            required
            maxLength={TESTIMONIAL_QUOTE_MAX}
            defaultValue={kept('quote', 'quote') ?? ''}
            error={result?.intent === 'quote' ? errors.quote : undefined}
          />
          <TextInput
            name="displayName"
            label="Your name as it should appear (or your initials)"
            required
            maxLength={TESTIMONIAL_NAME_MAX}
            defaultValue={kept('quote', 'displayName') ?? ''}
            error={result?.intent === 'quote' ? errors.displayName : undefined}
          />
          <TextInput
            name="practiceName"
            label="Practice name"
            required
            maxLength={TESTIMONIAL_NAME_MAX}
            defaultValue={kept('quote', 'practiceName') ?? ''}
            error={result?.intent === 'quote' ? errors.practiceName : undefined}
          />
          <label className="flex items-start gap-3 text-slate-800">
            <input
              type="checkbox"
              name="consent"
              value="yes"
              defaultChecked={kept('quote', 'consent') === 'yes'}
              aria-describedby="consent-error"
              className="mt-1 h-4 w-4 shrink-0 accent-blue-700"
            />
            <span>{view.consentWording}</span>
          </label>
          <p id="consent-error" className="min-h-5 text-sm font-medium text-red-700">
            {result?.intent === 'quote' ? errors.consent : undefined}
          </p>
          <button type="submit" className={button.primary}>
            Send
          </button>
        </Form>
      )}
    </section>
  )
}
