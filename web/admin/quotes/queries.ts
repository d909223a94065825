// The admin's GraphQL documents for quotes and agreement templates
// (worker/graphql/quotes.ts), typed from the schema by gql.tada.
import { graphql, type ResultOf } from '../graphql'

export const QUOTES_QUERY = graphql(`
  query Quotes($status: String) {
    quotes(status: $status) {
      id
      label
      title
      status
      clientName
      totalCents
      validUntil
      depositToInvoice
      depositInvoiceNumber
      depositInvoiceId
    }
  }
`)

export const QUOTE_QUERY = graphql(`
  query Quote($id: ID!) {
    quote(id: $id) {
      id
      number
      revision
      label
      status
      clientId
      clientName
      contactId
      contactName
      consultationId
      title
      intro
      lines { id description quantity unit unitPriceCents optional }
      agreements { id templateId name body }
      discountCents
      taxRatePercent
      depositPercent
      paymentTerms
      validUntil
      totalCents
      depositCents
      depositToInvoice
      depositInvoiceId
      depositInvoiceNumber
      chosenLineIds
      declineReason
      supersededById
      changeRequests { id authorName message createdAt }
      signature { signerName signerEmail signedAt ip userAgent revision documentSha256 pdfSha256 }
      pdfUrl
    }
    quoteClientOptions { id name }
    agreementTemplates { id name archived needsLegalReview }
  }
`)

export const EDITOR_OPTIONS_QUERY = graphql(`
  query QuoteEditorOptions {
    quoteClientOptions { id name }
    agreementTemplates { id name archived needsLegalReview }
  }
`)

export const CREATE_QUOTE = graphql(`
  mutation CreateQuote($input: QuoteInput!) {
    createQuote(input: $input) { id }
  }
`)

export const UPDATE_QUOTE = graphql(`
  mutation UpdateQuote($id: ID!, $input: QuoteInput!) {
    updateQuote(id: $id, input: $input) { id status }
  }
`)

export const WITHDRAW_QUOTE = graphql(`
  mutation WithdrawQuote($id: ID!) { withdrawQuote(id: $id) { id status } }
`)
export const DUPLICATE_QUOTE = graphql(`
  mutation DuplicateQuote($id: ID!) { duplicateQuote(id: $id) { id } }
`)
export const REVISE_QUOTE = graphql(`
  mutation ReviseQuote($id: ID!) { reviseQuote(id: $id) { id } }
`)
export const CREATE_FROM_CONSULTATION = graphql(`
  mutation CreateQuoteFromConsultation($consultationId: ID!) {
    createQuoteFromConsultation(consultationId: $consultationId) { id }
  }
`)

export const VERIFY_QUOTE = graphql(`
  query QuoteVerification($id: ID!) {
    quoteVerification(id: $id) { pdfMatches documentMatches agreementsMatch recordedPdfSha256 storedPdfSha256 }
  }
`)

export const TEMPLATES_QUERY = graphql(`
  query AgreementTemplates {
    agreementTemplates { id kind name body needsLegalReview archived }
  }
`)

export const PREVIEW_QUERY = graphql(`
  query AgreementPreview($body: String!) { agreementPreview(body: $body) }
`)

export const SAVE_TEMPLATE = graphql(`
  mutation SaveAgreementTemplate($id: ID, $input: AgreementTemplateInput!) {
    saveAgreementTemplate(id: $id, input: $input) { id }
  }
`)

export const ARCHIVE_TEMPLATE = graphql(`
  mutation ArchiveAgreementTemplate($id: ID!, $archived: Boolean!) {
    archiveAgreementTemplate(id: $id, archived: $archived) { id archived }
  }
`)

export type AdminQuote = NonNullable<ResultOf<typeof QUOTE_QUERY>['quote']>
