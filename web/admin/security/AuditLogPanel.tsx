import { useCallback, useEffect, useState } from 'react'
import { Input, Label, TextField } from 'react-aria-components'
import { AdminButton, CardTable, EmptyState, Section } from '../ui'
import { type AuditEntry, deviceOf, securityApi } from './api'
import { auditWords } from './audit-words'
import { dateTime, fail, fieldInput } from './form'

export function AuditLogPanel() {
  const [entries, setEntries] = useState<AuditEntry[]>([])
  const [next, setNext] = useState<number | null>(null)
  const [filters, setFilters] = useState({ action: '', outcome: '' })
  const load = useCallback(
    (before?: number) =>
      securityApi.audit({ ...filters, before }).then(
        (page) => {
          setEntries((old) => (before ? [...old, ...page.entries] : page.entries))
          setNext(page.nextBefore)
        },
        (e) => fail('Could not load the audit log', e),
      ),
    [filters],
  )
  useEffect(() => {
    void load()
  }, [load])
  return (
    <Section title="Audit log">
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <TextField
          aria-label="Filter by action"
          value={filters.action}
          onChange={(action) => setFilters((f) => ({ ...f, action }))}
          className="flex flex-col gap-1"
        >
          <Label className="text-sm font-medium text-slate-800">Action contains</Label>
          <Input className={fieldInput} />
        </TextField>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Outcome
          <select
            value={filters.outcome}
            onChange={(e) => setFilters((f) => ({ ...f, outcome: e.target.value }))}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="">All</option>
            <option value="success">Success</option>
            <option value="failure">Failure</option>
          </select>
        </label>
      </div>
      {entries.length === 0 ? (
        <EmptyState>No audit entries match.</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <CardTable label="Audit log">
            <thead className="text-slate-600">
              <tr>
                <th className="py-2 pr-3">When</th>
                <th className="py-2 pr-3">Who</th>
                <th className="py-2 pr-3">Action</th>
                <th className="py-2 pr-3">Record</th>
                <th className="py-2 pr-3">Outcome</th>
                <th className="py-2 pr-3">Address</th>
                <th className="py-2">Device</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {entries.map((e) => (
                <tr key={e.id}>
                  <td className="py-2 pr-3 whitespace-nowrap">{dateTime(e.at)}</td>
                  <td className="py-2 pr-3">{e.actor ?? '-'}</td>
                  <td className="py-2 pr-3">
                    {auditWords(e)}
                    {/* The technical detail, one click away. */}
                    <details className="text-xs text-slate-600">
                      <summary className="cursor-pointer">Details</summary>
                      <span className="font-mono">{e.action}</span>
                    </details>
                  </td>
                  <td className="py-2 pr-3">{e.record ?? ''}</td>
                  <td className={`py-2 pr-3 ${e.outcome === 'failure' ? 'text-red-700' : 'text-green-800'}`}>
                    {e.outcome}
                  </td>
                  <td className="py-2 pr-3">{e.ip ?? ''}</td>
                  <td className="py-2">{deviceOf(e.userAgent)}</td>
                </tr>
              ))}
            </tbody>
          </CardTable>
        </div>
      )}
      {next !== null && (
        <AdminButton variant="secondary" className="mt-4" onPress={() => void load(next)}>
          Load more
        </AdminButton>
      )}
    </Section>
  )
}
