import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OperationDefinitionNode } from 'graphql'
import { MemoryRouter, useLocation } from 'react-router'
import { Client, CombinedError, type GraphQLRequest, type OperationResult, Provider } from 'urql'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromValue, makeSubject } from 'wonka'
import { toastQueue } from '../components/Toaster'
import { ConsultationsTab } from './ConsultationsTab'
import { PendingBadge } from './requests/PendingBadge'
import type { GqlConsultation, GqlSupportRequest } from './requests/queries'

const consultation = (over: Partial<GqlConsultation>): GqlConsultation => ({
  id: '1',
  reference: 'C-1001',
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
  customerRepliedAt: null,
  clientId: null,
  ...over,
})

const support = (over: Partial<GqlSupportRequest>): GqlSupportRequest => ({
  id: '7',
  reference: 'S-1007',
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
  status: 'RESOLVED',
  dueAt: null,
  createdAt: '2030-07-02T12:00:00.000Z',
  delivery: 'FAILED',
  customerRepliedAt: null,
  clientId: null,
  assetId: null,
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
        data: {
          Consultations: { consultations: data.consultations },
          SupportRequests: { supportRequests: data.supportRequests },
          ConsultationThread: { consultationThread: [] },
          SupportRequestThread: { supportRequestThread: [] },
        }[operationName(request) ?? ''],
      }) as never,
  )
  vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
  return { client, executeMutation }
}

let search = ''
let pathname = ''
/** Shows the router's query string and path, as the address bar would. */
function Search() {
  ;({ search, pathname } = useLocation())
  return null
}

function renderTab(client: Client, url = '/admin?tab=consultations', reference?: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Provider value={client}>
        <PendingBadge />
        <ConsultationsTab reference={reference} />
        <Search />
      </Provider>
    </MemoryRouter>,
  )
}

