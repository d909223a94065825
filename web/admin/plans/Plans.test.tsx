// The admin's plan pieces (issue 37) against a stubbed GraphQL client.
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OperationDefinitionNode } from 'graphql'
import { MemoryRouter } from 'react-router'
import { Client, type GraphQLRequest, Provider } from 'urql'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { ClientSubscription, UsageBar } from './ClientSubscription'
import { PlansPage } from './PlansPage'

const operationName = (request: GraphQLRequest) =>
  (request.query.definitions[0] as OperationDefinitionNode).name?.value

function mockClient(
  answers: Record<string, object | ((request: GraphQLRequest) => object)>,
  mutationAnswer: object = {},
) {
  const client = new Client({ url: '/graphql', exchanges: [] })
  vi.spyOn(client, 'executeQuery').mockImplementation((request) => {
    const answer = answers[operationName(request) ?? '']
    return fromValue({
      operation: request,
      data: typeof answer === 'function' ? answer(request) : answer,
    }) as never
  })
  const executeMutation = vi.fn((request: GraphQLRequest) =>
    fromValue({ operation: request, data: mutationAnswer }),
  )
  vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
  return { client, executeMutation }
}

afterEach(cleanup)

const noLate = {
  pendingMinutes: 0,
  pendingOverageMinutes: 0,
  pendingOverageCents: 0,
  billedMinutes: 0,
  billedOverageMinutes: 0,
  billedOverageCents: 0,
  billedOn: [],
  notBilledMinutes: 0,
  undecidedMinutes: 0,
}

/** A period's figures as GraphQL sends them: November 2026 running, October 2026 ended and not billed. */
const usageOf = (period: string) =>
  period === '2026-10'
    ? {
        period,
        label: 'October 2026',
        state: 'ENDED',
        endsOn: '2026-10-31',
        billableFrom: '2026-11-01',
        includedMinutes: 600,
        rolloverMinutes: 0,
        usedMinutes: 630,
        remainingMinutes: 0,
        overageMinutes: 30,
        overageRateCents: 15_000,
        overageCents: 7_500,
        paused: false,
        invoice: null,
        late: noLate,
        carriedIn: [],
      }
    : {
        period,
        label: 'November 2026',
        state: 'OPEN',
        endsOn: '2026-11-30',
        billableFrom: '2026-12-01',
        includedMinutes: 600,
        rolloverMinutes: 60,
        usedMinutes: 540,
        remainingMinutes: 120,
        overageMinutes: 0,
        overageRateCents: 15_000,
        overageCents: 0,
        paused: false,
        invoice: null,
        late: noLate,
        carriedIn: [
          {
            period: '2026-09',
            label: 'September 2026',
            minutes: 480,
            overageMinutes: 30,
            overageCents: 7_500,
            detail: 'September 30: 8 h',
          },
        ],
      }

const subscription = (period: string, extra: object = {}) => ({
  id: '7',
  planId: '2',
  planName: 'Practice Care',
  clientName: 'Riverside Clinic',
  status: 'ACTIVE',
  startDate: '2026-09-01',
  cancelAtPeriodEnd: false,
  endsPeriod: null,
  autopay: false,
  cardSaved: false,
  alertContactId: null,
  units: [{ description: 'Workstations', unitPriceCents: 2500, quantity: 8 }],
  usage: usageOf(period),
  periodInvoices: [
    { period: '2026-10', invoiceId: '31', number: 'INV-2026-0031', status: 'sent', totalCents: 80_000 },
  ],
  ...extra,
})

function renderCard(extra: object = {}) {
  const mock = mockClient(
    {
      ClientSubscriptions: (request) => ({
        subscriptions: [subscription(String(request.variables?.period), extra)],
      }),
      SubscriptionContacts: {
        client: { id: '3', contacts: [{ id: '4', name: 'Dana Ruiz', email: 'dana@example.com' }] },
      },
    },
    { billPeriod: { invoiceId: '32', number: 'INV-2026-0032', totalCents: 60_000 } },
  )
  render(
    <MemoryRouter>
      <Provider value={mock.client}>
        <ClientSubscription clientId="3" />
      </Provider>
    </MemoryRouter>,
  )
  return mock
}

