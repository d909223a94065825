// The Consultations tab (SPEC §2, §3; issue 15): one list of consultation and
// IT-support requests, newest first with open critical and high requests on
// top, filtered by kind, status and urgency and searched, the filter kept in
// the URL (and given to the CSV export). A details dialog changes status and
// notes, offers quick actions, and holds the thread with the reply form.
// AdminTabs renders it under an urql Provider; PendingBadge sits beside the
// tab's label. No background polling (SPEC §9): a Refresh button instead.
// The row, the dialogs and their helpers live in ./requests/, one file each.
// A request's own address, /admin/requests/<reference> (issue 52), is this
// list with that request's dialog open; closing it goes back to the list.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { type CombinedError, useMutation, useQuery } from 'urql'
import {
  applyFilter,
  consultationRow,
  filterOf,
  type InboxFilter,
  paramsOf,
  supportRow,
} from '../../schema/inbox'
import { EMPTY_STATES } from '../../schema/messages'
import { URGENCY_LEVELS } from '../../schema/request-options'
import { RATINGS_QUERY } from './ratings/queries'
import { ConsultationDialog } from './requests/ConsultationDialog'
import { KIND_OPTIONS, statusOptions } from './requests/filters'
import { useLastVisit } from './requests/lastVisit'
import {
  CONSULTATIONS_QUERY,
  consultationOf,
  EXPORT_CSV_PATH,
  MARK_CONSULTATION_SEEN,
  MARK_SUPPORT_REQUEST_SEEN,
  needsOwner,
  SUPPORT_REQUESTS_QUERY,
  supportRequestOf,
} from './requests/queries'
import { type Item, RequestRow } from './requests/RequestRow'
import { SupportDialog } from './requests/SupportDialog'
import { AdminButton, AdminSelect, AdminTextField, ListState, linkButtonClass } from './ui'

