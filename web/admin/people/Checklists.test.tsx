// A client's arrival and departure checklists on its People section: shown as
// their steps; edited in place (add, change, move up and down from the keyboard,
// remove), saved through setRunTemplate with the steps in their new order, and
// the server's field messages shown at the step they name.
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { GraphQLError } from 'graphql'
import { Client, CombinedError, type GraphQLRequest, Provider } from 'urql'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { MAX_CHECKLIST_STEPS } from '../../../schema/people'
import { toastQueue } from '../../components/Toaster'
import { Checklists } from './Checklists'

type Answer = { data?: object; error?: CombinedError }

/** A client whose mutations answer from `answers`, one per call in order (the last one repeats). */
function mockClient(answers: ((request: GraphQLRequest) => Answer)[]) {
  const client = new Client({ url: '/graphql', exchanges: [] })
  let n = 0
  const executeMutation = vi.fn((request: GraphQLRequest) =>
    fromValue({ ...answers[Math.min(n++, answers.length - 1)]!(request), operation: request }),
  )
  vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
  return { client, executeMutation }
}

const echo = (request: GraphQLRequest): Answer => ({
  data: { setRunTemplate: (request.variables as { steps: string[] }).steps.map((s) => s.trim()) },
})
const refused = (errors: Record<string, string>) => (): Answer => ({
  error: new CombinedError({
    graphQLErrors: [
      new GraphQLError('Please correct the highlighted fields.', {
        extensions: { code: 'BAD_USER_INPUT', errors },
      }),
    ],
  }),
})

const ARRIVAL = ['EHR account', 'Door code']
const DEPARTURE = ['Disable the EHR account', 'Change the door code', 'Collect the badge']

function renderChecklists(
  answers: ((request: GraphQLRequest) => Answer)[] = [echo],
  steps: { onboarding?: string[]; offboarding?: string[] } = {},
) {
  const mock = mockClient(answers)
  const onSaved = vi.fn()
  render(
    <Provider value={mock.client}>
      <Checklists
        clientId="3"
        onboarding={steps.onboarding ?? ARRIVAL}
        offboarding={steps.offboarding ?? DEPARTURE}
        onSaved={onSaved}
      />
    </Provider>,
  )
  return { ...mock, onSaved }
}

const card = (name: string) => screen.getByRole('region', { name })
const editor = () => screen.getByRole('form', { name: 'Edit the departure checklist' })
const fields = () => within(editor()).getAllByRole('textbox') as HTMLInputElement[]
const values = () => fields().map((f) => f.value)
const toasts = () => toastQueue.visibleToasts.map((t) => t.content)

