// GraphQL for time and money (issue 26): the admin's /admin/time and
// /admin/invoices read and write through these fields, which call the same
// services as the REST routes (worker/routes/billing/) with the same payload
// schemas (schema/billing-payloads.server.ts), so both APIs answer the same field errors.
import {
  blockInput,
  invoiceInput,
  paymentInput,
  timeEntryInput,
  timeEntryPatch,
  timerInput,
} from '../../schema/billing-payloads.server'
import { billingSettingsInput } from '../../schema/billing-settings'
import { UNMATCHED_REASONS } from '../../schema/billing-words'
import { rowId } from '../../schema/ids'
import type { InvoiceLine, Payment, TimeEntry } from '../../schema/tables'
import { deliverEach } from '../mail/outbox'
import { type BillingSettings, getBillingSettings, saveBillingSettings } from '../services/billing-settings'
import {
  billingOverview,
  blockInvoice,
  createInvoice,
  getInvoice,
  getInvoiceWithClient,
  type InvoiceDetail,
  invoiceSendPreview,
  listInvoices,
  sendInvoice,
  unmatchedPayments,
  voidInvoice,
} from '../services/invoices'
import { matchPaymentAndNotify, recordPaymentAndNotify } from '../services/payment-notices'
import {
  type BlockWithRemaining,
  createBlock,
  createTimeEntry,
  deleteTimeEntry,
  getTimer,
  listTimeEntries,
  remainingBlocks,
  startTimer,
  stopTimer,
  updateTimeEntry,
} from '../services/time'
import { builder, somethingToChange, withoutNulls } from './builder'
import { InvoiceSourceEnum, InvoiceStatusEnum, PaymentMethodEnum } from './enums'
import { recipientIds, SendPreviewRef } from './send'

const TimeEntryRef = builder.objectRef<TimeEntry>('TimeEntry').implement({
  description: 'Time the owner spent for a client.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the entry.' }),
    clientId: t.exposeID('clientId', { description: 'The client it is for.' }),
    supportRequestId: t.exposeID('supportRequestId', {
      nullable: true,
      description: 'The support request, if any.',
    }),
    consultationId: t.exposeID('consultationId', {
      nullable: true,
      description: 'The consultation, if any.',
    }),
    date: t.exposeString('date', { description: 'The day the work was done (YYYY-MM-DD).' }),
    minutes: t.exposeInt('minutes', { description: 'Minutes worked (not rounded).' }),
    description: t.exposeString('description', { description: 'What was done.' }),
    billable: t.exposeBoolean('billable', { description: 'Whether it is billed.' }),
    rateCents: t.exposeInt('rateCents', { description: 'Hourly rate in cents (0 while it needs a rate).' }),
    needsRate: t.exposeBoolean('needsRate', {
      description: 'Kept without a rate: cannot be invoiced until the owner sets one.',
    }),
    blockId: t.exposeID('blockId', {
      nullable: true,
      description: 'The prepaid block it draws down, if any.',
    }),
    invoiceId: t.exposeID('invoiceId', {
      nullable: true,
      description: 'The invoice that bills it; set: locked.',
    }),
    assetId: t.exposeID('assetId', {
      nullable: true,
      description: "The asset the work was on (issue 38), one of its client's.",
    }),
  }),
})

const TimerRef = builder
  .objectRef<{ startedAt: Date; clientId: number | null; description: string | null }>('Timer')
  .implement({
    description: 'The running timer (one at a time).',
    fields: (t) => ({
      startedAt: t.expose('startedAt', { type: 'DateTime', description: 'When it was started.' }),
      clientId: t.exposeID('clientId', { nullable: true, description: 'The client it runs for, if chosen.' }),
      description: t.exposeString('description', { nullable: true, description: 'What is being done.' }),
    }),
  })

const InvoiceLineRef = builder.objectRef<InvoiceLine>('InvoiceLine').implement({
  description: 'A line of an invoice, frozen when the invoice was made.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the line.' }),
    description: t.exposeString('description', {
      description: 'What is billed (time lines name the rounding).',
    }),
    quantityMilli: t.exposeInt('quantityMilli', { description: 'Quantity in thousandths (hours for time).' }),
    unit: t.exposeString('unit', { nullable: true, description: 'Unit, e.g. h.' }),
    unitPriceCents: t.exposeInt('unitPriceCents', { description: 'Unit price (hourly rate) in cents.' }),
    amountCents: t.exposeInt('amountCents', { description: 'Amount in cents.' }),
  }),
})

