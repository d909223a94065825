// The content editor's testimonials (issue 40): each with the consent as it
// was given (wording and date); Approve puts it on the home page and /about,
// Reject takes it off. A withdrawn one is shown as such and cannot change.
import { useMutation, useQuery } from 'urql'
import { AdminButton, formatDate, ListState, Section } from '../ui'
import { REVIEW_TESTIMONIAL, TESTIMONIALS_QUERY } from './queries'

const STATUS_WORDS: Record<string, string> = {
  PENDING: 'Waiting for approval',
  APPROVED: 'Approved (shown on the website)',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Consent withdrawn',
}

export function TestimonialsReview() {
  const [{ data, fetching, error }] = useQuery({ query: TESTIMONIALS_QUERY })
  const [review, decide] = useMutation(REVIEW_TESTIMONIAL)
  const items = data?.testimonials ?? []
  const act = (id: string, decision: 'APPROVED' | 'REJECTED') =>
    decide({ id, decision }, { additionalTypenames: ['Testimonial'] })
  return (
    <Section title="Testimonials">
      {review.error && (
        <p role="alert" className="mb-3 text-sm text-red-800">
          {review.error.graphQLErrors[0]?.message ?? 'Could not save the decision.'}
        </p>
      )}
      <ListState
        loading={fetching && !data}
        error={data ? undefined : error}
        empty={items.length === 0}
        emptyText="No testimonials yet. They are offered after a good rating."
      >
        <ul aria-label="Testimonials" className="divide-y divide-slate-200">
          {items.map((t) => (
            <li key={t.id} className="flex flex-col gap-2 py-3 text-sm">
              <blockquote className="break-words whitespace-pre-line text-slate-900">“{t.quote}”</blockquote>
              <p className="break-words text-slate-700">
                {t.displayName}, {t.practiceName} · {t.requestReference} · {t.email}
              </p>
              <p className="text-slate-600">
                Consent given {formatDate(t.consentedAt)}: “{t.consentWording}”
              </p>
              <p className="font-medium text-slate-800">{STATUS_WORDS[t.status] ?? t.status}</p>
              {t.status !== 'WITHDRAWN' && (
                <div className="flex flex-wrap gap-2">
                  {t.status !== 'APPROVED' && (
                    <AdminButton
                      onPress={() => act(t.id, 'APPROVED')}
                      isDisabled={review.fetching}
                      aria-label={`Approve the testimonial of ${t.displayName}`}
                    >
                      Approve
                    </AdminButton>
                  )}
                  {t.status !== 'REJECTED' && (
                    <AdminButton
                      variant="secondary"
                      onPress={() => act(t.id, 'REJECTED')}
                      isDisabled={review.fetching}
                      aria-label={`Reject the testimonial of ${t.displayName}`}
                    >
                      Reject
                    </AdminButton>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      </ListState>
    </Section>
  )
}
