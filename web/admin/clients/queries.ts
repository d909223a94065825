// The admin's GraphQL documents for clients (worker/graphql/clients.ts), typed
// from the schema by gql.tada.
import { graphql, type ResultOf } from '../graphql'

export const CLIENTS_QUERY = graphql(`
  query Clients($search: String, $status: ClientStatus) {
    clients(search: $search, status: $status) {
      id
      name
      domains
      status
      contactCount
      requestCount
    }
  }
`)

export const CLIENT_QUERY = graphql(`
  query Client($id: ID!) {
    client(id: $id) {
      id
      name
      domains
      notes
      status
      defaultRateCents
      roundingMinutes
      paymentTermsDays
      handlesPhi
      contacts {
        id
        name
        email
        phone
        role
        portalSessions
      }
      requests {
        kind
        id
        reference
        status
        subject
        name
        when
        createdAt
      }
      files {
        id
        name
        size
        uploadedBy
        createdAt
      }
      noteLog {
        id
        body
        author
        createdAt
      }
      payments {
        id
        date
        method
        amountCents
        invoiceId
        invoiceNumber
      }
    }
  }
`)

export type ClientListItem = ResultOf<typeof CLIENTS_QUERY>['clients'][number]
export type ClientPageData = NonNullable<ResultOf<typeof CLIENT_QUERY>['client']>
export type ClientContact = ClientPageData['contacts'][number]

export const CREATE_CLIENT = graphql(`
  mutation CreateClient($input: ClientInput!) {
    createClient(input: $input) {
      id
    }
  }
`)

export const UPDATE_CLIENT = graphql(`
  mutation UpdateClient($id: ID!, $input: ClientPatch!) {
    updateClient(id: $id, input: $input) {
      id
      name
      domains
      notes
      status
      defaultRateCents
      roundingMinutes
      paymentTermsDays
      handlesPhi
    }
  }
`)

export const ARCHIVE_CLIENT = graphql(`
  mutation ArchiveClient($id: ID!, $archived: Boolean!) {
    archiveClient(id: $id, archived: $archived) {
      id
      status
    }
  }
`)

export const ADD_CONTACT = graphql(`
  mutation AddContact($clientId: ID!, $input: ContactInput!) {
    addContact(clientId: $clientId, input: $input) {
      id
    }
  }
`)

export const MERGE_CLIENTS = graphql(`
  mutation MergeClients($targetId: ID!, $sourceId: ID!) {
    mergeClients(targetId: $targetId, sourceId: $sourceId) {
      id
    }
  }
`)

export const INVITE_TO_PORTAL = graphql(`
  mutation InviteToPortal($contactId: ID!, $send: Boolean!) {
    inviteToPortal(contactId: $contactId, send: $send) {
      url
      mailed
    }
  }
`)

export const END_CONTACT_SESSIONS = graphql(`
  mutation EndContactSessions($contactId: ID!) {
    endContactSessions(contactId: $contactId)
  }
`)

export const ADD_CLIENT_NOTE = graphql(`
  mutation AddClientNote($clientId: ID!, $body: String!) {
    addClientNote(clientId: $clientId, body: $body) {
      id
    }
  }
`)
