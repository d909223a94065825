// The contact's own testimonials (issue 40, ADR 160): what they allowed us to
// quote, its state, and Withdraw, which takes it off the website at once. A
// plain form per testimonial: works without JavaScript.
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
import { ownTestimonials, withdrawOwnTestimonial } from '../../worker/services/portal-ratings'
import { button } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { longText, Outcome, PortalFrame, portalCard, portalHeading } from '../portal/ui'

export const handle = { private: true }

export async function loader({ context }: LoaderFunctionArgs) {
  const contact = portalContactOf(context)
  const testimonials = await ownTestimonials(pageRequestOf(context).db, contact.email)
  return { contact: contactView(contact), testimonials }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const contact = portalContactOf(context)
  const result = await withdrawOwnTestimonial(
    pageRequestOf(context).db,
    contact.email,
    String(form.get('id') ?? ''),
  )
  if (!result.ok && result.status === 404) throw data(null, { status: 404 })
  return data(result.ok ? result : { ...result, errors: result.errors }, {
    status: result.ok ? 200 : result.status,
  })
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Testimonials',
    description: 'The words you allowed us to quote.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalTestimonialsPage() {
  const { contact, testimonials } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <PortalFrame contact={contact} title="Testimonials">
      <Outcome result={result} />
      <section aria-labelledby="list" className={portalCard}>
        <h2 id="list" className={portalHeading}>
          Your testimonials
        </h2>
        {testimonials.length ? (
          <ul className="mt-3 flex flex-col gap-3">
            {testimonials.map((t) => (
              <li key={t.id} className="rounded-lg border border-slate-200 p-3">
                <blockquote className={`whitespace-pre-line text-slate-800 ${longText}`}>
                  “{t.quote}”
                </blockquote>
                <p className={`mt-1 text-sm text-slate-700 ${longText}`}>
                  {t.displayName}, {t.practiceName} · {t.requestReference} · given {t.consentedAt} ·{' '}
                  <strong>{t.statusLabel}</strong>
                </p>
                {t.status !== 'withdrawn' && (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="id" value={t.id} />
                    <button type="submit" className={button.secondary}>
                      Withdraw
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">
            You have not given us a testimonial. After a good rating of a request we may ask.
          </p>
        )}
      </section>
    </PortalFrame>
  )
}
