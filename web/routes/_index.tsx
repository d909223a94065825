import { Link, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { type FilterCategory, HOME_CATEGORIES } from '../../schema/constants'
import { HOME_COPY } from '../../schema/page-copy/home'
import { CLAIMS, PRIVACY_LINK, RESUME_DOWNLOAD_URL } from '../../schema/site-copy'
import {
  AppleIcon,
  ArrowRightIcon,
  BoxIcon,
  BriefcaseIcon,
  CardIcon,
  ChartIcon,
  ClockIcon,
  DownloadIcon,
  HeartPulseIcon,
  MailIcon,
  ShieldIcon,
  SparklesIcon,
  WrenchIcon,
} from '../components/icons'
import { CtaSection, IconCard, TitledSection } from '../components/sections'
import { Testimonials } from '../components/Testimonials'
import { button, card, container, lead, section, sectionTitle } from '../components/ui'
import { professionalService } from '../lib/json-ld'
import { pageMeta } from '../lib/meta'
import { siteFromMatches, useSite } from '../lib/site'
import { siteServer } from '../lib/site-server'
import { featuredProjects } from '../lib/solutions'
import type { PageHandle } from '../root'

export async function loader({ context }: LoaderFunctionArgs) {
  const site = context.get(siteServer)
  const [copy, projects, testimonials] = await Promise.all([
    site.content(['home.hero.subtitle', 'home.background', 'home.contact']),
    site.projects(),
    site.testimonials(),
  ])
  return { copy, featured: featuredProjects(projects), testimonials }
}

// Nothing of this page runs in the browser: it is sent without scripts (ADR 170).
export const handle: PageHandle = { hydrate: false }

export const meta: MetaFunction = ({ matches }) => {
  const { config } = siteFromMatches(matches)
  return pageMeta({
    title: 'Custom Software That Solves Real Problems | Healthcare & Business Software Developer',
    description:
      'Custom business software and healthcare technology built by a former paramedic turned developer. HIPAA-compliant solutions that reduce costs and save time, live in 3-6 weeks.',
    siteUrl: config.siteUrl,
    path: '/',
    jsonLd: professionalService(config),
  })
}

const CATEGORY_CARDS: Record<
  (typeof HOME_CATEGORIES)[number],
  { filter: FilterCategory; text: string; Icon: typeof BriefcaseIcon }
> = {
  'Business Management': {
    filter: 'business-management',
    text: 'Scheduling, job tracking, invoicing and reporting in one place instead of five spreadsheets.',
    Icon: BriefcaseIcon,
  },
  'Healthcare Technology': {
    filter: 'healthcare',
    text: 'HIPAA-compliant intake, documentation and practice tools designed by someone who has done the work.',
    Icon: HeartPulseIcon,
  },
  'AI & Automation': {
    filter: 'ai-automation',
    text: 'Assistants and automations that answer, sort and file the repetitive work for you.',
    Icon: SparklesIcon,
  },
  'Data Analytics': {
    filter: 'data-analytics',
    text: 'Dashboards that show the numbers that matter every morning, not at month end.',
    Icon: ChartIcon,
  },
  'Point of Sale': {
    filter: 'pos',
    text: 'Fast, affordable checkout that works offline and reconciles itself at close.',
    Icon: CardIcon,
  },
  'Inventory Management': {
    filter: 'inventory',
    text: 'Stock levels, lots and expiry dates tracked automatically, with reorder alerts.',
    Icon: BoxIcon,
  },
}

const VALUES = [
  {
    title: 'I Understand Your Workflow',
    text: 'I spend time with the people who will use the software before I write a line of it, so it fits how your team already works.',
    Icon: WrenchIcon,
  },
  {
    title: 'Proven Results',
    text: `Clients have cut documentation time by ${CLAIMS.documentationDown} and operating costs by ${CLAIMS.costsDown}.`,
    Icon: ChartIcon,
  },
  {
    title: 'Fast Implementation',
    text: `Most projects are live in ${CLAIMS.launchTime}, delivered in small steps you can try along the way.`,
    Icon: ClockIcon,
  },
]

const BADGE_ICONS = [ShieldIcon, AppleIcon, HeartPulseIcon]

export default function HomePage() {
  const { copy, featured, testimonials } = useLoaderData<typeof loader>()
  const { config, hasResume } = useSite()

  return (
    <main id="main" className="pt-16">
      <section className="bg-gradient-to-br from-slate-950 via-blue-950 to-slate-900 text-white">
        <div className={`${container} py-20 sm:py-28`}>
          <div className="max-w-3xl">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
              {HOME_COPY.heroTitle}
            </h1>
            <p className="mt-6 text-lg leading-relaxed text-slate-200 sm:text-xl">
              {copy['home.hero.subtitle']}
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Link to="/portfolio-solutions" className={button.light}>
                {HOME_COPY.viewSolutions}
                <ArrowRightIcon className="h-5 w-5" />
              </Link>
              <Link to="/schedule-consultation" className={button.outlineLight}>
                {HOME_COPY.scheduleConsultation}
              </Link>
              {hasResume && (
                <a href={RESUME_DOWNLOAD_URL} target="_blank" rel="noopener" className={button.outlineLight}>
                  <DownloadIcon className="h-5 w-5" />
                  {HOME_COPY.downloadCv}
                </a>
              )}
            </div>
            <ul aria-label="Credentials" className="mt-10 flex flex-wrap gap-3">
              {HOME_COPY.badges.map((badge, i) => {
                const Icon = BADGE_ICONS[i] ?? ShieldIcon
                const look =
                  'inline-flex items-center gap-2 rounded-full border border-white/30 bg-white/10 px-4 py-2 text-sm font-semibold text-white'
                return (
                  <li key={badge}>
                    {/* The HIPAA claim links to what the site actually does with visitors' data. */}
                    {i === 0 ? (
                      <Link
                        to={PRIVACY_LINK.path}
                        aria-label={PRIVACY_LINK.badgeLabel}
                        className={`${look} outline-none hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white`}
                      >
                        <Icon className="h-4 w-4" />
                        {badge}
                      </Link>
                    ) : (
                      <span className={look}>
                        <Icon className="h-4 w-4" />
                        {badge}
                      </span>
                    )}
                  </li>
                )
              })}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="categories-title" className={section}>
        <div className={container}>
          <h2 id="categories-title" className={sectionTitle}>
            {HOME_COPY.categoriesTitle}
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {HOME_CATEGORIES.map((name) => {
              const { filter, text, Icon } = CATEGORY_CARDS[name]
              return (
                <li key={name}>
                  <Link
                    to={`/portfolio-solutions?category=${filter}`}
                    className="group flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm outline-none transition hover:border-blue-300 hover:shadow-md focus-visible:ring-2 focus-visible:ring-blue-700"
                  >
                    <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-blue-50 text-blue-800">
                      <Icon />
                    </span>
                    <span className="text-xl font-bold text-slate-900">{name}</span>
                    <span className="text-slate-700">{text}</span>
                  </Link>
                </li>
              )
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="featured-title" className={`${section} bg-slate-50`}>
        <div className={container}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <h2 id="featured-title" className={sectionTitle}>
              {HOME_COPY.featuredTitle}
            </h2>
            <Link to="/portfolio-solutions" className={button.secondary}>
              {HOME_COPY.viewAllProjects}
              <ArrowRightIcon className="h-5 w-5" />
            </Link>
          </div>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {featured.map((project) => (
              <li key={project.id} className={`${card} flex flex-col gap-3`} data-testid="featured-project">
                <h3 className="text-xl font-bold text-slate-900">{project.title}</h3>
                <p className="line-clamp-3 text-slate-700">{project.description}</p>
                {project.problemSolved && (
                  <p className="text-sm text-slate-700">
                    <span className="font-semibold text-slate-900">{HOME_COPY.problem}:</span>{' '}
                    {project.problemSolved}
                  </p>
                )}
                {project.businessValue && (
                  <p className="text-sm text-slate-700">
                    <span className="font-semibold text-emerald-800">{HOME_COPY.result}:</span>{' '}
                    {project.businessValue}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <TitledSection headingId="values-title" title={HOME_COPY.valueTitle}>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {VALUES.map(({ title, text, Icon }) => (
            <IconCard key={title} Icon={Icon} title={title} text={text} />
          ))}
        </ul>
      </TitledSection>

      <Testimonials items={testimonials} />

      <section aria-labelledby="background-title" className={`${section} bg-slate-50`}>
        <div className={`${container} grid items-center gap-10 md:grid-cols-2`}>
          <div>
            <h2 id="background-title" className={sectionTitle}>
              {HOME_COPY.backgroundTitle}
            </h2>
            <p className={`mt-6 ${lead}`}>{copy['home.background']}</p>
            <Link to="/about" className={`mt-8 ${button.primary}`}>
              {HOME_COPY.backgroundLink}
              <ArrowRightIcon className="h-5 w-5" />
            </Link>
          </div>
          <ul className="grid grid-cols-2 gap-4">
            {[
              [CLAIMS.documentationDown, 'less documentation time'],
              [CLAIMS.costsDown, 'lower operating costs'],
              [CLAIMS.launchTime, 'from first call to launch'],
              ['24h', 'response to every enquiry'],
            ].map(([value, label]) => (
              <li key={label} className={`${card} text-center`}>
                <span className="block text-3xl font-extrabold text-blue-800">{value}</span>
                <span className="mt-1 block text-sm text-slate-700">{label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaSection
        id="contact"
        headingId="contact-title"
        title={HOME_COPY.contactTitle}
        text={copy['home.contact']}
      >
        <Link to="/schedule-consultation" className={button.light}>
          {HOME_COPY.scheduleConsultation}
        </Link>
        <a href={`mailto:${config.contactEmail}`} className={button.outlineLight}>
          <MailIcon className="h-5 w-5" />
          {HOME_COPY.emailMe}
        </a>
      </CtaSection>
    </main>
  )
}
