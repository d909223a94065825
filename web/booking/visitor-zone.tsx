// The visitor's own time zone beside the business's (US Central), for the
// pages that show a consultation: the manage page and the portal. The server
// cannot know the zone, so they render the Central time alone and add the
// visitor's after hydration; without JavaScript, or for a visitor in Central
// anyway, nothing is added. Plain Intl on instants the server sends, so no
// date arithmetic rides along (vite.config.ts keeps this module in one file
// with the portal's frame). The schedule form keeps its own copy of the hook:
// loading this file would take /schedule-consultation over its JS budget.
import { useEffect, useState } from 'react'
import { BUSINESS_TIME_ZONE } from '../../schema/request-options'

/** The visitor's own zone when it is not Central (after hydration only), else null. */
export function useVisitorZone(): string | null {
  const [zone, setZone] = useState<string | null>(null)
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (own && own !== BUSINESS_TIME_ZONE) setZone(own)
  }, [])
  return zone
}

/** A slot's start in the visitor's zone, short enough for a list of one day's times: "Mon 7:00 AM". */
export const localClock = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso))

/** An instant in the visitor's own zone, as a line under its Central time (after hydration only). */
export function YourTime({ iso }: { iso: string }) {
  const zone = useVisitorZone()
  if (!zone) return null
  const local = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso))
  return (
    <span className="block text-sm text-slate-600">{`${local} your time (${zone.replace(/_/g, ' ')})`}</span>
  )
}
