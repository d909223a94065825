import { useEffect, useRef } from 'react'
import { useSite } from '../lib/site'
import { renderTurnstile } from '../lib/turnstile'

/**
 * Cloudflare Turnstile inside a request form, when the site has its keys
 * (worker/http/turnstile.ts): the widget adds the hidden token field the server
 * checks. It needs JavaScript; with Turnstile off (the default, and always
 * locally) nothing is rendered and the form is a plain HTML form.
 */
export function Turnstile() {
  const { turnstileSiteKey } = useSite().config
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (turnstileSiteKey && box.current) void renderTurnstile(box.current, turnstileSiteKey).catch(() => {})
  }, [turnstileSiteKey])
  if (!turnstileSiteKey) return null
  return <div ref={box} data-turnstile-sitekey={turnstileSiteKey} className="min-h-16" />
}
