// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// A fresh store per test: the module keeps its data for the whole page load.
async function freshStore() {
  vi.resetModules()
  return import('./site')
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

let fetchMock: ReturnType<typeof vi.fn>

beforeEach(() => {
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  document.head.innerHTML = ''
})

describe('site store', () => {
  it('fetches a list once per page load, sharing one request between concurrent callers', async () => {
    fetchMock.mockImplementation(async () => json([{ id: 1, title: 'A' }]))
    const { site, ensureLoaded } = await freshStore()
    await Promise.all([ensureLoaded('projects'), ensureLoaded('projects')])
    await ensureLoaded('projects')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/projects')
    expect(site.projects.status).toBe('ready')
    expect(site.projects.data).toEqual([{ id: 1, title: 'A' }])
  })

  it('treats a 404 for the active resume as "no resume", without an error state', async () => {
    fetchMock.mockImplementation(async () => json({ message: 'No active resume' }, 404))
    const { site, ensureLoaded } = await freshStore()
    await ensureLoaded('resume')
    expect(site.resume).toEqual({ status: 'ready', data: null })
  })

  it('keeps the active resume metadata when there is one', async () => {
    fetchMock.mockImplementation(async () => json({ id: 3, originalName: 'CV.pdf' }))
    const { site, ensureLoaded } = await freshStore()
    await ensureLoaded('resume')
    expect(site.resume.data).toEqual({ id: 3, originalName: 'CV.pdf' })
  })

  it('marks a failed list as error and does not retry on its own', async () => {
    fetchMock.mockImplementation(async () => new Response('boom', { status: 500 }))
    const { site, ensureLoaded } = await freshStore()
    await ensureLoaded('skills')
    expect(site.skills.status).toBe('error')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('refreshSiteData fetches again after a write', async () => {
    fetchMock.mockImplementationOnce(async () => json([{ key: 'a', content: 'old' }]))
    fetchMock.mockImplementationOnce(async () => json([{ key: 'a', content: 'new' }]))
    const { site, ensureLoaded, refreshSiteData } = await freshStore()
    await ensureLoaded('content')
    await refreshSiteData('content')
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(site.content.data).toEqual([{ key: 'a', content: 'new' }])
  })

  it('starts with the page copy and resume the Worker wrote into the shell, without fetching them', async () => {
    const el = document.createElement('script')
    el.type = 'application/json'
    el.id = 'site-data'
    el.textContent = JSON.stringify({
      content: [{ key: 'contact.hours', content: 'Weekdays 8-4' }],
      resume: { id: 7, originalName: 'CV.pdf' },
    })
    document.head.append(el)
    const { site, ensureLoaded } = await freshStore()
    expect(site.content).toEqual({
      status: 'ready',
      data: [{ key: 'contact.hours', content: 'Weekdays 8-4' }],
    })
    expect(site.resume).toEqual({ status: 'ready', data: { id: 7, originalName: 'CV.pdf' } })
    await ensureLoaded('content')
    await ensureLoaded('resume')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('prefetches what a path needs, once', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/resume/active' ? json({ message: 'none' }, 404) : json([]),
    )
    const { prefetchFor, ensureLoaded } = await freshStore()
    prefetchFor('/portfolio-solutions/')
    await ensureLoaded('projects')
    prefetchFor('/portfolio-solutions')
    expect(fetchMock.mock.calls.map((c) => c[0]).sort()).toEqual([
      '/api/page-content',
      '/api/projects',
      '/api/resume/active',
    ])
  })
})
