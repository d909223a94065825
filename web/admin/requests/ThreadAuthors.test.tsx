// Issue 36.2 in the reply form: each message names who wrote it, the reply is
// addressed to the last writer, and the client's other contacts can be copied.
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OperationDefinitionNode } from 'graphql'
import { Client, type GraphQLRequest, Provider } from 'urql'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { Thread } from './Thread'

const operationName = (request: GraphQLRequest) =>
  (request.query.definitions[0] as OperationDefinitionNode).name?.value

afterEach(cleanup)

describe('the reply form', () => {
  it('names the author, addresses the last writer and sends the chosen copies', async () => {
    const client = new Client({ url: '/graphql', exchanges: [] })
    const answers: Record<string, object> = {
      SupportRequestThread: {
        supportRequestThread: [
          {
            id: '1',
            incoming: true,
            author: 'maria@clinic.example',
            authorName: 'Maria Lopez',
            body: 'Still offline.',
            createdAt: '2026-11-20T15:00:00.000Z',
            delivery: null,
            attachments: [],
          },
        ],
      },
      ReplyRecipients: {
        replyRecipients: {
          to: { email: 'maria@clinic.example', name: 'Maria Lopez' },
          copies: [{ email: 'tom@clinic.example', name: 'Tom Becker' }],
        },
      },
    }
    vi.spyOn(client, 'executeQuery').mockImplementation(
      (request) => fromValue({ operation: request, data: answers[operationName(request) ?? ''] }) as never,
    )
    const executeMutation = vi.fn((request: GraphQLRequest) => fromValue({ operation: request, data: {} }))
    vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
    render(
      <Provider value={client}>
        <Thread kind="support" id="7" email="tom@clinic.example" name="Tom Becker" />
      </Provider>,
    )
    expect(screen.getByText('From Maria Lopez (maria@clinic.example)')).toBeTruthy()
    expect(screen.getByText(/To Maria Lopez \(maria@clinic.example\)/)).toBeTruthy()
    await userEvent.type(screen.getByRole('textbox', { name: /^Reply/ }), 'Back online.')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tom Becker (tom@clinic.example)' }))
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }))
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({
      id: '7',
      body: 'Back online.',
      cc: ['tom@clinic.example'],
    })
  })
})
