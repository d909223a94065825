// The admin's GraphQL documents for consultation and support requests
// (worker/graphql/requests.ts), typed from the schema by gql.tada, and the
// readers that turn the enums on the wire into the stored values the labels
// and badges use (schema/request-options.ts).
import { fromEnum, graphql, type ResultOf, toEnum } from '../graphql'

export const CONSULTATIONS_QUERY = graphql(`
  query Consultations {
    consultations {
      id
      reference
      name
      email
      phone
      company
      projectType
      budget
      preferredDate
      preferredTime
      description
      notes
      status
      createdAt
      delivery
      customerRepliedAt
      clientId
    }
  }
`)

export const SUPPORT_REQUESTS_QUERY = graphql(`
  query SupportRequests {
    supportRequests {
      id
      reference
      name
      email
      phone
      businessName
      issueType
      urgency
      description
      preferredContact
      preferredTime
      notes
      status
      dueAt
      createdAt
      delivery
      customerRepliedAt
      clientId
      assetId
    }
  }
`)

// The mutations return the changed fields; urql's cache then refetches the
// lists that hold a Consultation / SupportRequest.
export const UPDATE_CONSULTATION = graphql(`
  mutation UpdateConsultation($id: ID!, $status: RequestStatus, $notes: String) {
    updateConsultation(id: $id, status: $status, notes: $notes) {
      id
      status
      notes
      delivery
    }
  }
`)

export const UPDATE_SUPPORT_REQUEST = graphql(`
  mutation UpdateSupportRequest($id: ID!, $status: SupportStatus, $notes: String) {
    updateSupportRequest(id: $id, status: $status, notes: $notes) {
      id
      status
      notes
      dueAt
      delivery
    }
  }
`)

// Opening a request clears its "Customer replied" mark; the answer updates the cached row.
export const MARK_CONSULTATION_SEEN = graphql(`
  mutation MarkConsultationSeen($id: ID!) {
    markConsultationSeen(id: $id) {
      id
      customerRepliedAt
      clientId
    }
  }
`)

export const MARK_SUPPORT_REQUEST_SEEN = graphql(`
  mutation MarkSupportRequestSeen($id: ID!) {
    markSupportRequestSeen(id: $id) {
      id
      customerRepliedAt
      clientId
    }
  }
`)

/** What needs the owner: a new request, or one whose requester has replied since it was last opened. */
export const needsOwner = (r: { status: string; customerRepliedAt: unknown }) =>
  r.status === 'PENDING' || r.status === 'pending' || Boolean(r.customerRepliedAt)

export type GqlConsultation = ResultOf<typeof CONSULTATIONS_QUERY>['consultations'][number]
export type GqlSupportRequest = ResultOf<typeof SUPPORT_REQUESTS_QUERY>['supportRequests'][number]

/** A consultation as the tab shows it: the schema's fields, enums as their stored values. */
export const consultationOf = (c: GqlConsultation) => ({
  ...c,
  projectType: fromEnum('ProjectType', c.projectType),
  budget: c.budget === null ? null : fromEnum('Budget', c.budget),
  preferredTime: fromEnum('TimeSlot', c.preferredTime),
  status: fromEnum('RequestStatus', c.status),
  delivery: fromEnum('Delivery', c.delivery),
})
export type AdminConsultation = ReturnType<typeof consultationOf>

/** A support request as the tab shows it: the schema's fields, enums as their stored values. */
export const supportRequestOf = (r: GqlSupportRequest) => ({
  ...r,
  issueType: fromEnum('IssueType', r.issueType),
  urgency: fromEnum('Urgency', r.urgency),
  preferredContact: fromEnum('ContactMethod', r.preferredContact),
  preferredTime: r.preferredTime === null ? null : fromEnum('ContactTime', r.preferredTime),
  status: fromEnum('SupportStatus', r.status),
  delivery: fromEnum('Delivery', r.delivery),
})
export type AdminSupportRequest = ReturnType<typeof supportRequestOf>

/** The dialog's change (stored status value) as the mutations' variables. */
export const updateOf = (id: string, patch: { status: string; notes: string }) => ({
  id,
  status: toEnum('RequestStatus', patch.status),
  notes: patch.notes,
})

export const supportUpdateOf = (id: string, patch: { status: string; notes: string }) => ({
  id,
  status: toEnum('SupportStatus', patch.status),
  notes: patch.notes,
})

// A request's thread, read when its dialog opens (not with the list: one query per row).
/** One message of a request's thread, as the details dialog shows it (unmasked: read directly). */
const THREAD_ENTRY = graphql(`
  fragment ThreadEntry on ThreadMessage @_unmask {
      id
      incoming
      author
      authorName
      body
      createdAt
      delivery
      attachments
  }
`)

export const CONSULTATION_THREAD = graphql(
  `
  query ConsultationThread($id: ID!) {
    consultationThread(id: $id) {
      ...ThreadEntry
    }
  }
`,
  [THREAD_ENTRY],
)

export const SUPPORT_REQUEST_THREAD = graphql(
  `
  query SupportRequestThread($id: ID!) {
    supportRequestThread(id: $id) {
      ...ThreadEntry
    }
  }
`,
  [THREAD_ENTRY],
)

export const REPLY_TO_CONSULTATION = graphql(
  `
  mutation ReplyToConsultation($id: ID!, $body: String!, $cc: [String!]) {
    replyToConsultation(id: $id, body: $body, cc: $cc) {
      ...ThreadEntry
    }
  }
`,
  [THREAD_ENTRY],
)

export const REPLY_TO_SUPPORT_REQUEST = graphql(
  `
  mutation ReplyToSupportRequest($id: ID!, $body: String!, $cc: [String!]) {
    replyToSupportRequest(id: $id, body: $body, cc: $cc) {
      ...ThreadEntry
    }
  }
`,
  [THREAD_ENTRY],
)

/** Whom a reply goes to (the last writer) and the client's other contacts to copy (issue 36). */
export const REPLY_RECIPIENTS = graphql(`
  query ReplyRecipients($kind: String!, $id: ID!) {
    replyRecipients(kind: $kind, id: $id) {
      to { email name }
      copies { email name }
    }
  }
`)

export type ThreadEntry = ResultOf<typeof CONSULTATION_THREAD>['consultationThread'][number]

// Erasure on a visitor's demand; the list is refetched afterwards (the erased
// row is gone, so no cache entry can be updated in place).
export const ERASE_CONSULTATION = graphql(`
  mutation EraseConsultation($id: ID!) {
    eraseConsultation(id: $id)
  }
`)

export const ERASE_SUPPORT_REQUEST = graphql(`
  mutation EraseSupportRequest($id: ID!) {
    eraseSupportRequest(id: $id)
  }
`)

/** The CSV of the list's current filter (the same query string), downloaded through REST. */
export const EXPORT_CSV_PATH = '/api/requests/export.csv'
