// The browser half of Turnstile (worker/abuse/turnstile.ts is the server's):
// loads Cloudflare's widget script on demand and renders the widget inside a
// form, where it adds the hidden `cf-turnstile-response` field the server
// checks. Only used when the site has a Turnstile site key; without one the
// forms stay plain HTML forms that work without JavaScript.
import { TURNSTILE_FIELD } from '../../schema/request-options'

export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'

type TurnstileApi = {
  render(element: HTMLElement, options: { sitekey: string; 'response-field-name'?: string }): string
  reset(widgetId?: string): void
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

let loading: Promise<TurnstileApi> | null = null

/** The widget API, loading its script once. */
export function loadTurnstile(doc: Document = document): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile)
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = doc.createElement('script')
    script.src = TURNSTILE_SCRIPT
    script.async = true
    script.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not load'))
    script.onerror = () => {
      loading = null
      reject(new Error('Turnstile did not load'))
    }
    doc.head.append(script)
  })
  return loading
}

/** Renders the widget into `element` (inside the form); resolves to its widget id. */
export async function renderTurnstile(element: HTMLElement, siteKey: string): Promise<string> {
  const api = await loadTurnstile(element.ownerDocument)
  return api.render(element, { sitekey: siteKey, 'response-field-name': TURNSTILE_FIELD })
}

/** The token a rendered widget put into the form, for a JSON submission. */
export const turnstileToken = (form: HTMLFormElement) => {
  const value = new FormData(form).get(TURNSTILE_FIELD)
  return typeof value === 'string' && value ? value : undefined
}
