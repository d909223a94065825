// Shared by the quote screens: the field classes and the status label.
import { QUOTE_STATUS_LABELS, type QuoteStatus } from '../../../schema/quotes'

export const input =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-200 aria-[invalid=true]:border-red-600'
export const label = 'text-sm font-medium text-slate-800'
export const statusLabel = (s: string) => QUOTE_STATUS_LABELS[s as QuoteStatus] ?? s
