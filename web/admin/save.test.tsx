// useSave: one admin write and what its answer shows (issue 53).
import { act, cleanup, renderHook } from '@testing-library/react'
import { GraphQLError } from 'graphql'
import type { ReactNode } from 'react'
import { Client, CombinedError, type GraphQLRequest, Provider } from 'urql'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { API_MESSAGES, ERRORS } from '../../schema/messages'
import { toastQueue } from '../components/Toaster'
import { graphql } from './graphql'
import { type SaveOptions, useSave } from './save'

const CREATE_SKILL = graphql(
  'mutation CreateSkill($input: SkillInput!) { createSkill(input: $input) { id category name } }',
)

type Answer = { data?: object; error?: CombinedError }

const toasts = () => toastQueue.visibleToasts.map((t) => t.content)

/** A client whose every mutation answers `answer(request)`. */
function clientAnswering(answer: (request: GraphQLRequest) => Answer) {
  const client = new Client({ url: '/graphql', exchanges: [] })
  const executeMutation = vi.fn((request: GraphQLRequest, _context?: object) =>
    fromValue({ ...answer(request), operation: request }),
  )
  vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
  return { client, executeMutation }
}

function renderSave(client: Client, options?: SaveOptions) {
  const wrapper = ({ children }: { children: ReactNode }) => <Provider value={client}>{children}</Provider>
  return renderHook(() => useSave(CREATE_SKILL, options), { wrapper })
}

const input = { input: { category: 'Languages', name: 'TypeScript' } }
const refused = (message: string, errors?: Record<string, string>) =>
  new CombinedError({
    graphQLErrors: [new GraphQLError(message, { extensions: errors ? { errors } : {} })],
  })