const PaymentRef = builder.objectRef<Payment>('Payment').implement({
  description: 'A payment, manual or from Stripe.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the payment.' }),
    amountCents: t.exposeInt('amountCents', { description: 'Amount in cents.' }),
    date: t.exposeString('date', { description: 'Day of the payment (YYYY-MM-DD).' }),
    method: t.expose('method', { type: PaymentMethodEnum, description: 'How it was paid.' }),
    currency: t.exposeString('currency', { description: 'ISO 4217 currency code.' }),
    reference: t.exposeString('reference', {
      nullable: true,
      description: 'Reference (check number, transfer id).',
    }),
  }),
})

const UnmatchedPaymentRef = builder.objectRef<Payment>('UnmatchedPayment').implement({
  description: 'A payment kept for the owner instead of being recorded on an invoice.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the payment.' }),
    amountCents: t.exposeInt('amountCents', { description: 'Amount in cents, as received.' }),
    currency: t.exposeString('currency', { description: 'ISO 4217 currency code, as received.' }),
    date: t.exposeString('date', { description: 'Day of the payment (YYYY-MM-DD).' }),
    method: t.expose('method', { type: PaymentMethodEnum, description: 'How it was paid.' }),
    reference: t.exposeString('reference', { nullable: true, description: 'PaymentIntent or session id.' }),
    unmatchedNumber: t.exposeString('unmatchedNumber', {
      nullable: true,
      description: 'The invoice number it named.',
    }),
    reason: t.string({
      nullable: true,
      description: 'Why it was not recorded on that invoice.',
      resolve: (p) => (p.unmatchedReason ? UNMATCHED_REASONS[p.unmatchedReason] : null),
    }),
    reasonCode: t.exposeString('unmatchedReason', {
      nullable: true,
      description: `The reason as a code: ${Object.keys(UNMATCHED_REASONS).join(', ')}.`,
    }),
  }),
})

/** A full invoice, or a list row (lines and payments are then loaded when asked for). */
type InvoiceRow = (InvoiceDetail | Omit<InvoiceDetail, 'lines' | 'payments'>) & {
  clientName?: string
  planTimeLeftOut?: string
}

const InvoiceDatesRef = builder
  .objectRef<Pick<InvoiceRow, 'sentAt' | 'viewedAt' | 'paidAt' | 'voidedAt'>>('InvoiceDates')
  .implement({
    description: 'The moments an invoice passed through.',
    fields: (t) => ({
      sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true, description: 'First sent.' }),
      viewedAt: t.expose('viewedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'First opened by the client in the portal.',
      }),
      paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true, description: 'Paid in full.' }),
      voidedAt: t.expose('voidedAt', { type: 'DateTime', nullable: true, description: 'Voided.' }),
    }),
  })

// Declared before it is implemented: a credit note's fields name invoices too.
const InvoiceRef = builder.objectRef<InvoiceRow>('Invoice')
InvoiceRef.implement({
  description: 'An invoice or credit note.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the invoice.' }),
    number: t.exposeString('number', { description: 'INV-YYYY-NNNN, kept when void.' }),
    clientId: t.exposeID('clientId', { description: 'The client billed.' }),
    clientName: t.string({
      nullable: true,
      description: "The client's name.",
      resolve: (i) => i.clientName ?? null,
    }),
    planTimeLeftOut: t.string({
      nullable: true,
      description:
        'On an invoice just made from time: the time a plan covers, left out (its period invoices bill it).',
      resolve: (i) => i.planTimeLeftOut ?? null,
    }),
    source: t.expose('source', { type: InvoiceSourceEnum, description: 'Where it came from.' }),
    status: t.expose('status', { type: InvoiceStatusEnum, description: 'Where it stands.' }),
    issueDate: t.exposeString('issueDate', { description: 'Issue date (YYYY-MM-DD, Central).' }),
    dueDate: t.exposeString('dueDate', { description: 'Due date from the terms.' }),
    totalCents: t.exposeInt('totalCents', { description: 'Total in cents.' }),
    owedCents: t.exposeInt('owedCents', {
      description: 'The total in cents, or 0 for a credit note or a void invoice.',
    }),
    creditedCents: t.exposeInt('creditedCents', {
      description: 'Live credit notes against it, in cents (zero or negative).',
    }),
    paidCents: t.exposeInt('paidCents', { description: 'Paid in cents.' }),
    balanceCents: t.exposeInt('balanceCents', {
      description: 'What is left to pay in cents: owed + credited - paid (the one balance of every view).',
    }),
    dates: t.field({
      type: InvoiceDatesRef,
      description: 'When it was sent, first viewed, paid in full and voided (null until then).',
      resolve: (i) => i,
    }),
    notes: t.exposeString('notes', { nullable: true, description: 'Notes printed on it.' }),
    creditFor: t.field({
      type: InvoiceRef,
      nullable: true,
      description: 'For a credit note: the invoice it corrects.',
      resolve: async (i, _args, { db }) => (i.creditForId ? getInvoice(db, i.creditForId) : null),
    }),
    credits: t.field({
      type: [InvoiceRef],
      description: 'The credit notes written against it, newest first.',
      resolve: async (i, _args, { db }) =>
        (await listInvoices(db, { creditForId: i.id })).map(({ invoice, clientName, ...balance }) => ({
          ...invoice,
          clientName,
          ...balance,
        })),
    }),
    lines: t.field({
      type: [InvoiceLineRef],
      description: 'The lines.',
      resolve: async (i, _args, { db }) => ('lines' in i ? i.lines : (await getInvoice(db, i.id)).lines),
    }),
    payments: t.field({
      type: [PaymentRef],
      description: 'Payments recorded.',
      resolve: async (i, _args, { db }) =>
        'payments' in i ? i.payments : (await getInvoice(db, i.id)).payments,
    }),
  }),
})

