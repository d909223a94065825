// The admin's GraphQL documents for consultation and support requests
// (worker/graphql/requests.ts), with the shapes they return.
import { gql } from 'urql'
import type { RequestStatus } from '../../../schema/request-options'

export type Delivery = 'pending' | 'sent' | 'failed'

export type AdminConsultation = {
  id: number
  name: string
  email: string
  phone: string | null
  company: string | null
  projectType: string
  budget: string | null
  preferredDate: string
  preferredTime: string
  description: string
  notes: string | null
  status: RequestStatus | string
  createdAt: string
  delivery: Delivery | string
}

export type AdminSupportRequest = {
  id: number
  name: string
  email: string
  phone: string
  businessName: string | null
  issueType: string
  urgency: string
  description: string
  preferredContact: string
  preferredTime: string | null
  notes: string | null
  status: RequestStatus | string
  createdAt: string
  delivery: Delivery | string
}

export const CONSULTATIONS_QUERY = gql`
  query Consultations {
    consultations {
      id
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
    }
  }
`

export const SUPPORT_REQUESTS_QUERY = gql`
  query SupportRequests {
    supportRequests {
      id
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
      createdAt
      delivery
    }
  }
`

// The mutations return the changed fields; urql's cache then refetches the
// lists that hold a Consultation / SupportRequest.
export const UPDATE_CONSULTATION = gql`
  mutation UpdateConsultation($id: Int!, $status: String, $notes: String) {
    updateConsultation(id: $id, status: $status, notes: $notes) {
      id
      status
      notes
      delivery
    }
  }
`

export const UPDATE_SUPPORT_REQUEST = gql`
  mutation UpdateSupportRequest($id: Int!, $status: String, $notes: String) {
    updateSupportRequest(id: $id, status: $status, notes: $notes) {
      id
      status
      notes
      delivery
    }
  }
`

// Erasure on a visitor's demand; the list is refetched afterwards (the erased
// row is gone, so no cache entry can be updated in place).
export const ERASE_CONSULTATION = gql`
  mutation EraseConsultation($id: Int!) {
    eraseConsultation(id: $id)
  }
`

export const ERASE_SUPPORT_REQUEST = gql`
  mutation EraseSupportRequest($id: Int!) {
    eraseSupportRequest(id: $id)
  }
`

/** The CSV of one kind's requests (the tab's current filter), downloaded through REST. */
export const EXPORT_CSV_PATHS = {
  consultations: '/api/consultations/export.csv',
  support: '/api/support-requests/export.csv',
} as const
