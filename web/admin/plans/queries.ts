// The typed GraphQL documents of the Plans screen and a client's subscription section (issue 37).
import { graphql } from '../graphql'

export const PLANS = graphql(
  'query AdminPlans { plans { id name monthlyFeeCents includedMinutes overageRateCents rollover autoSend termsFrom units { description unitPriceCents } slaHours { urgent high medium low } } }',
)
export const CREATE_PLAN = graphql(
  'mutation CreatePlan($input: PlanInput!) { createPlan(input: $input) { id name } }',
)
export const UPDATE_PLAN = graphql(
  'mutation UpdatePlan($id: ID!, $input: PlanPatchInput!) { updatePlan(id: $id, input: $input) { id name termsFrom } }',
)
export const CLIENT_SUBSCRIPTIONS = graphql(
  'query ClientSubscriptions($clientId: ID, $period: String) { subscriptions(clientId: $clientId) { id planId planName clientName status startDate cancelAtPeriodEnd endsPeriod autopay cardSaved alertContactId units { description unitPriceCents quantity } usage(period: $period) { period label state endsOn billableFrom includedMinutes rolloverMinutes usedMinutes remainingMinutes overageMinutes overageRateCents overageCents paused invoice { invoiceId number status totalCents } late { pendingMinutes pendingOverageMinutes pendingOverageCents billedMinutes billedOverageMinutes billedOverageCents billedOn { invoiceId number } notBilledMinutes undecidedMinutes } carriedIn { period label minutes overageMinutes overageCents detail } } periodInvoices { period invoiceId number status totalCents } } }',
)
export const CREATE_SUBSCRIPTION = graphql(
  'mutation CreateSubscription($input: SubscriptionInput!) { createSubscription(input: $input) { id } }',
)
export const BILL_PERIOD = graphql(
  'mutation BillPeriod($id: ID!, $period: String!) { billPeriod(subscriptionId: $id, period: $period) { invoiceId number totalCents } }',
)
export const PAUSE_SUBSCRIPTION = graphql(
  'mutation PauseSubscription($id: ID!) { pauseSubscription(id: $id) { id status } }',
)
export const RESUME_SUBSCRIPTION = graphql(
  'mutation ResumeSubscription($id: ID!) { resumeSubscription(id: $id) { id status } }',
)
export const CANCEL_SUBSCRIPTION = graphql(
  'mutation CancelSubscription($id: ID!) { cancelSubscription(id: $id) { id cancelAtPeriodEnd endsPeriod } }',
)
export const UNDO_CANCEL_SUBSCRIPTION = graphql(
  'mutation UndoCancelSubscription($id: ID!) { undoCancelSubscription(id: $id) { id cancelAtPeriodEnd endsPeriod } }',
)
export const UPDATE_SUBSCRIPTION = graphql(
  'mutation UpdateSubscription($id: ID!, $input: SubscriptionPatchInput!) { updateSubscription(id: $id, input: $input) { id autopay alertContactId } }',
)
export const SUBSCRIPTION_CONTACTS = graphql(
  'query SubscriptionContacts($id: ID!) { client(id: $id) { id contacts { id name email } } }',
)
export const PERIOD_DRAFTS = graphql(
  'query PeriodDraftsWaiting { periodDraftsWaiting { period invoiceId number totalCents } }',
)
