import { capitalise, DELIVERY_LABELS, statusTone, type Tone } from './format'

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
