// Issue 38: the request dialog names the asset a support request is about,
// from its client's assets (in use first, retired left out), and clears it.
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OperationDefinitionNode } from 'graphql'
import { Client, type GraphQLRequest, Provider } from 'urql'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { RequestAsset } from './RequestAsset'

const operationName = (request: GraphQLRequest) =>
  (request.query.definitions[0] as OperationDefinitionNode).name?.value

function mockClient() {
  const client = new Client({ url: '/graphql', exchanges: [] })
  const queries: GraphQLRequest[] = []
  vi.spyOn(client, 'executeQuery').mockImplementation((request) => {
    queries.push(request)
    const data =
      operationName(request) === 'ClientAssets'
        ? {
            assets: [
              { id: '31', name: 'Reception printer', kind: 'PRINTER', status: 'SPARE' },
              { id: '32', name: 'Firewall', kind: 'NETWORK', status: 'IN_USE' },
              { id: '33', name: 'Old NAS', kind: 'SERVER', status: 'RETIRED' },
            ],
          }
        : undefined
    return fromValue({ operation: request, data }) as never
  })
  const executeMutation = vi.fn((request: GraphQLRequest) =>
    fromValue({ operation: request, data: { linkRequestAsset: true } }),
  )
  vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
  return { client, executeMutation, queries }
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the asset of a support request', () => {
  it("offers the client's assets, links the chosen one and clears it", async () => {
    const user = userEvent.setup()
    const { client, executeMutation, queries } = mockClient()
    render(
      <Provider value={client}>
        <RequestAsset requestId="7" clientId="5" assetId={null} />
      </Provider>,
    )
    expect(queries[0]!.variables).toMatchObject({ clientId: '5' })
    const picker = () => screen.getByRole('button', { name: /Asset it is about$/ })
    await user.click(picker())
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'No asset',
      'Firewall · Network',
      'Reception printer · Printer (spare)',
    ])
    await user.click(screen.getByRole('option', { name: /Firewall/ }))
    await waitFor(() => expect(executeMutation).toHaveBeenCalledTimes(1))
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({ requestId: '7', assetId: '32' })
    expect(picker().textContent).toContain('Firewall')

    await user.click(picker())
    await user.click(screen.getByRole('option', { name: 'No asset' }))
    await waitFor(() => expect(executeMutation).toHaveBeenCalledTimes(2))
    expect(executeMutation.mock.calls[1]![0].variables).toEqual({ requestId: '7', assetId: null })
  })

  it('is not offered for a request without a client', () => {
    const { client } = mockClient()
    render(
      <Provider value={client}>
        <RequestAsset requestId="7" clientId={null} assetId={null} />
      </Provider>,
    )
    expect(screen.queryByRole('button', { name: /Asset/ })).toBeNull()
  })
})