beforeEach(() => toastQueue.clear())
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('useSave', () => {
  it('writes the variables, shows the success toast given and resolves to the data', async () => {
    const skill = { id: '4', category: 'Languages', name: 'TypeScript' }
    const { client, executeMutation } = clientAnswering(() => ({ data: { createSkill: skill } }))
    const { result } = renderSave(client, { context: { additionalTypenames: ['Skill'] } })
    let saved: Awaited<ReturnType<(typeof result.current)[1]>> | undefined
    await act(async () => {
      saved = await result.current[1](input, {
        title: 'Skill added',
        description: 'The skill has been added.',
      })
    })
    expect(executeMutation.mock.calls[0]![0].variables).toEqual(input)
    expect(executeMutation.mock.calls[0]![1]).toMatchObject({ additionalTypenames: ['Skill'] })
    expect(saved).toEqual({ ok: true, data: { createSkill: skill } })
    expect(toasts()).toEqual([{ title: 'Skill added', description: 'The skill has been added.' }])
    expect(result.current[0].errors).toEqual({})
  })

  it('makes the success toast from the answer, a title alone from a string, none from nothing', async () => {
    const { client } = clientAnswering(() => ({
      data: { createSkill: { id: '9', category: 'A', name: 'B' } },
    }))
    const { result } = renderSave(client)
    await act(() => result.current[1](input, (data) => `Skill ${data.createSkill.id} added`))
    expect(toasts()).toEqual([{ title: 'Skill 9 added' }])
    toastQueue.clear()
    await act(() => result.current[1](input, () => null))
    await act(() => result.current[1](input))
    expect(toasts()).toEqual([])
  })

  it("puts the server's field messages in state.errors, and clears them after a success", async () => {
    let answer: Answer = {
      error: refused('Invalid input', { name: 'Name is required' }),
    }
    const { client } = clientAnswering(() => answer)
    const { result } = renderSave(client, { failure: 'Not saved', fieldsAlone: true })
    let saved: unknown
    await act(async () => {
      saved = await result.current[1](input, 'Skill added')
    })
    expect(saved).toMatchObject({ ok: false, message: 'Invalid input', errors: { name: 'Name is required' } })
    expect(result.current[0].errors).toEqual({ name: 'Name is required' })
    // fieldsAlone: the fields say it, no toast.
    expect(toasts()).toEqual([])

    answer = { data: { createSkill: { id: '1', category: 'A', name: 'B' } } }
    await act(() => result.current[1](input, 'Skill added'))
    expect(result.current[0].errors).toEqual({})
    expect(toasts()).toEqual([{ title: 'Skill added' }])
  })

  it('toasts a refusal with fields too unless fieldsAlone', async () => {
    const { client } = clientAnswering(() => ({ error: refused('Invalid input', { body: 'Too long' }) }))
    const { result } = renderSave(client)
    await act(() => result.current[1](input, 'Saved'))
    expect(result.current[0].errors).toEqual({ body: 'Too long' })
    expect(toasts()).toEqual([
      { title: ERRORS.errorTitle, description: 'Invalid input', variant: 'destructive' },
    ])
  })

  it("toasts a refusal without fields with the caller's title and the server's message", async () => {
    const { client } = clientAnswering(() => ({ error: refused('That skill already exists') }))
    const { result } = renderSave(client, { failure: 'Not saved', fieldsAlone: true })
    let saved: unknown
    await act(async () => {
      saved = await result.current[1](input, 'Skill added')
    })
    expect(saved).toMatchObject({ ok: false, message: 'That skill already exists', errors: {} })
    expect(toasts()).toEqual([
      { title: 'Not saved', description: 'That skill already exists', variant: 'destructive' },
    ])
    expect(result.current[0].errors).toEqual({})
  })

  it('gives a network failure the generic message', async () => {
    const { client } = clientAnswering(() => ({
      error: new CombinedError({ networkError: new TypeError('Failed to fetch') }),
    }))
    const { result } = renderSave(client, { failure: 'Not saved' })
    let saved: unknown
    await act(async () => {
      saved = await result.current[1](input, 'Skill added')
    })
    expect(saved).toMatchObject({ ok: false, message: API_MESSAGES.internal, errors: {} })
    expect(toasts()).toEqual([
      { title: 'Not saved', description: API_MESSAGES.internal, variant: 'destructive' },
    ])
  })

  it('an answer with neither data nor error is a refusal with the generic message', async () => {
    const { client } = clientAnswering(() => ({ data: undefined }))
    const { result } = renderSave(client)
    let saved: unknown
    await act(async () => {
      saved = await result.current[1](input, 'Skill added')
    })
    expect(saved).toMatchObject({ ok: false, message: API_MESSAGES.internal, errors: {} })
    expect(toasts()).toEqual([
      { title: ERRORS.errorTitle, description: API_MESSAGES.internal, variant: 'destructive' },
    ])
  })

  it('shows a refusal as the caller makes it, or not at all (null)', async () => {
    const { client } = clientAnswering(() => ({ error: refused('The calendar could not be read') }))
    const made = renderSave(client, { failure: (message) => ({ title: message }) })
    await act(() => made.result.current[1](input))
    expect(toasts()).toEqual([{ title: 'The calendar could not be read' }])
    toastQueue.clear()
    const quiet = renderSave(client, { failure: null })
    let saved: unknown
    await act(async () => {
      saved = await quiet.result.current[1](input)
    })
    expect(saved).toMatchObject({ ok: false, message: 'The calendar could not be read' })
    expect(toasts()).toEqual([])
  })

  it("keeps the form's own messages given with setErrors until the next answer", async () => {
    const { client } = clientAnswering(() => ({ error: refused('Invalid input', { name: 'Taken' }) }))
    const { result } = renderSave(client, { fieldsAlone: true })
    act(() => result.current[0].setErrors({ category: 'Choose a category' }))
    expect(result.current[0].errors).toEqual({ category: 'Choose a category' })
    await act(() => result.current[1](input))
    expect(result.current[0].errors).toEqual({ name: 'Taken' })
  })
})
