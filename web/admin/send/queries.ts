// The send step's GraphQL documents (issue 36): the preview of each kind of
// document and the send mutations with the chosen recipients.
import { graphql, type ResultOf } from '../graphql'

export const QUOTE_SEND_PREVIEW = graphql(
  'query QuoteSendPreview($id: ID!) { quoteSendPreview(id: $id) { recipients { contactId name email role selected } subject textBody warnings documentUrl } }',
)
export const INVOICE_SEND_PREVIEW = graphql(
  'query InvoiceSendPreview($id: ID!) { invoiceSendPreview(id: $id) { recipients { contactId name email role selected } subject textBody warnings documentUrl } }',
)
export const SEND_QUOTE_TO = graphql(
  'mutation SendQuoteTo($id: ID!, $to: [ID!]) { sendQuote(id: $id, recipientContactIds: $to) { link quote { id status } } }',
)
export const SEND_INVOICE_TO = graphql(
  'mutation SendInvoiceTo($id: ID!, $to: [ID!]) { sendInvoice(id: $id, recipientContactIds: $to) { id status } }',
)

export type SendPreviewData = ResultOf<typeof QUOTE_SEND_PREVIEW>['quoteSendPreview']
