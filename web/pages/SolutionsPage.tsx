import { useState } from 'react'
import { Button } from 'react-aria-components'
import { Link } from 'react-router'
import type { FilterCategory } from '../../schema/constants'
import { EMPTY_STATES } from '../../schema/messages'
import { telHref } from '../../schema/site-config'
import { SOLUTIONS_COPY } from '../../schema/site-copy'
import { CategoryFilter } from '../components/CategoryFilter'
import { CalendarIcon, GridIcon, MailIcon, PhoneIcon } from '../components/icons'
import { ProjectCard } from '../components/ProjectCard'
import { button, container, section } from '../components/ui'
import { siteConfig } from '../lib/site-config'
import { categoryCounts, filterProjects } from '../lib/solutions'
import { useContent, useProjects } from '../state/site'

export function SolutionsPage() {
  const intro = useContent('solutions.intro')
  const projects = useProjects()
  const [filter, setFilter] = useState<FilterCategory>('all')
  const counts = categoryCounts(projects.data)
  const shown = filterProjects(projects.data, filter)

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
            {siteConfig.contactPhone && (
              <a href={telHref(siteConfig.contactPhone)} className={button.outlineLight}>
                <PhoneIcon className="h-5 w-5" />
                {SOLUTIONS_COPY.call}: {siteConfig.contactPhone}
              </a>
            )}
          </div>
        </div>
      </section>

      <div className="sticky top-16 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <div className={`${container} py-3`}>
          <CategoryFilter value={filter} counts={counts} onChange={setFilter} />
        </div>
      </div>

      <section aria-labelledby="solutions-title" className={`${container} py-12`}>
        <h2 id="solutions-title" className="sr-only">
          {SOLUTIONS_COPY.gridTitle}
        </h2>
        {projects.status === 'error' ? (
          <p role="alert" className="text-slate-700">
            {SOLUTIONS_COPY.loadFailed}
          </p>
        ) : projects.status !== 'ready' ? (
          <p role="status" className="min-h-96 text-slate-700">
            {SOLUTIONS_COPY.loading}
          </p>
        ) : shown.length === 0 ? (
          <div role="status" className="flex flex-col items-center gap-4 py-16 text-center">
            <GridIcon className="h-12 w-12 text-slate-500" />
            <h3 className="text-2xl font-bold text-slate-900">{EMPTY_STATES.solutions}</h3>
            <p className="text-slate-700">{SOLUTIONS_COPY.emptyHint}</p>
            <Button onPress={() => setFilter('all')} className={button.primary}>
              {SOLUTIONS_COPY.viewAll}
            </Button>
          </div>
        ) : (
          // Keyed by filter so the cards animate in again when the filter changes.
          <div key={filter} className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {shown.map((project, index) => (
              <ProjectCard key={project.id} project={project} index={index} />
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
            <a href={`mailto:${siteConfig.contactEmail}`} className={button.outlineLight}>
              <MailIcon className="h-5 w-5" />
              {SOLUTIONS_COPY.emailMe}
            </a>
          </div>
        </div>
      </section>
    </main>
  )
}
