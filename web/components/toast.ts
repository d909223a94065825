// Toasts for the public pages, loaded on the first toast: most visits never
// see one, and the queue and its region are react-aria code that would
// otherwise ride along with every page. The admin and sign-in import
// ./Toaster directly.
import { createElement, lazy, useSyncExternalStore } from 'react'

/** What a toast shows (the admin and sign-in import it via ./Toaster too). */
export type ToastContentValue = {
  title: string
  description?: string
  variant?: 'default' | 'destructive'
}

// Typed by its shape, not `typeof import('./Toaster')`: that would be a static edge back to ./Toaster.
let loading: Promise<{ toast(content: ToastContentValue): unknown }> | null = null
let requested = false
const listeners = new Set<() => void>()

export function toast(content: ToastContentValue) {
  loading ??= import('./Toaster')
  void loading.then((m) => m.toast(content))
}

/** Mounts the toast region (called by ./Toaster for every toast, wherever it came from). */
export function showToaster() {
  if (requested) return
  requested = true
  for (const listener of listeners) listener()
}

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })))

/** Renders the toast region once a toast has been asked for. */
export function ToastHost() {
  const shown = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => requested,
    () => false,
  )
  return shown ? createElement(Toaster) : null
}
