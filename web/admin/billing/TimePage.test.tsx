// Issue 36.1 on the Time page: "Start timer" is off while a timer runs, a
// request's "Log time" link preselects its client and request, time kept
// without a rate is flagged with a way to set it, and unbilled entries are edited.
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { GraphQLError, type OperationDefinitionNode } from 'graphql'
import { MemoryRouter } from 'react-router'
import { Client, CombinedError, type GraphQLRequest, Provider } from 'urql'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { TimeEditor } from './TimePage'

const operationName = (request: GraphQLRequest) =>
  (request.query.definitions[0] as OperationDefinitionNode).name?.value

function mockClient(answers: Record<string, object>) {
  const client = new Client({ url: '/graphql', exchanges: [] })
  vi.spyOn(client, 'executeQuery').mockImplementation(
    (request) => fromValue({ operation: request, data: answers[operationName(request) ?? ''] }) as never,
  )
  const executeMutation = vi.fn((request: GraphQLRequest) => fromValue({ operation: request, data: {} }))
  vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
  return { client, executeMutation }
}

const clients = {
  clients: [
    { id: '3', name: 'Riverside Clinic', defaultRateCents: 12_000, status: 'ACTIVE' },
    { id: '4', name: 'Lakeside Dental', defaultRateCents: null, status: 'ACTIVE' },
  ],
}
const entry = {
  id: '2',
  clientId: '4',
  date: '2026-11-21',
  minutes: 30,
  description: 'Backup check',
  billable: true,
  rateCents: 0,
  needsRate: true,
  blockId: null,
  invoiceId: null,
  assetId: null,
}

function renderAt(url: string, answers: Record<string, object>) {
  const mock = mockClient({ BillingClients: clients, AdminTimeEntries: { timeEntries: [] }, ...answers })
  render(
    <MemoryRouter initialEntries={[url]}>
      <Provider value={mock.client}>
        <TimeEditor />
      </Provider>
    </MemoryRouter>,
  )
  return mock
}

afterEach(cleanup)

describe('the time page (issue 36)', () => {
  it('disables "Start timer" while a timer runs', () => {
    renderAt('/admin/time', {
      AdminTimer: { timer: { startedAt: new Date().toISOString(), clientId: '3', description: null } },
    })
    expect(screen.getByRole('button', { name: 'Start timer' }).hasAttribute('disabled')).toBe(true)
    cleanup()
    renderAt('/admin/time', { AdminTimer: { timer: null } })
    expect(screen.getByRole('button', { name: 'Start timer' }).hasAttribute('disabled')).toBe(false)
  })

  it('preselects the client and request a "Log time" link names, and asks for a rate the client lacks', async () => {
    const { executeMutation } = renderAt('/admin/time?clientId=4&request=S-1043', {
      AdminTimer: { timer: null },
    })
    expect(screen.getByRole('button', { name: /Request$/ }).textContent).toContain('S-1043')
    expect(screen.getByText(/This client has no hourly rate/)).toBeTruthy()
    await userEvent.type(screen.getByRole('textbox', { name: /^Rate per hour/ }), '95')
    await userEvent.click(screen.getByRole('button', { name: 'Start timer' }))
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({
      input: { clientId: '4', requestReference: 'S-1043', description: null, rateCents: 9_500 },
    })
  })

  it('flags time kept without a rate and sets it through the edit form', async () => {
    const { executeMutation } = renderAt('/admin/time', {
      AdminTimer: { timer: null },
      AdminTimeEntries: { timeEntries: [entry] },
    })
    const row = screen.getByRole('row', { name: /Backup check/ })
    expect(within(row).getByText('Needs a rate')).toBeTruthy()
    await userEvent.click(within(row).getByRole('button', { name: 'Set the rate of entry of Nov 21, 2026' }))
    expect(screen.getByRole('heading', { name: 'Edit entry of Nov 21, 2026' })).toBeTruthy()
    await userEvent.type(screen.getByRole('textbox', { name: /^Rate per hour/ }), '110')
    await userEvent.click(screen.getByRole('button', { name: 'Save entry' }))
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({
      id: '2',
      input: {
        date: '2026-11-21',
        minutes: 30,
        description: 'Backup check',
        billable: true,
        rateCents: 11_000,
        assetId: null,
      },
    })
  })
})

