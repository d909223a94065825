// The admin's time and invoice pages (issue 26) against a stubbed GraphQL client.
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OperationDefinitionNode } from 'graphql'
import { MemoryRouter } from 'react-router'
import { Client, type GraphQLRequest, Provider } from 'urql'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { toastQueue } from '../../components/Toaster'
import { ClientTime } from './ClientBilling'
import { elapsed } from './HeaderTimer'
import { InvoiceList, Invoices } from './InvoicesPage'
import { NewInvoiceForm } from './NewInvoiceForm'
import { TimeEditor } from './TimePage'
import { UnmatchedPayments } from './UnmatchedPayments'

const operationName = (request: GraphQLRequest) =>
  (request.query.definitions[0] as OperationDefinitionNode).name?.value

function mockClient(answers: Record<string, object>) {
  const client = new Client({ url: '/graphql', exchanges: [] })
  vi.spyOn(client, 'executeQuery').mockImplementation(
    (request) => fromValue({ operation: request, data: answers[operationName(request) ?? ''] }) as never,
  )
  // A write answers what the test gives under its operation's name (as the server would), else {}.
  const executeMutation = vi.fn((request: GraphQLRequest) =>
    fromValue({ operation: request, data: answers[operationName(request) ?? ''] ?? {} }),
  )
  vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
  return { client, executeMutation }
}

const clients = {
  clients: [{ id: '3', name: 'Riverside Clinic', defaultRateCents: 12_000, status: 'ACTIVE' }],
}

afterEach(() => {
  cleanup()
  toastQueue.clear()
})

describe('the time page', () => {
  it('lists entries with their state and offers Delete only on unbilled ones', async () => {
    const { client, executeMutation } = mockClient({
      BillingClients: clients,
      AdminTimer: { timer: null },
      AdminTimeEntries: {
        timeEntries: [
          {
            id: '1',
            clientId: '3',
            date: '2026-11-20',
            minutes: 95,
            description: 'Printer queue',
            billable: true,
            rateCents: 12_000,
            blockId: null,
            invoiceId: '9',
          },
          {
            id: '2',
            clientId: '3',
            date: '2026-11-21',
            minutes: 30,
            description: 'Backup check',
            billable: true,
            rateCents: 12_000,
            blockId: null,
            invoiceId: null,
          },
        ],
      },
    })
    render(
      <MemoryRouter>
        <Provider value={client}>
          <TimeEditor />
        </Provider>
      </MemoryRouter>,
    )
    const billed = screen.getByRole('row', { name: /Printer queue/ })
    expect(within(billed).getByText('Billed')).toBeTruthy()
    expect(within(billed).queryByRole('button', { name: /Delete/ })).toBeNull()
    const open = screen.getByRole('row', { name: /Backup check/ })
    expect(within(open).getByText('Riverside Clinic')).toBeTruthy()
    expect(within(open).getByText('$120.00')).toBeTruthy()
    // Delete asks first (issue 52.5): Cancel sends nothing, the confirmation deletes.
    await userEvent.click(within(open).getByRole('button', { name: 'Delete entry of Nov 21, 2026' }))
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this time entry?' })
    expect(confirm.textContent).toContain('This cannot be undone.')
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(executeMutation).not.toHaveBeenCalled()
    await userEvent.click(within(open).getByRole('button', { name: 'Delete entry of Nov 21, 2026' }))
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete this time entry?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    expect(executeMutation).toHaveBeenCalledTimes(1)
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({ id: '2' })
  })
})

describe('the time form’s rate (issue 34: money parsed in one place, without floats)', () => {
  // Number(text) * 100 read "1,200.50" as NaN and "1.005" as 100 cents (1.005 * 100 = 100.49999...).
  for (const [typed, rateCents] of [
    ['1,200.50', 120_050],
    ['$95', 9_500],
    ['1.005', -1],
    ['abc', -1],
    ['', null],
  ] as const)
    it(`sends "${typed}" as ${rateCents} (-1: refused by the server with its field error)`, async () => {
      const { client, executeMutation } = mockClient({
        BillingClients: clients,
        AdminTimer: { timer: null },
        AdminTimeEntries: { timeEntries: [] },
      })
      render(
        <MemoryRouter>
          <Provider value={client}>
            <TimeEditor />
          </Provider>
        </MemoryRouter>,
      )
      await userEvent.type(screen.getByRole('textbox', { name: 'Minutes' }), '30')
      await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Backup check')
      if (typed) await userEvent.type(screen.getByRole('textbox', { name: /^Rate per hour/ }), typed)
      await userEvent.click(screen.getByRole('button', { name: 'Record' }))
      expect(executeMutation).toHaveBeenCalledTimes(1)
      expect(
        (executeMutation.mock.calls[0]![0].variables as { input: { rateCents: unknown } }).input.rateCents,
      ).toBe(rateCents)
    })
})

