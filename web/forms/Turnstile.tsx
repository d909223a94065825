import { useEffect, useRef } from 'react'
import { useSite } from '../lib/site'

/**
 * Cloudflare Turnstile inside a request form, when the site has its keys
 * (worker/abuse/turnstile.ts): the widget adds the hidden token field the server
 * checks. It needs JavaScript; with Turnstile off (the default, and always
 * locally) nothing is rendered and the form is a plain HTML form, and the
 * widget's loader (../lib/turnstile) is not even downloaded.
 */
export function Turnstile() {
  const { turnstileSiteKey } = useSite().config
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!turnstileSiteKey || !element) return
    void import('../lib/turnstile')
      .then(({ renderTurnstile }) => renderTurnstile(element, turnstileSiteKey))
      .catch(() => {})
  }, [turnstileSiteKey])
  if (!turnstileSiteKey) return null
  return <div ref={box} data-turnstile-sitekey={turnstileSiteKey} className="min-h-16" />
}
