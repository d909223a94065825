// Plain SVG charts for the Insights page (issue 18): no library, each drawn
// as an image with a one-line summary for screen readers, and each paired
// with its data as a table (the accessible alternative) that can be shown.
import type { ReactNode } from 'react'

export type Bar = { label: string; value: number; title?: string }

const WIDTH = 640
const HEIGHT = 160

/** Vertical bars over time (visits per day, requests per week). */
export function BarChart({ bars, summary }: { bars: Bar[]; summary: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value))
  const step = WIDTH / Math.max(1, bars.length)
  const width = Math.max(1, step * 0.8)
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`}
      role="img"
      aria-label={summary}
      className="h-auto w-full"
      preserveAspectRatio="none"
    >
      <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="stroke-slate-300" />
      {bars.map((bar, i) => {
        const h = (bar.value / max) * (HEIGHT - 10)
        return (
          <rect
            key={bar.label}
            x={i * step + (step - width) / 2}
            y={HEIGHT - h}
            width={width}
            height={h}
            className="fill-blue-700"
          >
            <title>{bar.title ?? `${bar.label}: ${bar.value}`}</title>
          </rect>
        )
      })}
      <text x={0} y={HEIGHT + 16} className="fill-slate-600 text-[11px]">
        {bars[0]?.label}
      </text>
      <text x={WIDTH} y={HEIGHT + 16} textAnchor="end" className="fill-slate-600 text-[11px]">
        {bars.at(-1)?.label}
      </text>
    </svg>
  )
}

/** Horizontal bars for ranked or stepwise counts (the funnel). */
export function HBarChart({ bars, summary }: { bars: Bar[]; summary: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value))
  const row = 26
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${bars.length * row}`}
      role="img"
      aria-label={summary}
      className="h-auto w-full"
    >
      {bars.map((bar, i) => (
        <g key={bar.label} transform={`translate(0 ${i * row})`}>
          <text x={0} y={17} className="fill-slate-800 text-[13px]">
            {bar.label}
          </text>
          <rect
            x={160}
            y={4}
            width={((WIDTH - 220) * bar.value) / max}
            height={18}
            className="fill-blue-700"
          />
          <text x={WIDTH} y={17} textAnchor="end" className="fill-slate-900 text-[13px] font-semibold">
            {bar.value}
          </text>
        </g>
      ))}
    </svg>
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
