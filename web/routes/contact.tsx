import { Link, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { CONTACT_COPY } from '../../schema/page-copy/contact'
import { telHref } from '../../schema/site-config'
import { CLAIMS } from '../../schema/site-copy'
import { ArrowRightIcon, CalendarIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../components/icons'
import { button, card, container, section, sectionTitle, textLink } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches, useSite } from '../lib/site'
import { siteServer } from '../lib/site-server'
import type { PageHandle } from '../root'

export async function loader({ context }: LoaderFunctionArgs) {
  return {
    copy: await context.get(siteServer).content(['contact.intro', 'contact.location', 'contact.hours']),
  }
}

// Nothing of this page runs in the browser: it is sent without scripts (ADR 170).
export const handle: PageHandle = { hydrate: false }

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Contact | Free 30-Minute Consultation',
    description:
      'Call, email or schedule a free 30-minute consultation. Response within 24 hours, Monday-Friday 9am-5pm CST, based in Southern Illinois.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/contact',
  })

const EXPECT_STEPS = [
  {
    title: 'A free 30-minute conversation',
    text: 'We talk through the problem, your budget and your timeline. No jargon and no obligation.',
  },
  {
    title: 'A clear written proposal',
    text: 'Within a few days you receive the scope, a fixed price and a schedule you can hold me to.',
  },
  {
    title: 'Working software, fast',
    text: `You see progress every week, and most projects go live in ${CLAIMS.launchTime}.`,
  },
  {
    title: 'Support after launch',
    text: 'Training for your team and ongoing support, so the new system keeps paying for itself.',
  },
]

export default function ContactPage() {
  const { copy } = useLoaderData<typeof loader>()
  const { config } = useSite()

  return (
    <main id="main" className="pt-16">
      <section className="bg-gradient-to-br from-slate-950 via-blue-950 to-slate-900 text-white">
        <div className={`${container} py-16 sm:py-20`}>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            {CONTACT_COPY.heroTitle}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200">{copy['contact.intro']}</p>
        </div>
      </section>

      <section aria-label="Ways to reach me" className={`${container} py-16`}>
        <ul className="grid gap-6 md:grid-cols-3">
          <li className={`${card} flex flex-col gap-3`}>
            <PhoneIcon className="h-8 w-8 text-blue-700" />
            <h2 className="text-xl font-bold text-slate-900">{CONTACT_COPY.phoneTitle}</h2>
            {config.contactPhone && (
              <a href={telHref(config.contactPhone)} className={`${textLink} text-lg`}>
                {config.contactPhone}
              </a>
            )}
            <p className="text-slate-700">{CLAIMS.businessHoursShort}</p>
          </li>
          <li className={`${card} flex flex-col gap-3`}>
            <MailIcon className="h-8 w-8 text-blue-700" />
            <h2 className="text-xl font-bold text-slate-900">{CONTACT_COPY.emailTitle}</h2>
            {config.contactEmail && (
              <a href={`mailto:${config.contactEmail}`} className={`${textLink} text-lg break-all`}>
                {config.contactEmail}
              </a>
            )}
            <p className="text-slate-700">{CLAIMS.responseTime}</p>
          </li>
          <li className={`${card} flex flex-col gap-3`}>
            <CalendarIcon className="h-8 w-8 text-blue-700" />
            <h2 className="text-xl font-bold text-slate-900">{CONTACT_COPY.scheduleTitle}</h2>
            <p className="text-slate-700">{CLAIMS.freeConsultation}, at a time that suits you.</p>
            <Link to="/schedule-consultation" className={`${button.primary} mt-auto`}>
              {CONTACT_COPY.scheduleButton}
            </Link>
          </li>
        </ul>
      </section>

      <section aria-labelledby="expect-title" className={`${section} bg-slate-50`}>
        <div className={container}>
          <h2 id="expect-title" className={sectionTitle}>
            {CONTACT_COPY.expectTitle}
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {EXPECT_STEPS.map((step, i) => (
              <li key={step.title} className={card}>
                <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-blue-700 font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-bold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-label="Location and business hours" className={section}>
        <div className={`${container} grid gap-6 md:grid-cols-2`}>
          <div className={`${card} flex items-start gap-4`}>
            <MapPinIcon className="h-8 w-8 shrink-0 text-blue-700" />
            <div>
              <h2 className="text-xl font-bold text-slate-900">{CONTACT_COPY.locationTitle}</h2>
              <p className="mt-2 text-slate-700">{copy['contact.location']}</p>
              <p className="mt-1 text-slate-700">On-site across the region, remote everywhere.</p>
            </div>
          </div>
          <div className={`${card} flex items-start gap-4`}>
            <ClockIcon className="h-8 w-8 shrink-0 text-blue-700" />
            <div>
              <h2 className="text-xl font-bold text-slate-900">{CONTACT_COPY.hoursTitle}</h2>
              <p className="mt-2 text-slate-700">{copy['contact.hours']}</p>
              <p className="mt-1 text-slate-700">{CLAIMS.responseTime}.</p>
            </div>
          </div>
        </div>
        <div className={`${container} mt-10 flex flex-col justify-center gap-3 sm:flex-row`}>
          <Link to="/portfolio-solutions" className={button.secondary}>
            {CONTACT_COPY.viewSolutions}
            <ArrowRightIcon className="h-5 w-5" />
          </Link>
          <Link to="/about" className={button.secondary}>
            {CONTACT_COPY.aboutMe}
          </Link>
        </div>
      </section>
    </main>
  )
}
