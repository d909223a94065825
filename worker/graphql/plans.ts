// GraphQL for managed-service plans (issue 37): the admin's Plans screen and
// a client's subscription section read and write through these fields, which
// call the same services as REST (worker/routes/plans.ts) with the same
// payload schemas, so both APIs answer the same field errors.
import { rowId } from '../../schema/ids'
import {
  periodText,
  planInput,
  planPatch,
  subscriptionInput,
  subscriptionPatch,
} from '../../schema/plan-payloads.server'
import { periodOf } from '../../schema/plans'
import { billPeriod, periodDraftsWaiting, periodInvoicesOf } from '../services/plan-billing'
import {
  type CarriedLate,
  type LateFigures,
  type PeriodFigures,
  periodFigures,
} from '../services/plan-figures'
import { createPlan, getPlan, listPlans, type PlanView, type SlaHours, updatePlan } from '../services/plans'
import {
  cancelSubscription,
  createSubscription,
  type LateEntry,
  listSubscriptions,
  pauseSubscription,
  resumeSubscription,
  type SubscriptionView,
  undoCancelSubscription,
  updateSubscription,
} from '../services/subscriptions'
import { builder, somethingToChange, withoutNulls } from './builder'
import { PlanRolloverEnum, SubscriptionStatusEnum } from './enums'

type Unit = { description: string; unitPriceCents: number; quantity?: number }

const UnitRef = builder.objectRef<Unit>('PlanUnitLine').implement({
  description: 'A per-unit line (per workstation, per user).',
  fields: (t) => ({
    description: t.exposeString('description', { description: 'What is counted.' }),
    unitPriceCents: t.exposeInt('unitPriceCents', { description: 'Price per unit and month, in cents.' }),
    quantity: t.int({
      description: "How many (a subscription's; 0 on a plan).",
      resolve: (u) => u.quantity ?? 0,
    }),
  }),
})

const SlaRef = builder.objectRef<SlaHours>('SlaHours').implement({
  description: 'First-response targets in hours by urgency; null: the default target.',
  fields: (t) => ({
    urgent: t.exposeInt('urgent', { nullable: true, description: 'Urgent (critical) requests.' }),
    high: t.exposeInt('high', { nullable: true, description: 'High urgency.' }),
    medium: t.exposeInt('medium', { nullable: true, description: 'Medium urgency.' }),
    low: t.exposeInt('low', { nullable: true, description: 'Low urgency.' }),
  }),
})

const PlanRef = builder.objectRef<PlanView>('Plan').implement({
  description: 'A monthly managed-service plan.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the plan.' }),
    name: t.exposeString('name', { description: 'Name.' }),
    monthlyFeeCents: t.exposeInt('monthlyFeeCents', { description: 'Monthly fee in cents.' }),
    includedMinutes: t.exposeInt('includedMinutes', { description: 'Minutes included per period.' }),
    overageRateCents: t.exposeInt('overageRateCents', {
      description: 'Cents per hour over the included time.',
    }),
    rollover: t.expose('rollover', { type: PlanRolloverEnum, description: 'What unused minutes do.' }),
    units: t.field({ type: [UnitRef], description: 'Per-unit lines.', resolve: (p) => p.units }),
    slaHours: t.field({ type: SlaRef, description: 'First-response targets.', resolve: (p) => p.slaHours }),
    autoSend: t.exposeBoolean('autoSend', { description: 'Period invoices are sent without review.' }),
    termsFrom: t.exposeString('termsFrom', {
      nullable: true,
      description: 'The period (YYYY-MM) from which the current prices apply; null: from the first.',
    }),
  }),
})

