// The conversation after a reply (ADR 103): the server sends the e-mail after
// answering, so the thread is read again while the new reply is pending, and
// only then; fake timers stand in for the 1, 2 and 4 s between the reads.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OperationDefinitionNode } from 'graphql'
import { Client, type GraphQLRequest, Provider } from 'urql'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { toastQueue } from '../../components/Toaster'
import type { ThreadEntry } from './queries'
import { Thread } from './Thread'

const reply = (delivery: string): ThreadEntry => ({
  id: '1',
  incoming: false,
  author: 'owner@example.com',
  authorName: 'Alex Morgan',
  body: 'On my way.',
  createdAt: '2030-07-02T12:00:00.000Z',
  delivery: delivery as ThreadEntry['delivery'],
  attachments: [],
})

const operationName = (request: GraphQLRequest) =>
  (request.query.definitions[0] as OperationDefinitionNode).name?.value

/** An urql client whose support thread is `state.thread`; the reply mutation stores a pending reply. */
function mockThread(initial: ThreadEntry[]) {
  const state = { thread: initial }
  const client = new Client({ url: '/graphql', exchanges: [] })
  const reads = vi.spyOn(client, 'executeQuery').mockImplementation(
    (request) =>
      fromValue({
        operation: request,
        data: operationName(request) === 'SupportRequestThread' ? { supportRequestThread: state.thread } : {},
      }) as never,
  )
  vi.spyOn(client, 'executeMutation').mockImplementation(((request: GraphQLRequest) => {
    state.thread = [reply('PENDING')]
    return fromValue({ operation: request, data: { replyToSupportRequest: reply('PENDING') } })
  }) as never)
  return { client, reads, state }
}

/** Reads of the thread itself (the recipients are read once too, and never polled). */
const threadReads = (reads: ReturnType<typeof mockThread>['reads']) =>
  reads.mock.calls.filter(([r]) => operationName(r) === 'SupportRequestThread').length

function renderThread(client: Client) {
  render(
    <Provider value={client}>
      <Thread kind="support" id="7" email="sam@example.com" name="Sam Rivera" />
    </Provider>,
  )
}

// Synchronous: React's async act waits on a timeout of its own, which the fake clock would hold.
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
  })

/** Types with the real clock (user-event waits on timeouts of its own), then sends with the fake one. */
async function sendReply() {
  vi.useRealTimers()
  await userEvent.setup().type(screen.getByRole('textbox', { name: 'Reply' }), 'On my way.')
  vi.useFakeTimers(FAKE)
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }))
  })
}

// Only the timeouts: React's scheduler keeps its own clock.
const FAKE: Parameters<typeof vi.useFakeTimers>[0] = { toFake: ['setTimeout', 'clearTimeout'] }

beforeEach(() => {
  vi.useFakeTimers(FAKE)
  toastQueue.clear()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('Thread', () => {
  it('reads the thread again while a reply just sent is pending, and stops once it is e-mailed', async () => {
    const { client, reads, state } = mockThread([])
    renderThread(client)
    await sendReply()
    expect(screen.getByText('E-mail pending')).toBeTruthy()
    const afterSend = threadReads(reads)
    state.thread = [reply('SENT')] // the Worker's waitUntil delivered it
    wait(999)
    expect(threadReads(reads)).toBe(afterSend)
    wait(1)
    expect(threadReads(reads)).toBe(afterSend + 1)
    expect(screen.getByText('E-mailed')).toBeTruthy()
    wait(60_000)
    expect(threadReads(reads)).toBe(afterSend + 1)
  })

  it('gives up after three re-reads, and never polls a dialog just opened', async () => {
    const { client, reads } = mockThread([reply('PENDING')])
    renderThread(client)
    expect(screen.getByText('E-mail pending')).toBeTruthy()
    wait(60_000)
    expect(threadReads(reads)).toBe(1)
    await sendReply()
    const afterSend = threadReads(reads)
    wait(1000)
    wait(2000)
    wait(4000)
    expect(threadReads(reads)).toBe(afterSend + 3)
    wait(60_000)
    expect(threadReads(reads)).toBe(afterSend + 3)
    expect(screen.getByText('E-mail pending')).toBeTruthy()
  })
})
