// One asset (/admin/assets/<id>, issue 38): its details, Edit, Retire (the
// record stays), Renew (a new draft quote with the renewal line), the support
// requests and time on it, and its append-only history.
import { useState } from 'react'
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { Provider, useQuery } from 'urql'
import { ASSET_KIND_LABELS, ASSET_STATUS_LABELS, assetFieldLabel, EPHI_LABELS } from '../../../schema/assets'
import { formatShortDate } from '../../../schema/slot-time'
import { OwnerPage } from '../OwnerPage'
import { requestStatusLabel } from '../requests/format'
import { useSave } from '../save'
import {
  AdminButton,
  CardTable,
  ConfirmDialog,
  EmptyState,
  formatDate,
  ListState,
  linkButtonClass,
  Section,
} from '../ui'
import { FROM_NETWORK, useAdminClient } from '../urql'
import { AssetForm, ephiLabel, kindLabel, statusLabel } from './AssetForm'
import { ASSET, RENEW_ASSET, RETIRE_ASSET } from './queries'

const link = 'text-blue-800 underline-offset-2 hover:underline'

export function AssetScreen() {
  const id = /^\/admin\/assets\/(\d+)\/?$/.exec(useLocation().pathname)?.[1]
  if (!id) return <Navigate to="/admin/clients" replace />
  return (
    <OwnerPage title="Assets" description={() => "A client's machine, licence, domain or certificate"}>
      <Provider value={useAdminClient()}>
        <AssetPage id={id} />
      </Provider>
    </OwnerPage>
  )
}

