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
import { createPlan, getPlan, listPlans, type PlanView, type SlaHours, updatePlan } from '../services/plans'
import {
  cancelSubscription,
  createSubscription,
  listSubscriptions,
  type PeriodUsage,
  pauseSubscription,
  periodUsage,
  resumeSubscription,
  type SubscriptionView,
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
      resolve: (s, args, { db }) => periodUsage(db, s.id, args.period ?? periodOf(new Date())),
    }),
    periodInvoices: t.field({
      type: [PeriodInvoiceRef],
      description: 'Its period invoices, newest period first.',
      resolve: (s, _args, { db }) => periodInvoicesOf(db, s.id),
    }),
  }),
})

const UsageRef = builder.objectRef<PeriodUsage>('PeriodUsage').implement({
  description: "A period's time against the plan (minutes, after the client's rounding).",
  fields: (t) => ({
    period: t.exposeString('period', { description: 'YYYY-MM.' }),
    includedMinutes: t.exposeInt('includedMinutes', {
      description: 'Included (prorated in the first period).',
    }),
    rolloverMinutes: t.exposeInt('rolloverMinutes', { description: 'Rolled over from the period before.' }),
    usedMinutes: t.exposeInt('usedMinutes', { description: 'Used.' }),
    remainingMinutes: t.exposeInt('remainingMinutes', { description: 'Left.' }),
    overageMinutes: t.exposeInt('overageMinutes', { description: 'Over the included and rolled-over time.' }),
    paused: t.exposeBoolean('paused', { description: 'Paused: no fee, time billed as usual.' }),
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
  ['cancelSubscription', cancelSubscription, 'Cancels at the end of this period.'],
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
