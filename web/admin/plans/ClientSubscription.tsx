// A client's subscription (issue 37), a section for the client page (the lead
// places it; web/admin/clients/ClientPage.tsx is another helper's): the plan,
// this period's usage as bars, "Bill this period", pause / resume / cancel,
// the period invoices, and a form to put the client on a plan.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { Link } from 'react-router'
import { useMutation, useQuery } from 'urql'
import { formatCents } from '../../../schema/money'
import { addPeriods, hoursText, PERIOD_PATTERN, periodOf } from '../../../schema/plans'
import { businessToday, formatPeriod, formatShortDate } from '../../../schema/slot-time'
import { toast } from '../../components/Toaster'
import { AdminDateField } from '../DateField'
import { AdminButton, AdminCheckbox, AdminSelect, AdminTextField, Section } from '../ui'
import { FROM_NETWORK, fieldErrorsOf, messageOf } from '../urql'
import {
  BILL_PERIOD,
  CANCEL_SUBSCRIPTION,
  CLIENT_SUBSCRIPTIONS,
  CREATE_SUBSCRIPTION,
  PAUSE_SUBSCRIPTION,
  PLANS,
  RESUME_SUBSCRIPTION,
  SUBSCRIPTION_CONTACTS,
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

/**
 * The months a subscription can be looked at and billed for, newest first, by
 * name ("November 2026"), from this month back to its start (at most two
 * years): chosen from a list, never typed as "2026-11" (issue 52.7).
 */
export function periodOptions(startDate: string, now = new Date()) {
  const current = periodOf(now)
  const first = PERIOD_PATTERN.test(startDate.slice(0, 7)) ? startDate.slice(0, 7) : current
  const out: { value: string; label: string }[] = []
  for (let p = current; p >= first && out.length < 24; p = addPeriods(p, -1))
    out.push({ value: p, label: formatPeriod(p) })
  return out.length ? out : [{ value: current, label: formatPeriod(current) }]
}

export function ClientSubscription({ clientId }: { clientId: string }) {
  const [period, setPeriod] = useState(() => periodOf(new Date()))
  const valid = PERIOD_PATTERN.test(period)
  const [subs, refetch] = useQuery({
    query: CLIENT_SUBSCRIPTIONS,
    variables: { clientId, period: valid ? period : null },
  })
  const [billing, bill] = useMutation(BILL_PERIOD)
  const [, pause] = useMutation(PAUSE_SUBSCRIPTION)
  const [, resume] = useMutation(RESUME_SUBSCRIPTION)
  const [, cancel] = useMutation(CANCEL_SUBSCRIPTION)
  const live = (subs.data?.subscriptions ?? []).find((s) => s.status !== 'CANCELLED')
  const reload = () => refetch(FROM_NETWORK)

  async function run(action: () => Promise<{ error?: Parameters<typeof messageOf>[0] }>, done: string) {
    const result = await action()
    if (result.error)
      toast({ title: 'Not done', description: messageOf(result.error), variant: 'destructive' })
    else toast({ title: done })
    reload()
  }

  async function billThisPeriod(id: string) {
    const result = await bill({ id, period })
    if (result.error) {
      toast({ title: 'Not billed', description: messageOf(result.error), variant: 'destructive' })
      return
    }
    const made = result.data?.billPeriod
    toast({
      title: `Invoice ${made?.number} created`,
      description: made ? formatCents(made.totalCents) : undefined,
    })
    reload()
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
  const available = u.includedMinutes + u.rolloverMinutes
  return (
    <Section
      title={`Plan: ${live.planName}`}
      actions={
        <span className="text-sm text-slate-600">
          {live.status === 'PAUSED' ? 'Paused' : 'Active'} since {formatShortDate(live.startDate)}
          {live.cancelAtPeriodEnd && live.endsPeriod ? `; ends after ${formatPeriod(live.endsPeriod)}` : ''}
        </span>
      }
    >
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <AdminSelect
          name="period"
          label="Month"
          options={periodOptions(live.startDate)}
          value={period}
          onChange={setPeriod}
          className="w-48"
        />
        <AdminButton
          isDisabled={!valid || billing.fetching || u.paused}
          onPress={() => void billThisPeriod(live.id)}
        >
          Bill this period
        </AdminButton>
      </div>
      {u.paused ? (
        <p className="text-sm text-slate-600">
          Paused in {formatPeriod(u.period)}: no fee; the time is billed as usual.
        </p>
      ) : (
        <div className="space-y-3" data-testid="plan-usage">
          <UsageBar label={`Used in ${formatPeriod(u.period)}`} minutes={u.usedMinutes} of={available} />
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
      <div className="mt-4 flex flex-wrap gap-2">
        {live.status === 'ACTIVE' ? (
          <AdminButton
            variant="secondary"
            onPress={() => void run(() => pause({ id: live.id }), 'Plan paused')}
          >
            Pause
          </AdminButton>
        ) : (
          <AdminButton
            variant="secondary"
            onPress={() => void run(() => resume({ id: live.id }), 'Plan resumed')}
          >
            Resume
          </AdminButton>
        )}
        {!live.cancelAtPeriodEnd && (
          <AdminButton
            variant="ghost"
            onPress={() => void run(() => cancel({ id: live.id }), 'The plan ends after this period')}
          >
            Cancel at the end of this period
          </AdminButton>
        )}
      </div>
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
              {formatPeriod(i.period)}:{' '}
              <Link to="/admin/invoices" className={linkClass}>
                {i.number}
              </Link>{' '}
              {formatCents(i.totalCents)} ({i.status})
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

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
  const [saving, save] = useMutation(UPDATE_SUBSCRIPTION)
  const [autopay, setAutopay] = useState(subscription.autopay)
  const [alertContact, setAlertContact] = useState(subscription.alertContactId ?? OWNER_ONLY)
  const [quantities, setQuantities] = useState(subscription.units.map((u) => String(u.quantity)))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const options = [
    { value: OWNER_ONLY, label: 'The owner only' },
    ...(contacts.data?.client?.contacts ?? []).map((k) => ({
      value: k.id,
      label: `${k.name} and the owner`,
    })),
  ]

  async function submit() {
    const result = await save({
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
    })
    if (result.error) {
      const fields = fieldErrorsOf(result.error)
      setErrors(fields)
      if (!Object.keys(fields).length)
        toast({ title: 'Not saved', description: messageOf(result.error), variant: 'destructive' })
      return
    }
    setErrors({})
    toast({ title: 'Plan settings saved', description: 'Quantities apply from the next invoice.' })
    onDone()
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
  const [created, create] = useMutation(CREATE_SUBSCRIPTION)
  const options = (plans.data?.plans ?? []).map((p) => ({ value: p.id, label: p.name }))
  const [planId, setPlanId] = useState('')
  const [startDate, setStartDate] = useState(() => businessToday())
  const [errors, setErrors] = useState<Record<string, string>>({})

  async function save() {
    const result = await create({
      input: { clientId, planId: planId || options[0]?.value || '0', startDate },
    })
    if (result.error) {
      const fields = fieldErrorsOf(result.error)
      setErrors(fields)
      if (!Object.keys(fields).length)
        toast({ title: 'Not subscribed', description: messageOf(result.error), variant: 'destructive' })
      return
    }
    setErrors({})
    toast({ title: 'Client put on the plan' })
    onDone()
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
