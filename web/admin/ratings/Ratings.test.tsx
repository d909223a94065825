import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OperationDefinitionNode } from 'graphql'
import { MemoryRouter } from 'react-router'
import { Client, type GraphQLRequest, Provider } from 'urql'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromValue } from 'wonka'
import { PoorRatingFollowUps } from './Ratings'
import { TestimonialsReview } from './TestimonialsReview'

const operationName = (request: GraphQLRequest) =>
  (request.query.definitions[0] as OperationDefinitionNode).name?.value

function mockClient(answers: Record<string, unknown>) {
  const client = new Client({ url: '/graphql', exchanges: [] })
  vi.spyOn(client, 'executeQuery').mockImplementation(
    (request) => fromValue({ operation: request, data: answers[operationName(request) ?? ''] }) as never,
  )
  const executeMutation = vi.fn((request: GraphQLRequest) => fromValue({ operation: request, data: {} }))
  vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
  return { client, executeMutation }
}

const show = (client: Client, ui: React.ReactNode) =>
  render(
    <MemoryRouter>
      <Provider value={client}>{ui}</Provider>
    </MemoryRouter>,
  )

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('ratings in the admin', () => {
  it('lists poor ratings on the overview and marks one handled', async () => {
    const { client, executeMutation } = mockClient({
      RatingFollowUps: {
        ratingFollowUps: [
          {
            id: '7',
            requestId: '3',
            requestReference: 'S-1043',
            rating: 'POOR',
            comment: 'Nobody called back',
            at: '2026-11-20T15:00:00.000Z',
            clientId: '2',
            clientName: 'Lee Family Clinic',
            handledAt: null,
          },
        ],
      },
    })
    show(client, <PoorRatingFollowUps />)
    const section = screen.getByRole('region', { name: 'Poor ratings to follow up' })
    expect(
      within(section)
        .getByRole('link', { name: /S-1043 \(Lee Family Clinic\)/ })
        .getAttribute('href'),
    ).toBe('/admin/requests/S-1043')
    expect(section.textContent).toContain('Nobody called back')
    await userEvent.click(within(section).getByRole('button', { name: 'Mark handled' }))
    expect(executeMutation).toHaveBeenCalledTimes(1)
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({ id: '7' })
  })

  it('shows a testimonial with its consent and approves it', async () => {
    const { client, executeMutation } = mockClient({
      Testimonials: {
        testimonials: [
          {
            id: '4',
            requestReference: 'S-1050',
            quote: 'Quick and kind.',
            displayName: 'J. D.',
            practiceName: 'Lee Family Clinic',
            email: 'jd@example.com',
            consentWording: 'I agree that these words may be shown.',
            consentedAt: '2026-11-20T15:00:00.000Z',
            status: 'PENDING',
            reviewedAt: null,
            withdrawnAt: null,
          },
        ],
      },
    })
    show(client, <TestimonialsReview />)
    const item = screen.getByRole('list', { name: 'Testimonials' })
    expect(item.textContent).toContain('I agree that these words may be shown.')
    expect(item.textContent).toContain('Waiting for approval')
    await userEvent.click(within(item).getByRole('button', { name: /Approve/ }))
    expect(executeMutation.mock.calls[0]![0].variables).toEqual({ id: '4', decision: 'APPROVED' })
  })
})
