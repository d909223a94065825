// Invoices > Export (issue 56): the files the accountant imports into
// QuickBooks Online or Xero, for a range of dates. Before downloading, the
// owner sees what the file will hold (the receivables report it adds up to);
// the Xero codes are set once here. The download is the REST route's
// (/api/exports/...), which the owner's session cookie opens.
import { useEffect, useState } from 'react'
import { Form } from 'react-aria-components'
import { useQuery } from 'urql'
import {
  EXPORT_DATE_FORMAT,
  EXPORT_FILES,
  EXPORT_KIND_LABELS,
  EXPORT_PRODUCT_LABELS,
  type ExportKind,
  type ExportProduct,
} from '../../../schema/accounting-export'
import { formatCents } from '../../../schema/money'
import { addDays, businessToday, formatCalendarDate } from '../../../schema/slot-time'
import { AdminDateField } from '../DateField'
import { useSave } from '../save'
import { AdminButton, AdminSelect, AdminTextField, linkButtonClass, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import { ACCOUNTING_CODES, RECEIVABLES, SAVE_ACCOUNTING_CODES } from './books-queries'

/** Last month, the range an accountant asks for most. */
function lastMonth(today = businessToday()) {
  const firstOfThis = `${today.slice(0, 7)}-01`
  const to = addDays(firstOfThis, -1)
  return { from: `${to.slice(0, 7)}-01`, to }
}

const PRODUCTS = (Object.keys(EXPORT_FILES) as ExportProduct[]).map((value) => ({
  value,
  label: EXPORT_PRODUCT_LABELS[value],
}))

export function AccountingExport() {
  const [product, setProduct] = useState<ExportProduct>('quickbooks')
  const [kind, setKind] = useState<ExportKind>('invoices')
  const [range, setRange] = useState(lastMonth)
  const kinds = EXPORT_FILES[product].map((value) => ({ value, label: EXPORT_KIND_LABELS[value] }))
  const chosenKind = (EXPORT_FILES[product] as readonly ExportKind[]).includes(kind) ? kind : 'invoices'
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to) && range.from <= range.to
  const [report] = useQuery({ query: RECEIVABLES, variables: range, pause: !valid, ...FROM_NETWORK })
  const r = report.data?.receivables
  const href = `/api/exports/${product}/${chosenKind}.csv?from=${range.from}&to=${range.to}`
  const holds = r
    ? chosenKind === 'invoices'
      ? `${r.invoices} ${r.invoices === 1 ? 'invoice' : 'invoices'}, ${formatCents(r.invoicedCents)} with ${formatCents(r.taxCents)} tax`
      : chosenKind === 'payments'
        ? `${r.payments} ${r.payments === 1 ? 'payment' : 'payments'}, ${formatCents(r.receivedCents)}`
        : `${r.creditNotes} ${r.creditNotes === 1 ? 'credit note' : 'credit notes'}, ${formatCents(r.creditedCents)}`
    : null
  return (
    <Section title="Export for the accountant">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <AdminSelect
          name="product"
          label="Accounting product"
          options={PRODUCTS}
          value={product}
          onChange={(p) => setProduct(p)}
        />
        <AdminSelect
          name="kind"
          label="File"
          options={kinds}
          value={chosenKind}
          onChange={(k) => setKind(k)}
        />
        <AdminDateField
          name="from"
          label="From"
          value={range.from}
          onChange={(from) => setRange((v) => ({ ...v, from }))}
        />
        <AdminDateField
          name="to"
          label="To"
          value={range.to}
          onChange={(to) => setRange((v) => ({ ...v, to }))}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {valid ? (
          <a className={linkButtonClass} href={href} download>
            Download {EXPORT_PRODUCT_LABELS[product]} {EXPORT_KIND_LABELS[chosenKind].toLowerCase()}
          </a>
        ) : (
          <p role="alert" className="text-sm text-red-800">
            Choose a From date on or before the To date.
          </p>
        )}
        {valid && (
          <p className="text-sm text-slate-700" aria-live="polite">
            {formatCalendarDate(range.from)} to {formatCalendarDate(range.to)}
            {holds ? `: ${holds}.` : '.'}
          </p>
        )}
      </div>
      <p className="mt-2 text-sm text-slate-600">
        By invoice date (payments by payment date). Drafts and void invoices are left out. Dates are{' '}
        {EXPORT_DATE_FORMAT}; choose that format when the importer asks (QuickBooks: Settings, Import data,
        Invoices; Xero: Business, Invoices, Import).
      </p>
      {product === 'xero' && <XeroCodes />}
    </Section>
  )
}

function XeroCodes() {
  const [{ data }] = useQuery({ query: ACCOUNTING_CODES, ...FROM_NETWORK })
  const [{ fetching, errors }, save] = useSave(SAVE_ACCOUNTING_CODES, {
    failure: (message) => ({ title: message }),
    fieldsAlone: true,
  })
  const [codes, setCodes] = useState<{
    xeroAccountCode: string
    xeroTaxType: string
    xeroTaxTypeNone: string
  } | null>(null)
  useEffect(() => {
    if (data && !codes) setCodes(data.accountingCodes)
  }, [data, codes])
  if (!codes) return null
  const field = (name: keyof typeof codes, label: string) => (
    <div>
      <AdminTextField
        name={name}
        label={label}
        value={codes[name]}
        onChange={(v) => setCodes({ ...codes, [name]: v })}
        isRequired
      />
      {errors[name] && (
        <p role="alert" className="text-sm text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  )
  return (
    <Form
      className="mt-4 border-t border-slate-200 pt-4"
      onSubmit={async (e) => {
        e.preventDefault()
        await save(codes, 'Xero codes saved')
      }}
    >
      <h3 className="font-medium text-slate-900">Xero codes, as your Xero names them</h3>
      <div className="mt-2 grid gap-4 sm:grid-cols-3">
        {field('xeroAccountCode', 'Sales account code')}
        {field('xeroTaxType', 'Tax rate for taxed invoices')}
        {field('xeroTaxTypeNone', 'Tax rate for untaxed invoices')}
      </div>
      <AdminButton type="submit" className="mt-3" isDisabled={fetching}>
        Save Xero codes
      </AdminButton>
    </Form>
  )
}
