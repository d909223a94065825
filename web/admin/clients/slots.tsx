// The client page's sections that the quotes (issue 25) and time and invoices
// (issue 26) helpers fill in. Each receives the client's id; replace the body
// of a section here (or re-export a component from your own folder) rather
// than editing ClientPage.tsx, so the merges stay small.
import { Section } from '../ui'

export type ClientSectionProps = { clientId: string }

/** Issue 25: the client's quotes (number, title, status, total) and "New quote". */
export function QuotesSection(_: ClientSectionProps) {
  return (
    <Section title="Quotes">
      <p className="text-sm text-slate-600">No quotes yet.</p>
    </Section>
  )
}

/** Issue 26: the client's invoices (number, status, total, due date) and "New invoice". */
export function InvoicesSection(_: ClientSectionProps) {
  return (
    <Section title="Invoices">
      <p className="text-sm text-slate-600">No invoices yet.</p>
    </Section>
  )
}

/** Issue 26: the client's time entries, unbilled total and prepaid blocks. */
export function TimeSection(_: ClientSectionProps) {
  return (
    <Section title="Time">
      <p className="text-sm text-slate-600">No time recorded yet.</p>
    </Section>
  )
}
