import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OperationDefinitionNode } from 'graphql'
import { Client, CombinedError, type GraphQLRequest, Provider } from 'urql'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { toastQueue } from '../components/Toaster'
import { ConsultationsTab, PendingBadge } from './ConsultationsTab'
import type { GqlConsultation, GqlSupportRequest } from './requests/queries'

const consultation = (over: Partial<GqlConsultation>): GqlConsultation => ({
  id: '1',
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  phone: '(618) 555-0199',
  company: 'Lee Family Clinic',
  projectType: 'WEB_APPLICATION',
  budget: 'FROM_5K_15K',
  preferredDate: '2030-07-15T14:00:00.000Z',
  preferredTime: 'AT_09_00',
  description: 'A scheduling system.',
  notes: null,
  status: 'PENDING',
  createdAt: '2030-07-01T12:00:00.000Z',
  delivery: 'SENT',
  ...over,
})

const support = (over: Partial<GqlSupportRequest>): GqlSupportRequest => ({
  id: '7',
  name: 'Sam Rivera',
  email: 'sam@example.com',
  phone: '618-555-0142',
  businessName: 'Rivera Dental',
  issueType: 'NETWORK',
  urgency: 'CRITICAL',
  description: 'Wi-Fi drops.',
  preferredContact: 'PHONE',
  preferredTime: 'MORNING',
  notes: 'Called back',
  status: 'COMPLETED',
  createdAt: '2030-07-02T12:00:00.000Z',
  delivery: 'FAILED',
  ...over,
})

type Data = { consultations: GqlConsultation[]; supportRequests: GqlSupportRequest[] }

const operationName = (request: GraphQLRequest) =>
  (request.query.definitions[0] as OperationDefinitionNode).name?.value

/** An urql client answering from `data`; mutations answer with `mutationResult`. */
function mockClient(data: Data, mutationResult: () => object = () => ({ data: {} })) {
  const executeMutation = vi.fn((request: GraphQLRequest) =>
    fromValue({ operation: request, ...mutationResult() }),
  )
  const client = new Client({ url: '/graphql', exchanges: [] })
  vi.spyOn(client, 'executeQuery').mockImplementation(
    (request) =>
      fromValue({
        operation: request,
        data:
          operationName(request) === 'Consultations'
            ? { consultations: data.consultations }
            : { supportRequests: data.supportRequests },
      }) as never,
  )
  vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
  return { client, executeMutation }
}

function renderTab(client: Client) {
  return render(
    <Provider value={client}>
      <PendingBadge />
      <ConsultationsTab />
    </Provider>,
  )
}

