// A client's subscription (issue 37), a section for the client page (the lead
// places it; web/admin/clients/ClientPage.tsx is another helper's): the plan,
// a month's figures as bars and in words (what was and will be billed, late
// time included: issue 52), "Bill this period" once the month has ended,
// pause / cancel after a confirmation, "Undo cancellation" until the plan's
// last month ends, the period invoices, and a form to put the client on a plan.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { invoiceStatusLabel } from '../../../schema/billing-words'
import { formatCents } from '../../../schema/money'
import { periodSentences } from '../../../schema/plan-words'
import { addPeriods, dateWords, hoursText, periodLabel, periodOf, periodRange } from '../../../schema/plans'
import { businessToday } from '../../../schema/slot-time'
import { AdminDateField } from '../DateField'
import { useSave } from '../save'
import { AdminButton, AdminCheckbox, AdminSelect, AdminTextField, ConfirmDialog, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import {
  BILL_PERIOD,
  CANCEL_SUBSCRIPTION,
  CLIENT_SUBSCRIPTIONS,
  CREATE_SUBSCRIPTION,
  PAUSE_SUBSCRIPTION,
  PLANS,
  RESUME_SUBSCRIPTION,
  SUBSCRIPTION_CONTACTS,
  UNDO_CANCEL_SUBSCRIPTION,
  UPDATE_SUBSCRIPTION,
} from './queries'

const linkClass = 'text-sm text-blue-800 underline-offset-2 hover:underline'

/** A labelled bar of minutes against a total (the usage bars). */
export function UsageBar({ label, minutes, of }: { label: string; minutes: number; of: number }) {
  const percent = of > 0 ? Math.min(100, Math.round((minutes / of) * 100)) : minutes > 0 ? 100 : 0
  const over = minutes > of
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span>
          {hoursText(minutes)} of {hoursText(of)}
        </span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={of}
        aria-valuenow={minutes}
        aria-valuetext={`${hoursText(minutes)} of ${hoursText(of)}`}
        className="mt-1 h-2 w-full overflow-hidden rounded bg-slate-200"
      >
        <div
          className={`h-full ${over ? 'bg-red-600' : percent >= 80 ? 'bg-amber-500' : 'bg-blue-700'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  )
}

/** The months a subscription has had, newest first, in words (the period picker). */
function periodOptions(startDate: string, now: Date) {
  const out: { value: string; label: string }[] = []
  for (let p = periodOf(now); p >= startDate.slice(0, 7); p = addPeriods(p, -1))
    out.push({ value: p, label: periodLabel(p) })
  return out.length ? out : [{ value: startDate.slice(0, 7), label: periodLabel(startDate.slice(0, 7)) }]
}

type Confirming = 'pause' | 'cancel' | null

const NOT_DONE = { failure: 'Not done' }

export function ClientSubscription({ clientId }: { clientId: string }) {
  const [period, setPeriod] = useState(() => periodOf(new Date()))
  const [subs, refetch] = useQuery({
    query: CLIENT_SUBSCRIPTIONS,
    variables: { clientId, period },
  })
  const [billing, bill] = useSave(BILL_PERIOD, { failure: 'Not billed' })
  const [pausing, pause] = useSave(PAUSE_SUBSCRIPTION, NOT_DONE)
  const [, resume] = useSave(RESUME_SUBSCRIPTION, NOT_DONE)
  const [cancelling, cancel] = useSave(CANCEL_SUBSCRIPTION, NOT_DONE)
  const [, undoCancel] = useSave(UNDO_CANCEL_SUBSCRIPTION, NOT_DONE)
  const [confirming, setConfirming] = useState<Confirming>(null)
  const live = (subs.data?.subscriptions ?? []).find((s) => s.status !== 'CANCELLED')
  const reload = () => refetch(FROM_NETWORK)

  /** A change of the plan's state (its toasts are said by the write), then the plan read again. */
  async function run(change: Promise<unknown>) {
    await change
    setConfirming(null)
    reload()
  }

  async function billThisPeriod(id: string) {
    const billed = await bill({ id, period }, ({ billPeriod: made }) => ({
      title: `Invoice ${made.number} created`,
      description: formatCents(made.totalCents),
    }))
    if (billed.ok) reload()
  }

  if (subs.fetching && !subs.data) return <Section title="Plan">Loading...</Section>
  if (!live)
    return (
      <Section title="Plan">
        <p className="mb-3 text-sm text-slate-600">This client is on no plan.</p>
        <SubscribeForm clientId={clientId} onDone={reload} />
      </Section>
    )
  const u = live.usage
  const months = periodOptions(live.startDate, new Date())
  const available = u.includedMinutes + u.rolloverMinutes
  const current = periodLabel(periodOf(new Date()))
  const endsLabel = live.endsPeriod ? periodLabel(live.endsPeriod) : current
  const endsOn = live.endsPeriod ? dateWords(periodRange(live.endsPeriod).to) : ''
  // What the period's figures say, in the words the portal and the usage e-mail use.
  const sentences = periodSentences({ ...u, state: stateOf(u.state) }, 'owner')
  const billHint =
    u.state === 'OPEN'
      ? `Can be billed from ${dateWords(u.billableFrom)}, once ${u.label} has ended.`
      : u.state === 'BILLED'
        ? `Invoiced on ${u.invoice?.number}.`
        : u.paused
          ? 'Paused: no plan invoice for this month.'
          : null
  return (
    <Section
      title={`Plan: ${live.planName}`}
      actions={
        <span className="text-sm text-slate-600">
          {live.status === 'PAUSED' ? 'Paused' : 'Active'} since {dateWords(live.startDate)}
          {live.cancelAtPeriodEnd && live.endsPeriod ? `; ends after ${endsLabel}` : ''}
        </span>
      }
    >
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <AdminSelect
          name="period"
          label="Month"
          options={months}
          value={months.some((m) => m.value === period) ? period : months[0]!.value}
          onChange={setPeriod}
          className="w-48"
        />
        <AdminButton
          isDisabled={billing.fetching || u.state !== 'ENDED' || u.paused}
          onPress={() => void billThisPeriod(live.id)}
          aria-describedby={billHint ? 'bill-hint' : undefined}
        >
          Bill this period
        </AdminButton>
        {billHint && (
          <p id="bill-hint" className="pb-2 text-sm text-slate-600">
            {billHint}
          </p>
        )}
      </div>
      {!u.paused && (
        <div className="space-y-3" data-testid="plan-usage">
          <UsageBar label={`Used in ${u.label}`} minutes={u.usedMinutes} of={available} />
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
            <div>
              <dt className="text-slate-600">Included</dt>
              <dd>{hoursText(u.includedMinutes)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Rolled over</dt>
              <dd>{hoursText(u.rolloverMinutes)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Used</dt>
              <dd>{hoursText(u.usedMinutes)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Remaining</dt>
              <dd>{hoursText(u.remainingMinutes)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Over</dt>
              <dd>{hoursText(u.overageMinutes)}</dd>
            </div>
          </dl>
        </div>
      )}
      <ul className="mt-3 space-y-1 text-sm text-slate-800" data-testid="plan-billing">
        {sentences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {live.units.some((x) => x.quantity > 0) && (
        <ul className="mt-3 text-sm text-slate-700">
          {live.units
            .filter((x) => x.quantity > 0)
            .map((x) => (
              <li key={x.description}>
                {x.quantity} × {x.description} at {formatCents(x.unitPriceCents)}
              </li>
            ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {live.status === 'ACTIVE' ? (
          <AdminButton variant="secondary" onPress={() => setConfirming('pause')}>
            Pause
          </AdminButton>
        ) : (
          <AdminButton variant="secondary" onPress={() => void run(resume({ id: live.id }, 'Plan resumed'))}>
            Resume
          </AdminButton>
        )}
        {live.cancelAtPeriodEnd ? (
          <>
            <span className="text-sm text-slate-700">
              The plan ends after {endsLabel}; you can take this back until {endsOn}.
            </span>
            <AdminButton
              variant="secondary"
              onPress={() => void run(undoCancel({ id: live.id }, 'Cancellation undone: the plan goes on'))}
            >
              Undo cancellation
            </AdminButton>
          </>
        ) : (
          <AdminButton variant="ghost" onPress={() => setConfirming('cancel')}>
            Cancel at the end of this period
          </AdminButton>
        )}
      </div>
      <ConfirmDialog
        title="Pause this plan?"
        message={`From ${current} on, ${live.clientName} pays no plan fee and its time is billed as ordinary time at its hourly rate, on invoices from time. Resume puts this month back on the plan. Months invoiced while paused stay as they were invoiced: that cannot be undone.`}
        confirmLabel="Pause the plan"
        isOpen={confirming === 'pause'}
        onOpenChange={(open) => !open && setConfirming(null)}
        isPending={pausing.fetching}
        onConfirm={() => void run(pause({ id: live.id }, 'Plan paused'))}
      />
      <ConfirmDialog
        title="Cancel this plan?"
        message={`The plan runs until ${dateWords(periodRange(periodOf(new Date())).to)}: ${current} is still invoiced, then the plan ends and no more plan invoices are made. You can undo this until then. Once the plan has ended it cannot be undone; the client would have to be put on a plan again.`}
        confirmLabel="Cancel at the end of this period"
        isOpen={confirming === 'cancel'}
        onOpenChange={(open) => !open && setConfirming(null)}
        isPending={cancelling.fetching}
        onConfirm={() => void run(cancel({ id: live.id }, 'The plan ends after this period'))}
      />
      <SubscriptionSettings
        key={`${live.id}-${live.autopay}-${live.alertContactId}-${live.units.map((x) => x.quantity).join(',')}`}
        clientId={clientId}
        subscription={live}
        onDone={reload}
      />
      <h3 className="mt-6 mb-2 font-medium text-slate-900">Period invoices</h3>
      {live.periodInvoices.length === 0 ? (
        <p className="text-sm text-slate-600">None yet.</p>
      ) : (
        <ul className="text-sm">
          {live.periodInvoices.map((i) => (
            <li key={i.invoiceId}>
              {periodLabel(i.period)}:{' '}
              <Link to={`/admin/invoices/${i.invoiceId}`} className={linkClass}>
                {i.number}
              </Link>{' '}
              {formatCents(i.totalCents)} ({invoiceStatusLabel(i.status)})
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

/** GraphQL's PeriodState as the words module's. */
const stateOf = (state: 'OPEN' | 'ENDED' | 'BILLED') =>
  state === 'OPEN' ? 'open' : state === 'ENDED' ? 'ended' : 'billed'

type Live = {
  id: string
  autopay: boolean
  cardSaved: boolean
  alertContactId: string | null
  units: readonly { description: string; unitPriceCents: number; quantity: number }[]
}

const OWNER_ONLY = 'owner'

/** Unit quantities, autopay and who besides the owner gets the usage alerts (the client's opt-in). */
function SubscriptionSettings({
  clientId,
  subscription,
  onDone,
}: {
  clientId: string
  subscription: Live
  onDone: () => void
}) {
  const [contacts] = useQuery({ query: SUBSCRIPTION_CONTACTS, variables: { id: clientId } })
  const [saving, save] = useSave(UPDATE_SUBSCRIPTION, { failure: 'Not saved', fieldsAlone: true })
  const [autopay, setAutopay] = useState(subscription.autopay)
  const [alertContact, setAlertContact] = useState(subscription.alertContactId ?? OWNER_ONLY)
  const [quantities, setQuantities] = useState(subscription.units.map((u) => String(u.quantity)))
  const { errors } = saving
  const options = [
    { value: OWNER_ONLY, label: 'The owner only' },
    ...(contacts.data?.client?.contacts ?? []).map((k) => ({
      value: k.id,
      label: `${k.name} and the owner`,
    })),
  ]

  async function submit() {
    const saved = await save(
      {
        id: subscription.id,
        input: {
          autopay,
          alertContactId: alertContact === OWNER_ONLY ? null : alertContact,
          units: subscription.units.map((u, i) => ({
            description: u.description,
            unitPriceCents: u.unitPriceCents,
            // Not a whole number: -1, so the server names the field.
            quantity: /^\d+$/.test(quantities[i]?.trim() ?? '') ? Number(quantities[i]) : -1,
          })),
        },
      },
      { title: 'Plan settings saved', description: 'Quantities apply from the next invoice.' },
    )
    if (saved.ok) onDone()
  }

  return (
    <Form
      validationErrors={errors}
      validationBehavior="aria"
      aria-label="Plan settings"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
      className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2"
    >
      {subscription.units.map((u, i) => (
        <AdminTextField
          key={u.description}
          name={`units.${i}.quantity`}
          label={`${u.description} (${formatCents(u.unitPriceCents)} each)`}
          value={quantities[i] ?? ''}
          onChange={(v) => setQuantities((all) => all.map((q, j) => (j === i ? v : q)))}
        />
      ))}
      {errors.units && <p className="text-sm text-red-700 sm:col-span-2">{errors.units}</p>}
      <AdminSelect
        name="alertContactId"
        label="Usage alerts (80 % and 100 %) go to"
        options={options}
        value={alertContact}
        onChange={setAlertContact}
      />
      <div className="self-end">
        <AdminCheckbox name="autopay" isSelected={autopay} onChange={setAutopay}>
          Autopay {subscription.cardSaved ? '(card saved)' : '(the client saves a card in the portal)'}
        </AdminCheckbox>
      </div>
      <AdminButton
        type="submit"
        variant="secondary"
        isDisabled={saving.fetching}
        className="sm:col-span-2 sm:justify-self-start"
      >
        Save plan settings
      </AdminButton>
    </Form>
  )
}

function SubscribeForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const [plans] = useQuery({ query: PLANS })
  const [created, create] = useSave(CREATE_SUBSCRIPTION, { failure: 'Not subscribed', fieldsAlone: true })
  const options = (plans.data?.plans ?? []).map((p) => ({ value: p.id, label: p.name }))
  const [planId, setPlanId] = useState('')
  const [startDate, setStartDate] = useState(() => businessToday())
  const { errors } = created

  async function save() {
    const subscribed = await create(
      { input: { clientId, planId: planId || options[0]?.value || '0', startDate } },
      'Client put on the plan',
    )
    if (subscribed.ok) onDone()
  }

  if (!options.length)
    return <p className="text-sm text-slate-600">No plans yet: add one on the Plans screen first.</p>
  return (
    <Form
      validationErrors={errors}
      validationBehavior="aria"
      aria-label="Put on a plan"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
      className="grid grid-cols-1 gap-3 sm:grid-cols-3"
    >
      <AdminSelect
        name="planId"
        label="Plan"
        options={options}
        value={planId || options[0]!.value}
        onChange={setPlanId}
      />
      <AdminDateField
        name="startDate"
        label="Start date"
        value={startDate}
        onChange={setStartDate}
        isRequired
        description="The first month is prorated by days"
      />
      <AdminButton type="submit" isDisabled={created.fetching} className="self-end">
        Put on the plan
      </AdminButton>
    </Form>
  )
}
