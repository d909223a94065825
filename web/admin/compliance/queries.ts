// The typed GraphQL documents of the Compliance area (issue 39; worker/graphql/compliance.ts).
import { graphql, type ResultOf } from '../graphql'

export const COMPLIANCE = graphql(`
  query Compliance {
    baas {
      id
      clientId
      clientName
      effectiveDate
      renewalDate
      notificationDays
      notificationDayKind
      source
      documentSha256
      documentUrl
    }
    clientsMissingBaa {
      clientId
      clientName
      handlesPhi
      ephiAssets
      baaRequests
    }
    incidents {
      id
      reference
      title
      discoveredAt
      determination
      deadlines {
        clientId
        clientName
        dueAt
        basis
        notifiedAt
      }
    }
    quoteClientOptions {
      id
      name
    }
  }
`)

export const OPEN_INCIDENTS = graphql(`
  query OpenIncidents {
    incidents {
      id
      reference
      title
      deadlines {
        clientId
        clientName
        dueAt
        notifiedAt
      }
    }
  }
`)

export const CLIENT_COMPLIANCE = graphql(`
  query ClientCompliance($clientId: ID) {
    baas(clientId: $clientId) {
      id
      effectiveDate
      renewalDate
      notificationDays
      notificationDayKind
    }
    incidents(clientId: $clientId) {
      id
      reference
      title
      deadlines {
        clientId
        clientName
        dueAt
        notifiedAt
      }
    }
  }
`)

export const RECORD_BAA = graphql(`
  mutation RecordBaa($input: BaaInput!) {
    recordBaa(input: $input) {
      id
    }
  }
`)

export const UPDATE_BAA = graphql(`
  mutation UpdateBaa($id: ID!, $input: BaaPatchInput!) {
    updateBaa(id: $id, input: $input) {
      id
    }
  }
`)

export const CREATE_INCIDENT = graphql(`
  mutation CreateIncident($input: IncidentInput!) {
    createIncident(input: $input) {
      id
      reference
    }
  }
`)

export const INCIDENT = graphql(`
  query Incident($id: ID!) {
    incident(id: $id) {
      id
      reference
      title
      discoveredAt
      reportedBy
      description
      ephiInvolved
      individualsAffected
      phiNature
      recipient
      acquiredOrViewed
      mitigation
      determination
      deadlines {
        clientId
        clientName
        dueAt
        basis
        notifiedAt
      }
      timeline {
        id
        at
        actor
        action
        changes
        note
      }
      notices {
        id
        clientId
        subject
        body
        status
        sentAt
        sentTo
        sha256
        pdfUrl
      }
    }
  }
`)

export const UPDATE_INCIDENT = graphql(`
  mutation UpdateIncident($id: ID!, $input: IncidentPatchInput!) {
    updateIncident(id: $id, input: $input) {
      id
      determination
    }
  }
`)

export const DRAFT_NOTICE = graphql(`
  mutation DraftIncidentNotice($incidentId: ID!, $clientId: ID!) {
    draftIncidentNotice(incidentId: $incidentId, clientId: $clientId) {
      id
    }
  }
`)

export const UPDATE_NOTICE = graphql(`
  mutation UpdateIncidentNotice($id: ID!, $input: IncidentNoticePatchInput!) {
    updateIncidentNotice(id: $id, input: $input) {
      id
      subject
      body
    }
  }
`)

export const NOTICE_SEND_PREVIEW = graphql(
  'query IncidentNoticeSendPreview($id: ID!) { incidentNoticeSendPreview(id: $id) { recipients { contactId name email role selected } subject textBody warnings documentUrl } }',
)

export const SEND_NOTICE = graphql(
  'mutation SendIncidentNotice($id: ID!, $to: [ID!]) { sendIncidentNotice(id: $id, recipientContactIds: $to) { id status sentAt sha256 } }',
)

export type IncidentData = NonNullable<ResultOf<typeof INCIDENT>['incident']>

/** The notice's Markdown as the client's e-mail shows it (rendered safely on the server). */
export const NOTICE_PREVIEW = graphql(
  'query IncidentNoticePreview($body: String!) { incidentNoticePreview(body: $body) }',
)
