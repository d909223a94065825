// The one table of the admin's money pages (issue 26): /admin/time's entries,
// /admin/invoices' invoices and the client page's prepaid hours and invoices
// share its header, spacing and number alignment.
import type { ReactNode } from 'react'
import { CardTable } from '../ui'

export type BillingColumn = {
  label: string
  /** Amounts and counts are right-aligned. */
  numeric?: boolean
  /** A column named for screen readers only (the actions). */
  hidden?: boolean
}

export const rowClass = 'border-b border-slate-100'
/** The first cell of a row carries the row's vertical padding. */
export const firstCellClass = 'py-2'
export const numericClass = 'text-right'

/** Where a time entry stands, in the words of the Time page and the client page (one rule for both). */
export const entryState = (e: {
  invoiceId?: string | null
  blockId?: string | null
  billable: boolean
  needsRate?: boolean
}) =>
  e.invoiceId
    ? 'Billed'
    : e.blockId
      ? 'Prepaid block'
      : e.needsRate && e.billable
        ? 'Needs a rate'
        : e.billable
          ? 'Unbilled'
          : 'Not billable'

export function BillingTable({
  columns,
  label,
  children,
}: {
  columns: readonly BillingColumn[]
  /** The table's accessible name, when the section's heading does not say it. */
  label?: string
  children: ReactNode
}) {
  return (
    <div className="overflow-x-auto">
      <CardTable label={label}>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            {columns.map((c, i) => (
              <th
                key={c.label}
                className={
                  [i === 0 ? firstCellClass : '', c.numeric ? numericClass : ''].join(' ').trim() || undefined
                }
              >
                {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </CardTable>
    </div>
  )
}