const ClientBalanceRef = builder
  .objectRef<{ clientId: number; clientName: string; minutes: number; amountCents: number }>('UnbilledTime')
  .implement({
    description: "A client's unbilled time.",
    fields: (t) => ({
      clientId: t.exposeID('clientId', { description: 'The client.' }),
      clientName: t.exposeString('clientName', { description: "The client's name." }),
      minutes: t.exposeInt('minutes', { description: 'Minutes, rounded by the client rule.' }),
      amountCents: t.exposeInt('amountCents', { description: 'What it would bill, in cents.' }),
    }),
  })

const OverviewRef = builder
  .objectRef<Awaited<ReturnType<typeof billingOverview>>>('BillingOverview')
  .implement({
    description: "The owner's money at a glance.",
    fields: (t) => ({
      unbilled: t.field({
        type: [ClientBalanceRef],
        description: 'Unbilled time per client.',
        resolve: (o) => o.unbilled,
      }),
      outstandingCents: t.exposeInt('outstandingCents', { description: 'Owed on sent invoices.' }),
      overdueCents: t.exposeInt('overdueCents', { description: 'Of which past due.' }),
      paidThisMonthCents: t.exposeInt('paidThisMonthCents', { description: 'Paid this calendar month.' }),
      paidThisYearCents: t.exposeInt('paidThisYearCents', { description: 'Paid this calendar year.' }),
    }),
  })

const TimeEntryInput = builder
  .inputType('TimeEntryInput', {
    description: 'Time to record; the rate is the client default unless given.',
    fields: (t) => ({
      clientId: t.id({ required: true, description: 'The client.' }),
      requestReference: t.string({ description: 'S-1043 or C-1042, a request of this client.' }),
      date: t.string({ description: 'YYYY-MM-DD; today when empty.' }),
      minutes: t.int({ required: true, description: 'Minutes, 1 to 1440.' }),
      description: t.string({ required: true, description: 'What was done.' }),
      billable: t.boolean({ description: 'Billed (default true).' }),
      rateCents: t.int({ description: 'Hourly rate in cents.' }),
      assetId: t.id({ description: "The asset the work was on, one of the client's." }),
      lateTime: t.string({
        description:
          'Time dated in a plan period already invoiced: "next" (onto the next plan invoice as late time) or "none" (not billed).',
      }),
    }),
  })
  .validate(withoutNulls(timeEntryInput))

const TimerInput = builder
  .inputType('TimerInput', {
    description: 'What the timer is for (all optional until it stops).',
    fields: (t) => ({
      clientId: t.id({ description: 'The client.' }),
      requestReference: t.string({ description: 'A request of this client.' }),
      description: t.string({ description: 'What is being done.' }),
      rateCents: t.int({ description: 'Hourly rate in cents, for a client without a default rate.' }),
      lateTime: t.string({
        description:
          'Time dated in a plan period already invoiced: "next" (onto the next plan invoice as late time) or "none" (not billed).',
      }),
    }),
  })
  .validate(withoutNulls(timerInput))

