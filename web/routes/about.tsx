import { Link, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { ABOUT_COPY } from '../../schema/page-copy/about'
import { CLAIMS, RESUME_DOWNLOAD_URL } from '../../schema/site-copy'
import {
  AppleIcon,
  BriefcaseIcon,
  ClockIcon,
  DownloadIcon,
  GaugeIcon,
  HeartPulseIcon,
  MailIcon,
  PhoneIcon,
  ShieldIcon,
} from '../components/icons'
import { CheckCard, CtaSection, IconCard, TitledSection } from '../components/sections'
import { Testimonials } from '../components/Testimonials'
import { button, card, container, lead, section, sectionTitle } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches, useSite } from '../lib/site'
import { type PublicSkill, siteServer } from '../lib/site-server'
import { cardImage } from '../lib/solutions'
import type { PageHandle } from '../root'

export async function loader({ context }: LoaderFunctionArgs) {
  const site = context.get(siteServer)
  const [copy, skills, testimonials] = await Promise.all([
    site.content(['about.intro', 'about.healthcare', 'about.photo', 'about.cta']),
    site.skills(),
    site.testimonials(),
  ])
  return { copy, skillGroups: groupSkills(skills), testimonials }
}

// Nothing of this page runs in the browser: it is sent without scripts (ADR 170).
export const handle: PageHandle = { hydrate: false }

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'About | From Paramedic to Software Developer',
    description:
      'A former paramedic who builds healthcare technology, business solutions and Apple apps that fit the way your team really works.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/about',
  })

const SPECIALISATIONS = [
  {
    title: 'Healthcare Technology',
    text: 'Patient intake, clinical documentation, scheduling and compliance tools that respect how care is really delivered. HIPAA compliant by design.',
    Icon: HeartPulseIcon,
  },
  {
    title: 'Business Solutions',
    text: 'Custom systems for scheduling, inventory, point of sale and reporting that replace spreadsheets and save 20+ hours weekly.',
    Icon: BriefcaseIcon,
  },
  {
    title: 'Apple Development',
    text: 'Apple-certified development of iPhone, iPad and Mac apps with SwiftUI, plus setup and support for Apple devices in your office.',
    Icon: AppleIcon,
  },
]

const HEALTHCARE_POINTS = [
  'I have charted patient care under pressure, so I design screens for speed and accuracy.',
  'Privacy is not an afterthought: access control, audit logs and encryption come first.',
  'I speak both languages, clinical and technical, so nothing gets lost in translation.',
]

const BENEFITS = [
  {
    title: 'Fast Implementation',
    text: `Most projects go live in ${CLAIMS.launchTime}, with working software to try every week.`,
    Icon: ClockIcon,
  },
  {
    title: 'Measurable Savings',
    text: `Clients typically cut costs by ${CLAIMS.costReduction} and see a return on investment in ${CLAIMS.roi}.`,
    Icon: GaugeIcon,
  },
  {
    title: 'Direct Communication',
    text: 'You work with me, not an account manager. Every message gets a response within 24 hours.',
    Icon: PhoneIcon,
  },
  {
    title: 'Secure by Default',
    text: 'HIPAA-compliant practices, encrypted data and regular backups in everything I build.',
    Icon: ShieldIcon,
  },
]

/** Skills grouped by their category, categories in first-seen order (the API sorts them). */
function groupSkills(skills: readonly PublicSkill[]) {
  const groups = new Map<string, string[]>()
  for (const skill of skills) groups.set(skill.category, [...(groups.get(skill.category) ?? []), skill.name])
  return [...groups]
}

export default function AboutPage() {
  const { copy, skillGroups: groups, testimonials } = useLoaderData<typeof loader>()
  const { config, hasResume } = useSite()
  // An http(s) URL or an image uploaded to the site (/media/...), as the content editor accepts.
  const photo = cardImage(copy['about.photo'])

  return (
    <main id="main" className="pt-16">
      <section className="bg-gradient-to-br from-slate-950 via-blue-950 to-slate-900 text-white">
        <div className={`${container} grid items-center gap-10 py-16 sm:py-24 md:grid-cols-[1fr_auto]`}>
          <div className="max-w-3xl">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{ABOUT_COPY.heroTitle}</h1>
            <p className="mt-6 text-lg leading-relaxed text-slate-200">{copy['about.intro']}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Link to="/portfolio-solutions" className={button.light}>
                {ABOUT_COPY.viewMyWork}
              </Link>
              <Link to="/schedule-consultation" className={button.outlineLight}>
                {ABOUT_COPY.scheduleConsultation}
              </Link>
              {hasResume && (
                <a href={RESUME_DOWNLOAD_URL} target="_blank" rel="noopener" className={button.outlineLight}>
                  <DownloadIcon className="h-5 w-5" />
                  {ABOUT_COPY.downloadResume}
                </a>
              )}
            </div>
          </div>
          {photo && (
            <img
              src={photo}
              alt={config.ownerName ? `Portrait of ${config.ownerName}` : 'Portrait'}
              width={288}
              height={288}
              className="h-56 w-56 rounded-full border-4 border-white/20 object-cover md:h-72 md:w-72"
            />
          )}
        </div>
      </section>

      <section aria-labelledby="healthcare-title" className={section}>
        <div className={`${container} grid gap-10 md:grid-cols-2`}>
          <div>
            <h2 id="healthcare-title" className={sectionTitle}>
              {ABOUT_COPY.healthcareTitle}
            </h2>
            <p className={`mt-6 ${lead}`}>{copy['about.healthcare']}</p>
          </div>
          <ul className="flex flex-col gap-4">
            {HEALTHCARE_POINTS.map((point) => (
              <CheckCard key={point}>{point}</CheckCard>
            ))}
          </ul>
        </div>
      </section>

      <TitledSection headingId="specialisations-title" title={ABOUT_COPY.specialisationsTitle} muted>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {SPECIALISATIONS.map(({ title, text, Icon }) => (
            <IconCard key={title} Icon={Icon} title={title} text={text} boxed />
          ))}
        </ul>
      </TitledSection>

      <section aria-labelledby="skills-title" className={section}>
        <div className={container}>
          <h2 id="skills-title" className={sectionTitle}>
            {ABOUT_COPY.skillsTitle}
          </h2>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {groups.map(([category, names]) => (
              <div key={category} className={card} data-testid="skill-group">
                <h3 className="text-lg font-bold text-slate-900">{category}</h3>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {names.map((name) => (
                    <li
                      key={name}
                      className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800"
                    >
                      {name}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </section>

      <TitledSection headingId="benefits-title" title={ABOUT_COPY.benefitsTitle} muted>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ title, text, Icon }) => (
            <IconCard key={title} Icon={Icon} title={title} text={text} compact />
          ))}
        </ul>
      </TitledSection>

      <Testimonials items={testimonials} />

      <CtaSection headingId="about-cta" title={ABOUT_COPY.ctaTitle} text={copy['about.cta']}>
        <a href={`mailto:${config.contactEmail}`} className={button.light}>
          <MailIcon className="h-5 w-5" />
          {ABOUT_COPY.emailMe}
        </a>
        <Link to="/schedule-consultation" className={button.outlineLight}>
          {ABOUT_COPY.scheduleConsultation}
        </Link>
      </CtaSection>
    </main>
  )
}