describe('Log time from a request', () => {
  it("offers the client's requests and bookings in a picker and sends the chosen one", async () => {
    const { executeMutation } = renderAt('/admin/time?clientId=3', {
      AdminTimer: { timer: null },
      TimeClientRequests: {
        client: {
          id: '3',
          requests: [
            { kind: 'SUPPORT', id: '8', reference: 'S-1043', subject: 'network', status: 'new' },
            {
              kind: 'CONSULTATION',
              id: '5',
              reference: 'C-1002',
              subject: 'Network review',
              status: 'confirmed',
            },
          ],
        },
      },
    })
    expect(screen.queryByRole('textbox', { name: /^Request/ })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: /Request$/ }))
    const choices = screen.getAllByRole('option').map((o) => o.textContent)
    expect(choices).toEqual([
      'No request',
      expect.stringContaining('S-1043'),
      expect.stringContaining('C-1002'),
    ])
    await userEvent.click(screen.getByRole('option', { name: /C-1002/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Start timer' }))
    expect(executeMutation.mock.calls[0]![0].variables).toMatchObject({
      input: { clientId: '3', requestReference: 'C-1002' },
    })
  })
})

describe('the asset of a time entry (issue 38)', () => {
  const assets = {
    assets: [
      { id: '21', name: 'Spare laptop', kind: 'LAPTOP', status: 'SPARE' },
      { id: '22', name: 'Old server', kind: 'SERVER', status: 'RETIRED' },
      { id: '23', name: 'Front desk PC', kind: 'WORKSTATION', status: 'IN_USE' },
    ],
  }

  it("offers the client's assets in use first, retired left out, and sends the chosen one", async () => {
    const { executeMutation } = renderAt('/admin/time?clientId=3', {
      AdminTimer: { timer: null },
      ClientAssets: assets,
    })
    await userEvent.click(screen.getByRole('button', { name: /Asset$/ }))
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'No asset',
      'Front desk PC · Workstation',
      'Spare laptop · Laptop (spare)',
    ])
    await userEvent.click(screen.getByRole('option', { name: /Spare laptop/ }))
    await userEvent.type(screen.getByRole('textbox', { name: /^Minutes/ }), '20')
    await userEvent.type(screen.getByRole('textbox', { name: /^Description/ }), 'Battery swap')
    await userEvent.click(screen.getByRole('button', { name: 'Record' }))
    expect(executeMutation.mock.calls[0]![0].variables).toMatchObject({
      input: { clientId: '3', minutes: 20, description: 'Battery swap', assetId: '21' },
    })
  })

  it("preselects the asset an asset page's Log time link names", () => {
    renderAt('/admin/time?clientId=3&asset=23', { AdminTimer: { timer: null }, ClientAssets: assets })
    expect(screen.getByRole('button', { name: /Asset$/ }).textContent).toContain('Front desk PC')
  })

  it("shows an entry's asset when editing and clears it with No asset", async () => {
    const { executeMutation } = renderAt('/admin/time', {
      AdminTimer: { timer: null },
      AdminTimeEntries: { timeEntries: [{ ...entry, needsRate: false, rateCents: 9_000, assetId: '23' }] },
      ClientAssets: assets,
    })
    await userEvent.click(screen.getByRole('button', { name: 'Edit entry of Nov 21, 2026' }))
    const picker = screen.getByRole('button', { name: /Asset$/ })
    expect(picker.textContent).toContain('Front desk PC')
    await userEvent.click(picker)
    await userEvent.click(screen.getByRole('option', { name: 'No asset' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save entry' }))
    expect(executeMutation.mock.calls[0]![0].variables).toMatchObject({ id: '2', input: { assetId: null } })
  })
})

describe('time into a plan month already invoiced (issue 52)', () => {
  it('asks where it goes and records it with the choice; nothing is recorded before', async () => {
    const { executeMutation } = renderAt('/admin/time?clientId=3', { AdminTimer: { timer: null } })
    const question =
      'November 2026 is already invoiced (INV-2026-0040). Choose where this time goes: onto the next plan invoice as late time, labelled with its date, or not billed.'
    executeMutation.mockImplementationOnce(
      (request: GraphQLRequest) =>
        fromValue({
          operation: request,
          error: new CombinedError({
            graphQLErrors: [
              new GraphQLError(question, {
                extensions: { code: 'CONFLICT', errors: { lateTime: 'Choose where this time goes' } },
              }),
            ],
          }),
        }) as never,
    )
    // The date picker's month, day and year segments (issue 52.7), typed as a person does.
    await userEvent.click(screen.getAllByRole('spinbutton', { name: /month, Date/i })[0]!)
    await userEvent.keyboard('11302026')
    await userEvent.type(screen.getByRole('textbox', { name: /^Minutes/ }), '480')
    await userEvent.type(screen.getByRole('textbox', { name: /^Description/ }), 'Server move')
    await userEvent.click(screen.getByRole('button', { name: 'Record' }))
    const dialog = await screen.findByRole('dialog', { name: 'This month is already invoiced' })
    expect(dialog.textContent).toContain(question)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bill it on the next plan invoice' }))
    expect(executeMutation).toHaveBeenCalledTimes(2)
    expect(executeMutation.mock.calls[0]![0].variables!.input).not.toHaveProperty('lateTime')
    expect(executeMutation.mock.calls[1]![0].variables!.input).toMatchObject({
      lateTime: 'next',
      clientId: '3',
      date: '2026-11-30',
      minutes: 480,
    })
  })
})
