import {
  capitalise,
  DELIVERY_LABELS,
  type SupportTone,
  statusTone,
  supportStatusLabel,
  supportTone,
  type Tone,
} from './format'

const TONES: Record<Tone, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-blue-100 text-blue-900',
  completed: 'bg-emerald-100 text-emerald-900',
  destructive: 'bg-red-700 text-white',
}

export function StatusBadge({ status }: { status: string }) {
  const tone = statusTone(status)
  return (
    <span data-tone={tone} className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>
      {capitalise(status)}
    </span>
  )
}

const DELIVERY_TONES: Record<string, string> = {
  pending: 'border-amber-300 text-amber-900',
  sent: 'border-emerald-300 text-emerald-900',
  failed: 'border-red-300 text-red-800',
}

/** Whether the owner's notification e-mail went out (the mail outbox's state). */
export function DeliveryBadge({ delivery }: { delivery: string }) {
  return (
    <span
      data-delivery={delivery}
      className={`rounded-full border px-2.5 py-0.5 text-xs font-medium ${DELIVERY_TONES[delivery] ?? DELIVERY_TONES.failed}`}
    >
      {DELIVERY_LABELS[delivery] ?? delivery}
    </span>
  )
}

const SUPPORT_TONES: Record<SupportTone, string> = {
  pending: 'bg-amber-100 text-amber-900',
  active: 'bg-blue-100 text-blue-900',
  waiting: 'bg-violet-100 text-violet-900',
  done: 'bg-slate-200 text-slate-800',
}

/** A support request's help-desk status (docs/decisions/053-support-statuses-and-due-times.md). */
export function SupportStatusBadge({ status }: { status: string }) {
  const tone = supportTone(status)
  return (
    <span
      data-tone={tone}
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${SUPPORT_TONES[tone]}`}
    >
      {supportStatusLabel(status)}
    </span>
  )
}

const URGENCY_STYLES: Record<string, string> = {
  critical: 'bg-red-700 text-white ring-2 ring-red-300',
  high: 'bg-orange-100 text-orange-900 border border-orange-400',
  medium: 'border border-slate-300 text-slate-700',
  low: 'border border-slate-200 text-slate-600',
}

/** Urgency: critical and high stand out (colour, weight and a marker, not colour alone). */
export function UrgencyBadge({ urgency, label }: { urgency: string; label: string }) {
  const loud = urgency === 'critical' || urgency === 'high'
  return (
    <span
      data-urgency={urgency}
      className={`rounded-full px-2.5 py-0.5 text-xs ${loud ? 'font-bold' : 'font-medium'} ${URGENCY_STYLES[urgency] ?? URGENCY_STYLES.low}`}
    >
      {urgency === 'critical' ? '!! ' : urgency === 'high' ? '! ' : ''}
      {label} urgency
    </span>
  )
}

/** Overdue, or due within 2 hours. */
export function DueFlag({ state }: { state: 'overdue' | 'soon' }) {
  return state === 'overdue' ? (
    <span data-due="overdue" className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-bold text-red-800">
      Overdue
    </span>
  ) : (
    <span
      data-due="soon"
      className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900"
    >
      Due soon
    </span>
  )
}
