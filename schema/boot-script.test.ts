import { JSDOM } from 'jsdom'
import { describe, expect, it, vi } from 'vitest'
import { APP_ENTRY_META, BOOT_SCRIPT } from './boot-script'

// Runs the shell's boot script in a fresh document, the way the built
// index.html carries it (schema/boot-script.ts), and reports which module
// scripts it added. jsdom never fetches them (resources are not loaded).
type Options = { ssr?: boolean; hidden?: boolean; paintTiming?: boolean }

function shell({ ssr = true, hidden = false, paintTiming = true }: Options) {
  let emitPaint: (name: string) => void = () => {}
  const dom = new JSDOM(
    `<!doctype html><html><head>
      <meta name="${APP_ENTRY_META}" content="/assets/index-abc.js">
      <script>${BOOT_SCRIPT}</script>
    </head><body><div id="root">${ssr ? '<div data-ssr inert aria-hidden="true"><h1>Copy</h1></div>' : ''}</div></body></html>`,
    {
      runScripts: 'dangerously',
      pretendToBeVisual: true,
      beforeParse(window) {
        if (hidden) Object.defineProperty(window.document, 'visibilityState', { value: 'hidden' })
        // jsdom has no Paint Timing; a stand-in observer lets a test decide when the paint happens.
        if (paintTiming) {
          class FakeObserver {
            static supportedEntryTypes = ['paint']
            constructor(private callback: (list: { getEntriesByName(n: string): unknown[] }) => void) {}
            observe() {
              emitPaint = (name) =>
                this.callback({ getEntriesByName: (n) => (n === name ? [{ name, startTime: 1 }] : []) })
            }
          }
          Object.assign(window, { PerformanceObserver: FakeObserver })
        }
      },
    },
  )
  const entries = () =>
    [...dom.window.document.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'))
  return { dom, entries, paint: (name: string) => emitPaint(name) }
}

const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms))

describe('the boot script', () => {
  it('requests the entry only after the first contentful paint, once', async () => {
    const page = shell({})
    await tick()
    expect(page.entries()).toEqual([])
    page.paint('first-paint')
    await tick()
    expect(page.entries()).toEqual([])
    page.paint('first-contentful-paint')
    await tick()
    expect(page.entries()).toEqual(['/assets/index-abc.js'])
    page.paint('first-contentful-paint')
    await tick()
    expect(page.entries()).toHaveLength(1)
  })

  it('boots at once on a page without a server-rendered copy (/login, /admin)', async () => {
    const page = shell({ ssr: false })
    await tick()
    expect(page.entries()).toEqual(['/assets/index-abc.js'])
  })

  it('boots at once in a hidden tab, which does not paint', async () => {
    const page = shell({ hidden: true })
    await tick()
    expect(page.entries()).toEqual(['/assets/index-abc.js'])
  })

  it('waits for an animation frame where Paint Timing is missing', async () => {
    const page = shell({ paintTiming: false })
    expect(page.entries()).toEqual([])
    await vi.waitFor(() => expect(page.entries()).toEqual(['/assets/index-abc.js']), { timeout: 1000 })
  })

  it('does not wait more than 3 s for a paint', async () => {
    const page = shell({})
    await tick(2500)
    expect(page.entries()).toEqual([])
    await vi.waitFor(() => expect(page.entries()).toEqual(['/assets/index-abc.js']), { timeout: 1500 })
  })
})
