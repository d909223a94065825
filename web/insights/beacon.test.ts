import { afterEach, describe, expect, it, vi } from 'vitest'
import { BEACON_PATH } from '../../schema/insights'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.resetModules()
})

const load = () => import('./beacon')

function stubNavigator(extra: Record<string, unknown> = {}) {
  const sendBeacon = vi.fn(() => true)
  vi.stubGlobal('navigator', { sendBeacon, doNotTrack: null, ...extra })
  return sendBeacon
}

describe('the beacon', () => {
  it('sends one event to the site itself as plain JSON', async () => {
    const sendBeacon = stubNavigator()
    const { track } = await load()
    track({ t: 'filter', k: 'pos' })
    expect(sendBeacon).toHaveBeenCalledWith(BEACON_PATH, '{"t":"filter","k":"pos"}')
  })

  it('sends nothing under Global Privacy Control or Do Not Track', async () => {
    const gpc = stubNavigator({ globalPrivacyControl: true })
    ;(await load()).track({ t: 'filter', k: 'pos' })
    expect(gpc).not.toHaveBeenCalled()
    const dnt = stubNavigator({ doNotTrack: '1' })
    ;(await load()).track({ t: 'filter', k: 'pos' })
    expect(dnt).not.toHaveBeenCalled()
  })

  it('drops a failure silently', async () => {
    vi.stubGlobal('navigator', {
      sendBeacon: () => {
        throw new TypeError('blocked')
      },
    })
    const { track } = await load()
    expect(() => track({ t: 'view', k: '/' })).not.toThrow()
  })

  it('counts moves to another public page after the first, which the Worker counted', async () => {
    const sendBeacon = stubNavigator()
    const { trackNavigation, isBooted } = await load()
    expect(isBooted()).toBe(false)
    trackNavigation('/about')
    expect(isBooted()).toBe(true)
    expect(sendBeacon).not.toHaveBeenCalled()
    trackNavigation('/about')
    trackNavigation('/contact')
    trackNavigation('/admin')
    trackNavigation('/login')
    expect(sendBeacon.mock.calls).toEqual([[BEACON_PATH, '{"t":"view","k":"/contact"}']])
  })
})
