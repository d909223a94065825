// The admin's plan pieces (issue 37) against a stubbed GraphQL client.
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OperationDefinitionNode } from 'graphql'
import { MemoryRouter } from 'react-router'
import { Client, type GraphQLRequest, Provider } from 'urql'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { ClientSubscription, periodOptions, UsageBar } from './ClientSubscription'
import { PlansPage } from './PlansPage'

const operationName = (request: GraphQLRequest) =>
  (request.query.definitions[0] as OperationDefinitionNode).name?.value

function mockClient(answers: Record<string, object>, mutationAnswer: object = {}) {
  const client = new Client({ url: '/graphql', exchanges: [] })
  vi.spyOn(client, 'executeQuery').mockImplementation(
    (request) => fromValue({ operation: request, data: answers[operationName(request) ?? ''] }) as never,
  )
  const executeMutation = vi.fn((request: GraphQLRequest) =>
    fromValue({ operation: request, data: mutationAnswer }),
  )
  vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
  return { client, executeMutation }
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const subscription = {
  id: '7',
  planId: '2',
  planName: 'Practice Care',
  status: 'ACTIVE',
  startDate: '2026-10-01',
  cancelAtPeriodEnd: false,
  endsPeriod: null,
  autopay: false,
  cardSaved: false,
  alertContactId: null,
  units: [{ description: 'Workstations', unitPriceCents: 2500, quantity: 8 }],
  usage: {
    period: '2026-11',
    includedMinutes: 600,
    rolloverMinutes: 60,
    usedMinutes: 540,
    remainingMinutes: 120,
    overageMinutes: 0,
    paused: false,
  },
  periodInvoices: [
    { period: '2026-10', invoiceId: '31', number: 'INV-2026-0031', status: 'sent', totalCents: 80_000 },
  ],
}

describe('the usage bar', () => {
  it('is a meter of the hours used against the period time', () => {
    render(<UsageBar label="Used in 2026-11" minutes={540} of={660} />)
    const meter = screen.getByRole('meter', { name: 'Used in 2026-11' })
    expect(meter.getAttribute('aria-valuetext')).toBe('9 h of 11 h')
  })
})

describe("a client's subscription section", () => {
  it('shows the usage, the unit lines and the period invoices, and bills the chosen period', async () => {
    // The month list runs from the subscription's start to today: today is pinned (only Date is faked).
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-20T18:00:00Z'))
    const { client, executeMutation } = mockClient(
      {
        ClientSubscriptions: { subscriptions: [subscription] },
        SubscriptionContacts: {
          client: { id: '3', contacts: [{ id: '4', name: 'Dana Ruiz', email: 'dana@example.com' }] },
        },
      },
      { billPeriod: { invoiceId: '32', number: 'INV-2026-0032', totalCents: 60_000 } },
    )
    render(
      <MemoryRouter>
        <Provider value={client}>
          <ClientSubscription clientId="3" />
        </Provider>
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { name: 'Plan: Practice Care' })).toBeTruthy()
    const usage = screen.getByTestId('plan-usage')
    expect(within(usage).getByText('10 h')).toBeTruthy()
    expect(within(usage).getByText('2 h')).toBeTruthy()
    expect(screen.getByText(/8 × Workstations/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'INV-2026-0031' })).toBeTruthy()
    // The month is chosen by name from the subscription's months, newest first (issue 52.7).
    await userEvent.click(screen.getByRole('button', { name: /Month$/ }))
    const months = screen.getAllByRole('option').map((o) => o.textContent)
    expect(months).toEqual(['November 2026', 'October 2026'])
    expect(months.join(' ')).not.toMatch(/\d{4}-\d{2}/)
    await userEvent.click(screen.getByRole('option', { name: 'October 2026' }))
    await userEvent.click(screen.getByRole('button', { name: 'Bill this period' }))
    const bill = executeMutation.mock.calls.find(([r]) => operationName(r) === 'BillPeriod')
    expect(bill?.[0].variables).toEqual({ id: '7', period: '2026-10' })
  })
})

describe('the months a subscription can be billed for', () => {
  it('are named, newest first, from this month back to the start, at most two years', () => {
    const now = new Date('2026-11-20T18:00:00Z')
    expect(periodOptions('2026-09-15', now)).toEqual([
      { value: '2026-11', label: 'November 2026' },
      { value: '2026-10', label: 'October 2026' },
      { value: '2026-09', label: 'September 2026' },
    ])
    expect(periodOptions('2020-01-01', now)).toHaveLength(24)
    // A start still ahead: this month only.
    expect(periodOptions('2027-02-01', now)).toEqual([{ value: '2026-11', label: 'November 2026' }])
  })
})

describe('the plans page', () => {
  it('lists the plans and sends a new plan in cents and minutes', async () => {
    const { client, executeMutation } = mockClient(
      {
        AdminPlans: {
          plans: [
            {
              id: '2',
              name: 'Practice Care',
              monthlyFeeCents: 60_000,
              includedMinutes: 600,
              overageRateCents: 15_000,
              rollover: 'NEXT',
              autoSend: false,
              termsFrom: '2026-12',
              units: [],
              slaHours: { urgent: 2, high: null, medium: null, low: null },
            },
          ],
        },
      },
      { createPlan: { id: '3', name: 'Basic' } },
    )
    render(
      <MemoryRouter>
        <Provider value={client}>
          <PlansPage />
        </Provider>
      </MemoryRouter>,
    )
    const table = screen.getByRole('table', { name: 'Plans' })
    expect(within(table).getByText('$600.00')).toBeTruthy()
    expect(within(table).getByText('Prices from 2026-12')).toBeTruthy()
    const form = screen.getByRole('form', { name: 'New plan' })
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Basic')
    await userEvent.type(within(form).getByLabelText(/^Monthly fee/), '250')
    await userEvent.type(within(form).getByLabelText(/^Included hours/), '2.5')
    await userEvent.type(within(form).getByLabelText(/^Overage rate/), '120')
    await userEvent.type(within(form).getByLabelText('Critical'), '4')
    await userEvent.click(within(form).getByRole('button', { name: 'Add plan' }))
    const create = executeMutation.mock.calls.find(([r]) => operationName(r) === 'CreatePlan')
    expect(create?.[0].variables).toMatchObject({
      input: {
        name: 'Basic',
        monthlyFeeCents: 25_000,
        includedMinutes: 150,
        overageRateCents: 12_000,
        rollover: 'NONE',
        slaHours: { urgent: 4, high: null, medium: null, low: null },
      },
    })
  })
})
