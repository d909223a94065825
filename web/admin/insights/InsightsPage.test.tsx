import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetAuthForTests } from '../../state/auth'
import { json, serve } from '../../test/fetch-stub'
import { AdminPage } from '../AdminPage'
import { InsightsPage, type InsightsReport } from './InsightsPage'

// The admin's frame talks GraphQL for its badge and timer; here they are nothing.
vi.mock('../requests/PendingBadge', () => ({ PendingBadge: () => null }))
vi.mock('../billing/HeaderTimer', () => ({ HeaderTimer: () => null }))

const owner = { id: 1, username: 'owner' }

const report = (overrides: Partial<InsightsReport> = {}): InsightsReport => ({
  from: '2026-11-16',
  to: '2026-11-22',
  days: [
    { day: '2026-11-21', views: 2 },
    { day: '2026-11-22', views: 5 },
  ],
  totalViews: 7,
  pages: [
    { key: '/', label: '/', count: 4 },
    { key: '/about', label: '/about', count: 3 },
  ],
  referrers: [{ key: 'google.com', label: 'google.com', count: 2 }],
  campaigns: [],
  projects: [{ key: '3', label: 'Clinic Scheduler', count: 1 }],
  filters: [],
  devices: [{ key: 'desktop', label: 'desktop', count: 7 }],
  countries: [],
  resumeDownloads: 1,
  funnels: [
    {
      form: 'consultation',
      steps: { shown: 4, started: 2, submitted: 1, rejected: 1, failed: 0 },
      rejectedFields: [{ key: 'email', label: 'email', count: 1 }],
    },
    {
      form: 'support',
      steps: { shown: 0, started: 0, submitted: 0, rejected: 0, failed: 0 },
      rejectedFields: [],
    },
  ],
  requestsPerWeek: [{ week: '2026-11-16', consultations: 1, support: 2 }],
  ...overrides,
})

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/admin', Component: AdminPage, children: [{ path: 'insights', Component: InsightsPage }] }],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

beforeEach(() => resetAuthForTests())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('/admin/insights', () => {
  it('is reached from the admin header, next to Security', async () => {
    serve({ '/api/auth/me': () => json({ user: owner }) })
    renderAt('/admin')
    const link = await screen.findByRole('link', { name: 'Insights' })
    expect(link.getAttribute('href')).toBe('/admin/insights')
    expect(screen.getByRole('link', { name: 'Security' })).toBeTruthy()
  })

  it('shows the range from the address: visits per day, the funnel, requests per week, top lists, each with its table', async () => {
    const fetchMock = serve({
      '/api/auth/me': () => json({ user: owner }),
      '/api/insights?days=7': () => json(report()),
    })
    renderAt('/admin/insights?days=7')
    expect(await screen.findByRole('heading', { name: 'Insights' })).toBeTruthy()
    expect((await screen.findByTestId('total-views')).textContent).toBe('7')
    expect(fetchMock).toHaveBeenCalledWith('/api/insights?days=7', expect.anything())
    expect(screen.getByRole('link', { name: 'Last 7 days' }).getAttribute('aria-current')).toBe('page')
    // Each chart is an image with a summary, and its data as a table.
    expect(
      screen.getByRole('img', { name: /Page views per day from Nov 16, 2026 to Nov 22, 2026, 7 in all/ }),
    ).toBeTruthy()
    const perDay = screen.getByRole('table', { name: 'Visits per day' })
    expect(within(perDay).getByRole('row', { name: 'Nov 22, 2026 5' })).toBeTruthy()
    const funnel = screen.getByRole('table', { name: 'Consultation form funnel' })
    expect(within(funnel).getByRole('row', { name: 'Submitted 1' })).toBeTruthy()
    expect(screen.getByText('Most refused fields: email (1)')).toBeTruthy()
    const weeks = screen.getByRole('table', { name: 'Requests per week' })
    expect(within(weeks).getByRole('row', { name: 'Nov 16, 2026 1 2' })).toBeTruthy()
    // Days as people read them, never the ISO dates the API sends (issue 52.7).
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    expect(within(screen.getByRole('table', { name: 'Top referrers' })).getByText('google.com')).toBeTruthy()
    expect(
      within(screen.getByRole('table', { name: 'Top projects' })).getByText('Clinic Scheduler'),
    ).toBeTruthy()
    expect(screen.getAllByText('Nothing counted in this range.').length).toBeGreaterThan(0)
  })

  it('keeps a chosen or custom range in the address, and shows a refused range', async () => {
    serve({
      '/api/auth/me': () => json({ user: owner }),
      '/api/insights?days=30': () => json(report()),
      '/api/insights?days=90': () => json(report({ totalViews: 90 })),
      '/api/insights?from=2026-11-20&to=2026-11-01': () =>
        json(
          { message: 'Invalid input', errors: { to: 'The end date must not be before the start date.' } },
          400,
        ),
    })
    const router = renderAt('/admin/insights')
    await screen.findByTestId('total-views')
    const user = userEvent.setup()
    await user.click(screen.getByRole('link', { name: 'Last 90 days' }))
    await waitFor(() => expect(screen.getByTestId('total-views').textContent).toBe('90'))
    expect(router.state.location.search).toBe('?days=90')

    // Typed into the date pickers' month, day and year segments, which move on by themselves.
    await user.click(screen.getAllByRole('spinbutton', { name: /month, From/i })[0]!)
    await user.keyboard('11202026')
    await user.click(screen.getAllByRole('spinbutton', { name: /month, To/i })[0]!)
    await user.keyboard('11012026')
    await user.click(screen.getByRole('button', { name: 'Show custom range' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The end date must not be before the start date.',
    )
    expect(router.state.location.search).toBe('?from=2026-11-20&to=2026-11-01')
  })
})