const SubscriptionRef = builder.objectRef<SubscriptionView>('Subscription').implement({
  description: 'A client on a plan.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the subscription.' }),
    clientId: t.exposeID('clientId', { description: 'The client.' }),
    clientName: t.exposeString('clientName', { description: "The client's name." }),
    planId: t.exposeID('planId', { description: 'The plan.' }),
    planName: t.exposeString('planName', { description: "The plan's name." }),
    startDate: t.exposeString('startDate', { description: 'First day (YYYY-MM-DD).' }),
    status: t.expose('status', { type: SubscriptionStatusEnum, description: 'Active, paused or cancelled.' }),
    cancelAtPeriodEnd: t.exposeBoolean('cancelAtPeriodEnd', { description: 'Ends after endsPeriod.' }),
    endsPeriod: t.exposeString('endsPeriod', {
      nullable: true,
      description: 'Last period billed (YYYY-MM).',
    }),
    autopay: t.exposeBoolean('autopay', { description: 'Period invoices are charged to the saved card.' }),
    cardSaved: t.exposeBoolean('cardSaved', { description: 'The client saved a card for autopay.' }),
    alertContactId: t.exposeID('alertContactId', {
      nullable: true,
      description: 'The contact who gets the usage alerts besides the owner.',
    }),
    units: t.field({ type: [UnitRef], description: 'Unit lines with quantities.', resolve: (s) => s.units }),
    usage: t.field({
      type: UsageRef,
      description: "A period's usage (this period when none is given).",
      args: { period: t.arg.string({ description: 'YYYY-MM.' }) },
      resolve: (s, args, { db }) => {
        // A plan that starts later shows its first month rather than failing the whole subscription.
        const period = args.period ?? periodOf(new Date())
        const first = s.startDate.slice(0, 7)
        return periodFigures(db, s, [period, first].sort().at(-1)!)
      },
    }),
    periodInvoices: t.field({
      type: [PeriodInvoiceRef],
      description: 'Its period invoices, newest period first.',
      resolve: (s, _args, { db }) => periodInvoicesOf(db, s.id),
    }),
  }),
})

const PeriodStateEnum = builder.enumType('PeriodState', {
  description: 'Where a plan period stands.',
  values: {
    OPEN: { value: 'open', description: 'Running: it ends on its last day in the business time zone.' },
    ENDED: { value: 'ended', description: 'Ended and not invoiced: it can be billed.' },
    BILLED: { value: 'billed', description: 'Its period invoice is made.' },
  } as const,
})

const LateEntryRef = builder.objectRef<LateEntry>('LateTimeEntry').implement({
  description: 'Time logged into a period after its invoice was made.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The time entry.' }),
    date: t.exposeString('date', { description: 'YYYY-MM-DD.' }),
    minutes: t.exposeInt('minutes', { description: "Minutes, after the client's rounding." }),
    choice: t.exposeString('choice', {
      nullable: true,
      description: '"next" (the next plan invoice), "none" (not billed); null: not chosen yet.',
    }),
    invoiceNumber: t.exposeString('invoiceNumber', {
      nullable: true,
      description: 'The invoice that billed it as a late line.',
    }),
  }),
})

const LateRef = builder.objectRef<LateFigures>('PeriodLateTime').implement({
  description: "A billed period's late time: going onto the next invoice, billed, or not billed.",
  fields: (t) => ({
    pendingMinutes: t.exposeInt('pendingMinutes', { description: 'Going onto the next plan invoice.' }),
    pendingOverageMinutes: t.exposeInt('pendingOverageMinutes', { description: 'Of those, over.' }),
    pendingOverageCents: t.exposeInt('pendingOverageCents', { description: 'What the late line will bill.' }),
    billedMinutes: t.exposeInt('billedMinutes', { description: 'Billed as late lines.' }),
    billedOverageMinutes: t.exposeInt('billedOverageMinutes', { description: 'Of those, over.' }),
    billedOverageCents: t.exposeInt('billedOverageCents', { description: 'What the late lines billed.' }),
    billedOn: t.field({
      type: [PeriodInvoiceLinkRef],
      description: 'The invoices that billed it.',
      resolve: (l) => l.billedOn,
    }),
    notBilledMinutes: t.exposeInt('notBilledMinutes', { description: 'Chosen not to bill.' }),
    undecidedMinutes: t.exposeInt('undecidedMinutes', { description: 'Waiting for the choice.' }),
    entries: t.field({ type: [LateEntryRef], description: 'The entries.', resolve: (l) => l.entries }),
  }),
})

