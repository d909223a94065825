// What the portal's quote and invoice pages (issues 25, 26) share: their frame,
// notice, items table, totals and headers. A module of its own, apart from
// ./ui.tsx: every portal page loads that one, and /portal is within a few
// hundred bytes of its 120 KB JavaScript budget.
import type { ComponentProps, ReactNode } from 'react'
import { container, textLink } from '../components/ui'
import { longText } from './ui'

/**
 * The headers of a portal page. The Worker sets them on every /portal response
 * (worker/middleware/cache-headers.ts); the quote and invoice pages say so
 * themselves too, so they stay private wherever they are served from.
 */
export const portalHeaders = () => ({
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
})

/** A quote's or an invoice's page: the way back to the portal, the title, whom it is for, and the document. */
export function PortalDocumentFrame({
  title,
  summary,
  children,
}: {
  title: ReactNode
  summary: ReactNode
  children: ReactNode
}) {
  return (
    <main id="main" className="bg-slate-50 pt-16">
      <div className={`${container} max-w-3xl py-10`}>
        <p>
          <a href="/portal" className={textLink}>
            Your portal
          </a>
        </p>
        <h1 className={`mt-4 text-3xl font-bold text-slate-900 ${longText}`}>{title}</h1>
        <p className="mt-2 text-slate-700">{summary}</p>
        {children}
      </div>
    </main>
  )
}

/** The outcome of a form on a quote's or an invoice's page: a status when it went through, else an alert. */
export function DocumentNotice({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <p
      role={ok ? 'status' : 'alert'}
      className={`mt-4 rounded-lg p-4 ${ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
    >
      {children}
    </p>
  )
}

export type ItemRow = { id: number; item: ReactNode; quantity: string; unitPrice: string; amount: string }

/**
 * The items of a quote or an invoice. On a phone the item column wraps (long
 * model numbers too) and the figures keep a gap between them; a table that
 * still does not fit scrolls in its own box, never the page.
 */
export function ItemsTable({ rows }: { rows: ItemRow[] }) {
  const figure = 'py-2 pl-3 text-right whitespace-nowrap'
  return (
    <div className="overflow-x-auto">
      <table className="mt-4 w-full text-left text-sm sm:text-base">
        <thead>
          <tr className="border-b border-slate-300">
            <th className="py-2">Item</th>
            <th className={figure}>Qty</th>
            <th className={figure}>Price</th>
            <th className={figure}>Amount</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 align-top">
              <td className={`py-2 ${longText}`}>{r.item}</td>
              <td className={figure}>{r.quantity}</td>
              <td className={figure}>{r.unitPrice}</td>
              <td className={figure}>{r.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Subtotal and the like, the total (its test id names it), then what follows it (deposit, credit). */
export function TotalsList({
  rows,
  total,
  totalTestId,
  after = [],
  ...props
}: {
  rows: [string, string][]
  total: string
  totalTestId: string
  after?: { label: string; value: string; small?: boolean }[]
} & Omit<ComponentProps<'dl'>, 'children' | 'className'>) {
  return (
    <dl className="mt-4 ml-auto max-w-xs space-y-1 text-slate-800" {...props}>
      {rows.map(([k, v]) => (
        <div key={k} className="flex justify-between gap-6">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-6 border-t border-slate-300 pt-1 text-lg font-bold">
        <dt>Total</dt>
        <dd data-testid={totalTestId}>{total}</dd>
      </div>
      {after.map((a) => (
        <div key={a.label} className={`flex justify-between gap-6${a.small ? ' text-sm' : ''}`}>
          <dt>{a.label}</dt>
          <dd>{a.value}</dd>
        </div>
      ))}
    </dl>
  )
}