const TimeEntryPatch = builder
  .inputType('TimeEntryPatch', {
    description: 'The fields of an unbilled entry to change.',
    fields: (t) => ({
      date: t.string({ description: 'YYYY-MM-DD.' }),
      minutes: t.int({ description: 'Minutes, 1 to 1440.' }),
      description: t.string({ description: 'What was done.' }),
      billable: t.boolean({ description: 'Billed or not.' }),
      rateCents: t.int({ description: 'Hourly rate in cents; setting it clears "needs a rate".' }),
      assetId: t.id({ description: "The asset the work was on, one of the client's; null: none." }),
      lateTime: t.string({
        description:
          'Time dated in a plan period already invoiced: "next" (onto the next plan invoice as late time) or "none" (not billed).',
      }),
    }),
  })
  .validate(somethingToChange(withoutNulls(timeEntryPatch, ['assetId'])))

const InvoiceLineInput = builder.inputType('InvoiceLineInput', {
  description: 'A manual or credit line.',
  fields: (t) => ({
    description: t.string({ required: true, description: 'What is billed.' }),
    quantity: t.float({ required: true, description: 'Quantity (three decimals at most).' }),
    unit: t.string({ description: 'Unit.' }),
    unitPriceCents: t.int({ required: true, description: 'Unit price in cents.' }),
  }),
})

const InvoiceInput = builder
  .inputType('InvoiceInput', {
    description: 'A new draft invoice.',
    fields: (t) => ({
      clientId: t.id({ required: true, description: 'The client.' }),
      source: t.field({ type: InvoiceSourceEnum, required: true, description: 'Where it came from.' }),
      from: t.string({ description: 'Time: first day (YYYY-MM-DD).' }),
      to: t.string({ description: 'Time: last day (YYYY-MM-DD).' }),
      grouping: t.string({ description: 'Time: entry (default) or request.' }),
      quoteId: t.id({ description: 'Quote: the accepted quote.' }),
      part: t.string({ description: 'Quote: deposit, remainder or full.' }),
      blockId: t.id({ description: 'Block: the prepaid block.' }),
      creditForId: t.id({ description: 'Credit: the invoice corrected.' }),
      lines: t.field({ type: [InvoiceLineInput], description: 'Manual and credit lines.' }),
    }),
  })
  .validate(withoutNulls(invoiceInput))

const PaymentInput = builder
  .inputType('PaymentInput', {
    description: 'A manual payment.',
    fields: (t) => ({
      amountCents: t.int({ required: true, description: 'Amount in cents.' }),
      date: t.string({ description: 'YYYY-MM-DD; today when empty.' }),
      method: t.field({
        type: PaymentMethodEnum,
        required: true,
        description: 'How it was paid (not STRIPE: those come from the webhook).',
      }),
      reference: t.string({ description: 'Check number, transfer id.' }),
    }),
  })
  .validate(withoutNulls(paymentInput))

builder.queryField('timeEntries', (t) =>
  t.field({
    type: [TimeEntryRef],
    description: 'Time entries, newest first (200 at most).',
    args: {
      clientId: t.arg.id({ description: 'Only this client.' }),
      unbilled: t.arg.boolean({ description: 'Only entries not on an invoice.' }),
    },
    resolve: async (_r, args, { db }) =>
      (
        await listTimeEntries(db, {
          clientId: args.clientId ? Number(args.clientId) : undefined,
          unbilled: args.unbilled ?? false,
        })
      ).slice(0, 200),
  }),
)

builder.queryField('timer', (t) =>
  t.field({
    type: TimerRef,
    nullable: true,
    description: 'The running timer, or null.',
    resolve: (_r, _a, { db }) => getTimer(db),
  }),
)

builder.queryField('invoices', (t) =>
  t.field({
    type: [InvoiceRef],
    description: 'Invoices, newest first.',
    args: { clientId: t.arg.id({ description: 'Only this client.' }) },
    resolve: async (_r, args, { db }) =>
      (await listInvoices(db, { clientId: args.clientId ? Number(args.clientId) : undefined })).map(
        ({ invoice, clientName, ...balance }) => ({ ...invoice, clientName, ...balance }),
      ),
  }),
)

builder.queryField('invoice', (t) =>
  t.field({
    type: InvoiceRef,
    description: 'One invoice with its lines, payments, credit notes and client name (its admin page).',
    args: { id: t.arg.id({ required: true, description: 'Id of the invoice.' }).validate(rowId) },
    resolve: (_r, { id }, { db }) => getInvoiceWithClient(db, id),
  }),
)