beforeEach(() => toastQueue.clear())
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe("a client's checklists", () => {
  it('shows both checklists in order, says what a run copies, and says when one has no steps', () => {
    renderChecklists([echo], { onboarding: [] })
    expect(screen.getByText(/A new arrival or departure copies its checklist when it starts/)).toBeTruthy()
    const departure = card('Departure checklist')
    expect(
      within(departure)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(DEPARTURE)
    expect(within(card('Arrival checklist')).getByText('No steps yet.')).toBeTruthy()
    expect(within(departure).getByRole('button', { name: 'Edit the departure checklist' })).toBeTruthy()
  })

  it('adds, changes, moves and removes steps, then saves them in their new order', async () => {
    const { executeMutation, onSaved } = renderChecklists()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Edit the departure checklist' }))
    expect(values()).toEqual(DEPARTURE)
    expect(editor().textContent).toContain(
      'Saving replaces this checklist for new departures; departures already started keep their steps.',
    )

    // Change a step's text.
    await user.clear(fields()[0]!)
    await user.type(fields()[0]!, 'Disable the EHR login')
    // Add one: its field has the keyboard.
    await user.click(within(editor()).getByRole('button', { name: 'Add a step' }))
    expect(document.activeElement).toBe(fields()[3])
    await user.keyboard('Return the keys')
    // Enter starts the next step right after the one typed in.
    await user.keyboard('{Enter}')
    expect(fields()).toHaveLength(5)
    expect(document.activeElement).toBe(fields()[4])
    await user.keyboard('Forward the e-mail')

    // Move "Return the keys" up twice from the keyboard: the focus follows the step.
    within(editor()).getByRole('button', { name: 'Move step 4 up' }).focus()
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(within(editor()).getByRole('button', { name: 'Move step 3 up' }))
    await user.keyboard('{Enter}')
    expect(values()).toEqual([
      'Disable the EHR login',
      'Return the keys',
      'Change the door code',
      'Collect the badge',
      'Forward the e-mail',
    ])
    expect(screen.getByText('Return the keys is now step 2 of 5.')).toBeTruthy()
    // At the top, "up" is disabled: the keyboard moves to "down".
    await user.keyboard('{Enter}')
    expect(values()[0]).toBe('Return the keys')
    expect(within(editor()).getByRole('button', { name: 'Move step 1 up' })).toHaveProperty('disabled', true)
    expect(document.activeElement).toBe(within(editor()).getByRole('button', { name: 'Move step 1 down' }))
    await user.keyboard('{Enter}')
    // Down once more with the pointer.
    await user.click(within(editor()).getByRole('button', { name: 'Move step 4 down' }))

    // Remove one: nothing asked (nothing is lost until Save); the next step has the keyboard.
    await user.click(within(editor()).getByRole('button', { name: 'Remove step 3' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(document.activeElement).toBe(fields()[2])

    await user.click(within(editor()).getByRole('button', { name: 'Save checklist' }))
    const sent = executeMutation.mock.calls.map(([r]) => r.variables)
    const saved = ['Disable the EHR login', 'Return the keys', 'Forward the e-mail', 'Collect the badge']
    expect(sent).toEqual([{ clientId: '3', kind: 'offboarding', steps: saved }])
    expect(toasts()).toEqual([
      {
        title: 'Checklist saved',
        description: 'The departure checklist has been updated. New departures will follow it.',
      },
    ])
    expect(onSaved).toHaveBeenCalledOnce()
    // The editor closes on the saved steps, and the keyboard is back on Edit.
    expect(screen.queryByRole('form')).toBeNull()
    expect(
      within(card('Departure checklist'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(saved)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit the departure checklist' }))
  })

  it("shows the server's messages at the steps they name, and the list's own above the buttons", async () => {
    const { executeMutation } = renderChecklists([
      refused({ 1: 'Step is required', 2: 'Step must be at most 200 characters' }),
      refused({ steps: `At most ${MAX_CHECKLIST_STEPS} steps` }),
      echo,
    ])
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Edit the departure checklist' }))
    await user.clear(fields()[1]!)
    await user.click(within(editor()).getByRole('button', { name: 'Save checklist' }))

    const rows = within(editor()).getAllByRole('listitem')
    expect(within(rows[1]!).getByText('Step is required')).toBeTruthy()
    expect(within(rows[2]!).getByText('Step must be at most 200 characters')).toBeTruthy()
    expect(fields()[1]!.getAttribute('aria-invalid')).toBe('true')
    expect(fields()[0]!.getAttribute('aria-invalid')).toBeNull()
    // Shown by their steps alone: no toast; the first one has the keyboard.
    expect(toasts()).toEqual([])
    expect(document.activeElement).toBe(fields()[1])

    // A message stays with its step when the step moves, and goes when its text changes.
    await user.click(within(editor()).getByRole('button', { name: 'Move step 3 up' }))
    const moved = within(editor()).getAllByRole('listitem')
    expect(within(moved[1]!).getByText('Step must be at most 200 characters')).toBeTruthy()
    expect(within(moved[2]!).getByText('Step is required')).toBeTruthy()
    await user.type(fields()[2]!, 'Change the door code')
    expect(within(editor()).queryByText('Step is required')).toBeNull()

    // The list's own message (too many steps).
    await user.click(within(editor()).getByRole('button', { name: 'Save checklist' }))
    expect(within(editor()).getByRole('alert').textContent).toBe(`At most ${MAX_CHECKLIST_STEPS} steps`)
    expect(within(editor()).queryByText('Step must be at most 200 characters')).toBeNull()

    await user.click(within(editor()).getByRole('button', { name: 'Save checklist' }))
    expect(executeMutation).toHaveBeenCalledTimes(3)
    expect(screen.queryByRole('form')).toBeNull()
  })

  it('Cancel brings the saved checklist back; an emptied one says so; Add stops at the limit', async () => {
    const { executeMutation } = renderChecklists([echo], {
      onboarding: Array.from({ length: MAX_CHECKLIST_STEPS }, (_, i) => `Step ${i + 1}`),
    })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Edit the departure checklist' }))
    for (let n = DEPARTURE.length; n > 0; n--)
      await user.click(within(editor()).getByRole('button', { name: `Remove step ${n}` }))
    expect(within(editor()).getByText('No steps yet. Add your first step below.')).toBeTruthy()
    expect(document.activeElement).toBe(within(editor()).getByRole('button', { name: 'Add a step' }))
    await user.click(within(editor()).getByRole('button', { name: 'Cancel' }))
    expect(within(card('Departure checklist')).getAllByRole('listitem')).toHaveLength(DEPARTURE.length)
    expect(executeMutation).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Edit the arrival checklist' }))
    const arrival = screen.getByRole('form', { name: 'Edit the arrival checklist' })
    expect(within(arrival).getByRole('button', { name: 'Add a step' })).toHaveProperty('disabled', true)
    expect(within(arrival).getByText(`At most ${MAX_CHECKLIST_STEPS} steps.`)).toBeTruthy()
  })
})
