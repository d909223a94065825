// "Import on interaction": a public page may load at most 130 KB of gzipped
// JavaScript (docs/decisions/011-public-js-budget.md) and the request forms'
// react-aria widgets (date picker, selects) are ~68 KB on their own. Their
// code is fetched on the visitor's first sign of activity on the page, or
// after a few seconds for someone who never moves (a screen reader in browse
// mode sends the page no events). docs/decisions/031-request-forms.md
import { useEffect, useState } from 'react'

const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const
export const INTENT_FALLBACK_MS = 3000

/** False until the visitor first interacts with the page (or the fallback delay passes), then true. */
export function useIntent(fallbackMs = INTENT_FALLBACK_MS): boolean {
  const [active, setActive] = useState(false)
  useEffect(() => {
    if (active) return
    const start = () => setActive(true)
    const options = { capture: true, passive: true } as const
    for (const name of INTENT_EVENTS) window.addEventListener(name, start, options)
    const timer = window.setTimeout(start, fallbackMs)
    return () => {
      for (const name of INTENT_EVENTS) window.removeEventListener(name, start, options)
      window.clearTimeout(timer)
    }
  }, [active, fallbackMs])
  return active
}
