import type { ReactNode } from 'react'
import { data, Link, type LoaderFunctionArgs, type MetaFunction, redirect, useLoaderData } from 'react-router'
import { imageSrcSet } from '../../schema/images'
import { projectPath } from '../../schema/slug'
import { CATEGORY_ICONS, CheckIcon } from '../components/icons'
import { button, container } from '../components/ui'
import { projectJsonLd } from '../lib/json-ld'
import { pageMeta } from '../lib/meta'
import { siteFromMatches, useSite } from '../lib/site'
import { siteServer } from '../lib/site-server'
import {
  CATEGORY_GRADIENTS,
  cardActions,
  cardImage,
  effectiveStatus,
  labelOfFilter,
  parseFilter,
  publicCategory,
  statusLabel,
} from '../lib/solutions'
import type { PageHandle } from '../root'
import NotFoundPage from './$'

/** The page's own headings; kept here rather than in the shared copy so no other page's bundle carries them. */
const PAGE_COPY = {
  back: 'Back to Solutions',
  problem: 'The Problem',
  result: 'The Result',
  audience: 'Perfect For',
  features: 'Key Features',
  technologies: 'Technologies',
  metrics: 'Results',
  testimonial: 'What the Client Says',
} as const

// /portfolio-solutions/{slug}: one project's page, server-rendered from its
// public projection (no link its card would not offer), with its own head for
// search engines and link previews. An old slug answers 301 to the current one.
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? ''
  const found = await context.get(siteServer).project(slug)
  if (found === null) return data({ project: null, back: '/portfolio-solutions' }, { status: 404 })
  const url = new URL(request.url)
  if ('movedTo' in found) throw redirect(`${projectPath(found.movedTo)}${url.search}`, 301)
  // The catalogue filter the visitor came from, for the way back.
  const filter = parseFilter(url.searchParams.get('category'))
  const back = filter === 'all' ? '/portfolio-solutions' : `/portfolio-solutions?category=${filter}`
  return { project: found.project, back }
}

// Nothing of this page runs in the browser: it is sent without scripts (ADR 170).
export const handle: PageHandle = { hydrate: false }

export const meta: MetaFunction<typeof loader> = ({ loaderData: loaded, matches }) => {
  const { config } = siteFromMatches(matches)
  const project = loaded?.project
  if (!project) {
    return pageMeta({
      title: 'Page Not Found',
      description: "The page you're looking for doesn't exist.",
      siteUrl: config.siteUrl,
      path: null,
    })
  }
  const image = cardImage(project.image)
  return pageMeta({
    title: `${project.title} | Software Solutions`,
    description:
      project.description.length > 160 ? `${project.description.slice(0, 157)}...` : project.description,
    siteUrl: config.siteUrl,
    path: projectPath(project.slug),
    image: image ? { url: image, alt: project.title } : null,
    jsonLd: projectJsonLd(project, config, image),
  })
}

