// The typed GraphQL documents of /admin/time and /admin/invoices (issue 26).
import { graphql, type ResultOf } from '../graphql'

export const TIMER = graphql('query AdminTimer { timer { startedAt clientId description } }')
/** Every client, archived ones too (their entries and invoices keep a name); the forms offer the active ones. */
export const BILLING_CLIENTS = graphql(
  'query BillingClients { clients(all: true) { id name domains defaultRateCents status } }',
)
export const TIME_ENTRIES = graphql(
  'query AdminTimeEntries($clientId: ID) { timeEntries(clientId: $clientId) { id clientId date minutes description billable rateCents needsRate blockId invoiceId assetId } }',
)
export const CREATE_TIME_ENTRY = graphql(
  'mutation CreateTimeEntry($input: TimeEntryInput!) { createTimeEntry(input: $input) { id minutes } }',
)
export const UPDATE_TIME_ENTRY = graphql(
  'mutation UpdateTimeEntry($id: ID!, $input: TimeEntryPatch!) { updateTimeEntry(id: $id, input: $input) { id minutes rateCents needsRate assetId } }',
)
export const DELETE_TIME_ENTRY = graphql('mutation DeleteTimeEntry($id: ID!) { deleteTimeEntry(id: $id) }')
export const START_TIMER = graphql(
  'mutation StartTimer($input: TimerInput!) { startTimer(input: $input) { startedAt clientId description } }',
)
export const STOP_TIMER = graphql(
  'mutation StopTimer($input: TimerInput!) { stopTimer(input: $input) { id minutes } }',
)

export const INVOICES = graphql(
  'query AdminInvoices($clientId: ID) { invoices(clientId: $clientId) { id number clientId clientName source status issueDate dueDate totalCents balanceCents } }',
)
export const OVERVIEW = graphql(
  'query BillingOverview { billingOverview { outstandingCents overdueCents paidThisMonthCents paidThisYearCents unbilled { clientId clientName minutes amountCents } } }',
)
/** One invoice or credit note as its admin page (/admin/invoices/<id>) shows it. */
export const INVOICE = graphql(
  'query AdminInvoice($id: ID!) { invoice(id: $id) { id number clientId clientName source status issueDate dueDate notes totalCents owedCents creditedCents paidCents balanceCents dates { sentAt viewedAt paidAt voidedAt } creditFor { id number } lines { id description quantityMilli unit unitPriceCents amountCents } payments { id date method amountCents reference } credits { id number status issueDate totalCents } } }',
)
export const CREATE_INVOICE = graphql(
  'mutation CreateInvoice($input: InvoiceInput!) { createInvoice(input: $input) { id number totalCents planTimeLeftOut } }',
)
export const VOID_INVOICE = graphql('mutation VoidInvoice($id: ID!) { voidInvoice(id: $id) { id status } }')
export const RECORD_PAYMENT = graphql(
  'mutation RecordPayment($id: ID!, $input: PaymentInput!) { recordPayment(id: $id, input: $input) { id status balanceCents } }',
)

export const UNMATCHED_PAYMENTS = graphql(
  'query UnmatchedPayments { unmatchedPayments { id amountCents currency date method reference unmatchedNumber reason reasonCode } }',
)
export const MATCH_PAYMENT = graphql(
  'mutation MatchPayment($paymentId: ID!, $invoiceId: ID!) { matchPayment(paymentId: $paymentId, invoiceId: $invoiceId) { id number balanceCents } }',
)
export const BILLING_SETTINGS = graphql('query BillingSettings { billingSettings { paymentInstructions } }')
export const SAVE_BILLING_SETTINGS = graphql(
  'mutation SaveBillingSettings($paymentInstructions: String) { saveBillingSettings(paymentInstructions: $paymentInstructions) { paymentInstructions } }',
)

/** What the new-invoice form can bill besides time: a client's accepted quotes and prepaid blocks. */
export const ACCEPTED_QUOTES = graphql(
  'query InvoiceableQuotes($clientId: ID!) { quotes(status: "accepted", clientId: $clientId) { id label title totalCents depositPercent depositToInvoice } }',
)
export const PREPAID_BLOCKS = graphql(
  'query PrepaidBlocks($clientId: ID!) { prepaidBlocks(clientId: $clientId) { id minutes usedMinutes remainingMinutes priceCents validUntil invoiceNumber } }',
)
export const CREATE_PREPAID_BLOCK = graphql(
  'mutation CreatePrepaidBlock($input: PrepaidBlockInput!) { createPrepaidBlock(input: $input) { id } }',
)

export type AdminInvoice = ResultOf<typeof INVOICES>['invoices'][number]
export type AdminInvoiceDetail = NonNullable<ResultOf<typeof INVOICE>['invoice']>
export type AdminTimeEntry = ResultOf<typeof TIME_ENTRIES>['timeEntries'][number]
export type AdminPrepaidBlock = ResultOf<typeof PREPAID_BLOCKS>['prepaidBlocks'][number]
export type AdminQuote = ResultOf<typeof ACCEPTED_QUOTES>['quotes'][number]