describe('the invoices page', () => {
  it('shows the overview in dollars and sends a draft through the send step', async () => {
    const { client, executeMutation } = mockClient({
      BillingClients: clients,
      BillingOverview: {
        billingOverview: {
          outstandingCents: 19_000,
          overdueCents: 0,
          paidThisMonthCents: 5_000,
          paidThisYearCents: 125_000,
          unbilled: [{ clientId: '3', clientName: 'Riverside Clinic', minutes: 30, amountCents: 6_000 }],
        },
      },
      AdminInvoices: {
        invoices: [
          {
            id: '9',
            number: 'INV-2026-0001',
            clientId: '3',
            clientName: 'Riverside Clinic',
            source: 'TIME',
            status: 'DRAFT',
            issueDate: '2026-11-24',
            dueDate: '2026-12-09',
            totalCents: 19_000,
            balanceCents: 19_000,
          },
          {
            id: '8',
            number: 'INV-2026-0002',
            clientId: '3',
            clientName: 'Riverside Clinic',
            source: 'MANUAL',
            status: 'VOID',
            issueDate: '2026-11-24',
            dueDate: '2026-12-09',
            totalCents: 500,
            balanceCents: 0,
          },
          {
            id: '7',
            number: 'INV-2026-0003',
            clientId: '3',
            clientName: 'Riverside Clinic',
            source: 'CREDIT',
            status: 'DRAFT',
            issueDate: '2026-11-24',
            dueDate: '2026-12-09',
            totalCents: -3_000,
            balanceCents: 0,
          },
        ],
      },
      InvoiceSendPreview: {
        invoiceSendPreview: {
          recipients: [
            { contactId: 5, name: 'Tom Becker', email: 'tom@riverside.example', role: null, selected: false },
            {
              contactId: 6,
              name: 'Maria Lopez',
              email: 'maria@riverside.example',
              role: 'Billing',
              selected: true,
            },
          ],
          subject: 'Invoice INV-2026-0001 from Alex Morgan',
          textBody: 'Hello Maria Lopez,',
          warnings: ['No payment instructions are set and Stripe is off: the client sees no way to pay.'],
          documentUrl: '/api/invoices/9/pdf',
        },
      },
      UnmatchedPayments: { unmatchedPayments: [] },
      BillingSettings: { billingSettings: { paymentInstructions: null } },
    })
    render(
      <MemoryRouter>
        <Provider value={client}>
          <Invoices />
        </Provider>
      </MemoryRouter>,
    )
    expect(screen.getByText('$1,250.00')).toBeTruthy()
    expect(screen.getByText('Riverside Clinic: 30 min, $60.00')).toBeTruthy()
    const draft = screen.getByRole('row', { name: /INV-2026-0001/ })
    expect(within(draft).getByRole('link', { name: 'PDF' }).getAttribute('href')).toBe('/api/invoices/9/pdf')
    // A draft is changed, not credited (ADR 183).
    expect(within(draft).queryByRole('button', { name: 'Credit note' })).toBeNull()
    const voided = screen.getByRole('row', { name: /INV-2026-0002/ })
    expect(within(voided).queryByRole('button', { name: /Send/ })).toBeNull()
    // A credit note is sent like an invoice (issue 36).
    within(screen.getByRole('row', { name: /INV-2026-0003/ })).getByRole('button', { name: 'Send...' })
    // The send step: the billing contact ticked, the e-mail and the warning shown before anything goes.
    await userEvent.click(within(draft).getByRole('button', { name: 'Send...' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send invoice INV-2026-0001' })
    expect(executeMutation).not.toHaveBeenCalled()
    expect(within(dialog).getByText('Invoice INV-2026-0001 from Alex Morgan')).toBeTruthy()
    expect(within(dialog).getByTestId('send-warnings').textContent).toMatch(/no way to pay/)
    expect((within(dialog).getByRole('checkbox', { name: /Maria Lopez/ }) as HTMLInputElement).checked).toBe(
      true,
    )
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Tom Becker/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 2 contacts' }))
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({ id: '9', to: ['6', '5'] })
    expect(screen.getByRole('link', { name: 'Invoices CSV' }).getAttribute('href')).toBe(
      '/api/invoices/export/invoices.csv',
    )
  })
})

describe("the invoice list's links, search and Void (issue 52)", () => {
  const row = (id: string, number: string, clientName: string) => ({
    id,
    number,
    clientId: '3',
    clientName,
    source: 'MANUAL',
    status: 'SENT',
    issueDate: '2026-11-24',
    dueDate: '2026-12-09',
    totalCents: 19_000,
    balanceCents: 19_000,
  })
  const answers = {
    AdminInvoices: {
      invoices: [row('9', 'INV-2026-0001', 'Riverside Clinic'), row('8', 'INV-2026-0002', 'Lakeside Dental')],
    },
  }
  const renderList = (client: Client, url = '/admin/invoices') =>
    render(
      <MemoryRouter initialEntries={[url]}>
        <Provider value={client}>
          <InvoiceList />
        </Provider>
      </MemoryRouter>,
    )

  it("links each number to the invoice's page, shows the due date in words, and is searched by number", async () => {
    const { client } = mockClient(answers)
    renderList(client, '/admin/invoices?q=inv-2026-0002')
    expect(screen.queryByRole('row', { name: /INV-2026-0001/ })).toBeNull()
    const shown = screen.getByRole('row', { name: /INV-2026-0002/ })
    expect(within(shown).getByRole('link', { name: 'Invoice INV-2026-0002' }).getAttribute('href')).toBe(
      '/admin/invoices/8',
    )
    expect(within(shown).getByText('Wednesday, December 9, 2026')).toBeTruthy()
    const search = screen.getByRole('textbox', { name: 'Search' })
    await userEvent.clear(search)
    await userEvent.type(search, 'riverside')
    expect(screen.getByRole('row', { name: /INV-2026-0001/ })).toBeTruthy()
    expect(screen.queryByRole('row', { name: /INV-2026-0002/ })).toBeNull()
  })

  it('asks before voiding, says it cannot be undone, and voids only when confirmed', async () => {
    const { client, executeMutation } = mockClient(answers)
    renderList(client)
    const first = screen.getByRole('row', { name: /INV-2026-0001/ })
    await userEvent.click(within(first).getByRole('button', { name: 'Void' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Void invoice INV-2026-0001?' })
    expect(confirm.textContent).toContain('This cannot be undone')
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog', { name: /Void invoice/ })).toBeNull()
    expect(executeMutation).not.toHaveBeenCalled()
    await userEvent.click(within(first).getByRole('button', { name: 'Void' }))
    const again = await screen.findByRole('alertdialog', { name: 'Void invoice INV-2026-0001?' })
    await userEvent.click(within(again).getByRole('button', { name: 'Void invoice' }))
    expect(executeMutation).toHaveBeenCalledTimes(1)
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({ id: '9' })
  })
})

describe('the header timer', () => {
  it('shows the elapsed time as h:mm:ss', () => {
    const start = '2026-11-24T15:00:00.000Z'
    expect(elapsed(start, Date.parse(start) + 65_000)).toBe('0:01:05')
    expect(elapsed(start, Date.parse(start) + 3_725_000)).toBe('1:02:05')
  })
})

describe('the new-invoice form', () => {
  it("bills an accepted quote's next part: the remainder once its deposit is invoiced", async () => {
    const { client, executeMutation } = mockClient({
      InvoiceableQuotes: {
        quotes: [
          {
            id: '5',
            label: 'Q-2026-0007',
            title: 'Network refresh',
            totalCents: 480_000,
            depositPercent: 25,
            depositToInvoice: false,
          },
        ],
      },
      CreateInvoice: {
        createInvoice: { id: '31', number: 'INV-2026-0031', totalCents: 360_000, planTimeLeftOut: null },
      },
    })
    render(
      <MemoryRouter>
        <Provider value={client}>
          <NewInvoiceForm clients={[{ value: '3', label: 'Riverside Clinic' }]} onCreated={() => {}} />
        </Provider>
      </MemoryRouter>,
    )
    await userEvent.click(screen.getByRole('button', { name: /Client/ }))
    await userEvent.click(screen.getByRole('option', { name: 'Riverside Clinic' }))
    await userEvent.click(screen.getByRole('button', { name: /From/ }))
    await userEvent.click(screen.getByRole('option', { name: 'Accepted quote' }))
    await userEvent.click(screen.getByRole('button', { name: /Quote$/ }))
    await userEvent.click(screen.getByRole('option', { name: 'Q-2026-0007: Network refresh ($4,800.00)' }))
    expect(screen.getByRole('button', { name: /Part$/ }).textContent).toContain('Remainder after the deposit')
    await userEvent.click(screen.getByRole('button', { name: 'Create draft' }))
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({
      input: {
        clientId: '3',
        source: 'QUOTE',
        from: null,
        to: null,
        quoteId: '5',
        part: 'remainder',
        blockId: null,
        lines: null,
      },
    })
    expect(toastQueue.visibleToasts.map((t) => t.content)).toContainEqual({
      title: 'Invoice INV-2026-0031 created',
      description: '$3,600.00',
    })
  })
})

describe("the client page's prepaid hours", () => {
  it('shows each block bought, used, left and valid until, and offers to invoice one not yet invoiced', async () => {
    const block = { minutes: 600, priceCents: 110_000, validUntil: '2099-12-31' }
    const { client, executeMutation } = mockClient({
      PrepaidBlocks: {
        prepaidBlocks: [
          { ...block, id: '1', usedMinutes: 90, remainingMinutes: 510, invoiceNumber: 'INV-2026-0004' },
          { ...block, id: '2', usedMinutes: 0, remainingMinutes: 600, validUntil: null, invoiceNumber: null },
        ],
      },
      AdminTimeEntries: { timeEntries: [] },
      AdminInvoices: { invoices: [] },
      CreateInvoice: {
        createInvoice: { id: '32', number: 'INV-2026-0032', totalCents: 110_000, planTimeLeftOut: null },
      },
    })
    render(
      <MemoryRouter>
        <Provider value={client}>
          <ClientTime clientId="3" />
        </Provider>
      </MemoryRouter>,
    )
    const table = screen.getByRole('table', { name: 'Prepaid hours' })
    const [, first, second] = within(table).getAllByRole('row')
    expect(first!.textContent).toBe('10 h1.5 h8.5 h$1,100.00Dec 31, 2099INV-2026-0004')
    expect(within(first!).queryByRole('button')).toBeNull()
    expect(second!.textContent).toContain('No end date')
    await userEvent.click(within(second!).getByRole('button', { name: 'Invoice it' }))
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({
      input: { clientId: '3', source: 'BLOCK', blockId: '2' },
    })
    expect(toastQueue.visibleToasts.map((t) => t.content)).toContainEqual({
      title: 'Invoice INV-2026-0032 created',
      description: '$1,100.00',
    })
    expect(screen.getByText('No time recorded yet.')).toBeTruthy()
  })
})

describe('unmatched payments (issue 36)', () => {
  it('lists each with its reason and matches one to the invoice it named', async () => {
    const { client, executeMutation } = mockClient({
      UnmatchedPayments: {
        unmatchedPayments: [
          {
            id: '41',
            amountCents: 12_000,
            currency: 'USD',
            date: '2026-11-25',
            method: 'STRIPE',
            reference: 'pi_123',
            unmatchedNumber: 'INV-2026-0004',
            reason: 'The invoice is a draft, paid, void or a credit note',
            reasonCode: 'not_open',
          },
        ],
      },
      AdminInvoices: {
        invoices: [
          {
            id: '12',
            number: 'INV-2026-0004',
            clientId: '3',
            clientName: 'Riverside Clinic',
            source: 'MANUAL',
            status: 'SENT',
            issueDate: '2026-11-24',
            dueDate: '2026-12-09',
            totalCents: 12_000,
            balanceCents: 12_000,
          },
        ],
      },
    })
    render(
      <Provider value={client}>
        <UnmatchedPayments />
      </Provider>,
    )
    const item = screen.getByRole('listitem')
    expect(item.textContent).toMatch(/\$120\.00 on Nov 25, 2026/)
    expect(item.textContent).toMatch(/a draft, paid, void or a credit note \(named INV-2026-0004\)/)
    await userEvent.click(within(item).getByRole('button', { name: 'Match to an invoice' }))
    const dialog = await screen.findByRole('dialog', { name: 'Match $120.00' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record on this invoice' }))
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({ paymentId: '41', invoiceId: '12' })
  })
})
