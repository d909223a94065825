// Issue 36: the new-client form asks for the hourly rate, so tracked time has one.
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { GraphQLError } from 'graphql'
import { MemoryRouter } from 'react-router'
import { Client, CombinedError, type GraphQLRequest, Provider } from 'urql'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { clientInput, contactInput } from '../../../schema/client-payloads'
import { formConstraints } from '../../../schema/form-constraints'
import { pickerLabel } from '../billing/useBillingClients'
import { ClientDialog } from './ClientDialog'
import { expected, limitsOf } from './limits.test-helpers'
import { OpenClientLink } from './OpenClientLink'

afterEach(cleanup)

function mockClient(data: object = {}) {
  const client = new Client({ url: '/graphql', exchanges: [] })
  vi.spyOn(client, 'executeQuery').mockImplementation(
    (request) => fromValue({ operation: request, data: { clients: [] } }) as never,
  )
  const executeMutation = vi.fn((request: GraphQLRequest) => fromValue({ operation: request, data }))
  vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
  return { client, executeMutation }
}

describe('the new-client form', () => {
  it('asks for the hourly rate and sends it', async () => {
    const { client, executeMutation } = mockClient({ createClient: { id: '7' } })
    render(
      <MemoryRouter>
        <Provider value={client}>
          <ClientDialog onClose={() => {}} />
        </Provider>
      </MemoryRouter>,
    )
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Lakeside Dental')
    await userEvent.type(screen.getByRole('textbox', { name: /^Hourly rate/ }), '95')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    const create = executeMutation.mock.calls.find(
      ([r]) => (r.variables as { input?: { name?: string } }).input?.name === 'Lakeside Dental',
    )
    expect((create![0].variables as { input: { defaultRateCents: number } }).input.defaultRateCents).toBe(
      9_500,
    )
  })
})

describe('the new-client form carries the limits of clientInput and contactInput (ADR 148)', () => {
  it('takes required, maxlength and pattern from the schemas; the first contact is optional', () => {
    const { client } = mockClient()
    render(
      <MemoryRouter>
        <Provider value={client}>
          <ClientDialog onClose={() => {}} />
        </Provider>
      </MemoryRouter>,
    )
    const clientLimits = formConstraints(clientInput)
    const contactLimits = formConstraints(contactInput)
    const field = (name: RegExp) => limitsOf(screen.getByRole('textbox', { name }))
    expect(field(/^Name/)).toEqual(expected(clientLimits.name))
    expect(field(/^First note/)).toEqual(expected(clientLimits.notes))
    expect(field(/^Contact name/)).toEqual(expected({ ...contactLimits.name, required: undefined }))
    expect(field(/^Contact e-mail/)).toEqual(expected({ ...contactLimits.email, required: undefined }))
    expect(field(/^Contact phone/)).toEqual(expected({ ...contactLimits.phone, required: undefined }))
    // The schema's rules are real limits, not empty ones.
    expect(clientLimits.name.maxLength).toBeGreaterThan(0)
    expect(contactLimits.phone.pattern).toBeTruthy()
  })
})

describe("a request's or booking's Log time", () => {
  it('opens the Time page with the client and the request preselected', () => {
    render(
      <MemoryRouter>
        <OpenClientLink clientId="3" reference="S-1043" />
      </MemoryRouter>,
    )
    expect(screen.getByRole('link', { name: 'Log time' }).getAttribute('href')).toBe(
      '/admin/time?clientId=3&request=S-1043',
    )
  })
})

describe('a likely duplicate', () => {
  it("shows the server's LIKELY_DUPLICATE warning and confirms on the second save", async () => {
    const client = new Client({ url: '/graphql', exchanges: [] })
    vi.spyOn(client, 'executeQuery').mockImplementation(
      (request) => fromValue({ operation: request, data: { clients: [] } }) as never,
    )
    const message =
      'A client with this name already exists: Riverside Family Clinic. Confirm to save it anyway.'
    const executeMutation = vi.fn((request: GraphQLRequest) =>
      (request.variables as { input: { confirmDuplicate?: boolean } }).input.confirmDuplicate
        ? fromValue({ operation: request, data: { createClient: { id: '9' } } })
        : fromValue({
            operation: request,
            error: new CombinedError({
              graphQLErrors: [
                new GraphQLError(message, {
                  extensions: { code: 'CONFLICT', reason: 'LIKELY_DUPLICATE', errors: { name: message } },
                }),
              ],
            }),
          }),
    )
    vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
    render(
      <MemoryRouter>
        <Provider value={client}>
          <ClientDialog onClose={() => {}} />
        </Provider>
      </MemoryRouter>,
    )
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'riverside family-clinic')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('alert').textContent).toContain('Riverside Family Clinic')
    expect(executeMutation).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Create anyway' }))
    expect(executeMutation).toHaveBeenCalledTimes(2)
    const second = executeMutation.mock.calls[1]![0].variables as { input: { confirmDuplicate?: boolean } }
    expect(second.input.confirmDuplicate).toBe(true)
  })
})

describe('client pickers', () => {
  it('tell same-named clients apart', () => {
    const all = [
      { id: '3', name: 'Riverside Family Clinic', domains: ['riverside.example'] },
      { id: '9', name: 'riverside family clinic ', domains: [] },
      { id: '4', name: 'Lakeside Dental', domains: [] },
    ]
    expect(all.map((c) => pickerLabel(c, all))).toEqual([
      'Riverside Family Clinic (riverside.example)',
      'riverside family clinic  (client #9)',
      'Lakeside Dental',
    ])
  })
})