beforeEach(() => {
  toastQueue.clear()
  localStorage.clear()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('ConsultationsTab', () => {
  it('offers the CSV of the filter shown, the filter kept in the URL', async () => {
    const user = userEvent.setup()
    const { client } = mockClient({ consultations: [consultation({})], supportRequests: [support({})] })
    renderTab(client, '/admin?tab=consultations&kind=support')
    const link = () => screen.getByRole('link', { name: 'Export CSV' })
    expect(link().getAttribute('href')).toBe('/api/requests/export.csv?kind=support')
    expect(within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem')).toHaveLength(1)
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'sam@')
    expect(link().getAttribute('href')).toBe('/api/requests/export.csv?kind=support&q=sam%40')
    expect(search).toBe('?tab=consultations&kind=support&q=sam%40')
  })

  it("finds a visitor's requests of both kinds by e-mail", async () => {
    const user = userEvent.setup()
    const { client } = mockClient({
      consultations: [consultation({ email: 'pat@clinic.test', name: 'Pat A' }), consultation({ id: '2' })],
      supportRequests: [support({ email: 'pat@clinic.test', name: 'Pat B' }), support({ id: '8' })],
    })
    renderTab(client)
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'pat@clinic.test')
    const rows = within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem')
    expect(rows.map((r) => within(r).getByRole('heading').textContent).sort()).toEqual(['Pat A', 'Pat B'])
  })

  it('finds a request by its reference, as the overview and the e-mails name it (issue 52)', async () => {
    const user = userEvent.setup()
    const { client } = mockClient({
      consultations: [consultation({}), consultation({ id: '2', reference: 'C-1002', name: 'Grace Park' })],
      supportRequests: [support({}), support({ id: '8', reference: 'S-1003', name: 'Noor Haddad' })],
    })
    renderTab(client)
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'c-1002')
    const rows = within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem')
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['Grace Park'])
  })

  it("opens the request its own address names, and closing it goes back to the list's address", async () => {
    const user = userEvent.setup()
    const { client } = mockClient({
      consultations: [consultation({})],
      supportRequests: [support({}), support({ id: '8', reference: 'S-1003', name: 'Noor Haddad' })],
    })
    renderTab(client, '/admin/requests/S-1003?kind=support', 'S-1003')
    const dialog = await screen.findByRole('dialog', { name: 'Support request from Noor Haddad (S-1003)' })
    expect(dialog.textContent).toContain('Noor Haddad')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(pathname).toBe('/admin/requests')
    expect(search).toBe('?kind=support')
  })

  it('says so when the address names no request, and lists the rest', () => {
    const { client } = mockClient({ consultations: [consultation({})], supportRequests: [support({})] })
    renderTab(client, '/admin/requests/S-9999', 'S-9999')
    expect(screen.getByRole('alert').textContent).toContain('There is no request S-9999')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem')).toHaveLength(2)
  })

  it('puts an open critical request first and makes it look urgent; flags what is overdue', () => {
    const { client } = mockClient({
      consultations: [consultation({ id: '9', name: 'Newest', createdAt: '2030-07-09T12:00:00.000Z' })],
      supportRequests: [
        support({
          id: '1',
          name: 'Low One',
          urgency: 'LOW',
          status: 'PENDING',
          createdAt: '2030-07-08T12:00:00.000Z',
        }),
        support({
          id: '2',
          name: 'Critical One',
          urgency: 'CRITICAL',
          status: 'PENDING',
          createdAt: '2030-07-01T12:00:00.000Z',
          dueAt: '2020-01-01T00:00:00.000Z',
        }),
      ],
    })
    renderTab(client)
    const rows = within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem')
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      'Critical One',
      'Newest',
      'Low One',
    ])
    expect(within(rows[0]!).getByText(/Critical urgency/).dataset.urgency).toBe('critical')
    expect(within(rows[0]!).getByText('Overdue')).toBeTruthy()
    expect(within(rows[0]!).getByText('S-1007')).toBeTruthy()
    expect(within(rows[2]!).queryByText('Overdue')).toBeNull()
  })

  it('flags "Due soon" within 2 hours on a fixed clock, and nothing while waiting on the requester', () => {
    // Only Date is faked: the list reads the clock when it renders.
    vi.useFakeTimers({ toFake: ['Date'] })
    const now = Date.parse('2030-07-10T15:00:00.000Z')
    vi.setSystemTime(now)
    const at = (ms: number) => new Date(now + ms).toISOString()
    const open = (
      id: string,
      name: string,
      dueAt: string | null,
      status: GqlSupportRequest['status'] = 'IN_PROGRESS',
    ) => support({ id, name, urgency: 'MEDIUM', status, dueAt, createdAt: `2030-07-0${id}T12:00:00.000Z` })
    const { client } = mockClient({
      consultations: [],
      supportRequests: [
        open('1', 'Just Inside', at(2 * 3_600_000)),
        open('2', 'Just Outside', at(2 * 3_600_000 + 60_000)),
        open('3', 'Minute Past', at(-60_000)),
        // Paused: the server clears the due time while waiting; a stale one is not flagged either.
        open('4', 'Paused Clear', null, 'WAITING'),
        open('5', 'Paused Stale', at(-3_600_000), 'WAITING'),
        open('6', 'Closed Late', at(-3_600_000), 'RESOLVED'),
      ],
    })
    try {
      renderTab(client)
      const row = (name: string) =>
        within(screen.getByRole('list', { name: 'Requests' }))
          .getAllByRole('listitem')
          .find((r) => within(r).getByRole('heading').textContent === name)!
      const flag = (name: string) => row(name).querySelector('[data-due]')?.textContent ?? null
      expect(flag('Just Inside')).toBe('Due soon')
      expect(flag('Just Outside')).toBeNull()
      expect(flag('Minute Past')).toBe('Overdue')
      expect(flag('Paused Clear')).toBeNull()
      expect(flag('Paused Stale')).toBeNull()
      expect(within(row('Paused Stale')).getByText('Waiting on requester')).toBeTruthy()
      expect(flag('Closed Late')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it("offers a consultation's quick actions: call, e-mail with the reference, copy the details", async () => {
    const user = userEvent.setup()
    const { client } = mockClient({ consultations: [consultation({})], supportRequests: [] })
    renderTab(client)
    await user.click(screen.getByRole('button', { name: "View details of Jordan Lee's request" }))
    const dialog = screen.getByRole('dialog', { name: 'Consultation request from Jordan Lee (C-1001)' })
    expect(within(dialog).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:6185550199')
    expect(within(dialog).getByRole('link', { name: 'E-mail' }).getAttribute('href')).toBe(
      'mailto:jordan@example.com?subject=Your%20request%20C-1001',
    )
    const ics = within(dialog).getByRole('link', { name: 'Add to calendar (.ics)' })
    expect(ics.getAttribute('download')).toBe('consultation-C-1001.ics')

    // user-event's clipboard stub stands in for the browser's.
    await user.click(within(dialog).getByRole('button', { name: 'Copy details' }))
    const copied = (await navigator.clipboard.readText()).split('\n')
    for (const line of [
      'Reference: C-1001',
      'Name: Jordan Lee',
      'Email: jordan@example.com',
      'Phone: (618) 555-0199',
      'Company: Lee Family Clinic',
      'Budget: $5,000 - $15,000',
      'Preferred date and time: Mon, Jul 15, 2030 at 9:00 AM CT',
      'Description: A scheduling system.',
    ]) {
      expect(copied).toContain(line)
    }
    expect(toastQueue.visibleToasts.map((t) => t.content.title)).toEqual(['Copied'])
  })

  it("offers a request's data with its conversation as a download (a visitor's access request)", async () => {
    const user = userEvent.setup()
    const { client } = mockClient({
      consultations: [consultation({})],
      supportRequests: [support({ status: 'PENDING' })],
    })
    renderTab(client)
    await user.click(screen.getByRole('button', { name: "View details of Jordan Lee's request" }))
    const dialog = screen.getByRole('dialog', { name: 'Consultation request from Jordan Lee (C-1001)' })
    const link = within(dialog).getByRole('link', { name: 'Download data' })
    expect(link.getAttribute('href')).toMatch(/^\/api\/consultations\/\w+\/export\.json$/)
    expect(link.hasAttribute('download')).toBe(true)
  })

  it("says so when the browser refuses the clipboard; a support request's actions have no calendar file", async () => {
    const user = userEvent.setup()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    )
    const { client } = mockClient({
      consultations: [],
      supportRequests: [support({ status: 'PENDING' })],
    })
    renderTab(client)
    await user.click(screen.getByRole('button', { name: "View details of Sam Rivera's request" }))
    const dialog = screen.getByRole('dialog', { name: 'Support request from Sam Rivera (S-1007)' })
    expect(within(dialog).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:6185550142')
    expect(within(dialog).getByRole('link', { name: 'E-mail' }).getAttribute('href')).toBe(
      'mailto:sam@example.com?subject=Your%20request%20S-1007',
    )
    // A support request has no slot to put in a calendar.
    expect(within(dialog).queryByRole('link', { name: /calendar/ })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Copy details' }))
    await waitFor(() =>
      expect(toastQueue.visibleToasts.map((t) => t.content.description)).toEqual([
        'Copying was not allowed.',
      ]),
    )
  })

  it('marks the requests that arrived since the last visit', () => {
    localStorage.setItem('admin.requests.lastVisit', String(Date.parse('2030-07-05T00:00:00.000Z')))
    const { client } = mockClient({
      consultations: [consultation({ id: '2', name: 'After', createdAt: '2030-07-06T00:00:00.000Z' })],
      supportRequests: [support({ name: 'Before', createdAt: '2030-07-04T00:00:00.000Z' })],
    })
    renderTab(client)
    const [after, before] = within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem')
    expect(after!.textContent).toContain('New since your last visit')
    expect(before!.textContent).not.toContain('New since your last visit')
  })

  it('refreshes on demand (no polling) and says how many requests arrived', async () => {
    const user = userEvent.setup()
    const data: Data = { consultations: [consultation({ id: '1' })], supportRequests: [] }
    const { client } = mockClient(data)
    renderTab(client)
    expect(within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem')).toHaveLength(1)
    data.consultations = [
      consultation({ id: '3', name: 'Third' }),
      consultation({ id: '2', name: 'Second' }),
      ...data.consultations,
    ]
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    expect(await screen.findByText('2 new requests')).toBeTruthy()
    expect(within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem')).toHaveLength(3)
  })

  it('sends a reply from the details dialog through the mutation', async () => {
    const user = userEvent.setup()
    const { client, executeMutation } = mockClient(
      { consultations: [], supportRequests: [support({ id: '7', status: 'PENDING' })] },
      () => ({
        data: {
          replyToSupportRequest: {
            id: '1',
            incoming: false,
            author: 'noreply@example.com',
            body: 'Hi',
            createdAt: '2030-07-02T12:00:00.000Z',
            delivery: 'SENT',
            attachments: [],
          },
        },
      }),
    )
    renderTab(client)
    await user.click(screen.getByRole('button', { name: "View details of Sam Rivera's request" }))
    const dialog = screen.getByRole('dialog', { name: 'Support request from Sam Rivera (S-1007)' })
    expect(within(dialog).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:6185550142')
    await user.type(within(dialog).getByRole('textbox', { name: 'Reply' }), 'Restart the router, please.')
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }))
    await waitFor(() => expect(executeMutation).toHaveBeenCalledTimes(1))
    expect(operationName(executeMutation.mock.calls[0]![0])).toBe('ReplyToSupportRequest')
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({
      id: '7',
      body: 'Restart the router, please.',
      cc: [],
    })
  })

  it('keeps keyboard focus in the dialog after a reply is sent, so Escape still closes it', async () => {
    const user = userEvent.setup()
    const { client } = mockClient(
      { consultations: [], supportRequests: [support({ id: '7', status: 'PENDING' })] },
      () => ({
        data: {
          replyToSupportRequest: {
            id: '1',
            incoming: false,
            author: 'noreply@example.com',
            body: 'Hi',
            createdAt: '2030-07-02T12:00:00.000Z',
            delivery: 'SENT',
            attachments: [],
          },
        },
      }),
    )
    renderTab(client)
    await user.click(screen.getByRole('button', { name: "View details of Sam Rivera's request" }))
    const dialog = screen.getByRole('dialog', { name: 'Support request from Sam Rivera (S-1007)' })
    const box = within(dialog).getByRole('textbox', { name: 'Reply' })
    // The reply box says what the e-mail adds around the text.
    expect(box.getAttribute('aria-describedby')).toBeTruthy()
    expect(within(dialog).getByText(/opens with "Hello Sam Rivera," and ends with your name/)).toBeTruthy()
    await user.type(box, 'Restart the router, please.')
    await user.tab()
    expect(document.activeElement?.textContent).toBe('Send reply')
    await user.keyboard('{Enter}')
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''))
    expect(document.activeElement).toBe(box)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('erases a request after a confirmation', async () => {
    const user = userEvent.setup()
    const { client, executeMutation } = mockClient(
      { consultations: [consultation({ id: '42' })], supportRequests: [] },
      () => ({ data: { eraseConsultation: '42' } }),
    )
    renderTab(client)
    await user.click(screen.getByRole('button', { name: "View details of Jordan Lee's request" }))
    const dialog = screen.getByRole('dialog', { name: 'Consultation request from Jordan Lee (C-1001)' })
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
    const list = screen.getByRole('list', { name: 'Requests' })
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

  it('counts the pending requests of both kinds for the badge', () => {
    const { client } = mockClient({
      consultations: [
        consultation({ id: '3', status: 'PENDING' }),
        consultation({ id: '2', status: 'PENDING' }),
        consultation({ id: '1', status: 'COMPLETED' }),
      ],
      supportRequests: [support({ status: 'PENDING' })],
    })
    renderTab(client)
    expect(screen.getByText('3 Pending')).toBeTruthy()
    expect(screen.getByText('3', { exact: true }).textContent).toBe('3 pending')
  })

  it('shows no badge until both lists are in, never the count of one kind alone', () => {
    const { client } = mockClient({
      consultations: [consultation({ id: '3', status: 'PENDING' })],
      supportRequests: [],
    })
    // The support requests answer later than the consultations.
    const late = makeSubject<OperationResult>()
    let supportOperation: GraphQLRequest | undefined
    const answerNow = vi.mocked(client.executeQuery).getMockImplementation()!
    vi.mocked(client.executeQuery).mockImplementation((request, opts) => {
      if (operationName(request) !== 'SupportRequests') return answerNow(request, opts)
      supportOperation = request
      return late.source as never
    })
    render(
      <Provider value={client}>
        <PendingBadge />
      </Provider>,
    )
    expect(supportOperation).toBeDefined()
    expect(screen.queryByText(/pending/)).toBeNull()
    act(() =>
      late.next({
        operation: supportOperation,
        data: { supportRequests: [support({ status: 'PENDING' })] },
      } as never),
    )
    expect(screen.getByText('2', { exact: true }).textContent).toBe('2 pending')
  })

  it('puts a request with an unread customer reply on top, marked, counted, and clears the mark when opened', async () => {
    const user = userEvent.setup()
    const { client, executeMutation } = mockClient(
      {
        consultations: [consultation({ id: '3', name: 'Newest', createdAt: '2030-07-09T12:00:00.000Z' })],
        supportRequests: [
          support({
            id: '7',
            name: 'Replied Earlier',
            urgency: 'LOW',
            status: 'IN_PROGRESS',
            createdAt: '2030-07-01T12:00:00.000Z',
            customerRepliedAt: '2030-07-10T08:00:00.000Z',
          }),
        ],
      },
      () => ({ data: { markSupportRequestSeen: { id: '7', customerRepliedAt: null } } }),
    )
    renderTab(client)
    const rows = within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem')
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['Replied Earlier', 'Newest'])
    expect(within(rows[0]!).getByText('Customer replied')).toBeTruthy()
    expect(within(rows[1]!).queryByText('Customer replied')).toBeNull()
    // One new consultation plus one unread reply (on a request already in progress).
    expect(screen.getByText('2 Pending')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: "View details of Replied Earlier's request" }))
    await waitFor(() => expect(executeMutation).toHaveBeenCalledTimes(1))
    expect(operationName(executeMutation.mock.calls[0]![0])).toBe('MarkSupportRequestSeen')
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({ id: '7' })
  })

  it('shows the empty state, and no badge, without requests', () => {
    const { client } = mockClient({ consultations: [], supportRequests: [] })
    renderTab(client)
    expect(screen.getByText('No consultation requests yet')).toBeTruthy()
    expect(screen.queryByText(/\d+ Pending/)).toBeNull()
    expect(screen.queryByText(/\d+ pending/)).toBeNull()
  })

  it('shows a support request with its workflow status and urgency', () => {
    const { client } = mockClient({ consultations: [], supportRequests: [support({})] })
    renderTab(client, '/admin?tab=consultations&kind=support')
    const [row] = within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem')
    expect(row!.textContent).toContain('Network')
    expect(row!.textContent).toContain('Critical urgency')
    expect(within(row!).getByText('Resolved').dataset.tone).toBe('done')
  })

  it('opens the details, changes the status and notes, and saves through the mutation', async () => {
    const user = userEvent.setup()
    const { client, executeMutation } = mockClient(
      { consultations: [consultation({ id: '42' })], supportRequests: [] },
      () => ({ data: { updateConsultation: { id: '42', status: 'CONFIRMED', notes: 'Call Tuesday' } } }),
    )
    renderTab(client)
    await user.click(screen.getByRole('button', { name: "View details of Jordan Lee's request" }))
    const dialog = screen.getByRole('dialog', { name: 'Consultation request from Jordan Lee (C-1001)' })
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
