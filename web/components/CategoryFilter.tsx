import { Link } from 'react-router'
import { FILTER_CATEGORIES, type FilterCategory } from '../../schema/constants'
import { SOLUTIONS_COPY } from '../../schema/page-copy/solutions'
import { ArrowRightIcon } from './icons'

type Props = {
  value: FilterCategory
  counts: Record<FilterCategory, number>
}

/** The address of the catalogue showing one category ("all" has no parameter). */
export const filterHref = (category: FilterCategory) =>
  category === 'all' ? '/portfolio-solutions' : `/portfolio-solutions?category=${category}`

/**
 * The catalogue's category filter: a link per category with its count, the
 * current one marked. Links, so a filter is an address the server renders, Back
 * undoes it, and it works before and without JavaScript.
 *
 * On a phone the row scrolls sideways. A faded edge (with an arrow and its
 * words for screen readers at the end) shows on each side that has more
 * (issue 28), driven by the row's own scroll position in CSS (web/styles.css):
 * no script, and nothing shown when the row fits or wraps.
 */
export function CategoryFilter({ value, counts }: Props) {
  return (
    <nav aria-label={SOLUTIONS_COPY.filterLabel} className="chips relative">
      <ul className="flex gap-2 overflow-x-auto py-1 md:flex-wrap md:overflow-visible">
        {FILTER_CATEGORIES.map((category) => {
          const current = value === category.value
          return (
            <li key={category.value} className="shrink-0">
              <Link
                to={filterHref(category.value)}
                // The page keeps its place; the catalogue brings the results into view itself.
                preventScrollReset
                aria-current={current ? 'page' : undefined}
                data-category={category.value}
                className={`group inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium whitespace-nowrap outline-none transition-colors focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2 ${
                  current
                    ? 'border-blue-700 bg-blue-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
                }`}
              >
                {category.label}{' '}
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    current ? 'bg-white text-blue-800' : 'bg-slate-100 text-slate-800'
                  }`}
                >
                  {counts[category.value]}
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
      <span aria-hidden="true" className="chips-less left-0 bg-gradient-to-r" />
      <span className="chips-more right-0 justify-end bg-gradient-to-l">
        <ArrowRightIcon className="h-5 w-5 text-slate-700" />
        <span className="sr-only">{SOLUTIONS_COPY.moreFilters}</span>
      </span>
    </nav>
  )
}