const called = (mock: ReturnType<typeof mockClient>, name: string) =>
  mock.executeMutation.mock.calls.filter(([r]) => operationName(r) === name)

describe('the usage bar', () => {
  it('is a meter of the hours used against the period time', () => {
    render(<UsageBar label="Used in 2026-11" minutes={540} of={660} />)
    const meter = screen.getByRole('meter', { name: 'Used in 2026-11' })
    expect(meter.getAttribute('aria-valuetext')).toBe('9 h of 11 h')
  })
})

describe("a client's subscription section", () => {
  beforeEach(() => {
    // November 15, 2026 in the business time zone: November runs, October has ended.
    vi.useFakeTimers({ now: new Date('2026-11-15T18:00:00Z'), toFake: ['Date'] })
  })
  afterEach(() => vi.useRealTimers())

  it('shows the figures in words and bills a month only once it has ended', async () => {
    const mock = renderCard()
    expect(screen.getByRole('heading', { name: 'Plan: Practice Care' })).toBeTruthy()
    const usage = screen.getByTestId('plan-usage')
    expect(within(usage).getByText('10 h')).toBeTruthy()
    expect(within(usage).getByText('2 h')).toBeTruthy()
    expect(screen.getByText(/8 × Workstations/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'INV-2026-0031' })).toBeTruthy()
    expect(screen.getByText('October 2026:', { exact: false })).toBeTruthy()
    // November is running: the button is disabled and says when it can be used.
    const bill = screen.getByRole('button', { name: 'Bill this period' })
    expect(bill.hasAttribute('disabled') || bill.getAttribute('data-disabled') === 'true').toBe(true)
    expect(
      screen.getByText('Can be billed from December 1, 2026, once November 2026 has ended.'),
    ).toBeTruthy()
    const words = screen.getByTestId('plan-billing')
    expect(words.textContent).toContain(
      'Late time from September 2026 (September 30: 8 h) goes onto the next plan invoice: 0.5 h over the included hours, $75.00.',
    )
    // October has ended: billed on request.
    await userEvent.click(screen.getByRole('button', { name: /Month/ }))
    await userEvent.click(screen.getByRole('option', { name: 'October 2026' }))
    expect(screen.getByTestId('plan-billing').textContent).toContain(
      'October 2026 has ended and is not invoiced yet: 0.5 h over the included hours, $75.00 at $150.00 an hour, to be billed on its invoice.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Bill this period' }))
    expect(called(mock, 'BillPeriod')[0]?.[0].variables).toEqual({ id: '7', period: '2026-10' })
  })

  it('asks before pausing and before cancelling, saying what happens and what cannot be undone', async () => {
    const mock = renderCard()
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }))
    const pause = screen.getByRole('alertdialog', { name: 'Pause this plan?' })
    expect(pause.textContent).toContain('From November 2026 on, Riverside Clinic pays no plan fee')
    expect(pause.textContent).toContain('that cannot be undone')
    expect(called(mock, 'PauseSubscription')).toHaveLength(0)
    await userEvent.click(within(pause).getByRole('button', { name: 'Pause the plan' }))
    expect(called(mock, 'PauseSubscription')).toHaveLength(1)

    await userEvent.click(screen.getByRole('button', { name: 'Cancel at the end of this period' }))
    const cancel = screen.getByRole('alertdialog', { name: 'Cancel this plan?' })
    expect(cancel.textContent).toContain('The plan runs until November 30, 2026')
    expect(cancel.textContent).toContain('Once the plan has ended it cannot be undone')
    await userEvent.click(within(cancel).getByRole('button', { name: 'Cancel' }))
    expect(called(mock, 'CancelSubscription')).toHaveLength(0)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel at the end of this period' }))
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', {
        name: 'Cancel at the end of this period',
      }),
    )
    expect(called(mock, 'CancelSubscription')).toHaveLength(1)
  })

  it('offers "Undo cancellation" while the plan is set to end', async () => {
    const mock = renderCard({ cancelAtPeriodEnd: true, endsPeriod: '2026-11' })
    expect(
      screen.getByText('The plan ends after November 2026; you can take this back until November 30, 2026.'),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Cancel at the end of this period' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Undo cancellation' }))
    expect(called(mock, 'UndoCancelSubscription')[0]?.[0].variables).toEqual({ id: '7' })
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