const PrepaidBlockRef = builder.objectRef<BlockWithRemaining>('PrepaidBlock').implement({
  description: 'Prepaid hours a client bought; billable time draws them down first.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the block.' }),
    minutes: t.exposeInt('minutes', { description: 'Minutes bought.' }),
    usedMinutes: t.exposeInt('usedMinutes', { description: 'Minutes drawn so far.' }),
    remainingMinutes: t.exposeInt('remainingMinutes', { description: 'Minutes left.' }),
    priceCents: t.exposeInt('priceCents', { description: 'Price in cents.' }),
    validUntil: t.exposeString('validUntil', { nullable: true, description: 'Last valid day, if any.' }),
    invoiceNumber: t.string({
      nullable: true,
      description: 'The invoice (not void) that bills the block, if one was made.',
      resolve: async (b, _a, { db }) => (await blockInvoice(db, b.id))?.number ?? null,
    }),
  }),
})

const BlockInput = builder
  .inputType('PrepaidBlockInput', {
    description: 'A block of prepaid hours sold to a client.',
    fields: (t) => ({
      clientId: t.id({ required: true, description: 'The client.' }),
      minutes: t.int({ required: true, description: 'Minutes (60 or more).' }),
      priceCents: t.int({ required: true, description: 'Price in cents.' }),
      validUntil: t.string({ description: 'Last valid day (YYYY-MM-DD).' }),
    }),
  })
  .validate(withoutNulls(blockInput))

builder.queryField('prepaidBlocks', (t) =>
  t.field({
    type: [PrepaidBlockRef],
    description: "A client's blocks still valid, with what is left (the client page shows them).",
    args: { clientId: t.arg.id({ required: true, description: 'The client.' }).validate(rowId) },
    resolve: (_r, { clientId }, { db }) => remainingBlocks(db, clientId),
  }),
)

builder.mutationField('createPrepaidBlock', (t) =>
  t.field({
    type: PrepaidBlockRef,
    description: 'Sells a client a block of prepaid hours.',
    args: { input: t.arg({ type: BlockInput, required: true, description: 'The block.' }) },
    resolve: async (_r, { input }, { db }) => {
      const block = await createBlock(db, input)
      return { ...block, usedMinutes: 0, remainingMinutes: block.minutes }
    },
  }),
)

builder.queryField('billingOverview', (t) =>
  t.field({
    type: OverviewRef,
    description: 'Unbilled time per client, outstanding and overdue, paid this month and year.',
    resolve: (_r, _a, { db }) => billingOverview(db),
  }),
)

builder.mutationField('createTimeEntry', (t) =>
  t.field({
    type: [TimeEntryRef],
    description: 'Records time; returns the entries made (two when a prepaid block runs out).',
    args: { input: t.arg({ type: TimeEntryInput, required: true, description: 'The time.' }) },
    resolve: (_r, { input }, { db, env }) => createTimeEntry(db, env, input),
  }),
)

builder.mutationField('updateTimeEntry', (t) =>
  t.field({
    type: TimeEntryRef,
    description: 'Changes an unbilled entry (CONFLICT once it is on an invoice).',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the entry.' }).validate(rowId),
      input: t.arg({ type: TimeEntryPatch, required: true, description: 'The changes.' }),
    },
    resolve: (_r, { id, input }, { db }) => updateTimeEntry(db, id, input),
  }),
)

builder.mutationField('deleteTimeEntry', (t) =>
  t.id({
    description: 'Deletes an unbilled entry; returns its id.',
    args: { id: t.arg.id({ required: true, description: 'Id of the entry.' }).validate(rowId) },
    resolve: async (_r, { id }, { db }) => {
      await deleteTimeEntry(db, id)
      return id
    },
  }),
)

builder.mutationField('startTimer', (t) =>
  t.field({
    type: TimerRef,
    description: 'Starts the timer (one at a time).',
    args: { input: t.arg({ type: TimerInput, required: true, description: 'What it is for.' }) },
    resolve: (_r, { input }, { db }) => startTimer(db, input),
  }),
)

builder.mutationField('stopTimer', (t) =>
  t.field({
    type: [TimeEntryRef],
    description: 'Stops the timer and records its time.',
    args: {
      input: t.arg({ type: TimerInput, required: true, description: 'The client, if not chosen at start.' }),
    },
    resolve: (_r, { input }, { db, env }) => stopTimer(db, env, input),
  }),
)

