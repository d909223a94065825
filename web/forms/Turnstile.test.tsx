import { cleanup, render, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_SITE_CONFIG } from '../../schema/site-config'
import { Turnstile } from './Turnstile'

afterEach(() => {
  cleanup()
  delete window.turnstile
})

/** The widget inside a page whose root loader says whether Turnstile has a site key. */
function renderWith(turnstileSiteKey: string) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ config: { ...EMPTY_SITE_CONFIG, turnstileSiteKey }, hasResume: false }),
        Component: () => (
          <form>
            <Turnstile />
          </form>
        ),
      },
    ],
    { initialEntries: ['/'] },
  )
  return render(<RouterProvider router={router} />)
}

describe('Turnstile in a request form', () => {
  it('with a site key, loads the widget code on its own and renders the widget into its slot', async () => {
    // Cloudflare's script already present: the loader (imported on demand) uses it.
    const widget = vi.fn(() => 'widget-1')
    window.turnstile = { render: widget, reset: vi.fn() }
    const { container } = renderWith('1x00000000000000000000AA')
    await waitFor(() => expect(widget).toHaveBeenCalledTimes(1))
    const slot = container.querySelector('[data-turnstile-sitekey="1x00000000000000000000AA"]')
    expect(slot).not.toBeNull()
    expect(widget).toHaveBeenCalledWith(slot, {
      sitekey: '1x00000000000000000000AA',
      'response-field-name': 'cf-turnstile-response',
    })
  })

  it('without a site key, renders nothing and asks for no widget', async () => {
    const widget = vi.fn(() => 'widget-1')
    window.turnstile = { render: widget, reset: vi.fn() }
    const { container } = renderWith('')
    await waitFor(() => expect(container.querySelector('form')).not.toBeNull())
    expect(container.querySelector('[data-turnstile-sitekey]')).toBeNull()
    expect(widget).not.toHaveBeenCalled()
  })
})
