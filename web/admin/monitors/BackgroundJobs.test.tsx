import { cleanup, render, screen } from '@testing-library/react'
import type { OperationDefinitionNode } from 'graphql'
import { Client, type GraphQLRequest, Provider } from 'urql'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { BackgroundJobs } from './BackgroundJobs'

const operationName = (request: GraphQLRequest) =>
  (request.query.definitions[0] as OperationDefinitionNode).name?.value

function show(jobs: unknown[]) {
  const client = new Client({ url: '/graphql', exchanges: [] })
  vi.spyOn(client, 'executeQuery').mockImplementation(
    (request) =>
      fromValue({
        operation: request,
        data: operationName(request) === 'Jobs' ? { jobs } : undefined,
      }) as never,
  )
  render(
    <Provider value={client}>
      <BackgroundJobs />
    </Provider>,
  )
  return screen.getByRole('region', { name: 'Background jobs' })
}

const job = (over: Record<string, unknown>) => ({
  name: 'mail-outbox',
  label: 'Mail outbox',
  periodMinutes: 5,
  lastRunAt: '2026-11-29T12:00:00.000Z',
  lastOkAt: '2026-11-29T12:00:00.000Z',
  state: 'OK',
  lastError: null,
  ...over,
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the overview card of the background jobs', () => {
  it('is one quiet line while every job runs', () => {
    const card = show([job({}), job({ name: 'quotes', label: 'Quote expiry and reminders' })])
    expect(card.textContent).toContain('All 2 scheduled jobs are running.')
    expect(card.className).not.toMatch(/red/)
  })

  it('is red, naming each failing or stalled job with its error and its last success', () => {
    const card = show([
      job({}),
      job({
        name: 'invoice-reminders',
        label: 'Invoice reminders',
        state: 'FAILING',
        lastError: 'D1_ERROR: busy',
      }),
      job({
        name: 'autopay',
        label: 'Card payments of plan invoices',
        state: 'STALLED',
        lastError: 'No successful run in three periods',
        lastOkAt: null,
      }),
    ])
    expect(card.className).toMatch(/border-red-400/)
    expect(card.textContent).toContain('Invoice reminders is failing')
    expect(card.textContent).toContain('D1_ERROR: busy')
    expect(card.textContent).toContain('Last success: Nov 29, 2026, 6:00 AM CST')
    expect(card.textContent).toContain('Card payments of plan invoices has stalled')
    expect(card.textContent).toContain('No success yet')
    expect(card.textContent).not.toContain('Mail outbox')
  })
})
