import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OperationDefinitionNode } from 'graphql'
import { Client, CombinedError, type GraphQLRequest, Provider } from 'urql'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { CONTENT_KEYS } from '../../../schema/content-keys'
import { PUBLIC_CONTENT_KEYS } from '../../../schema/public-content'
import { toastQueue } from '../../components/Toaster'
import { ContentTab } from './ContentTab'

// Typing through user-event in jsdom is slow on a shared machine.
vi.setConfig({ testTimeout: 20_000 })

type Block = { key: string; content: string; contentType: 'TEXT' | 'TEXTAREA' | 'IMAGE'; updatedAt: string }

/** What the Worker's contentKeys query answers (worker/graphql/content.ts). */
const CONTENT_KEY_LIST = Object.entries(PUBLIC_CONTENT_KEYS).map(([key, d]) => ({
  key,
  description: d.description,
  contentType: d.contentType.toUpperCase(),
  defaultContent: d.defaultContent,
}))

const operationName = (request: GraphQLRequest) =>
  (request.query.definitions[0] as OperationDefinitionNode).name?.value

/** An urql client answering queries from `blocks`; each mutation takes the next answer of `answers`. */
function mockClient(blocks: Block[], answers: (() => object)[] = []) {
  const executeMutation = vi.fn((request: GraphQLRequest) =>
    fromValue({ operation: request, ...(answers.shift()?.() ?? { data: {} }) }),
  )
  const client = new Client({ url: '/graphql', exchanges: [] })
  vi.spyOn(client, 'executeQuery').mockImplementation(
    (request) =>
      fromValue({
        operation: request,
        data:
          operationName(request) === 'AdminContent'
            ? { pageContent: blocks, contentKeys: CONTENT_KEY_LIST }
            : { uploads: [] },
      }) as never,
  )
  vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
  return { client, executeMutation }
}

const refused = (errors: Record<string, string>) => () => ({
  error: new CombinedError({
    graphQLErrors: [
      { message: 'Please correct the highlighted fields.', extensions: { code: 'BAD_USER_INPUT', errors } },
    ],
  }),
})

beforeEach(() => toastQueue.clear())
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('ContentTab', () => {
  it('lists every key the public pages read, grouped by page, with where it appears and its default', () => {
    const { client } = mockClient([
      {
        key: 'home.contact',
        content: 'Call me today',
        contentType: 'TEXTAREA',
        updatedAt: '2026-01-01T00:00:00Z',
      },
    ])
    render(
      <Provider value={client}>
        <ContentTab />
      </Provider>,
    )
    for (const key of Object.keys(PUBLIC_CONTENT_KEYS)) {
      expect(screen.getByRole('button', { name: `Edit ${key}` })).toBeTruthy()
    }
    const home = screen.getByRole('list', { name: 'Home (/) content' })
    const row = within(home).getByText('home.contact').closest('li')!
    expect(row.textContent).toContain('Custom')
    expect(row.textContent).toContain('Call me today')
    expect(row.textContent).toContain(CONTENT_KEYS['home.contact'].description)
    const untouched = within(home).getByText('home.background').closest('li')!
    expect(untouched.textContent).toContain('Default')
    expect(untouched.textContent).toContain(CONTENT_KEYS['home.background'].defaultContent.slice(0, 40))
  })

  it('saves again after the server refused a key and the owner corrected it', async () => {
    const user = userEvent.setup({ delay: null })
    const { client, executeMutation } = mockClient(
      [],
      [refused({ key: 'Key may contain lowercase letters, digits, dots, dashes and underscores' })],
    )
    render(
      <Provider value={client}>
        <ContentTab />
      </Provider>,
    )
    const keyField = screen.getByRole('textbox', { name: /^Key/ })
    await user.type(keyField, 'Bad Key')
    await user.type(screen.getByRole('textbox', { name: /^Content/ }), 'Hello')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Key may contain lowercase letters, digits, dots, dashes and underscores')
    expect(executeMutation).toHaveBeenCalledTimes(1)

    await user.clear(keyField)
    await user.type(keyField, 'notes.extra')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(executeMutation).toHaveBeenCalledTimes(2))
    expect(executeMutation.mock.calls[1]![0].variables).toMatchObject({
      input: { key: 'notes.extra', content: 'Hello', contentType: 'TEXT' },
    })
    await waitFor(() => expect(screen.queryByText(/Key may contain/)).toBeNull())
  })

  it('edits a page key with a live preview, and resets an override to the default', async () => {
    const user = userEvent.setup({ delay: null })
    const { client, executeMutation } = mockClient(
      [
        {
          key: 'contact.hours',
          content: 'Weekends too',
          contentType: 'TEXT',
          updatedAt: '2026-01-01T00:00:00Z',
        },
      ],
      [() => ({ data: { deleteContent: 'contact.hours' } })],
    )
    render(
      <Provider value={client}>
        <ContentTab />
      </Provider>,
    )
    await user.click(screen.getByRole('button', { name: 'Edit contact.hours' }))
    expect(screen.getByText(/Where it appears:/).parentElement!.textContent).toContain(
      CONTENT_KEYS['contact.hours'].description,
    )
    const field = screen.getByRole('textbox', { name: /^Content/ })
    await user.clear(field)
    await user.type(field, 'Mon-Sat')
    expect(screen.getByTestId('content-preview').textContent).toBe('Mon-Sat')

    await user.click(screen.getByRole('button', { name: 'Reset to Default' }))
    // It asks first (issue 52.5): the owner's text is deleted.
    expect(executeMutation).not.toHaveBeenCalled()
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Reset to the default text?' })).getByRole('button', {
        name: 'Reset',
      }),
    )
    await waitFor(() => expect(executeMutation).toHaveBeenCalledTimes(1))
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({ key: 'contact.hours' })
  })
})
