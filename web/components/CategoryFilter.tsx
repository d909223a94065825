import { ToggleButton } from 'react-aria-components'
import { FILTER_CATEGORIES, type FilterCategory } from '../../schema/constants'
import { SOLUTIONS_COPY } from '../../schema/site-copy'

type Props = {
  value: FilterCategory
  counts: Record<FilterCategory, number>
  onChange: (value: FilterCategory) => void
}

/**
 * The catalogue's category filter: one pressed category at a time, each with its
 * count. Standalone ToggleButtons (aria-pressed, each a tab stop) rather than a
 * ToggleButtonGroup: same behaviour for keyboard and screen readers, and 3 KB
 * less JavaScript on the heaviest public route (docs/decisions/011-public-js-budget.md).
 */
export function CategoryFilter({ value, counts, onChange }: Props) {
  return (
    <div
      role="group"
      aria-label={SOLUTIONS_COPY.filterLabel}
      className="flex gap-2 overflow-x-auto py-1 md:flex-wrap md:overflow-visible"
    >
      {FILTER_CATEGORIES.map((category) => (
        <ToggleButton
          key={category.value}
          isSelected={value === category.value}
          // Pressing the current filter keeps it: there is always exactly one.
          onChange={() => onChange(category.value)}
          data-category={category.value}
          className="group inline-flex shrink-0 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium whitespace-nowrap text-slate-800 outline-none transition-colors hover:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-700 data-[focus-visible]:ring-offset-2 data-[selected]:border-blue-700 data-[selected]:bg-blue-700 data-[selected]:text-white"
        >
          {category.label}{' '}
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 group-data-[selected]:bg-white group-data-[selected]:text-blue-800">
            {counts[category.value]}
          </span>
        </ToggleButton>
      ))}
    </div>
  )
}
