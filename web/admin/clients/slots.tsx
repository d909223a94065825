// The client page's sections that the quotes (issue 25) and time and invoices
// (issue 26) helpers fill in. Each receives the client's id; replace the body
// of a section here (or re-export a component from your own folder) rather
// than editing ClientPage.tsx, so the merges stay small.
import { ClientInvoices, ClientTime } from '../billing/ClientBilling'
import { ClientQuotes } from './ClientQuotes'
import { ClientReports } from './ClientReports'

export type ClientSectionProps = { clientId: string }

/** Issue 25: the client's quotes (number, title, status, total) and "New quote" (issue 36). */
export const QuotesSection = ({ clientId }: ClientSectionProps) => <ClientQuotes clientId={clientId} />

/** Issue 26: the client's invoices (number, status, due date, total, balance) with their actions. */
export const InvoicesSection = ({ clientId }: ClientSectionProps) => <ClientInvoices clientId={clientId} />

/** Issue 26: the client's prepaid hour blocks (and a form to add one) and latest time entries. */
export const TimeSection = ({ clientId }: ClientSectionProps) => <ClientTime clientId={clientId} />

/** Issue 40: the requesters' ratings of the client's support requests. */
export { ClientRatings as RatingsSection } from '../ratings/Ratings'
/** Issue 40: the monthly service reports, as the client reads them, and their PDF. */
export const ReportsSection = ({ clientId }: ClientSectionProps) => <ClientReports clientId={clientId} />
/** Issue 39: the client's BAAs and the incidents affecting it, with a way to the Compliance area. */
export { ClientCompliance as ComplianceSection } from '../compliance/ClientCompliance'
