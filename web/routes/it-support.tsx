import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import {
  Link,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
  useSearchParams,
} from 'react-router'
import { formConstraints } from '../../schema/form-constraints'
import { IT_SUPPORT_COPY } from '../../schema/page-copy/it-support'
import { supportRequestInput } from '../../schema/payloads'
import { CLAIMS } from '../../schema/site-copy'
import { TRUST_COPY } from '../../schema/trust-copy'
import { ChatbotDemo } from '../components/ChatbotDemo'
import { CheckIcon, GaugeIcon, ShieldIcon, WrenchIcon } from '../components/icons'
import { CheckCard, CtaSection, IconCard, TitledSection } from '../components/sections'
import { button, container, section, sectionTitle } from '../components/ui'
import { requestFormAction } from '../forms/action'
import { type FormOutcome, formOutcome } from '../forms/outcome'
import { isBooted } from '../insights/beacon'
import { pageMeta } from '../lib/meta'
import { onReach, useReach } from '../lib/on-reach'
import { keepDataOnQueryChange } from '../lib/revalidate'
import { siteFromMatches, useSite } from '../lib/site'
import { formUnreadable, siteServer } from '../lib/site-server'

export async function loader({ context, request }: LoaderFunctionArgs) {
  return {
    // "Request our BAA" on /trust opens the form with ?topic=baa: the request is written in by the server,
    // so it works without JavaScript; only this fixed text, never text from the address.
    prefill: new URL(request.url).searchParams.get('topic') === 'baa' ? TRUST_COPY.baaRequest : undefined,
    copy: await context.get(siteServer).content(['it-support.intro']),
    formUnreadable: context.get(formUnreadable),
    // The form's limits from the schema the intake checks it with, read here on
    // the server so the browser loads no Zod for them (ADR 148).
    limits: formConstraints(supportRequestInput),
  }
}

export const action = requestFormAction('support', (values) => values)

// Opening and closing the form changes only the query string.
export const shouldRevalidate = keepDataOnQueryChange

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'IT Support | Security, Optimisation & Custom Solutions',
    description:
      'Professional IT support for small businesses and healthcare practices: security, system optimisation and custom solutions. Request support online.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/it-support',
  })

// The form is a state of the page that most views never open, so its code (the
// form and what both request forms share, about 4.5 KB gzip) is fetched when the
// form is opened, or as soon as a visitor points at or focuses a link that opens
// it, not with every view of the page (ADR 068). The server renders the form in
// full either way (entry.server.tsx waits for everything), so it works before
// and without JavaScript like the rest of the page. A page opened with the form
// shown (its address, /trust's BAA request) fetches it when the visitor reaches
// for the form, like the consultation form (web/lib/on-reach.ts, ADR 170).
const formCode = onReach()
const loadForm = () => import('../forms/SupportRequestForm')
const SupportRequestForm = lazy(() =>
  formCode.wanted.then(loadForm).then((m) => ({ default: m.SupportRequestForm })),
)
const preload = () => {
  formCode.want()
  void loadForm()
}
const preloadForm = { onPointerEnter: preload, onFocus: preload, onTouchStart: preload }

/** The form is a state of the page with its own address, so it opens without JavaScript too. */
const FORM_PARAM = 'form'
const FORM_HREF = `/it-support?${FORM_PARAM}=support`

const SERVICES = [
  {
    title: 'Security',
    text: 'Firewalls, backups, password policies and HIPAA risk reviews that keep patient and business data safe.',
    points: ['Security audits', 'Backup and recovery', 'HIPAA safeguards'],
    Icon: ShieldIcon,
  },
  {
    title: 'System Optimisation',
    text: 'Slow computers, unreliable Wi-Fi and printers that never work: fixed, tuned and documented.',
    points: ['Network setup', 'Performance tuning', 'Hardware upgrades'],
    Icon: GaugeIcon,
  },
  {
    title: 'Custom Solutions',
    text: 'When off-the-shelf software does not fit, I build or connect the tools your office needs.',
    points: ['Workflow automation', 'System integration', 'Data migration'],
    Icon: WrenchIcon,
  },
]

const REASONS = [
  `${CLAIMS.responseTime} on business days, and same-day help for emergencies.`,
  'Healthcare experience: I understand clinical workflows and HIPAA obligations.',
  'Plain-English explanations and documentation you can keep.',
  `Local to ${CLAIMS.location}, with remote support wherever you are.`,
]

