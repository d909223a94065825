import { useEffect, useState } from 'react'

/** Where the owner's last visit to the list is remembered (this browser only). */
export const LAST_VISIT_KEY = 'admin.requests.lastVisit'

/** The previous visit's time (read once), and this visit recorded for the next. */
export function useLastVisit(): number | null {
  const [previous] = useState<number | null>(() => {
    if (typeof localStorage === 'undefined') return null
    const value = Number(localStorage.getItem(LAST_VISIT_KEY))
    return Number.isFinite(value) && value > 0 ? value : null
  })
  useEffect(() => {
    localStorage.setItem(LAST_VISIT_KEY, String(Date.now()))
  }, [])
  return previous
}
