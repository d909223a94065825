// The Consultations tab (SPEC §2, §3; issue 15): one list of consultation and
// IT-support requests, newest first with open critical and high requests on
// top, filtered by kind, status and urgency and searched, the filter kept in
// the URL (and given to the CSV export). A details dialog changes status and
// notes, offers quick actions, and holds the thread with the reply form.
// AdminTabs renders it under an urql Provider; PendingBadge sits beside the
// tab's label. No background polling (SPEC §9): a Refresh button instead.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { type CombinedError, useMutation, useQuery } from 'urql'
import { labelOf } from '../../schema/constants'
import { applyFilter, filterOf, type InboxFilter, paramsOf } from '../../schema/inbox'
import { EMPTY_STATES, ERRORS, TOASTS } from '../../schema/messages'
import {
  BUDGETS,
  CONTACT_METHODS,
  CONTACT_TIMES,
  ISSUE_TYPES,
  PROJECT_TYPES,
  URGENCY_LEVELS,
} from '../../schema/request-options'
import { REQUEST_STATUSES, SUPPORT_STATUSES } from '../../schema/request-statuses'
import { toast } from '../components/Toaster'
import { DeliveryBadge, DueFlag, StatusBadge, SupportStatusBadge, UrgencyBadge } from './requests/Badges'
import {
  capitalise,
  consultationIcs,
  DELIVERY_LABELS,
  dueState,
  formatReceived,
  formatRelative,
  formatSlot,
  supportStatusLabel,
} from './requests/format'
import {
  type AdminConsultation,
  type AdminSupportRequest,
  CONSULTATIONS_QUERY,
  consultationOf,
  ERASE_CONSULTATION,
  ERASE_SUPPORT_REQUEST,
  EXPORT_CSV_PATH,
  SUPPORT_REQUESTS_QUERY,
  supportRequestOf,
  supportUpdateOf,
  UPDATE_CONSULTATION,
  UPDATE_SUPPORT_REQUEST,
  updateOf,
} from './requests/queries'
import { type Detail, RequestDialog, type SaveResult } from './requests/RequestDialog'
import { Thread } from './requests/Thread'
import { AdminButton, AdminSelect, AdminTextField, ListState, linkButtonClass } from './ui'
import { fieldErrorsOf, messageOf } from './urql'

/** Pending requests of both kinds (shares the tab's queries and cache). */
export function usePendingCount(): number {
  const [{ data: c }] = useQuery({ query: CONSULTATIONS_QUERY })
  const [{ data: s }] = useQuery({ query: SUPPORT_REQUESTS_QUERY })
  const pending = (rows: readonly { status: string }[] | undefined) =>
    rows?.filter((r) => r.status === 'PENDING').length ?? 0
  return pending(c?.consultations) + pending(s?.supportRequests)
}

/** The "Pending" count badge for the tab label: nothing when no request is pending. */
export function PendingBadge() {
  const count = usePendingCount()
  if (count === 0) return null
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-bold text-slate-950">
      {count}
      <span className="sr-only"> pending</span>
    </span>
  )
}

type Item =
  | (AdminConsultation & { kind: 'consultation'; urgency: null; key: string })
  | (AdminSupportRequest & { kind: 'support'; company: string | null; key: string })

/** Where the owner's last visit to the list is remembered (this browser only). */
export const LAST_VISIT_KEY = 'admin.requests.lastVisit'

/** The previous visit's time (read once), and this visit recorded for the next. */
function useLastVisit(): number | null {
  const [previous] = useState<number | null>(() => {
    if (typeof localStorage === 'undefined') return null
    const value = Number(localStorage.getItem(LAST_VISIT_KEY))
    return Number.isFinite(value) && value > 0 ? value : null
  })
  useEffect(() => {
    localStorage.setItem(LAST_VISIT_KEY, String(Date.now()))
  }, [])
  return previous
}

const KIND_OPTIONS = [
  { value: 'all', label: 'All requests' },
  { value: 'consultation', label: 'Consultations' },
  { value: 'support', label: 'Support requests' },
] as const

const CONSULTATION_STATUS_OPTIONS = REQUEST_STATUSES.map((v) => ({
  value: v as string,
  label: capitalise(v),
}))
const SUPPORT_STATUS_FILTERS = SUPPORT_STATUSES.map((v) => ({
  value: v as string,
  label: supportStatusLabel(v),
}))

/** The statuses to filter by: the kind's own, or both kinds' (pending once) for all requests. */
function statusOptions(kind: InboxFilter['kind']) {
  const options =
    kind === 'consultation'
      ? CONSULTATION_STATUS_OPTIONS
      : kind === 'support'
        ? SUPPORT_STATUS_FILTERS
        : [...CONSULTATION_STATUS_OPTIONS, ...SUPPORT_STATUS_FILTERS.filter((o) => o.value !== 'pending')]
  return [{ value: '', label: 'Any status' }, ...options]
}