const PeriodInvoiceLinkRef = builder
  .objectRef<{ invoiceId: number; number: string }>('InvoiceLink')
  .implement({
    description: 'An invoice by number.',
    fields: (t) => ({
      invoiceId: t.exposeID('invoiceId', { description: 'The invoice.' }),
      number: t.exposeString('number', { description: 'INV-YYYY-NNNN.' }),
    }),
  })

const CarriedRef = builder.objectRef<CarriedLate>('CarriedLateTime').implement({
  description: 'Late time of an earlier period going onto the next plan invoice.',
  fields: (t) => ({
    period: t.exposeString('period', { description: 'YYYY-MM.' }),
    label: t.exposeString('label', { description: 'The period in words.' }),
    minutes: t.exposeInt('minutes', { description: 'Minutes.' }),
    overageMinutes: t.exposeInt('overageMinutes', { description: 'Over what the period had left.' }),
    overageCents: t.exposeInt('overageCents', { description: 'What its late line will bill.' }),
    detail: t.exposeString('detail', { description: 'Dates and hours in words.' }),
  }),
})

const PeriodBillRef = builder.objectRef<NonNullable<PeriodFigures['invoice']>>('PeriodBill').implement({
  description: "The period's invoice.",
  fields: (t) => ({
    invoiceId: t.exposeID('invoiceId', { description: 'The invoice.' }),
    number: t.exposeString('number', { description: 'INV-YYYY-NNNN.' }),
    status: t.exposeString('status', { description: 'Its status.' }),
    totalCents: t.exposeInt('totalCents', { description: 'Total in cents.' }),
  }),
})

const UsageRef = builder.objectRef<PeriodFigures>('PeriodUsage').implement({
  description:
    "A period's figures (minutes, after the client's rounding): what it used, billed and will bill (services/plan-figures.ts).",
  fields: (t) => ({
    period: t.exposeString('period', { description: 'YYYY-MM.' }),
    label: t.exposeString('label', { description: 'The period in words.' }),
    state: t.expose('state', { type: PeriodStateEnum, description: 'Open, ended or billed.' }),
    endsOn: t.exposeString('endsOn', { description: 'Its last day (YYYY-MM-DD).' }),
    billableFrom: t.exposeString('billableFrom', { description: 'The first day it can be billed.' }),
    includedMinutes: t.exposeInt('includedMinutes', {
      description: 'Included (prorated in the first period).',
    }),
    rolloverMinutes: t.exposeInt('rolloverMinutes', { description: 'Rolled over from the period before.' }),
    usedMinutes: t.exposeInt('usedMinutes', { description: 'Used, late time apart.' }),
    remainingMinutes: t.exposeInt('remainingMinutes', { description: 'Left.' }),
    overageMinutes: t.exposeInt('overageMinutes', {
      description: 'Over the included and rolled-over time: billed, or to be billed.',
    }),
    overageRateCents: t.exposeInt('overageRateCents', { description: 'Cents per hour over.' }),
    overageCents: t.exposeInt('overageCents', { description: 'What the overage bills.' }),
    paused: t.exposeBoolean('paused', { description: 'Paused: no fee, time billed as usual.' }),
    invoice: t.field({
      type: PeriodBillRef,
      nullable: true,
      description: 'Its period invoice, once made.',
      resolve: (f) => f.invoice,
    }),
    late: t.field({ type: LateRef, description: 'Late time (billed periods).', resolve: (f) => f.late }),
    carriedIn: t.field({
      type: [CarriedRef],
      description: 'Late time of earlier periods going onto the next plan invoice.',
      resolve: (f) => f.carriedIn,
    }),
  }),
})

type PeriodInvoiceRow = {
  period: string
  invoiceId: number
  number: string
  status: string
  totalCents: number
  issueDate?: string
}

const PeriodInvoiceRef = builder.objectRef<PeriodInvoiceRow>('PeriodInvoice').implement({
  description: "A subscription's invoice for one period.",
  fields: (t) => ({
    period: t.exposeString('period', { description: 'YYYY-MM.' }),
    invoiceId: t.exposeID('invoiceId', { description: 'The invoice.' }),
    number: t.exposeString('number', { description: 'INV-YYYY-NNNN.' }),
    status: t.exposeString('status', { description: 'Draft, sent, viewed, partially_paid, paid or void.' }),
    totalCents: t.exposeInt('totalCents', { description: 'Total in cents.' }),
  }),
})

