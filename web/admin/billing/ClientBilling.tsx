// The client page's money sections (issue 26), placed by web/admin/clients/slots.tsx:
// the client's invoices (with the same actions as /admin/invoices), and their
// time: prepaid hour blocks (bought, used, left, valid until, invoiced or not)
// with a form to sell a new one, then the latest time entries.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { formatCents, parseCents } from '../../../schema/money'
import { formatShortDate } from '../../../schema/slot-time'
import { logTimeUrl } from '../clients/OpenClientLink'
import { AdminDateField } from '../DateField'
import { useSave } from '../save'
import { AdminButton, AdminTextField, ListState, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import {
  type BillingColumn,
  BillingTable,
  entryState,
  firstCellClass,
  numericClass,
  rowClass,
} from './BillingTable'
import { InvoiceList } from './InvoicesPage'
import { CREATE_INVOICE, CREATE_PREPAID_BLOCK, INVOICES, PREPAID_BLOCKS, TIME_ENTRIES } from './queries'

const linkClass = 'text-sm text-blue-800 underline-offset-2 hover:underline'

/** Hours with at most two decimals: 600 min is "10", 90 min "1.5". */
const hours = (minutes: number) => (Math.round((minutes / 60) * 100) / 100).toString()

export function ClientInvoices({ clientId }: { clientId: string }) {
  return (
    <Section
      title="Invoices"
      actions={
        <Link to={`/admin/invoices?clientId=${encodeURIComponent(clientId)}`} className={linkClass}>
          New invoice
        </Link>
      }
    >
      <InvoiceList clientId={clientId} />
    </Section>
  )
}

const BLOCK_COLUMNS: BillingColumn[] = [
  { label: 'Hours bought', numeric: true },
  { label: 'Used', numeric: true },
  { label: 'Remaining', numeric: true },
  { label: 'Price', numeric: true },
  { label: 'Valid until' },
  { label: 'Invoice' },
]

const ENTRY_COLUMNS: BillingColumn[] = [
  { label: 'Date' },
  { label: 'Description' },
  { label: 'Minutes', numeric: true },
  { label: 'State' },
]

export function ClientTime({ clientId }: { clientId: string }) {
  const [blocks, refetchBlocks] = useQuery({ query: PREPAID_BLOCKS, variables: { clientId } })
  const [entries] = useQuery({ query: TIME_ENTRIES, variables: { clientId } })
  // Same query and variables as this client's invoice list: refetching it refreshes that list.
  const [, refetchInvoices] = useQuery({ query: INVOICES, variables: { clientId } })
  const [, invoice] = useSave(CREATE_INVOICE, { failure: 'Not invoiced' })
  const list = blocks.data?.prepaidBlocks ?? []
  const recent = (entries.data?.timeEntries ?? []).slice(0, 10)

  async function invoiceBlock(blockId: string) {
    const invoiced = await invoice(
      { input: { clientId, source: 'BLOCK', blockId } },
      ({ createInvoice: made }) => ({
        title: `Invoice ${made.number} created`,
        description: formatCents(made.totalCents),
      }),
    )
    if (!invoiced.ok) return
    refetchBlocks(FROM_NETWORK)
    refetchInvoices(FROM_NETWORK)
  }

  return (
    <Section
      title="Time"
      actions={
        <Link to={logTimeUrl(clientId)} className={linkClass}>
          Record time
        </Link>
      }
    >
      <h3 className="font-medium text-slate-900">Prepaid hours</h3>
      <p className="mb-2 text-sm text-slate-600">Billable time draws the oldest valid block down first.</p>
      <ListState
        loading={blocks.fetching && !blocks.data}
        error={blocks.data ? undefined : blocks.error}
        empty={list.length === 0}
        emptyText="No prepaid hours."
      >
        <BillingTable columns={BLOCK_COLUMNS} label="Prepaid hours">
          {list.map((b) => (
            <tr key={b.id} className={rowClass}>
              <td className={`${firstCellClass} ${numericClass}`}>{hours(b.minutes)} h</td>
              <td className={numericClass}>{hours(b.usedMinutes)} h</td>
              <td className={numericClass} data-testid="block-remaining">
                {hours(b.remainingMinutes)} h
              </td>
              <td className={numericClass}>{formatCents(b.priceCents)}</td>
              <td>{b.validUntil ? formatShortDate(b.validUntil) : 'No end date'}</td>
              <td>
                {b.invoiceNumber ?? (
                  <AdminButton variant="secondary" onPress={() => invoiceBlock(b.id)}>
                    Invoice it
                  </AdminButton>
                )}
              </td>
            </tr>
          ))}
        </BillingTable>
      </ListState>
      <NewBlockForm clientId={clientId} onAdded={() => refetchBlocks(FROM_NETWORK)} />

      <h3 className="mt-6 mb-2 font-medium text-slate-900">Latest time</h3>
      <ListState
        loading={entries.fetching && !entries.data}
        error={entries.data ? undefined : entries.error}
        empty={recent.length === 0}
        emptyText="No time recorded yet."
      >
        <BillingTable columns={ENTRY_COLUMNS} label="Latest time">
          {recent.map((e) => (
            <tr key={e.id} className={rowClass}>
              <td className={firstCellClass}>{formatShortDate(e.date)}</td>
              <td>{e.description}</td>
              <td className={numericClass}>{e.minutes}</td>
              <td>{entryState(e)}</td>
            </tr>
          ))}
        </BillingTable>
      </ListState>
    </Section>
  )
}

/** Sells the client a block: hours (a whole hour at least), its price, and an optional last day. */
function NewBlockForm({ clientId, onAdded }: { clientId: string; onAdded: () => void }) {
  const [created, create] = useSave(CREATE_PREPAID_BLOCK, { failure: 'Not added', fieldsAlone: true })
  const [blockHours, setBlockHours] = useState('')
  const [price, setPrice] = useState('')
  const [validUntil, setValidUntil] = useState('')

  async function add() {
    const h = Number(blockHours)
    const added = await create(
      {
        input: {
          clientId,
          // Not a number: -1 minutes, so the server names the field.
          minutes: blockHours.trim() && Number.isFinite(h) ? Math.round(h * 60) : -1,
          priceCents: parseCents(price) ?? -1,
          validUntil: validUntil || null,
        },
      },
      'Prepaid block added',
    )
    if (!added.ok) return
    setBlockHours('')
    setPrice('')
    setValidUntil('')
    onAdded()
  }

  return (
    <Form
      validationErrors={created.errors}
      validationBehavior="aria"
      aria-label="Add prepaid hours"
      onSubmit={(e) => {
        e.preventDefault()
        void add()
      }}
      className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-4"
    >
      <AdminTextField name="minutes" label="Hours" value={blockHours} onChange={setBlockHours} isRequired />
      <AdminTextField name="priceCents" label="Price ($)" value={price} onChange={setPrice} isRequired />
      <AdminDateField
        name="validUntil"
        label="Valid until"
        value={validUntil}
        onChange={setValidUntil}
        description="No end date when empty"
      />
      <AdminButton type="submit" isDisabled={created.fetching} className="self-end">
        Add prepaid hours
      </AdminButton>
    </Form>
  )
}
