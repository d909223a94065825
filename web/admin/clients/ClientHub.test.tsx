// Issue 36.5: the client page is the hub: its real quotes (it said "No quotes
// yet" whatever there was), requests that link to the request, and New quote,
// Record time and New invoice that preselect the client.
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OperationDefinitionNode } from 'graphql'
import { MemoryRouter } from 'react-router'
import { Client, type GraphQLRequest, Provider } from 'urql'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { contactInput } from '../../../schema/client-payloads'
import { formConstraints } from '../../../schema/form-constraints'
import { ClientPage } from './ClientPage'
import { expected, limitsOf } from './limits.test-helpers'

const operationName = (request: GraphQLRequest) =>
  (request.query.definitions[0] as OperationDefinitionNode).name?.value

function mockClient(answers: Record<string, object>) {
  const client = new Client({ url: '/graphql', exchanges: [] })
  vi.spyOn(client, 'executeQuery').mockImplementation(
    (request) => fromValue({ operation: request, data: answers[operationName(request) ?? ''] }) as never,
  )
  return client
}

afterEach(cleanup)

const client = {
  id: '3',
  name: 'Riverside Family Clinic',
  domains: [],
  notes: null,
  status: 'ACTIVE',
  defaultRateCents: 12_000,
  roundingMinutes: 0,
  paymentTermsDays: 15,
  handlesPhi: false,
  contacts: [],
  requests: [
    {
      kind: 'SUPPORT',
      id: '8',
      reference: 'S-1043',
      status: 'new',
      subject: 'network',
      name: 'Tom Becker',
      when: null,
      createdAt: '2026-11-20T15:00:00.000Z',
    },
  ],
  files: [],
  noteLog: [] as object[],
  payments: [] as object[],
}

describe('the client page', () => {
  it('shows the real quotes, links requests, and preselects the client in New quote, Record time and New invoice', () => {
    render(
      <MemoryRouter>
        <Provider
          value={mockClient({
            Client: { client },
            ClientQuotes: {
              quotes: [
                {
                  id: '11',
                  label: 'Q-2026-0007',
                  title: 'Clinic network',
                  status: 'sent',
                  totalCents: 280_000,
                  validUntil: '2026-12-31',
                },
              ],
            },
            AdminTimeEntries: { timeEntries: [] },
            AdminPrepaidBlocks: { prepaidBlocks: [] },
            AdminInvoices: { invoices: [] },
          })}
        >
          <ClientPage id="3" />
        </Provider>
      </MemoryRouter>,
    )
    expect(screen.queryByText('No quotes yet.')).toBeNull()
    const quotes = screen.getByRole('list', { name: 'Quotes' })
    expect(
      within(quotes)
        .getByRole('link', { name: /Q-2026-0007/ })
        .getAttribute('href'),
    ).toBe('/admin/quotes/11')
    expect(screen.getByRole('link', { name: 'New quote' }).getAttribute('href')).toBe(
      '/admin/quotes/new?clientId=3',
    )
    expect(screen.getByRole('link', { name: 'Record time' }).getAttribute('href')).toBe(
      '/admin/time?clientId=3',
    )
    expect(screen.getByRole('link', { name: 'New invoice' }).getAttribute('href')).toBe(
      '/admin/invoices?clientId=3',
    )
    expect(screen.getByRole('link', { name: 'S-1043' }).getAttribute('href')).toBe('/admin/requests/S-1043')
  })

  it('adds a contact with the limits of contactInput (ADR 148)', async () => {
    render(
      <MemoryRouter>
        <Provider
          value={mockClient({
            Client: { client },
            ClientQuotes: { quotes: [] },
            AdminTimeEntries: { timeEntries: [] },
            AdminPrepaidBlocks: { prepaidBlocks: [] },
            AdminInvoices: { invoices: [] },
          })}
        >
          <ClientPage id="3" />
        </Provider>
      </MemoryRouter>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Add contact' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Add contact' }))
    const limits = formConstraints(contactInput)
    const field = (name: RegExp) => limitsOf(dialog.getByRole('textbox', { name }))
    expect(field(/^Name/)).toEqual(expected(limits.name))
    expect(field(/^E-mail/)).toEqual(expected(limits.email))
    expect(field(/^Phone/)).toEqual(expected(limits.phone))
    expect(field(/^Role/)).toEqual(expected(limits.role))
    expect(limits.email).toMatchObject({ required: true, maxLength: 254 })
  })
})

describe('the client page as the hub', () => {
  it('shows the dated notes log, the payments with their invoice, and bookings apart at the business time', () => {
    const hub = {
      ...client,
      requests: [
        ...client.requests,
        {
          kind: 'CONSULTATION',
          id: '5',
          reference: 'C-1002',
          status: 'confirmed',
          subject: 'Network review',
          name: 'Maria Fernández',
          when: '2026-12-01T15:00:00.000Z',
          createdAt: '2026-11-20T15:00:00.000Z',
        },
      ],
      noteLog: [
        { id: '2', body: 'Printer replaced.', author: 'owner', createdAt: '2026-11-26T18:00:00.000Z' },
        { id: '1', body: 'Three doctors.', author: null, createdAt: '2026-11-01T18:00:00.000Z' },
      ],
      payments: [
        {
          id: '9',
          date: '2026-11-25',
          method: 'BANK_TRANSFER',
          amountCents: 123_450,
          invoiceNumber: 'INV-2026-0003',
        },
      ],
    }
    render(
      <MemoryRouter>
        <Provider
          value={mockClient({
            Client: { client: hub },
            ClientQuotes: { quotes: [] },
            AdminTimeEntries: { timeEntries: [] },
            AdminPrepaidBlocks: { prepaidBlocks: [] },
            AdminInvoices: { invoices: [] },
          })}
        >
          <ClientPage id="3" />
        </Provider>
      </MemoryRouter>,
    )
    const notes = within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem')
    expect(notes.map((n) => n.textContent)).toEqual([
      expect.stringContaining('Printer replaced.'),
      expect.stringContaining('Three doctors.'),
    ])
    expect(screen.getByRole('button', { name: 'Add note' })).toBeTruthy()
    const payments = screen.getByRole('table', { name: 'Payments' })
    expect(payments.textContent).toContain('INV-2026-0003')
    expect(payments.textContent).toContain('$1,234.50')
    expect(payments.textContent).toContain('Bank transfer')
    const bookings = screen.getByRole('table', { name: 'Bookings' })
    expect(bookings.textContent).toContain('C-1002')
    expect(bookings.textContent).toContain(formatBusinessDateTime('2026-12-01T15:00:00.000Z'))
    expect(bookings.textContent).not.toContain('S-1043')
  })
})
