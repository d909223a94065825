// The looks the two request forms share: field, label, control and button
// classes, the two-column grid and a titled group of fields.
import type { ReactNode } from 'react'

export const fieldClass = 'flex min-w-0 flex-col gap-1'
export const labelClass = 'text-sm font-semibold text-slate-800'
export const controlClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 outline-none placeholder:text-slate-500 focus:border-blue-700 focus:ring-2 focus:ring-blue-700/30 aria-[invalid]:border-red-700'
export const hintClass = 'text-sm text-slate-600'
export const submitClass =
  'inline-flex w-full items-center justify-center rounded-lg bg-blue-700 px-6 py-3 text-base font-semibold text-white outline-none hover:bg-blue-800 data-[pending]:cursor-wait data-[pending]:bg-blue-800 focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2 sm:w-auto'
export const twoColumns = 'grid gap-x-5 gap-y-2 sm:grid-cols-2'

export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="border-b border-slate-200 pb-2 text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}
