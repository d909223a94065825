// Plain charts for the Insights page (issue 18): no library, each drawn in
// HTML boxes as an image with a one-line summary for screen readers, and each paired
// with its data as a table (the accessible alternative) that can be shown.
import type { ReactNode } from 'react'

export type Bar = { label: string; value: number; title?: string }

/**
 * Vertical bars over time (visits per day, requests per week). HTML boxes, not
 * an SVG scaled to its width: the labels keep their real text size on a phone
 * (issue 28: in a 640-unit SVG shrunk to 340 px they were 6 px and cut off).
 */
export function BarChart({ bars, summary }: { bars: Bar[]; summary: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value))
  return (
    <figure className="m-0">
      <div
        role="img"
        aria-label={summary}
        className="flex h-40 items-end gap-[2px] border-b border-slate-300"
      >
        {bars.map((bar) => (
          <div
            key={bar.label}
            title={bar.title ?? `${bar.label}: ${bar.value}`}
            className="min-w-0 flex-1 bg-blue-700"
            style={{ height: `${(bar.value / max) * 94}%` }}
          />
        ))}
      </div>
      <figcaption aria-hidden="true" className="mt-1 flex justify-between gap-2 text-xs text-slate-600">
        <span>{bars[0]?.label}</span>
        <span>{bars.at(-1)?.label}</span>
      </figcaption>
    </figure>
  )
}

/** Horizontal bars for ranked or stepwise counts (the funnel): labels wrap rather than run under the bars. */
export function HBarChart({ bars, summary }: { bars: Bar[]; summary: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value))
  return (
    <div role="img" aria-label={summary} className="flex flex-col gap-1.5">
      {bars.map((bar) => (
        <div
          key={bar.label}
          className="grid grid-cols-[minmax(0,9rem)_1fr_auto] items-center gap-2 text-sm sm:grid-cols-[minmax(0,12rem)_1fr_auto]"
        >
          <span className="break-words text-slate-800">{bar.label}</span>
          <span className="h-[18px] bg-blue-700" style={{ width: `${(bar.value / max) * 100}%` }} />
          <span className="font-semibold text-slate-900 tabular-nums">{bar.value}</span>
        </div>
      ))}
    </div>
  )
}

/** A chart's data as a table, behind a disclosure that keyboard and screen-reader users reach. */
export function DataTable({
  caption,
  columns,
  rows,
  open = false,
}: {
  caption: string
  columns: string[]
  rows: ReactNode[][]
  open?: boolean
}) {
  return (
    <details open={open} className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-blue-800">Show as table: {caption}</summary>
      <table className="mt-2 w-full border-collapse text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c}
                scope="col"
                className="border-b border-slate-200 py-1 pr-4 font-semibold text-slate-900"
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) => (
                <td key={j} className="border-b border-slate-100 py-1 pr-4 text-slate-800">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
