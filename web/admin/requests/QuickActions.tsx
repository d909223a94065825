import { useEffect, useState } from 'react'
import { ERRORS } from '../../../schema/messages'
import { toast } from '../../components/Toaster'
import { AdminButton, linkButtonClass } from '../ui'
import { consultationIcs } from './format'
import type { AdminConsultation, AdminSupportRequest } from './queries'
import type { Detail } from './RequestDialog'

/** Call, e-mail, copy the details, and (consultations) the slot as a calendar file. */
export function QuickActions({
  request,
  details,
  ics,
}: {
  request: AdminConsultation | AdminSupportRequest
  details: readonly Detail[]
  ics?: boolean
}) {
  const [icsUrl, setIcsUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!ics || !('preferredDate' in request)) return
    const file = consultationIcs(request)
    if (!file) return
    const url = URL.createObjectURL(new Blob([file], { type: 'text/calendar' }))
    setIcsUrl(url)
    return () => URL.revokeObjectURL(url)
  }, [ics, request])
  async function copy() {
    const text = [
      `Reference: ${request.reference}`,
      ...details.map(
        ([label, value]) =>
          `${label}: ${typeof value === 'string' ? value : label === 'Email' ? request.email : (value ?? '')}`,
      ),
    ].join('\n')
    try {
      await navigator.clipboard.writeText(text)
      toast({ title: 'Copied', description: 'The request details are on the clipboard.' })
    } catch {
      toast({ title: ERRORS.errorTitle, description: 'Copying was not allowed.', variant: 'destructive' })
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      <span className="self-center rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900">
        {request.reference}
      </span>
      {request.phone && (
        <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`} className={linkButtonClass}>
          Call
        </a>
      )}
      <a
        href={`mailto:${request.email}?subject=${encodeURIComponent(`Your request ${request.reference}`)}`}
        className={linkButtonClass}
      >
        E-mail
      </a>
      <AdminButton variant="secondary" onPress={() => void copy()}>
        Copy details
      </AdminButton>
      {icsUrl && (
        <a href={icsUrl} download={`consultation-${request.reference}.ics`} className={linkButtonClass}>
          Add to calendar (.ics)
        </a>
      )}
    </div>
  )
}