function AssetPage({ id }: { id: string }) {
  const [{ data, fetching, error }, refetch] = useQuery({ query: ASSET, variables: { id } })
  const [editing, setEditing] = useState(false)
  const [retiring, setRetiring] = useState(false)
  const [, retire] = useSave(RETIRE_ASSET, { failure: 'Not retired' })
  const [, renew] = useSave(RENEW_ASSET, { failure: 'Not renewed' })
  const navigate = useNavigate()
  const a = data?.asset
  const refresh = () => refetch(FROM_NETWORK)
  const renewAs = async (what: 'WARRANTY' | 'RENEWAL') => {
    const renewed = await renew({ id, what })
    if (renewed.ok) navigate(`/admin/quotes/${renewed.data.renewAsset}`)
  }
  return (
    <ListState loading={fetching && !data} error={error} empty={!a} emptyText="This asset does not exist.">
      {a && (
        <>
          <p>
            <Link to={`/admin/clients/${a.clientId}`} className={`text-sm ${link}`}>
              Back to the client
            </Link>
          </p>
          <Section
            title={a.name}
            actions={
              <div className="flex flex-wrap gap-2">
                <AdminButton variant="secondary" onPress={() => setEditing(true)}>
                  Edit
                </AdminButton>
                {a.warrantyEnd && a.status !== 'RETIRED' && (
                  <AdminButton variant="secondary" onPress={() => renewAs('WARRANTY')}>
                    Renew warranty
                  </AdminButton>
                )}
                {a.renewalDate && a.status !== 'RETIRED' && (
                  <AdminButton variant="secondary" onPress={() => renewAs('RENEWAL')}>
                    Renew
                  </AdminButton>
                )}
                {a.status !== 'RETIRED' && (
                  <AdminButton variant="destructive" onPress={() => setRetiring(true)}>
                    Retire
                  </AdminButton>
                )}
              </div>
            }
          >
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              {(
                [
                  ['Kind', kindLabel(a.kind)],
                  ['Status', statusLabel(a.status)],
                  ['Stores patient data (ePHI)', ephiLabel(a.ephi)],
                  ['Model', a.model],
                  ['Serial', a.serial],
                  ['Location', a.location],
                  ['Assigned to', a.assignedTo],
                  ['Operating system', a.os],
                  ['Purchase date', formatShortDate(a.purchaseDate)],
                  ['Warranty end', formatShortDate(a.warrantyEnd)],
                  ['Renewal date', formatShortDate(a.renewalDate)],
                  ['Seats', a.seats == null ? null : String(a.seats)],
                  ['Internal notes', a.notes],
                ] as const
              ).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="font-medium text-slate-600">{k}</dt>
                  <dd className="min-w-0 whitespace-pre-wrap break-words">{v || '—'}</dd>
                </div>
              ))}
            </dl>
          </Section>
          <Section title="Requests">
            {a.requests.length ? (
              <CardTable label="Requests about this asset">
                <thead className="text-slate-600">
                  <tr>
                    <th className="py-2 font-medium">Reference</th>
                    <th className="py-2 font-medium">Status</th>
                    <th className="py-2 font-medium">Description</th>
                    <th className="py-2 font-medium">Received</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {a.requests.map((r) => (
                    <tr key={r.id}>
                      <td className="py-2 font-mono">
                        <Link
                          to={`/admin/requests/${encodeURIComponent(r.reference ?? '')}`}
                          className={link}
                        >
                          {r.reference}
                        </Link>
                      </td>
                      <td className="py-2">{requestStatusLabel(r.status)}</td>
                      <td className="py-2 break-words">{r.description}</td>
                      <td className="py-2">{formatDate(r.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </CardTable>
            ) : (
              <EmptyState>No requests about this asset.</EmptyState>
            )}
          </Section>
          <Section
            title="Time"
            actions={
              a.status !== 'RETIRED' && (
                <Link
                  to={`/admin/time?clientId=${a.clientId}&asset=${a.id}`}
                  className={linkButtonClass}
                  aria-label={`Log time on ${a.name}`}
                >
                  Log time
                </Link>
              )
            }
          >
            {a.time.length ? (
              <CardTable label="Time on this asset">
                <thead className="text-slate-600">
                  <tr>
                    <th className="py-2 font-medium">Date</th>
                    <th className="py-2 font-medium">Minutes</th>
                    <th className="py-2 font-medium">Description</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {a.time.map((t) => (
                    <tr key={t.id}>
                      <td className="py-2">{formatShortDate(t.date)}</td>
                      <td className="py-2">{t.minutes}</td>
                      <td className="py-2 break-words">{t.description}</td>
                    </tr>
                  ))}
                </tbody>
              </CardTable>
            ) : (
              <EmptyState>No time on this asset.</EmptyState>
            )}
          </Section>
          <Section title="History">
            <ol className="divide-y divide-slate-200 text-sm" aria-label="History">
              {a.history.map((h) => (
                <li key={h.id} className="py-2">
                  <p className="font-medium">{`${h.action} by ${h.actor}, ${formatDate(h.at)}`}</p>
                  <p className="break-words text-xs text-slate-600">{changesText(h.action, h.changes)}</p>
                </li>
              ))}
            </ol>
          </Section>
          {editing && (
            <AssetForm
              clientId={a.clientId}
              asset={a}
              onClose={(saved) => {
                setEditing(false)
                if (saved) refresh()
              }}
            />
          )}
          <ConfirmDialog
            title={`Retire ${a.name}?`}
            message="It leaves the lists and the renewals; the record, its requests, time and history stay."
            confirmLabel="Retire"
            isOpen={retiring}
            onOpenChange={setRetiring}
            onConfirm={async () => {
              const retired = await retire({ id }, { title: 'Asset retired', description: a.name })
              setRetiring(false)
              if (retired.ok) refresh()
            }}
          />
        </>
      )}
    </ListState>
  )
}

/** A stored value of a field as a person reads it: labels for the closed sets, dates as days. */
function valueText(field: string, value: unknown): string {
  if (value == null || value === '') return '—'
  const v = String(value)
  if (field === 'kind') return ASSET_KIND_LABELS[v as keyof typeof ASSET_KIND_LABELS] ?? v
  if (field === 'status') return ASSET_STATUS_LABELS[v as keyof typeof ASSET_STATUS_LABELS] ?? v
  if (field === 'ephi') return EPHI_LABELS[v as keyof typeof EPHI_LABELS] ?? v
  if (/^\d{4}-\d{2}-\d{2}/.test(v)) return formatShortDate(v)
  return v
}

/**
 * {field: [before, after]} as "Field: before → after"; a created record's
 * fields as they were; a merge's move. Field names and stored values in the
 * words of the page (issue 52.7), not "renewalDate: 2026-12-19".
 */
function changesText(action: string, json: string): string {
  const changes = JSON.parse(json) as Record<string, unknown>
  if (action === 'merged') {
    const [from, into] = (changes.client ?? []) as [unknown, unknown]
    return `moved from ${from ?? '—'} by merge (into ${into ?? '—'})`
  }
  if (action === 'updated' || action === 'retired')
    return Object.entries(changes)
      .map(([k, v]) => {
        const [before, after] = v as [unknown, unknown]
        return `${assetFieldLabel(k)}: ${valueText(k, before)} → ${valueText(k, after)}`
      })
      .join('; ')
  return Object.entries(changes)
    .filter(([, v]) => v != null && v !== '')
    .map(([k, v]) => `${assetFieldLabel(k)}: ${valueText(k, v)}`)
    .join('; ')
}