export function ConsultationsTab() {
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
  useLogError('consultations', c.error)
  useLogError('support requests', s.error)
  const lastVisit = useLastVisit()

  const items: Item[] = useMemo(
    () => [
      ...(c.data?.consultations ?? []).map(consultationOf).map((r) => ({
        ...r,
        kind: 'consultation' as const,
        urgency: null,
        key: `c${r.id}`,
      })),
      ...(s.data?.supportRequests ?? []).map(supportRequestOf).map((r) => ({
        ...r,
        kind: 'support' as const,
        company: r.businessName,
        key: `s${r.id}`,
      })),
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
  const pending = items.filter((i) => i.status === 'pending').length
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
      <p role="status" className="text-sm text-slate-700 empty:hidden">
        {newCount === null ? '' : newCount === 1 ? '1 new request' : `${newCount} new requests`}
      </p>
      <search className="grid gap-3 sm:grid-cols-4">
        <AdminTextField
          name="q"
          label="Search"
          value={filter.q}
          onChange={(q) => setFilter({ q })}
          description="Name, e-mail, company or description"
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
              onOpen={() => setOpen(item)}
            />
          ))}
        </ul>
      </ListState>
      {open?.kind === 'consultation' && <ConsultationDialog request={open} onClose={() => setOpen(null)} />}
      {open?.kind === 'support' && <SupportDialog request={open} onClose={() => setOpen(null)} />}
    </section>
  )
}

function ConsultationDialog({ request, onClose }: { request: AdminConsultation; onClose: () => void }) {
  const [, update] = useMutation(UPDATE_CONSULTATION)
  const [, eraseMutation] = useMutation(ERASE_CONSULTATION)
  return (
    <RequestDialog
      title={`Consultation request from ${request.name}`}
      status={request.status}
      notes={request.notes}
      details={consultationDetails(request)}
      actions={<QuickActions request={request} details={consultationDetails(request)} ics />}
      thread={<Thread kind="consultation" id={request.id} email={request.email} />}
      onClose={onClose}
      onSave={async (patch) => saved(await update(updateOf(request.id, patch)))}
      onErase={async () =>
        erased(await eraseMutation({ id: request.id }, { additionalTypenames: ['Consultation'] }))
      }
    />
  )
}

const SUPPORT_STATUS_OPTIONS = SUPPORT_STATUSES.map((value) => ({ value, label: supportStatusLabel(value) }))

function SupportDialog({ request, onClose }: { request: AdminSupportRequest; onClose: () => void }) {
  const [, update] = useMutation(UPDATE_SUPPORT_REQUEST)
  const [, eraseMutation] = useMutation(ERASE_SUPPORT_REQUEST)
  return (
    <RequestDialog
      title={`Support request from ${request.name}`}
      status={request.status}
      notes={request.notes}
      statusOptions={SUPPORT_STATUS_OPTIONS}
      details={supportDetails(request)}
      actions={<QuickActions request={request} details={supportDetails(request)} />}
      thread={<Thread kind="support" id={request.id} email={request.email} />}
      onClose={onClose}
      onSave={async (patch) => saved(await update(supportUpdateOf(request.id, patch)))}
      onErase={async () =>
        erased(await eraseMutation({ id: request.id }, { additionalTypenames: ['SupportRequest'] }))
      }
    />
  )
}