const UnitInput = builder.inputType('PlanUnitInput', {
  description: 'A per-unit line; quantity only on a subscription.',
  fields: (t) => ({
    description: t.string({ required: true, description: 'What is counted.' }),
    unitPriceCents: t.int({ required: true, description: 'Price per unit and month, in cents.' }),
    quantity: t.int({ description: 'How many (subscriptions only).' }),
  }),
})

const SlaInput = builder.inputType('SlaHoursInput', {
  description: 'First-response targets in hours (1 to 720); null: the default.',
  fields: (t) => ({
    urgent: t.int({ description: 'Urgent (critical).' }),
    high: t.int({ description: 'High.' }),
    medium: t.int({ description: 'Medium.' }),
    low: t.int({ description: 'Low.' }),
  }),
})

const PlanInput = builder
  .inputType('PlanInput', {
    description: 'A new plan.',
    fields: (t) => ({
      name: t.string({ required: true, description: 'Name.' }),
      monthlyFeeCents: t.int({ required: true, description: 'Monthly fee in cents.' }),
      includedMinutes: t.int({ required: true, description: 'Minutes included per period.' }),
      overageRateCents: t.int({ required: true, description: 'Cents per hour over the included time.' }),
      rollover: t.field({ type: PlanRolloverEnum, description: 'What unused minutes do (default none).' }),
      units: t.field({ type: [UnitInput], description: 'Per-unit lines.' }),
      slaHours: t.field({ type: SlaInput, description: 'First-response targets.' }),
      autoSend: t.boolean({ description: 'Send period invoices without review (default false).' }),
    }),
  })
  .validate(withoutNulls(planInput))

const PlanPatchInput = builder
  .inputType('PlanPatchInput', {
    description: 'The fields of a plan to change; new prices apply from the next period.',
    fields: (t) => ({
      name: t.string({ description: 'Name.' }),
      monthlyFeeCents: t.int({ description: 'Monthly fee in cents.' }),
      includedMinutes: t.int({ description: 'Minutes included per period.' }),
      overageRateCents: t.int({ description: 'Cents per hour over the included time.' }),
      rollover: t.field({ type: PlanRolloverEnum, description: 'What unused minutes do.' }),
      units: t.field({ type: [UnitInput], description: "Per-unit lines (replace the plan's)." }),
      slaHours: t.field({ type: SlaInput, description: 'First-response targets.' }),
      autoSend: t.boolean({ description: 'Send period invoices without review.' }),
    }),
  })
  .validate(somethingToChange(withoutNulls(planPatch)))

const SubscriptionInput = builder
  .inputType('SubscriptionInput', {
    description: 'A client on a plan from a start date.',
    fields: (t) => ({
      clientId: t.id({ required: true, description: 'The client.' }),
      planId: t.id({ required: true, description: 'The plan.' }),
      startDate: t.string({ required: true, description: 'YYYY-MM-DD; its month is prorated.' }),
      units: t.field({
        type: [UnitInput],
        description: "Unit lines with quantities (default: the plan's, 0 each).",
      }),
      autopay: t.boolean({ description: 'Charge period invoices to the saved card.' }),
      alertContactId: t.id({ description: 'The contact who opted in to the usage alerts.' }),
    }),
  })
  .validate(withoutNulls(subscriptionInput))

const SubscriptionPatchInput = builder
  .inputType('SubscriptionPatchInput', {
    description: "A subscription's unit quantities, autopay and usage-alert contact.",
    fields: (t) => ({
      units: t.field({ type: [UnitInput], description: 'Unit lines with quantities (replace them).' }),
      autopay: t.boolean({ description: 'Charge period invoices to the saved card.' }),
      alertContactId: t.id({ description: 'The contact who opted in to the usage alerts.' }),
    }),
  })
  .validate(somethingToChange(withoutNulls(subscriptionPatch)))

