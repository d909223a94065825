// A monitor's response times as a small SVG line, drawn on the server (issue
// 54): no chart library in the admin's bundle. Only numbers we computed go
// into the markup, so it is safe to show as an <img> data URL.
import type { CheckRow } from './index'

const W = 600
const H = 120
const PAD = 8

/** Oldest to newest, left to right; failed checks as red marks on the baseline. */
export function responseChart(checks: readonly CheckRow[]): string {
  const rows = [...checks].reverse()
  const timed = rows.filter((c) => c.ms !== null)
  const max = Math.max(100, ...timed.map((c) => c.ms ?? 0))
  const x = (i: number) => (rows.length < 2 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (rows.length - 1))
  const y = (ms: number) => H - PAD - (ms / max) * (H - 2 * PAD)
  const points = rows
    .map((c, i) => (c.ok && c.ms !== null ? `${x(i).toFixed(1)},${y(c.ms).toFixed(1)}` : null))
    .filter(Boolean)
    .join(' ')
  // A dot per good check, so a single one (or a gap between failures) still shows.
  const dots = rows
    .map((c, i) =>
      c.ok && c.ms !== null
        ? `<circle cx="${x(i).toFixed(1)}" cy="${y(c.ms).toFixed(1)}" r="3" fill="#1d4ed8"/>`
        : '',
    )
    .join('')
  const fails = rows
    .map((c, i) =>
      c.ok
        ? ''
        : `<rect x="${(x(i) - 2).toFixed(1)}" y="${H - PAD - 10}" width="4" height="10" fill="#b91c1c"/>`,
    )
    .join('')
  const label = `<text x="${PAD}" y="14" font-size="11" fill="#475569" font-family="system-ui,sans-serif">${Math.round(max)} ms</text>`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">`,
    `<rect width="${W}" height="${H}" fill="#f8fafc"/>`,
    `<line x1="${PAD}" y1="${H - PAD}" x2="${W - PAD}" y2="${H - PAD}" stroke="#cbd5e1"/>`,
    points ? `<polyline points="${points}" fill="none" stroke="#1d4ed8" stroke-width="2"/>` : '',
    dots,
    fails,
    label,
    '</svg>',
  ].join('')
}