beforeEach(() => toastQueue.clear())
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('ConsultationsTab', () => {
  it('offers the CSV of the requests shown', async () => {
    const user = userEvent.setup()
    const { client } = mockClient({ consultations: [consultation({})], supportRequests: [support({})] })
    renderTab(client)
    const link = () => screen.getByRole('link', { name: 'Export CSV' })
    expect(link().getAttribute('href')).toBe('/api/consultations/export.csv')
    await user.click(screen.getByRole('radio', { name: 'Support requests' }))
    expect(link().getAttribute('href')).toBe('/api/support-requests/export.csv')
  })

  it('erases a request after a confirmation', async () => {
    const user = userEvent.setup()
    const { client, executeMutation } = mockClient(
      { consultations: [consultation({ id: '42' })], supportRequests: [] },
      () => ({ data: { eraseConsultation: '42' } }),
    )
    renderTab(client)
    await user.click(screen.getByRole('button', { name: "View details of Jordan Lee's request" }))
    const dialog = screen.getByRole('dialog', { name: 'Consultation request from Jordan Lee' })
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }))
    const confirm = screen.getByRole('alertdialog', { name: 'Erase this request?' })
    expect(executeMutation).not.toHaveBeenCalled()
    await user.click(within(confirm).getByRole('button', { name: 'Erase permanently' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(executeMutation).toHaveBeenCalledTimes(1)
    expect(operationName(executeMutation.mock.calls[0]![0])).toBe('EraseConsultation')
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({ id: '42' })
    expect(toastQueue.visibleToasts.map((t) => t.content.title)).toEqual(['Request erased'])
  })

  it('lists consultations in the order served (newest first) with their details, status and delivery', () => {
    const { client } = mockClient({
      consultations: [
        consultation({ id: '3', name: 'Newest Person', status: 'PENDING' }),
        consultation({ id: '2', name: 'Middle Person', status: 'CONFIRMED', delivery: 'PENDING' }),
        consultation({ id: '1', name: 'Oldest Person', status: 'CANCELLED', delivery: 'FAILED' }),
      ],
      supportRequests: [],
    })
    renderTab(client)
    const list = screen.getByRole('list', { name: 'Consultation requests' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      'Newest Person',
      'Middle Person',
      'Oldest Person',
    ])
    expect(rows[0]!.textContent).toContain('Web Application')
    expect(rows[0]!.textContent).toContain('Mon, Jul 15, 2030 at 9:00 AM CT')
    expect(within(rows[0]!).getByText('E-mail sent')).toBeTruthy()
    expect(within(rows[1]!).getByText('E-mail pending')).toBeTruthy()
    expect(within(rows[2]!).getByText('E-mail failed')).toBeTruthy()
    expect(within(rows[1]!).getByText('Confirmed').dataset.tone).toBe('confirmed')
    // Anything but pending, confirmed and completed gets the destructive style.
    expect(within(rows[2]!).getByText('Cancelled').dataset.tone).toBe('destructive')
  })

  it('counts the pending consultations for the badge', () => {
    const { client } = mockClient({
      consultations: [
        consultation({ id: '3', status: 'PENDING' }),
        consultation({ id: '2', status: 'PENDING' }),
        consultation({ id: '1', status: 'COMPLETED' }),
      ],
      supportRequests: [support({ status: 'PENDING' })],
    })
    renderTab(client)
    expect(screen.getByText('2 Pending')).toBeTruthy()
    expect(screen.getByText('2', { exact: true }).textContent).toBe('2 pending')
  })

  it('shows the empty state, and no badge, without requests', () => {
    const { client } = mockClient({ consultations: [], supportRequests: [] })
    renderTab(client)
    expect(screen.getByText('No consultation requests yet')).toBeTruthy()
    expect(screen.queryByText(/Pending/)).toBeNull()
  })

  it('switches to the support requests', async () => {
    const user = userEvent.setup()
    const { client } = mockClient({
      consultations: [consultation({})],
      supportRequests: [support({}), support({ id: '6', name: 'Older Request', status: 'PENDING' })],
    })
    renderTab(client)
    await user.click(screen.getByRole('radio', { name: 'Support requests' }))
    const list = screen.getByRole('list', { name: 'Support requests' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(rows[0]!.textContent).toContain('Network')
    expect(rows[0]!.textContent).toContain('Critical urgency')
    expect(within(rows[0]!).getByText('Completed').dataset.tone).toBe('completed')
    expect(screen.queryByRole('list', { name: 'Consultation requests' })).toBeNull()
  })

  it('opens the details, changes the status and notes, and saves through the mutation', async () => {
    const user = userEvent.setup()
    const { client, executeMutation } = mockClient(
      { consultations: [consultation({ id: '42' })], supportRequests: [] },
      () => ({ data: { updateConsultation: { id: '42', status: 'CONFIRMED', notes: 'Call Tuesday' } } }),
    )
    renderTab(client)
    await user.click(screen.getByRole('button', { name: "View details of Jordan Lee's request" }))
    const dialog = screen.getByRole('dialog', { name: 'Consultation request from Jordan Lee' })
    for (const text of [
      'Lee Family Clinic',
      '(618) 555-0199',
      '$5,000 - $15,000',
      'A scheduling system.',
      'Mon, Jul 15, 2030 at 9:00 AM CT',
    ]) {
      expect(within(dialog).getByText(text)).toBeTruthy()
    }

    await user.click(within(dialog).getByRole('button', { name: /Status/ }))
    await user.click(screen.getByRole('option', { name: 'Confirmed' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Call Tuesday')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(executeMutation).toHaveBeenCalledTimes(1)
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({
      id: '42',
      status: 'CONFIRMED',
      notes: 'Call Tuesday',
    })
    expect(toastQueue.visibleToasts.map((t) => t.content.title)).toEqual(['Request updated'])
  })

  it("keeps the dialog open with the server's field message when saving is refused", async () => {
    const user = userEvent.setup()
    const { client } = mockClient({ consultations: [consultation({})], supportRequests: [] }, () => ({
      error: new CombinedError({
        graphQLErrors: [
          {
            message: 'Please correct the highlighted fields.',
            extensions: {
              code: 'BAD_USER_INPUT',
              errors: { notes: 'Notes must be at most 5000 characters' },
            },
          },
        ],
      }),
    }))
    renderTab(client)
    await user.click(screen.getByRole('button', { name: "View details of Jordan Lee's request" }))
    const dialog = screen.getByRole('dialog')
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Too long')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Notes must be at most 5000 characters')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect(toastQueue.visibleToasts.map((t) => t.content)).toEqual([
      { title: 'Error', description: 'Please correct the highlighted fields.', variant: 'destructive' },
    ])
  })
})
