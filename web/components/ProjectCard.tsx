import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { imageSrcSet } from '../../schema/images'
import { SOLUTIONS_COPY } from '../../schema/page-copy/solutions'
import { projectPath } from '../../schema/slug'
import { track } from '../insights/beacon'
import { useSite } from '../lib/site'
import {
  CATEGORY_GRADIENTS,
  cardActions,
  cardAnimationDelay,
  cardImage,
  cardKeyFeatures,
  effectiveStatus,
  type PublicProject,
  publicCategory,
  statusLabel,
} from '../lib/solutions'
import { CATEGORY_ICONS, CheckIcon } from './icons'
import { button } from './ui'

const STATUS_BADGES: Record<string, string> = {
  production: 'bg-emerald-700 text-white',
  beta: 'bg-amber-800 text-white',
  development: 'bg-blue-700 text-white',
  private: 'bg-slate-800 text-white',
}

type Props = {
  project: PublicProject
  index: number
  /** The catalogue filter the card is shown under, kept by the link to its page. */
  filter?: string
}

/** A project's page, remembering the catalogue filter it was opened from (for its way back). */
export const projectHref = (slug: string, filter?: string) =>
  `${projectPath(slug)}${filter && filter !== 'all' ? `?category=${encodeURIComponent(filter)}` : ''}`

/** One solution in the catalogue, in the order of SPEC §2. */

export function ProjectCard({ project, index, filter }: Props) {
  const category = publicCategory(project.category)
  const [imageFailed, setImageFailed] = useState(false)
  // A project's button followed is interest in that project (issue 18's "top projects").
  const countInterest = () => track({ t: 'project', k: String(project.id) })
  const imageRef = useRef<HTMLImageElement>(null)
  // An image that failed before the page was hydrated fired its error event
  // with no listener: catch it up once React has taken over.
  useEffect(() => {
    const img = imageRef.current
    if (img?.complete && img.naturalWidth === 0) setImageFailed(true)
  }, [])
  const image = imageFailed ? null : cardImage(project.image)
  const { responsiveImages } = useSite().config
  const srcSet = image ? imageSrcSet(image, responsiveImages) : undefined
  const Icon = CATEGORY_ICONS[category]
  const status = effectiveStatus(project.status)
  const headingId = `project-${project.id}-title`
  const features = cardKeyFeatures(project)

  return (
    <article
      aria-labelledby={headingId}
      data-category={category}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm motion-safe:animate-card-in"
      style={{ animationDelay: cardAnimationDelay(index) }}
    >
      <div className="relative aspect-[16/9] bg-slate-100">
        {image ? (
          <img
            ref={imageRef}
            src={image}
            srcSet={srcSet}
            // The catalogue's grid: one column, two from md, three from lg.
            sizes={srcSet && '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw'}
            alt=""
            width={640}
            height={360}
            loading="lazy"
            decoding="async"
            onError={() => setImageFailed(true)}
            className="h-full w-full object-cover"
          />
        ) : (
          <div
            data-testid="image-fallback"
            className={`flex h-full w-full flex-col items-center justify-center gap-3 bg-gradient-to-br p-6 text-center text-white ${CATEGORY_GRADIENTS[category]}`}
          >
            {/* The title is right below: the fallback shows only the category's icon. */}
            <Icon className="h-16 w-16" />
          </div>
        )}
        <span
          className={`absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-semibold shadow ${STATUS_BADGES[status] ?? 'bg-slate-700 text-white'}`}
        >
          {statusLabel(project.status)}
        </span>
      </div>

      <div className="flex flex-1 flex-col gap-3 p-5">
        {project.problemSolved && (
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{SOLUTIONS_COPY.problem}:</span>{' '}
            {project.problemSolved}
          </p>
        )}
        <h3 id={headingId} className="text-xl font-bold text-slate-900">
          <Link
            to={projectHref(project.slug, filter)}
            className="hover:text-blue-800 hover:underline"
            onClick={countInterest}
          >
            {project.title}
          </Link>
        </h3>
        {project.businessValue && <p className="font-semibold text-emerald-800">{project.businessValue}</p>}
        {project.targetAudience && (
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{SOLUTIONS_COPY.perfectFor}:</span>{' '}
            {project.targetAudience}
          </p>
        )}
        {features.length > 0 && (
          <ul className="flex flex-col gap-1.5 text-sm text-slate-700">
            {features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
                {feature}
              </li>
            ))}
          </ul>
        )}
        <p className="line-clamp-3 text-sm leading-relaxed text-slate-700">{project.description}</p>

        <div className="mt-auto flex flex-col gap-2 pt-2 sm:flex-row sm:flex-wrap">
          {/* Every card has the same button labels: the hidden title tells them apart for screen readers. */}
          {cardActions(project).map((action, i) => {
            const style = `${i === 0 ? button.primary : button.secondary} px-4 py-2 text-sm`
            return action.external ? (
              <a
                key={action.kind}
                href={action.href}
                target="_blank"
                rel="noopener noreferrer"
                className={style}
                onClick={countInterest}
              >
                {action.label}
                <span className="sr-only">: {project.title}</span>
              </a>
            ) : (
              <Link key={action.kind} to={action.href} className={style} onClick={countInterest}>
                {action.label}
                <span className="sr-only">: {project.title}</span>
              </Link>
            )
          })}
        </div>
        {project.metrics.length > 0 && (
          <dl className="flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-200 pt-3 text-sm">
            {project.metrics.map((m) => (
              <div key={`${m.label}:${m.value}`} className="flex flex-col">
                <dt className="text-slate-600">{m.label}</dt>
                <dd className="font-semibold text-blue-800">{m.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </article>
  )
}
