// The Consultations tab (SPEC §2, §3): consultation requests and IT-support
// requests, newest first, each with its status and whether the owner's
// notification e-mail went out; a details dialog changes status and notes.
// AdminTabs renders it under an urql Provider; PendingBadge can sit beside
// the tab's label.
import { useEffect, useState } from 'react'
import { Button, Radio, RadioGroup } from 'react-aria-components'
import { type CombinedError, useMutation, useQuery } from 'urql'
import { labelOf } from '../../schema/constants'
import { EMPTY_STATES, ERRORS, TOASTS } from '../../schema/messages'
import {
  BUDGETS,
  CONTACT_METHODS,
  CONTACT_TIMES,
  ISSUE_TYPES,
  PROJECT_TYPES,
  URGENCY_LEVELS,
} from '../../schema/request-options'
import { toast } from '../components/Toaster'
import { DeliveryBadge, StatusBadge } from './requests/Badges'
import { DELIVERY_LABELS, formatReceived, formatSlot } from './requests/format'
import {
  type AdminConsultation,
  type AdminSupportRequest,
  CONSULTATIONS_QUERY,
  consultationOf,
  ERASE_CONSULTATION,
  ERASE_SUPPORT_REQUEST,
  EXPORT_CSV_PATHS,
  SUPPORT_REQUESTS_QUERY,
  supportRequestOf,
  UPDATE_CONSULTATION,
  UPDATE_SUPPORT_REQUEST,
  updateOf,
} from './requests/queries'
import { type Detail, RequestDialog, type SaveResult } from './requests/RequestDialog'
import { ListState, linkButtonClass } from './ui'
import { fieldErrorsOf, messageOf } from './urql'

/** The number of consultation requests still pending (shares the tab's query and cache). */
export function usePendingCount(): number {
  const [{ data }] = useQuery({ query: CONSULTATIONS_QUERY })
  return data?.consultations.filter((c) => c.status === 'PENDING').length ?? 0
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

type Kind = 'consultations' | 'support'

export function ConsultationsTab() {
  const [kind, setKind] = useState<Kind>('consultations')
  const pending = usePendingCount()
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
        {/* A radio group rather than nested tabs (the admin has one tab bar) or a
            ToggleButtonGroup (whose code the public catalogue shares, and the
            shared chunk would push that route past its JS budget). */}
        <RadioGroup
          aria-label="Show"
          value={kind}
          onChange={(value) => setKind(value as Kind)}
          orientation="horizontal"
          className="inline-flex rounded-lg bg-slate-100 p-1"
        >
          {(
            [
              ['consultations', 'Consultations'],
              ['support', 'Support requests'],
            ] as const
          ).map(([value, label]) => (
            <Radio
              key={value}
              value={value}
              className="cursor-default rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600 data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm"
            >
              {label}
            </Radio>
          ))}
        </RadioGroup>
        {/* The CSV of what is shown (a plain download: the session cookie goes with it). */}
        <a href={EXPORT_CSV_PATHS[kind]} download className={linkButtonClass}>
          Export CSV
        </a>
      </div>
      {kind === 'consultations' ? <ConsultationList /> : <SupportRequestList />}
    </section>
  )
}

function ConsultationList() {
  const [{ data, fetching, error }] = useQuery({ query: CONSULTATIONS_QUERY })
  const [, update] = useMutation(UPDATE_CONSULTATION)
  const [, eraseMutation] = useMutation(ERASE_CONSULTATION)
  const [open, setOpen] = useState<AdminConsultation | null>(null)
  useLogError('consultations', error)

  const rows = data?.consultations.map(consultationOf) ?? []
  return (
    <>
      <ListState
        loading={fetching && !data}
        error={data ? undefined : error}
        empty={rows.length === 0}
        emptyText={EMPTY_STATES.consultations}
      >
        <ul aria-label="Consultation requests" className="divide-y divide-slate-200">
          {rows.map((c) => (
            <RequestRow
              key={c.id}
              name={c.name}
              email={c.email}
              status={c.status}
              delivery={c.delivery}
              facts={[labelOf(PROJECT_TYPES, c.projectType), formatSlot(c.preferredDate, c.preferredTime)]}
              onOpen={() => setOpen(c)}
            />
          ))}
        </ul>
      </ListState>
      {open && (
        <RequestDialog
          title={`Consultation request from ${open.name}`}
          status={open.status}
          notes={open.notes}
          details={consultationDetails(open)}
          onClose={() => setOpen(null)}
          onSave={async (patch) => saved(await update(updateOf(open.id, patch)))}
          onErase={async () =>
            erased(await eraseMutation({ id: open.id }, { additionalTypenames: ['Consultation'] }))
          }
        />
      )}
    </>
  )
}

function SupportRequestList() {
  const [{ data, fetching, error }] = useQuery({ query: SUPPORT_REQUESTS_QUERY })
  const [, update] = useMutation(UPDATE_SUPPORT_REQUEST)
  const [, eraseMutation] = useMutation(ERASE_SUPPORT_REQUEST)
  const [open, setOpen] = useState<AdminSupportRequest | null>(null)
  useLogError('support requests', error)

  const rows = data?.supportRequests.map(supportRequestOf) ?? []
  return (
    <>
      <ListState
        loading={fetching && !data}
        error={data ? undefined : error}
        empty={rows.length === 0}
        emptyText={EMPTY_STATES.supportRequests}
      >
        <ul aria-label="Support requests" className="divide-y divide-slate-200">
          {rows.map((r) => (
            <RequestRow
              key={r.id}
              name={r.name}
              email={r.email}
              status={r.status}
              delivery={r.delivery}
              facts={[
                labelOf(ISSUE_TYPES, r.issueType),
                `${labelOf(URGENCY_LEVELS, r.urgency)} urgency`,
                `Received ${formatReceived(r.createdAt)}`,
              ]}
              onOpen={() => setOpen(r)}
            />
          ))}
        </ul>
      </ListState>
      {open && (
        <RequestDialog
          title={`Support request from ${open.name}`}
          status={open.status}
          notes={open.notes}
          details={supportDetails(open)}
          onClose={() => setOpen(null)}
          onSave={async (patch) => saved(await update(updateOf(open.id, patch)))}
          onErase={async () =>
            erased(await eraseMutation({ id: open.id }, { additionalTypenames: ['SupportRequest'] }))
          }
        />
      )}
    </>
  )
}

function consultationDetails(c: AdminConsultation): Detail[] {
  return [
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

function RequestRow({
  name,
  email,
  status,
  delivery,
  facts,
  onOpen,
}: {
  name: string
  email: string
  status: string
  delivery: string
  facts: string[]
  onOpen: () => void
}) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-slate-900">{name}</h3>
          <StatusBadge status={status} />
          <DeliveryBadge delivery={delivery} />
        </div>
        <EmailLink email={email} />
        <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
          {facts.map((fact) => (
            <span key={fact}>{fact}</span>
          ))}
        </p>
      </div>
      <Button
        onPress={onOpen}
        aria-label={`View details of ${name}'s request`}
        className="shrink-0 self-start rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600 data-[hovered]:bg-slate-50"
      >
        View Details
      </Button>
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