builder.queryField('plans', (t) =>
  t.field({
    type: [PlanRef],
    description: 'The plans, by name.',
    resolve: (_r, _a, { db }) => listPlans(db),
  }),
)

builder.queryField('plan', (t) =>
  t.field({
    type: PlanRef,
    description: 'One plan.',
    args: { id: t.arg.id({ required: true, description: 'Id of the plan.' }).validate(rowId) },
    resolve: (_r, args, { db }) => getPlan(db, args.id),
  }),
)

builder.queryField('subscriptions', (t) =>
  t.field({
    type: [SubscriptionRef],
    description: 'Subscriptions, of one client or all.',
    args: { clientId: t.arg.id({ description: 'Only this client.' }) },
    resolve: (_r, args, { db }) =>
      listSubscriptions(db, { clientId: args.clientId ? Number(args.clientId) : undefined }),
  }),
)

builder.queryField('periodDraftsWaiting', (t) =>
  t.field({
    type: [PeriodInvoiceRef],
    description: 'Period invoices still in draft, waiting for review.',
    resolve: async (_r, _a, { db }) => periodDraftsWaiting(db),
  }),
)

builder.mutationField('createPlan', (t) =>
  t.field({
    type: PlanRef,
    description: 'Creates a plan.',
    args: { input: t.arg({ type: PlanInput, required: true, description: 'The plan.' }) },
    resolve: (_r, args, { db }) => createPlan(db, args.input),
  }),
)

builder.mutationField('updatePlan', (t) =>
  t.field({
    type: PlanRef,
    description: 'Changes a plan; new prices apply from the next period.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the plan.' }).validate(rowId),
      input: t.arg({ type: PlanPatchInput, required: true, description: 'The fields to change.' }),
    },
    resolve: (_r, args, { db }) => updatePlan(db, args.id, args.input),
  }),
)

builder.mutationField('createSubscription', (t) =>
  t.field({
    type: SubscriptionRef,
    description: 'Puts a client on a plan (one live subscription per client).',
    args: { input: t.arg({ type: SubscriptionInput, required: true, description: 'The subscription.' }) },
    resolve: (_r, args, { db }) => createSubscription(db, args.input),
  }),
)

builder.mutationField('updateSubscription', (t) =>
  t.field({
    type: SubscriptionRef,
    description: 'Unit quantities, autopay and the usage-alert contact.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the subscription.' }).validate(rowId),
      input: t.arg({ type: SubscriptionPatchInput, required: true, description: 'The fields to change.' }),
    },
    resolve: (_r, args, { db }) => updateSubscription(db, args.id, args.input),
  }),
)

for (const [name, run, description] of [
  ['pauseSubscription', pauseSubscription, 'Pauses from this period on: no fee, time billed as usual.'],
  ['resumeSubscription', resumeSubscription, 'Resumes: this period is billed again.'],
  ['cancelSubscription', cancelSubscription, 'Cancels at the end of this period (the cron ends it then).'],
  [
    'undoCancelSubscription',
    undoCancelSubscription,
    'Takes a cancellation back while its last period runs: the plan goes on.',
  ],
] as const)
  builder.mutationField(name, (t) =>
    t.field({
      type: SubscriptionRef,
      description,
      args: { id: t.arg.id({ required: true, description: 'Id of the subscription.' }).validate(rowId) },
      resolve: (_r, args, { db }) => run(db, args.id),
    }),
  )

builder.mutationField('billPeriod', (t) =>
  t.field({
    type: PeriodInvoiceRef,
    description: "Bill this period: the subscription's draft invoice for a period, once.",
    args: {
      subscriptionId: t.arg.id({ required: true, description: 'The subscription.' }).validate(rowId),
      period: t.arg.string({ required: true, description: 'YYYY-MM.' }).validate(periodText),
    },
    resolve: async (_r, args, { db }) => {
      const period = args.period
      const invoice = await billPeriod(db, args.subscriptionId, period)
      return {
        period,
        invoiceId: invoice.id,
        number: invoice.number,
        status: invoice.status,
        totalCents: invoice.totalCents,
      }
    },
  }),
)