export default function ProjectPage() {
  const { project, back } = useLoaderData<typeof loader>()
  if (!project) return <NotFoundPage />
  const category = publicCategory(project.category)
  const Icon = CATEGORY_ICONS[category]
  const image = cardImage(project.image)
  const { responsiveImages } = useSite().config
  const srcSet = image ? imageSrcSet(image, responsiveImages) : undefined
  const copy = PAGE_COPY

  return (
    <main id="main" className="pt-16">
      <section className="bg-gradient-to-br from-slate-950 via-blue-950 to-slate-900 text-white">
        <div className={`${container} py-12 sm:py-16`}>
          <Link to={back} className="text-sm font-semibold text-blue-100 underline hover:text-white">
            <span aria-hidden="true">&larr; </span>
            {copy.back}
          </Link>
          <p className="mt-6 flex flex-wrap gap-2 text-sm">
            <span className="rounded-full bg-white/15 px-3 py-1 font-semibold">
              {labelOfFilter(category)}
            </span>
            <span
              className="rounded-full bg-white/15 px-3 py-1 font-semibold"
              data-status={effectiveStatus(project.status)}
            >
              {statusLabel(project.status)}
            </span>
          </p>
          <h1 className="mt-4 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            {project.title}
          </h1>
          <p className="mt-6 max-w-3xl text-lg leading-relaxed whitespace-pre-line text-slate-200">
            {project.description}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {cardActions(project).map((action, i) =>
              action.external ? (
                <a
                  key={action.kind}
                  href={action.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={i === 0 ? button.light : button.outlineLight}
                >
                  {action.label}
                </a>
              ) : (
                <Link
                  key={action.kind}
                  to={action.href}
                  className={i === 0 ? button.light : button.outlineLight}
                >
                  {action.label}
                </Link>
              ),
            )}
          </div>
        </div>
      </section>

      <div className={`${container} grid gap-10 py-12 lg:grid-cols-[2fr_1fr]`}>
        <div className="flex flex-col gap-8">
          {image ? (
            <img
              src={image}
              srcSet={srcSet}
              // Two thirds of the container from lg (the side column holds the rest), full width below.
              sizes={srcSet && '(min-width: 1024px) 66vw, 100vw'}
              alt={project.title}
              width={1280}
              height={720}
              className="aspect-[16/9] w-full rounded-xl border border-slate-200 object-cover"
            />
          ) : (
            <div
              data-testid="image-fallback"
              className={`flex aspect-[16/9] w-full items-center justify-center rounded-xl bg-gradient-to-br text-white ${CATEGORY_GRADIENTS[category]}`}
            >
              <Icon className="h-20 w-20" />
            </div>
          )}
          <TextSection id="problem-title" title={copy.problem} text={project.problemSolved} />
          <TextSection id="result-title" title={copy.result} text={project.businessValue} />
          {project.keyFeatures.length > 0 && (
            <section aria-labelledby="features-title">
              <h2 id="features-title" className="text-2xl font-bold text-slate-900">
                {copy.features}
              </h2>
              <ul className="mt-3 flex flex-col gap-2 text-slate-700">
                {project.keyFeatures.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <CheckIcon className="mt-1 h-4 w-4 shrink-0 text-emerald-700" />
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {project.testimonial && (
            <section aria-labelledby="testimonial-title">
              <h2 id="testimonial-title" className="text-2xl font-bold text-slate-900">
                {copy.testimonial}
              </h2>
              <figure className="mt-3 rounded-xl border-l-4 border-blue-700 bg-slate-50 p-6">
                <blockquote className="text-lg leading-relaxed whitespace-pre-line text-slate-800">
                  {project.testimonial.quote}
                </blockquote>
                {(project.testimonial.author || project.testimonial.role) && (
                  <figcaption className="mt-3 text-sm text-slate-700">
                    <span className="font-semibold">{project.testimonial.author}</span>
                    {project.testimonial.author && project.testimonial.role && ', '}
                    {project.testimonial.role}
                  </figcaption>
                )}
              </figure>
            </section>
          )}
        </div>

        <aside className="flex flex-col gap-8">
          {project.metrics.length > 0 && (
            <AsideSection id="metrics-title" title={copy.metrics}>
              <dl className="mt-4 flex flex-col gap-4">
                {project.metrics.map((m) => (
                  <div key={`${m.label}:${m.value}`} className="flex flex-col-reverse">
                    <dt className="text-sm text-slate-700">{m.label}</dt>
                    <dd className="text-2xl font-extrabold text-blue-800">{m.value}</dd>
                  </div>
                ))}
              </dl>
            </AsideSection>
          )}
          {project.targetAudience && (
            <AsideSection id="audience-title" title={copy.audience}>
              <p className="mt-3 text-slate-700">{project.targetAudience}</p>
            </AsideSection>
          )}
          {project.technologies.length > 0 && (
            <AsideSection id="technologies-title" title={copy.technologies}>
              <ul className="mt-3 flex flex-wrap gap-2">
                {project.technologies.map((t) => (
                  <li key={t} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                    {t}
                  </li>
                ))}
              </ul>
            </AsideSection>
          )}
        </aside>
      </div>
    </main>
  )
}

/** A boxed section of the sidebar: its heading names it for assistive technology. */
function AsideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 p-6">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A titled paragraph of the project's story; nothing when the project leaves it empty. */
function TextSection({ id, title, text }: { id: string; title: string; text: string | null | undefined }) {
  if (!text) return null
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-700">{text}</p>
    </section>
  )
}
