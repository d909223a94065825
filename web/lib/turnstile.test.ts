import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderTurnstile, TURNSTILE_SCRIPT, turnstileToken } from './turnstile'

afterEach(() => {
  delete window.turnstile
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

describe('turnstile', () => {
  it('loads the script once, renders the widget with the site key, and reads its token from the form', async () => {
    const form = document.createElement('form')
    const slot = document.createElement('div')
    form.append(slot)
    document.body.append(form)
    const render = vi.fn((el: HTMLElement) => {
      const input = document.createElement('input')
      input.type = 'hidden'
      input.name = 'cf-turnstile-response'
      input.value = 'token-123'
      el.append(input)
      return 'widget-1'
    })
    const pending = renderTurnstile(slot, 'site-key')
    const script = document.head.querySelector('script')!
    expect(script.src).toBe(TURNSTILE_SCRIPT)
    window.turnstile = { render, reset: vi.fn() }
    script.dispatchEvent(new Event('load'))
    expect(await pending).toBe('widget-1')
    expect(render).toHaveBeenCalledWith(slot, {
      sitekey: 'site-key',
      'response-field-name': 'cf-turnstile-response',
    })
    expect(turnstileToken(form)).toBe('token-123')
    // Loaded already: no second script.
    await renderTurnstile(slot, 'site-key')
    expect(document.head.querySelectorAll('script')).toHaveLength(1)
  })

  it('no widget, no token', () => {
    expect(turnstileToken(document.createElement('form'))).toBeUndefined()
  })
})
