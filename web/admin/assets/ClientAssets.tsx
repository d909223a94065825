// A client's assets (issue 38), a section of the client page: the table with
// filters by kind, status and ePHI and the sort by renewal (cards at 375 px,
// CardTable), "Add asset", the CSV import (every bad row listed by line and
// field; nothing stored unless the owner imports the valid rows), the CSV
// export and the inventory PDF.
import { useRef, useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { assetFieldLabel } from '../../../schema/assets'
import { formatShortDate } from '../../../schema/slot-time'
import { toast } from '../../components/Toaster'
import { AdminButton, AdminSelect, CardTable, ListState, linkButtonClass, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import {
  AssetForm,
  EPHI_OPTIONS,
  ephiLabel,
  KIND_OPTIONS,
  kindLabel,
  STATUS_OPTIONS,
  statusLabel,
} from './AssetForm'
import { CLIENT_ASSETS } from './queries'

const ANY = 'ANY'
const withAny = (label: string, options: readonly { value: string; label: string }[]) => [
  { value: ANY, label },
  ...options,
]
const STATUS_FILTER = [
  { value: ANY, label: 'Not retired' },
  ...STATUS_OPTIONS.map((o) => ({ value: o.value.toLowerCase(), label: o.label })),
  { value: 'all', label: 'All' },
]
const SORTS = [
  { value: 'name', label: 'Name' },
  { value: 'renewal', label: 'Soonest renewal' },
]

type ImportReport = {
  imported: number
  errors: { line: number; field: string; message: string }[]
  stored: boolean
}

async function importCsv(clientId: string, text: string, validRowsOnly: boolean): Promise<ImportReport> {
  const res = await fetch(
    `/api/clients/${clientId}/assets/import${validRowsOnly ? '?validRowsOnly=true' : ''}`,
    {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'text/csv' },
      body: text,
    },
  )
  const body = (await res.json()) as Partial<ImportReport> & { message?: string; errors?: unknown }
  if (res.status === 200 || res.status === 422)
    return {
      imported: body.imported ?? 0,
      errors: (body.errors as ImportReport['errors']) ?? [],
      stored: res.ok,
    }
  const fields =
    body.errors && !Array.isArray(body.errors) ? Object.values(body.errors as object).join(' ') : ''
  throw new Error(fields || body.message || `Import failed (${res.status})`)
}

export function ClientAssets({ clientId }: { clientId: string }) {
  const [kind, setKind] = useState(ANY)
  const [status, setStatus] = useState(ANY)
  const [ephi, setEphi] = useState(ANY)
  const [sort, setSort] = useState('name')
  const [adding, setAdding] = useState(false)
  const [report, setReport] = useState<(ImportReport & { text: string }) | null>(null)
  const file = useRef<HTMLInputElement>(null)
  const [{ data, fetching, error }, refetch] = useQuery({
    query: CLIENT_ASSETS,
    variables: {
      clientId,
      kind: kind === ANY ? null : (kind as never),
      status: status === ANY ? null : status,
      ephi: ephi === ANY ? null : (ephi as never),
      sort,
    },
  })
  const assets = data?.assets ?? []

  const runImport = async (text: string, validRowsOnly: boolean) => {
    try {
      const r = await importCsv(clientId, text, validRowsOnly)
      setReport(r.errors.length ? { ...r, text } : null)
      if (r.stored) {
        toast({ title: `${r.imported} ${r.imported === 1 ? 'asset' : 'assets'} imported` })
        refetch(FROM_NETWORK)
      }
    } catch (err) {
      toast({ title: 'Not imported', description: (err as Error).message, variant: 'destructive' })
    }
  }

  return (
    <Section
      title="Assets"
      actions={
        <div className="flex flex-wrap gap-2">
          <AdminButton onPress={() => setAdding(true)}>Add asset</AdminButton>
          <AdminButton variant="secondary" onPress={() => file.current?.click()}>
            Import CSV
          </AdminButton>
          <input
            ref={file}
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file to import"
            className="sr-only"
            onChange={async (e) => {
              const f = e.target.files?.[0]
              e.target.value = ''
              if (f) await runImport(await f.text(), false)
            }}
          />
          <a className={linkButtonClass} href={`/api/clients/${clientId}/assets/export.csv`} download>
            Export CSV
          </a>
          <a className={linkButtonClass} href={`/api/clients/${clientId}/assets/inventory.pdf`} download>
            Inventory PDF
          </a>
        </div>
      }
    >
      {report && (
        <div
          role="alert"
          className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <p className="font-semibold">
            {report.stored
              ? `${report.imported} imported; these rows were left out:`
              : 'Nothing was imported. Fix these rows, or import the valid rows only:'}
          </p>
          <ul className="mt-2 list-disc pl-5" aria-label="Rows with errors">
            {report.errors.map((e) => (
              <li
                key={`${e.line}-${e.field}`}
              >{`Line ${e.line}, ${assetFieldLabel(e.field)}: ${e.message}`}</li>
            ))}
          </ul>
          <div className="mt-3 flex gap-2">
            {!report.stored && (
              <AdminButton onPress={() => runImport(report.text, true)}>Import the valid rows</AdminButton>
            )}
            <AdminButton variant="secondary" onPress={() => setReport(null)}>
              Close
            </AdminButton>
          </div>
        </div>
      )}
      <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <AdminSelect
          name="kind"
          label="Kind"
          options={withAny('All kinds', KIND_OPTIONS)}
          value={kind}
          onChange={setKind}
        />
        <AdminSelect
          name="status"
          label="Status"
          options={STATUS_FILTER}
          value={status}
          onChange={setStatus}
        />
        <AdminSelect
          name="ephi"
          label="ePHI"
          options={withAny('Any', EPHI_OPTIONS)}
          value={ephi}
          onChange={setEphi}
        />
        <AdminSelect name="sort" label="Sort by" options={SORTS} value={sort} onChange={setSort} />
      </div>
      <ListState loading={fetching && !data} error={error} empty={!assets.length} emptyText="No assets yet.">
        <CardTable label="Assets">
          <thead className="text-slate-600">
            <tr>
              <th className="py-2 font-medium">Name</th>
              <th className="py-2 font-medium">Kind</th>
              <th className="py-2 font-medium">Status</th>
              <th className="py-2 font-medium">ePHI</th>
              <th className="py-2 font-medium">Warranty end</th>
              <th className="py-2 font-medium">Renewal</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {assets.map((a) => (
              <tr key={a.id}>
                <td className="py-2">
                  <Link
                    to={`/admin/assets/${a.id}`}
                    className="text-blue-800 underline-offset-2 hover:underline"
                  >
                    {a.name}
                  </Link>
                </td>
                <td className="py-2">{kindLabel(a.kind)}</td>
                <td className="py-2">{statusLabel(a.status)}</td>
                <td className="py-2">{ephiLabel(a.ephi)}</td>
                <td className="py-2">{formatShortDate(a.warrantyEnd) || '—'}</td>
                <td className="py-2">{formatShortDate(a.renewalDate) || '—'}</td>
              </tr>
            ))}
          </tbody>
        </CardTable>
      </ListState>
      {adding && (
        <AssetForm
          clientId={clientId}
          onClose={(saved) => {
            setAdding(false)
            if (saved) refetch(FROM_NETWORK)
          }}
        />
      )}
    </Section>
  )
}
