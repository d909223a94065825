// A form whose code is not part of a fresh load of its page (ADR 170). The server renders the
// form in full (entry.server.tsx waits for everything), so from the first paint it works as the
// plain form it is without JavaScript; React keeps that HTML, inside a Suspense, and hydrates it
// once the code is here, which is fetched when the visitor first reaches for the form.
import { type RefObject, useEffect } from 'react'

/** Reaching for the form: a pointer over it, a touch, a key or focus in it. */
const REACHING = ['pointerover', 'touchstart', 'focusin', 'keydown'] as const

export type OnReach = {
  /** Resolved once the form's code is wanted. */
  wanted: Promise<void>
  /** Wants it now (idempotent). */
  want: () => void
}

export function onReach(): OnReach {
  let want = () => {}
  const wanted = new Promise<void>((resolve) => {
    want = resolve
  })
  // The server has no visitor to wait for.
  if (typeof document === 'undefined') want()
  return { wanted, want }
}

/**
 * Wants the form when the visitor reaches for what `ref` holds. Heard on the window, in the capture
 * phase: before React, which stops the events that reach a part of the page it has not hydrated.
 */
export function useReach(ref: RefObject<HTMLElement | null>, { wanted, want }: OnReach): void {
  useEffect(() => {
    const reach = (event: Event) => {
      if (event.target instanceof Node && ref.current?.contains(event.target)) want()
    }
    const stop = () => {
      for (const type of REACHING) window.removeEventListener(type, reach, { capture: true })
    }
    for (const type of REACHING) window.addEventListener(type, reach, { capture: true, passive: true })
    wanted.then(stop)
    return stop
  }, [ref, wanted, want])
}
