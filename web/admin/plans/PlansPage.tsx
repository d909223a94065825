// The admin's Plans screen (issue 37): the managed-service plans with their
// fee, included hours, overage rate, rollover, unit lines and SLA targets, a
// form to add one and to change one (new prices apply from the next period).
// Self-contained: the lead wires it into the admin's navigation.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { useQuery } from 'urql'
import { formatCents, parseCents } from '../../../schema/money'
import {
  hoursText,
  type PLAN_ROLLOVER,
  SLA_URGENCIES,
  SLA_URGENCY_LABELS,
  type SlaUrgency,
} from '../../../schema/plans'
import {
  type BillingColumn,
  BillingTable,
  firstCellClass,
  numericClass,
  rowClass,
} from '../billing/BillingTable'
import { useSave } from '../save'
import { AdminButton, AdminCheckbox, AdminSelect, AdminTextField, ListState, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import { CREATE_PLAN, PLANS, UPDATE_PLAN } from './queries'

type Rollover = (typeof PLAN_ROLLOVER)[number]
const ROLLOVER_OPTIONS = [
  { value: 'none', label: 'None: unused minutes lapse' },
  { value: 'next', label: 'Into the next period only' },
] as const satisfies readonly { value: Rollover; label: string }[]

const COLUMNS: BillingColumn[] = [
  { label: 'Plan' },
  { label: 'Monthly fee', numeric: true },
  { label: 'Included', numeric: true },
  { label: 'Overage', numeric: true },
  { label: 'Rollover' },
  { label: 'Sends' },
  { label: 'Actions', hidden: true },
]

type PlanRow = NonNullable<ReturnType<typeof usePlans>[0]['data']>['plans'][number]
const usePlans = () => useQuery({ query: PLANS })

/** Money the owner types ("600", "600.00"); -1 when it is not an amount, so the server names the field. */
const centsOf = (text: string) => parseCents(text) ?? -1
const numberOr = (text: string, fallback: number) =>
  text.trim() && Number.isFinite(Number(text)) ? Number(text) : fallback

export function PlansPage() {
  const [plans, refetch] = usePlans()
  const [editing, setEditing] = useState<PlanRow | null>(null)
  const list = plans.data?.plans ?? []
  return (
    <div className="space-y-6">
      <Section title="Plans">
        <p className="mb-3 text-sm text-slate-600">
          Monthly IT-support plans. A price change applies from the next period; issued invoices never change.
        </p>
        <ListState
          loading={plans.fetching && !plans.data}
          error={plans.data ? undefined : plans.error}
          empty={list.length === 0}
          emptyText="No plans yet."
        >
          <BillingTable columns={COLUMNS} label="Plans">
            {list.map((p) => (
              <tr key={p.id} className={rowClass}>
                <td className={firstCellClass}>
                  {p.name}
                  {p.termsFrom && (
                    <span className="block text-xs text-slate-500">Prices from {p.termsFrom}</span>
                  )}
                </td>
                <td className={numericClass}>{formatCents(p.monthlyFeeCents)}</td>
                <td className={numericClass}>{hoursText(p.includedMinutes)}</td>
                <td className={numericClass}>{formatCents(p.overageRateCents)}/h</td>
                <td>{p.rollover === 'NEXT' ? 'Next period' : 'None'}</td>
                <td>{p.autoSend ? 'Automatically' : 'After review'}</td>
                <td>
                  <AdminButton variant="secondary" onPress={() => setEditing(p)}>
                    Edit
                  </AdminButton>
                </td>
              </tr>
            ))}
          </BillingTable>
        </ListState>
      </Section>
      <PlanForm
        key={editing?.id ?? 'new'}
        plan={editing}
        onDone={() => {
          setEditing(null)
          refetch(FROM_NETWORK)
        }}
      />
    </div>
  )
}

function PlanForm({ plan, onDone }: { plan: PlanRow | null; onDone: () => void }) {
  const [created, create] = useSave(CREATE_PLAN, { failure: 'Not saved', fieldsAlone: true })
  const [updated, update] = useSave(UPDATE_PLAN, { failure: 'Not saved', fieldsAlone: true })
  const { errors } = plan ? updated : created
  const [name, setName] = useState(plan?.name ?? '')
  const [fee, setFee] = useState(plan ? formatCents(plan.monthlyFeeCents, 'plain') : '')
  const [included, setIncluded] = useState(plan ? String(plan.includedMinutes / 60) : '')
  const [rate, setRate] = useState(plan ? formatCents(plan.overageRateCents, 'plain') : '')
  const [rollover, setRollover] = useState<Rollover>(plan?.rollover === 'NEXT' ? 'next' : 'none')
  const [autoSend, setAutoSend] = useState(plan?.autoSend ?? false)
  const [sla, setSla] = useState<Record<SlaUrgency, string>>(
    Object.fromEntries(
      SLA_URGENCIES.map((u) => [u, plan?.slaHours[u] != null ? String(plan.slaHours[u]) : '']),
    ) as Record<SlaUrgency, string>,
  )
  const [units, setUnits] = useState(
    (plan?.units ?? []).map((u) => ({
      description: u.description,
      price: formatCents(u.unitPriceCents, 'plain'),
    })),
  )

  async function save() {
    const input = {
      name,
      monthlyFeeCents: centsOf(fee),
      includedMinutes: Math.round(numberOr(included, -1) * 60),
      overageRateCents: centsOf(rate),
      rollover: rollover.toUpperCase() as 'NONE' | 'NEXT',
      autoSend,
      slaHours: Object.fromEntries(
        SLA_URGENCIES.map((u) => [u, sla[u].trim() ? numberOr(sla[u], -1) : null]),
      ),
      units: units
        .filter((u) => u.description.trim())
        .map((u) => ({ description: u.description, unitPriceCents: centsOf(u.price) })),
    }
    const saved = plan
      ? await update(
          { id: plan.id, input },
          { title: 'Plan changed', description: 'New prices apply from the next period.' },
        )
      : await create({ input }, 'Plan added')
    if (saved.ok) onDone()
  }

  return (
    <Section title={plan ? `Change ${plan.name}` : 'New plan'}>
      <Form
        validationErrors={errors}
        validationBehavior="aria"
        aria-label={plan ? 'Change plan' : 'New plan'}
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      >
        <AdminTextField name="name" label="Name" value={name} onChange={setName} isRequired />
        <AdminTextField
          name="monthlyFeeCents"
          label="Monthly fee ($)"
          value={fee}
          onChange={setFee}
          isRequired
        />
        <AdminTextField
          name="includedMinutes"
          label="Included hours per month"
          value={included}
          onChange={setIncluded}
          isRequired
        />
        <AdminTextField
          name="overageRateCents"
          label="Overage rate ($ per hour)"
          value={rate}
          onChange={setRate}
          isRequired
        />
        <AdminSelect
          name="rollover"
          label="Unused hours"
          options={ROLLOVER_OPTIONS}
          value={rollover}
          onChange={setRollover}
        />
        <div className="self-end">
          <AdminCheckbox name="autoSend" isSelected={autoSend} onChange={setAutoSend}>
            Send period invoices automatically
          </AdminCheckbox>
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-800">
            First-response targets (hours; empty: default)
          </legend>
          <div className="mt-1 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {SLA_URGENCIES.map((u) => (
              <AdminTextField
                key={u}
                name={`slaHours.${u}`}
                label={SLA_URGENCY_LABELS[u]}
                value={sla[u]}
                onChange={(v) => setSla((s) => ({ ...s, [u]: v }))}
              />
            ))}
          </div>
          {errors.slaHours && <p className="mt-1 text-sm text-red-700">{errors.slaHours}</p>}
        </fieldset>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-800">
            Per-unit lines (quantities are set per client)
          </legend>
          {units.map((u, i) => (
            <div key={i} className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
              <AdminTextField
                name={`units.${i}.description`}
                label="Description"
                value={u.description}
                onChange={(v) =>
                  setUnits((all) => all.map((x, j) => (j === i ? { ...x, description: v } : x)))
                }
              />
              <AdminTextField
                name={`units.${i}.price`}
                label="Price per unit ($)"
                value={u.price}
                onChange={(v) => setUnits((all) => all.map((x, j) => (j === i ? { ...x, price: v } : x)))}
              />
              <AdminButton
                variant="ghost"
                className="self-end"
                onPress={() => setUnits((all) => all.filter((_, j) => j !== i))}
              >
                Remove
              </AdminButton>
            </div>
          ))}
          {errors.units && <p className="mt-1 text-sm text-red-700">{errors.units}</p>}
          <AdminButton
            variant="secondary"
            className="mt-2"
            onPress={() => setUnits((all) => [...all, { description: '', price: '' }])}
          >
            Add a unit line
          </AdminButton>
        </fieldset>
        <div className="flex gap-2 sm:col-span-2">
          <AdminButton type="submit" isDisabled={created.fetching || updated.fetching}>
            {plan ? 'Save changes' : 'Add plan'}
          </AdminButton>
          {plan && (
            <AdminButton variant="ghost" onPress={onDone}>
              Cancel
            </AdminButton>
          )}
        </div>
      </Form>
    </Section>
  )
}
