import { useEffect, useRef } from 'react'
import {
  Link,
  type LoaderFunctionArgs,
  type MetaFunction,
  useLoaderData,
  useSearchParams,
} from 'react-router'
import { SOLUTIONS_COPY } from '../../schema/page-copy/solutions'
import { telHref } from '../../schema/site-config'
import { PUBLIC_EMPTY_STATES } from '../../schema/site-copy'
import { CategoryFilter, filterHref } from '../components/CategoryFilter'
import { CalendarIcon, GridIcon, MailIcon, PhoneIcon } from '../components/icons'
import { ProjectCard } from '../components/ProjectCard'
import { button, container, section } from '../components/ui'
import { track } from '../insights/beacon'
import { pageMeta } from '../lib/meta'
import { keepDataOnQueryChange } from '../lib/revalidate'
import { siteFromMatches, useSite } from '../lib/site'
import { siteServer } from '../lib/site-server'
import { categoryCounts, filterProjects, parseFilter } from '../lib/solutions'

export async function loader({ context }: LoaderFunctionArgs) {
  const site = context.get(siteServer)
  const [copy, projects] = await Promise.all([site.content(['solutions.intro']), site.projects()])
  return { copy, projects }
}

// Choosing a filter changes only the query string: the projects are already here.
export const shouldRevalidate = keepDataOnQueryChange

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Software Solutions Portfolio | Business, Healthcare & AI Solutions',
    description:
      'Browse custom software solutions for business management, healthcare, AI & automation, data analytics, point of sale and inventory management.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portfolio-solutions',
  })

/** Height of the fixed navigation bar plus the sticky filter bar, which cover the top of the page. */
const STICKY_OFFSET_PX = 64 + 72

export default function SolutionsPage() {
  const { copy, projects } = useLoaderData<typeof loader>()
  const { config } = useSite()
  const intro = copy['solutions.intro']
  const [params] = useSearchParams()
  // An unknown category shows All.
  const filter = parseFilter(params.get('category'))
  const counts = categoryCounts(projects)
  const shown = filterProjects(projects, filter)
  const results = useRef<HTMLElement>(null)
  const firstRender = useRef(true)

  // A filter chosen further down the page brings the top of the results into view.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    // A filter chosen in the browser (the Worker counts one in a loaded page's address).
    if (filter !== 'all') track({ t: 'filter', k: filter })
    const top = results.current?.getBoundingClientRect().top
    if (top !== undefined && top < STICKY_OFFSET_PX) {
      window.scrollBy({ top: top - STICKY_OFFSET_PX, behavior: 'instant' })
    }
  }, [filter])

  return (
    <main id="main" className="pt-16">
      <section className="bg-gradient-to-br from-slate-950 via-blue-950 to-slate-900 text-white">
        <div className={`${container} py-16 sm:py-20`}>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            {SOLUTIONS_COPY.heroTitle}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200">{intro}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/schedule-consultation" className={button.light}>
              <CalendarIcon className="h-5 w-5" />
              {SOLUTIONS_COPY.scheduleConsultation}
            </Link>
            {config.contactPhone && (
              <a href={telHref(config.contactPhone)} className={button.outlineLight}>
                <PhoneIcon className="h-5 w-5" />
                {SOLUTIONS_COPY.call}: {config.contactPhone}
              </a>
            )}
          </div>
        </div>
      </section>

      <div className="sticky top-16 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <div className={`${container} py-3`}>
          <CategoryFilter value={filter} counts={counts} />
        </div>
      </div>

      <section ref={results} aria-labelledby="solutions-title" className={`${container} scroll-mt-36 py-12`}>
        <h2 id="solutions-title" className="sr-only">
          {SOLUTIONS_COPY.gridTitle}
        </h2>
        {shown.length === 0 ? (
          <div role="status" className="flex flex-col items-center gap-4 py-16 text-center">
            <GridIcon className="h-12 w-12 text-slate-500" />
            <h3 className="text-2xl font-bold text-slate-900">{PUBLIC_EMPTY_STATES.solutions}</h3>
            <p className="text-slate-700">{SOLUTIONS_COPY.emptyHint}</p>
            <Link to={filterHref('all')} preventScrollReset className={button.primary}>
              {SOLUTIONS_COPY.viewAll}
            </Link>
          </div>
        ) : (
          // Keyed by filter so the cards animate in again when the filter changes.
          <div key={filter} className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {shown.map((project, index) => (
              <ProjectCard key={project.id} project={project} index={index} filter={filter} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="solutions-cta" className={`${section} bg-blue-900 text-white`}>
        <div className={`${container} text-center`}>
          <h2 id="solutions-cta" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {SOLUTIONS_COPY.ctaTitle}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-50">
            Every business is different. Tell me what slows your team down and I will put together a free
            quote for a solution built around it.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/schedule-consultation" className={button.light}>
              {SOLUTIONS_COPY.freeQuote}
            </Link>
            <a href={`mailto:${config.contactEmail}`} className={button.outlineLight}>
              <MailIcon className="h-5 w-5" />
              {SOLUTIONS_COPY.emailMe}
            </a>
          </div>
        </div>
      </section>
    </main>
  )
}