export default function ItSupportPage() {
  const { copy, formUnreadable, limits, prefill } = useLoaderData<typeof loader>()
  const outcome = formOutcome(useActionData<FormOutcome>(), formUnreadable)
  const { config } = useSite()
  const [params] = useSearchParams()
  const showForm = params.get(FORM_PARAM) === 'support' || outcome !== undefined
  // The form came with the page (by its address, not answering a post) and the page is hydrating:
  // it waits to be reached for. Any other form is wanted at once.
  const [formCameWithPage] = useState(() => !isBooted() && showForm && outcome === undefined)
  if (!formCameWithPage) formCode.want()
  const formArea = useRef<HTMLDivElement>(null)
  useReach(formArea, formCode)
  const formHeading = useRef<HTMLHeadingElement>(null)
  const requestButton = useRef<HTMLAnchorElement>(null)
  const firstRender = useRef(true)

  // The link that was followed disappears when the view switches: move focus
  // to what replaced it, so keyboard users are not dropped at the page start.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    if (showForm) formHeading.current?.focus({ preventScroll: true })
    else requestButton.current?.focus({ preventScroll: true })
  }, [showForm])

  return (
    <main id="main" className="pt-16">
      <section className="bg-gradient-to-br from-slate-950 via-blue-950 to-slate-900 text-white">
        <div className={`${container} py-16 sm:py-20`}>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            {IT_SUPPORT_COPY.heroTitle}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200">{copy['it-support.intro']}</p>
          {!showForm && (
            <Link
              ref={requestButton}
              to={FORM_HREF}
              preventScrollReset
              {...preloadForm}
              className={`mt-8 ${button.light}`}
            >
              {IT_SUPPORT_COPY.requestSupportNow}
            </Link>
          )}
        </div>
      </section>

      {showForm ? (
        <section aria-labelledby="support-form-title" className={section}>
          <div className={`${container} max-w-3xl`}>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <h2
                id="support-form-title"
                ref={formHeading}
                tabIndex={-1}
                className={`${sectionTitle} rounded outline-none focus-visible:ring-2 focus-visible:ring-blue-700`}
              >
                {IT_SUPPORT_COPY.formTitle}
              </h2>
              <Link to="/it-support" preventScrollReset className={button.secondary}>
                {IT_SUPPORT_COPY.backToServices}
              </Link>
            </div>
            <div ref={formArea} className="mt-8">
              {/* While the form's code loads after a click, its space is kept. */}
              <Suspense fallback={<div className="min-h-[56rem]" />}>
                <SupportRequestForm
                  shownWithPage={formCameWithPage}
                  outcome={outcome}
                  limits={limits}
                  prefill={prefill}
                  done={
                    <Link to="/it-support" className={button.secondary}>
                      {IT_SUPPORT_COPY.backToServices}
                    </Link>
                  }
                />
              </Suspense>
            </div>
          </div>
        </section>
      ) : (
        <>
          <TitledSection headingId="services-title" title={IT_SUPPORT_COPY.servicesTitle}>
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {SERVICES.map(({ title, text, points, Icon }) => (
                <IconCard key={title} Icon={Icon} title={title} text={text} boxed>
                  <ul className="mt-4 flex flex-col gap-1.5 text-sm text-slate-700">
                    {points.map((point) => (
                      <li key={point} className="flex items-center gap-2">
                        <CheckIcon className="h-4 w-4 shrink-0 text-emerald-700" />
                        {point}
                      </li>
                    ))}
                  </ul>
                </IconCard>
              ))}
            </ul>
          </TitledSection>

          <TitledSection headingId="why-title" title={IT_SUPPORT_COPY.whyTitle} muted>
            <ul className="mt-10 grid gap-4 md:grid-cols-2">
              {REASONS.map((reason) => (
                <CheckCard key={reason}>{reason}</CheckCard>
              ))}
            </ul>
          </TitledSection>
        </>
      )}

      <section aria-labelledby="demo-title" className={section}>
        <div className={container}>
          <h2 id="demo-title" className={sectionTitle}>
            {IT_SUPPORT_COPY.demoTitle}
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">
            Try an AI assistant I built: it answers questions from a live database, the same way it could
            answer your customers or staff.
          </p>
          <div className="mt-8">
            <ChatbotDemo url={config.chatbotDemoUrl} />
          </div>
        </div>
      </section>

      <CtaSection
        headingId="support-cta"
        title={IT_SUPPORT_COPY.ctaTitle}
        text="Describe the problem and I will get back to you within 24 hours, or sooner for emergencies."
      >
        {/* Opens the form at the top of the page (a navigation scrolls to the top). */}
        <Link to={FORM_HREF} {...preloadForm} className={button.light}>
          {IT_SUPPORT_COPY.submitSupportRequest}
        </Link>
        <Link to="/#contact" className={button.outlineLight}>
          {IT_SUPPORT_COPY.contactMeDirectly}
        </Link>
      </CtaSection>
    </main>
  )
}
