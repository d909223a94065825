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
    expect(screen.getByRole('link', { name: 'S-1043' }).getAttribute('href')).toBe(
      '/admin?tab=consultations&open=S-1043',
    )
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