/** Call, e-mail, copy the details, and (consultations) the slot as a calendar file. */
function QuickActions({
  request,
  details,
  ics,
}: {
  request: AdminConsultation | AdminSupportRequest
  details: readonly Detail[]
  ics?: boolean
}) {
  const [icsUrl, setIcsUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!ics || !('preferredDate' in request)) return
    const file = consultationIcs(request)
    if (!file) return
    const url = URL.createObjectURL(new Blob([file], { type: 'text/calendar' }))
    setIcsUrl(url)
    return () => URL.revokeObjectURL(url)
  }, [ics, request])
  async function copy() {
    const text = [
      `Reference: ${request.reference}`,
      ...details.map(
        ([label, value]) =>
          `${label}: ${typeof value === 'string' ? value : label === 'Email' ? request.email : (value ?? '')}`,
      ),
    ].join('\n')
    try {
      await navigator.clipboard.writeText(text)
      toast({ title: 'Copied', description: 'The request details are on the clipboard.' })
    } catch {
      toast({ title: ERRORS.errorTitle, description: 'Copying was not allowed.', variant: 'destructive' })
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      <span className="self-center rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900">
        {request.reference}
      </span>
      {request.phone && (
        <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`} className={linkButtonClass}>
          Call
        </a>
      )}
      <a
        href={`mailto:${request.email}?subject=${encodeURIComponent(`Your request ${request.reference}`)}`}
        className={linkButtonClass}
      >
        E-mail
      </a>
      <AdminButton variant="secondary" onPress={() => void copy()}>
        Copy details
      </AdminButton>
      {icsUrl && (
        <a href={icsUrl} download={`consultation-${request.reference}.ics`} className={linkButtonClass}>
          Add to calendar (.ics)
        </a>
      )}
    </div>
  )
}

function consultationDetails(c: AdminConsultation): Detail[] {
  return [
    ['Reference', c.reference],
    ['Name', c.name],
    ['Email', <EmailLink key="email" email={c.email} />],
    ['Phone', c.phone],
    ['Company', c.company],
    ['Project type', labelOf(PROJECT_TYPES, c.projectType)],
    ['Budget', c.budget ? labelOf(BUDGETS, c.budget) : null],
    ['Preferred date and time', formatSlot(c.preferredDate, c.preferredTime)],
    ['Description', c.description],
    ['Received', formatReceived(c.createdAt)],
    ['Notification', DELIVERY_LABELS[c.delivery] ?? c.delivery],
  ]
}

function supportDetails(r: AdminSupportRequest): Detail[] {
  const urgency = URGENCY_LEVELS.find((u) => u.value === r.urgency)
  return [
    ['Reference', r.reference],
    ['Name', r.name],
    ['Email', <EmailLink key="email" email={r.email} />],
    ['Phone', r.phone],
    ['Business name', r.businessName],
    ['Issue type', labelOf(ISSUE_TYPES, r.issueType)],
    ['Urgency', urgency ? `${urgency.label} (${urgency.description})` : r.urgency],
    ['Preferred contact', labelOf(CONTACT_METHODS, r.preferredContact)],
    ['Preferred time', r.preferredTime ? labelOf(CONTACT_TIMES, r.preferredTime) : null],
    ['Description', r.description],
    ['Received', formatReceived(r.createdAt)],
    [
      'Due',
      r.dueAt ? formatReceived(r.dueAt) : r.status === 'waiting' ? 'Paused: waiting on the requester' : null,
    ],
    ['Notification', DELIVERY_LABELS[r.delivery] ?? r.delivery],
  ]
}

/** A mutation's outcome for the dialog; the toast tells the owner either way. */
function saved(result: { error?: CombinedError }): SaveResult {
  if (!result.error) {
    toast(TOASTS.requestUpdated)
    return { ok: true }
  }
  toast({ title: ERRORS.errorTitle, description: messageOf(result.error), variant: 'destructive' })
  return { ok: false, errors: fieldErrorsOf(result.error) }
}

/** An erasure's outcome: a toast either way; true closes the dialog. */
function erased(result: { error?: CombinedError }): boolean {
  if (!result.error) {
    toast(TOASTS.requestErased)
    return true
  }
  toast({
    title: ERRORS.errorTitle,
    description: messageOf(result.error),
    variant: 'destructive',
  })
  return false
}

/** SPEC §8: fetch errors of the consultation list are logged to the console. */
function useLogError(what: string, error: CombinedError | undefined) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}`, error)
  }, [what, error])
}

function RequestRow({ item, isNew, onOpen }: { item: Item; isNew: boolean; onOpen: () => void }) {
  const due = item.kind === 'support' ? dueState(item.dueAt, item.status) : null
  const urgency = item.kind === 'support' ? URGENCY_LEVELS.find((u) => u.value === item.urgency) : undefined
  const loud = item.urgency === 'critical' || item.urgency === 'high'
  return (
    <li
      data-kind={item.kind}
      data-urgency={item.urgency ?? undefined}
      className={`flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between ${
        item.urgency === 'critical' && loud
          ? 'border-l-4 border-l-red-700 pl-3'
          : item.urgency === 'high'
            ? 'border-l-4 border-l-orange-400 pl-3'
            : ''
      }`}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {item.kind === 'consultation' ? 'Consultation' : 'Support'}
          </span>
          <span className="font-mono text-xs text-slate-700">{item.reference}</span>
          <h3 className="font-semibold text-slate-900">{item.name}</h3>
          {isNew && (
            <span className="rounded-full bg-blue-700 px-2 py-0.5 text-xs font-bold text-white">
              New<span className="sr-only"> since your last visit</span>
            </span>
          )}
          {item.kind === 'consultation' ? (
            <StatusBadge status={item.status} />
          ) : (
            <SupportStatusBadge status={item.status} />
          )}
          {urgency && <UrgencyBadge urgency={urgency.value} label={urgency.label} />}
          {due && <DueFlag state={due} />}
          <DeliveryBadge delivery={item.delivery} />
        </div>
        <EmailLink email={item.email} />
        <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
          {item.company && <span>{item.company}</span>}
          {item.kind === 'consultation' ? (
            <>
              <span>{labelOf(PROJECT_TYPES, item.projectType)}</span>
              <span>{formatSlot(item.preferredDate, item.preferredTime)}</span>
            </>
          ) : (
            <span>{labelOf(ISSUE_TYPES, item.issueType)}</span>
          )}
          <span>
            Received{' '}
            <time dateTime={item.createdAt} title={formatReceived(item.createdAt)}>
              <span aria-hidden="true">{formatRelative(item.createdAt)}</span>
              <span className="sr-only">{formatReceived(item.createdAt)}</span>
            </time>
          </span>
        </p>
      </div>
      <AdminButton
        variant="secondary"
        onPress={onOpen}
        aria-label={`View details of ${item.name}'s request`}
        className="shrink-0 self-start"
      >
        View Details
      </AdminButton>
    </li>
  )
}

function EmailLink({ email }: { email: string }) {
  return (
    <a
      href={`mailto:${email}`}
      className="w-fit text-sm break-all text-blue-800 underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
    >
      {email}
    </a>
  )
}
