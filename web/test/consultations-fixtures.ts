// The admin's request lists as the component tests see them (ConsultationsTab.test.tsx):
// a consultation and a support request with every field, and an urql client
// answering from given data, its mutations recorded.
import type { OperationDefinitionNode } from 'graphql'
import { Client, type GraphQLRequest } from 'urql'
import { vi } from 'vitest'
import { fromValue } from 'wonka'
import type { GqlConsultation, GqlSupportRequest } from '../admin/requests/queries'

export const consultation = (over: Partial<GqlConsultation>): GqlConsultation => ({
  id: '1',
  reference: 'C-1001',
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  phone: '(618) 555-0199',
  company: 'Lee Family Clinic',
  projectType: 'WEB_APPLICATION',
  budget: 'FROM_5K_15K',
  preferredDate: '2030-07-15T14:00:00.000Z',
  preferredTime: 'AT_09_00',
  description: 'A scheduling system.',
  notes: null,
  status: 'PENDING',
  createdAt: '2030-07-01T12:00:00.000Z',
  delivery: 'SENT',
  customerRepliedAt: null,
  clientId: null,
  ...over,
})

export const support = (over: Partial<GqlSupportRequest>): GqlSupportRequest => ({
  id: '7',
  reference: 'S-1007',
  name: 'Sam Rivera',
  email: 'sam@example.com',
  phone: '618-555-0142',
  businessName: 'Rivera Dental',
  issueType: 'NETWORK',
  urgency: 'CRITICAL',
  description: 'Wi-Fi drops.',
  preferredContact: 'PHONE',
  preferredTime: 'MORNING',
  notes: 'Called back',
  status: 'RESOLVED',
  dueAt: null,
  createdAt: '2030-07-02T12:00:00.000Z',
  delivery: 'FAILED',
  customerRepliedAt: null,
  clientId: null,
  assetId: null,
  ...over,
})

export type Data = { consultations: GqlConsultation[]; supportRequests: GqlSupportRequest[] }

export const operationName = (request: GraphQLRequest) =>
  (request.query.definitions[0] as OperationDefinitionNode).name?.value

/** An urql client answering from `data`; mutations answer with `mutationResult`. */
export function mockClient(data: Data, mutationResult: () => object = () => ({ data: {} })) {
  const executeMutation = vi.fn((request: GraphQLRequest) =>
    fromValue({ operation: request, ...mutationResult() }),
  )
  const client = new Client({ url: '/graphql', exchanges: [] })
  vi.spyOn(client, 'executeQuery').mockImplementation(
    (request) =>
      fromValue({
        operation: request,
        data: {
          Consultations: { consultations: data.consultations },
          SupportRequests: { supportRequests: data.supportRequests },
          ConsultationThread: { consultationThread: [] },
          SupportRequestThread: { supportRequestThread: [] },
        }[operationName(request) ?? ''],
      }) as never,
  )
  vi.spyOn(client, 'executeMutation').mockImplementation(executeMutation as never)
  return { client, executeMutation }
}
