import { lazy, Suspense, useRef, useState } from 'react'
import { type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router'
import { formConstraints } from '../../schema/form-constraints'
import { SCHEDULE_COPY } from '../../schema/page-copy/schedule'
import { consultationInput } from '../../schema/payloads'
import { telHref } from '../../schema/site-config'
import { CLAIMS } from '../../schema/site-copy'
import { CheckIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../components/icons'
import { card, container, textLink } from '../components/ui'
import { requestFormAction } from '../forms/action'
import { consultationPayload } from '../forms/consultation-payload'
import { type FormOutcome, formOutcome } from '../forms/outcome'
import { isBooted } from '../insights/beacon'
import { pageMeta } from '../lib/meta'
import { onReach, useReach } from '../lib/on-reach'
import { siteFromMatches, useSite } from '../lib/site'
import { formUnreadable, siteServer } from '../lib/site-server'

export async function loader({ context }: LoaderFunctionArgs) {
  const server = context.get(siteServer)
  const [copy, availability] = await Promise.all([
    server.content(['schedule.intro', 'contact.location', 'contact.hours']),
    server.availability(),
  ])
  // The form's limits from the schema the intake checks it with, read here on
  // the server so the browser loads no Zod for them (ADR 148).
  return {
    copy,
    availability,
    formUnreadable: context.get(formUnreadable),
    limits: formConstraints(consultationInput),
  }
}

export const action = requestFormAction('consultation', consultationPayload)

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Schedule a Free Consultation',
    description:
      'Book a free 30-minute consultation about your software or IT project. Most projects go live in 3-6 weeks.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/schedule-consultation',
  })

const EXPECT = [
  `${CLAIMS.freeConsultation}, by phone or video.`,
  'An honest assessment of whether custom software is worth it for you.',
  `A written proposal with a fixed price; most projects go live in ${CLAIMS.launchTime}.`,
  'No obligation and no sales pressure.',
]

// The form's code (the form, its fields, the submit logic and the slot times: about 5 KB gzip)
// comes when the visitor reaches for the form (web/lib/on-reach.ts, ADR 170), or at once when
// there is no server HTML to keep (a client-side navigation) or the page answers a post (its
// messages and focus are the form's).
const formCode = onReach()
const ConsultationForm = lazy(() =>
  formCode.wanted
    .then(() => import('../forms/ConsultationForm'))
    .then((m) => ({ default: m.ConsultationForm })),
)

export default function SchedulePage() {
  const { copy, availability, formUnreadable, limits } = useLoaderData<typeof loader>()
  const outcome = formOutcome(useActionData<FormOutcome>(), formUnreadable)
  const { config } = useSite()
  // Rendered by the initial hydration (the page has not booted yet), or after a navigation.
  const [hydrating] = useState(() => !isBooted())
  if (!hydrating || outcome !== undefined) formCode.want()
  const formCard = useRef<HTMLDivElement>(null)
  useReach(formCard, formCode)

  return (
    <main id="main" className="bg-slate-50 pt-16">
      <div className={`${container} py-12 sm:py-16`}>
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          {SCHEDULE_COPY.heading}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-700">{copy['schedule.intro']}</p>

        <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
          {/* The form renders its three sections: personal information, project details, preferred meeting time. */}
          <div ref={formCard} className={`${card} min-w-0 p-6 sm:p-8`}>
            {/* Shown only while the code loads after a client-side navigation: the form's space is kept. */}
            <Suspense fallback={<div className="min-h-[80rem]" />}>
              <ConsultationForm
                outcome={outcome}
                availability={availability}
                limits={limits}
                shownWithPage={hydrating}
              />
            </Suspense>
          </div>

          <aside aria-label="Consultation details" className="flex min-w-0 flex-col gap-6">
            <section aria-labelledby="expect-title" className={card}>
              <h2 id="expect-title" className="text-xl font-bold text-slate-900">
                {SCHEDULE_COPY.expectTitle}
              </h2>
              <ul className="mt-4 flex flex-col gap-3">
                {EXPECT.map((item) => (
                  <li key={item} className="flex items-start gap-2 text-slate-700">
                    <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
                    {item}
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="contact-info-title" className={card}>
              <h2 id="contact-info-title" className="text-xl font-bold text-slate-900">
                {SCHEDULE_COPY.contactTitle}
              </h2>
              <ul className="mt-4 flex flex-col gap-3 text-slate-700">
                {config.contactPhone && (
                  <li className="flex items-center gap-3">
                    <PhoneIcon className="h-5 w-5 shrink-0 text-blue-700" />
                    <a href={telHref(config.contactPhone)} className={textLink}>
                      {config.contactPhone}
                    </a>
                  </li>
                )}
                {config.contactEmail && (
                  <li className="flex items-center gap-3">
                    <MailIcon className="h-5 w-5 shrink-0 text-blue-700" />
                    <a href={`mailto:${config.contactEmail}`} className={`${textLink} break-all`}>
                      {config.contactEmail}
                    </a>
                  </li>
                )}
                <li className="flex items-center gap-3">
                  <ClockIcon className="h-5 w-5 shrink-0 text-blue-700" />
                  {copy['contact.hours']}
                </li>
                <li className="flex items-center gap-3">
                  <MapPinIcon className="h-5 w-5 shrink-0 text-blue-700" />
                  {copy['contact.location']}
                </li>
              </ul>
              <p className="mt-4 text-sm text-slate-700">{CLAIMS.responseTime}.</p>
            </section>
          </aside>
        </div>
      </div>
    </main>
  )
}
