import { lazy, Suspense, useEffect, useState } from 'react'
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components'
import { TOAST_LIMIT, TOAST_TIMEOUT_MS } from '../../schema/constants'
import { showToaster, type ToastContentValue } from './toast'

export type { ToastContentValue }

// One queue for the whole app: at most one toast visible, the newest (SPEC §9), each shown
// for 5 s. The queue is tiny; the region that renders it is not (about 5 KB
// gzip), and most visits never toast, so it is fetched on the first toast.
// Its 5 s timer starts when the toast is rendered, so the delay costs nothing.
export const toastQueue = new ToastQueue<ToastContentValue>({ maxVisibleToasts: TOAST_LIMIT })

export function toast(content: ToastContentValue) {
  showToaster()
  // The newest replaces the one shown: react-aria's queue would hold the older
  // one and show it again, for its full 5 s, once the newer one goes (stale
  // news, over a phone's dialog buttons).
  toastQueue.clear()
  return toastQueue.add(content, { timeout: TOAST_TIMEOUT_MS })
}

const ToastRegion = lazy(() => import('./ToastRegion').then((m) => ({ default: m.ToastRegion })))

export function Toaster() {
  const [used, setUsed] = useState(() => toastQueue.visibleToasts.length > 0)
  useEffect(() => {
    if (used) return
    if (toastQueue.visibleToasts.length > 0) setUsed(true)
    return toastQueue.subscribe(() => {
      if (toastQueue.visibleToasts.length > 0) setUsed(true)
    })
  }, [used])
  return used ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null
}