builder.mutationField('createInvoice', (t) =>
  t.field({
    type: InvoiceRef,
    description: 'Creates a draft invoice.',
    args: { input: t.arg({ type: InvoiceInput, required: true, description: 'What to bill.' }) },
    resolve: (_r, { input }, { db }) => createInvoice(db, input),
  }),
)

builder.mutationField('sendInvoice', (t) =>
  t.field({
    type: InvoiceRef,
    description: 'Sends the invoice or credit note to the chosen contacts (e-mail with visitor mail on).',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the invoice.' }).validate(rowId),
      recipientContactIds: t.arg
        .idList({
          description:
            "The client's contacts to send it to; absent: the default one (see invoiceSendPreview).",
        })
        .validate(recipientIds),
    },
    resolve: async (_r, { id, recipientContactIds }, { db, env, later }) => {
      const sent = await sendInvoice(db, env, id, { recipientContactIds })
      if (sent.outboxIds.length) later(deliverEach(db, env, sent.outboxIds))
      return sent.invoice
    },
  }),
)

builder.queryField('invoiceSendPreview', (t) =>
  t.field({
    type: SendPreviewRef,
    description:
      'The send step of an invoice or credit note: its recipients to choose from, the e-mail, warnings.',
    args: { id: t.arg.id({ required: true, description: 'Id of the invoice.' }).validate(rowId) },
    resolve: (_r, { id }, { db, env }) => invoiceSendPreview(db, env, id),
  }),
)

builder.mutationField('recordPayment', (t) =>
  t.field({
    type: InvoiceRef,
    description: 'Records a manual payment.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the invoice.' }).validate(rowId),
      input: t.arg({ type: PaymentInput, required: true, description: 'The payment.' }),
    },
    resolve: async (_r, { id, input }, { db, env, later }) => {
      const { invoice, outboxIds } = await recordPaymentAndNotify(db, env, id, input)
      later(deliverEach(db, env, outboxIds))
      return invoice
    },
  }),
)

builder.mutationField('matchPayment', (t) =>
  t.field({
    type: InvoiceRef,
    description:
      'Attaches an unmatched payment to an invoice (under the rules of recordPayment); the client gets a receipt.',
    args: {
      paymentId: t.arg.id({ required: true, description: 'Id of the unmatched payment.' }).validate(rowId),
      invoiceId: t.arg.id({ required: true, description: 'Id of the invoice it pays.' }).validate(rowId),
    },
    resolve: async (_r, { paymentId, invoiceId }, { db, env, later }) => {
      const { invoice, outboxIds } = await matchPaymentAndNotify(db, env, paymentId, invoiceId)
      later(deliverEach(db, env, outboxIds))
      return invoice
    },
  }),
)

builder.queryField('unmatchedPayments', (t) =>
  t.field({
    type: [UnmatchedPaymentRef],
    description:
      'Payments kept for the owner instead of recorded on an invoice, with the reason, newest first.',
    resolve: (_r, _a, { db }) => unmatchedPayments(db),
  }),
)

builder.mutationField('voidInvoice', (t) =>
  t.field({
    type: InvoiceRef,
    description: 'Voids an invoice without payments; its time returns to unbilled.',
    args: { id: t.arg.id({ required: true, description: 'Id of the invoice.' }).validate(rowId) },
    resolve: (_r, { id }, { db }) => voidInvoice(db, id),
  }),
)

const BillingSettingsRef = builder.objectRef<BillingSettings>('BillingSettings').implement({
  description: "The owner's billing settings.",
  fields: (t) => ({
    paymentInstructions: t.exposeString('paymentInstructions', {
      nullable: true,
      description:
        'How to pay by bank transfer or check; shown on the portal invoice page, the invoice PDF and e-mail.',
    }),
  }),
})

builder.queryField('billingSettings', (t) =>
  t.field({
    type: BillingSettingsRef,
    description: "The owner's billing settings (payment instructions).",
    resolve: (_r, _a, { db }) => getBillingSettings(db),
  }),
)

builder.mutationField('saveBillingSettings', (t) =>
  t.field({
    type: BillingSettingsRef,
    description: "Saves the owner's billing settings; blank instructions are none.",
    args: {
      paymentInstructions: t.arg
        .string({ description: 'How to pay by bank transfer or check.' })
        .validate(billingSettingsInput.shape.paymentInstructions),
    },
    resolve: (_r, { paymentInstructions }, { db }) =>
      saveBillingSettings(db, { paymentInstructions: paymentInstructions ?? null }),
  }),
)