export function ConsultationsTab({ reference }: { reference?: string } = {}) {
  const location = useLocation()
  const navigate = useNavigate()
  const filter = filterOf(new URLSearchParams(location.search))
  const setFilter = (next: Partial<InboxFilter>) => {
    const params = new URLSearchParams(location.search)
    for (const key of ['kind', 'status', 'urgency', 'q']) params.delete(key)
    for (const [key, value] of paramsOf({ ...filter, ...next })) params.set(key, value)
    navigate({ search: `?${params}` }, { replace: true })
  }

  const [c, refetchConsultations] = useQuery({ query: CONSULTATIONS_QUERY })
  const [s, refetchSupport] = useQuery({ query: SUPPORT_REQUESTS_QUERY })
  const [r] = useQuery({ query: RATINGS_QUERY, variables: {} })
  const ratingOf = new Map((r.data?.ratings ?? []).map((x) => [x.requestId, x.rating]))
  useLogError('consultations', c.error)
  useLogError('support requests', s.error)
  const lastVisit = useLastVisit()

  const items: Item[] = useMemo(
    () => [
      ...(c.data?.consultations ?? []).map(consultationOf).map(consultationRow),
      ...(s.data?.supportRequests ?? []).map(supportRequestOf).map(supportRow),
    ],
    [c.data, s.data],
  )
  const rows = applyFilter(items, filter)

  // Refresh: refetch both lists, then say how many requests arrived since.
  const known = useRef<Set<string> | null>(null)
  const [newCount, setNewCount] = useState<number | null>(null)
  function refresh() {
    known.current = new Set(items.map((i) => i.key))
    setNewCount(null)
    refetchConsultations({ requestPolicy: 'network-only' })
    refetchSupport({ requestPolicy: 'network-only' })
  }
  useEffect(() => {
    if (!known.current || c.fetching || s.fetching) return
    const seen = known.current
    setNewCount(items.filter((i) => !seen.has(i.key)).length)
    known.current = null
  }, [items, c.fetching, s.fetching])

  const [open, setOpen] = useState<Item | null>(null)
  const [, markConsultationSeen] = useMutation(MARK_CONSULTATION_SEEN)
  const [, markSupportSeen] = useMutation(MARK_SUPPORT_REQUEST_SEEN)
  // Opening a request reads the customer's reply: the mark goes (and with it the badge's count).
  function openItem(item: Item) {
    setOpen(item)
    if (!item.customerRepliedAt) return
    if (item.kind === 'consultation') void markConsultationSeen({ id: item.id })
    else void markSupportSeen({ id: item.id })
  }
  // The request's own address (/admin/requests/S-1043, issue 52) or an older link's ?open=S-1043.
  const toOpen =
    reference?.toUpperCase() ?? new URLSearchParams(location.search).get('open')?.toUpperCase() ?? null
  const opened = useRef<string | null>(null)
  useEffect(() => {
    if (!toOpen || opened.current === toOpen) return
    const item = items.find((i) => i.reference === toOpen)
    if (!item) return
    opened.current = toOpen
    openItem(item)
  })
  const notFound =
    toOpen !== null && c.data && s.data && !items.some((i) => i.reference === toOpen) ? toOpen : null
  function close() {
    setOpen(null)
    // Leaving the request's own address: the list, as filtered before.
    if (reference) navigate({ pathname: '/admin/requests', search: location.search }, { replace: true })
  }
  const pending = items.filter(needsOwner).length
  const loading = (c.fetching && !c.data) || (s.fetching && !s.data)
  const error = c.data && s.data ? undefined : (c.error ?? s.error)
  const query = paramsOf(filter).toString()

  return (
    <section aria-labelledby="requests-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <h2 id="requests-title" className="text-xl font-semibold text-slate-900">
            Requests
          </h2>
          {pending > 0 && (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900">
              {pending} Pending
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <AdminButton variant="secondary" onPress={refresh} isPending={c.fetching || s.fetching}>
            Refresh
          </AdminButton>
          {/* The CSV of what the filter shows (a plain download: the session cookie goes with it). */}
          <a href={`${EXPORT_CSV_PATH}${query ? `?${query}` : ''}`} download className={linkButtonClass}>
            Export CSV
          </a>
        </div>
      </div>
      {notFound && (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          There is no request {notFound}: it may have been erased. Every other request is listed below.
        </p>
      )}
      <p role="status" className="text-sm text-slate-700 empty:hidden">
        {newCount === null ? '' : newCount === 1 ? '1 new request' : `${newCount} new requests`}
      </p>
      <search className="grid gap-3 sm:grid-cols-4">
        <AdminTextField
          name="q"
          label="Search"
          value={filter.q}
          onChange={(q) => setFilter({ q })}
          description="Reference, name, e-mail, company or description"
        />
        <AdminSelect
          name="kind"
          label="Kind"
          options={KIND_OPTIONS}
          value={filter.kind}
          onChange={(kind) => setFilter({ kind, status: '' })}
        />
        <AdminSelect
          name="status"
          label="Status"
          options={statusOptions(filter.kind)}
          value={filter.status}
          onChange={(status) => setFilter({ status })}
        />
        <AdminSelect
          name="urgency"
          label="Urgency"
          options={[{ value: '', label: 'Any urgency' }, ...URGENCY_LEVELS]}
          value={filter.urgency}
          onChange={(urgency) => setFilter({ urgency })}
        />
      </search>
      <ListState
        loading={loading}
        error={error}
        empty={rows.length === 0}
        emptyText={items.length === 0 ? EMPTY_STATES.consultations : 'No requests match the filter.'}
      >
        <ul aria-label="Requests" className="divide-y divide-slate-200">
          {rows.map((item) => (
            <RequestRow
              key={item.key}
              item={item}
              isNew={lastVisit !== null && new Date(item.createdAt).getTime() > lastVisit}
              rating={item.kind === 'support' ? ratingOf.get(item.id) : undefined}
              onOpen={() => openItem(item)}
            />
          ))}
        </ul>
      </ListState>
      {open?.kind === 'consultation' && <ConsultationDialog request={open} onClose={close} />}
      {open?.kind === 'support' && <SupportDialog request={open} onClose={close} />}
    </section>
  )
}

/** SPEC §8: fetch errors of the consultation list are logged to the console. */
function useLogError(what: string, error: CombinedError | undefined) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}`, error)
  }, [what, error])
}
