// GraphQL for the owner's books and calendar (issue 56): the export panel on
// /admin/invoices reads what a range's files will hold (the receivables report
// the files reconcile with) and saves the Xero export's codes; the files
// themselves are downloads from REST (/api/exports/...), a CSV not being
// GraphQL data. /admin/availability keeps the owner's calendars (busy times),
// shows bookings they now overlap, and makes the private feed of bookings.
import { type ExportRange, exportRange } from '../../schema/accounting-export'
import { accountingCodesInput } from '../../schema/billing-settings'
import { rowId } from '../../schema/ids'
import { fieldErrors } from '../../schema/payloads'
import { localDeployment } from '../auth/local'
import { vaultKeys } from '../auth/vault-key'
import { type Receivables, receivables } from '../services/accounting-export'
import { type BookingConflict, bookingConflicts } from '../services/availability'
import { type BillingSettings, getBillingSettings, saveAccountingCodes } from '../services/billing-settings'
import { type FeedState, feedState, regenerateFeed, revokeFeed } from '../services/calendar-feed'
import {
  addSource,
  deleteSource,
  listSources,
  type SourceView,
  syncSource,
} from '../services/calendar-sources'
import { Invalid } from '../services/errors'
import { builder } from './builder'

const ReceivablesRef = builder.objectRef<Receivables & ExportRange>('Receivables').implement({
  description: 'What was invoiced, credited and received in a range: the figures the export files add up to.',
  fields: (t) => ({
    from: t.exposeString('from', { description: 'First day (YYYY-MM-DD), by invoice or payment date.' }),
    to: t.exposeString('to', { description: 'Last day (YYYY-MM-DD), included.' }),
    invoices: t.exposeInt('invoices', { description: 'Invoices issued (not drafts, not void).' }),
    invoicedCents: t.exposeInt('invoicedCents', { description: 'Their totals, tax included.' }),
    taxCents: t.exposeInt('taxCents', { description: 'The tax in those totals.' }),
    creditNotes: t.exposeInt('creditNotes', { description: 'Credit notes issued (not void).' }),
    creditedCents: t.exposeInt('creditedCents', { description: 'Their totals, as a positive amount.' }),
    payments: t.exposeInt('payments', { description: 'Payments recorded on an invoice.' }),
    receivedCents: t.exposeInt('receivedCents', { description: 'Their amounts.' }),
  }),
})

builder.queryField('receivables', (t) =>
  t.field({
    type: ReceivablesRef,
    description: 'The receivables report for a range (what each export file of that range holds).',
    args: {
      from: t.arg.string({ required: true, description: 'First day, YYYY-MM-DD.' }),
      to: t.arg.string({ required: true, description: 'Last day, YYYY-MM-DD.' }),
    },
    resolve: async (_r, args, { db }) => {
      const range = exportRange.safeParse(args)
      if (!range.success) throw new Invalid(fieldErrors(range.error))
      return { ...range.data, ...(await receivables(db, range.data)) }
    },
  }),
)

const AccountingCodesRef = builder.objectRef<BillingSettings>('AccountingCodes').implement({
  description: "The Xero export's codes, as the owner's Xero names them.",
  fields: (t) => ({
    xeroAccountCode: t.exposeString('xeroAccountCode', { description: "The sales account's code." }),
    xeroTaxType: t.exposeString('xeroTaxType', { description: 'The tax rate of a taxed invoice.' }),
    xeroTaxTypeNone: t.exposeString('xeroTaxTypeNone', {
      description: 'The tax rate of an untaxed invoice.',
    }),
  }),
})

builder.queryField('accountingCodes', (t) =>
  t.field({
    type: AccountingCodesRef,
    description: "The Xero export's codes (a new US Xero organisation's until the owner sets them).",
    resolve: (_r, _a, { db }) => getBillingSettings(db),
  }),
)

builder.mutationField('saveAccountingCodes', (t) =>
  t.field({
    type: AccountingCodesRef,
    description: "Saves the Xero export's codes.",
    args: {
      xeroAccountCode: t.arg.string({ required: true, description: "The sales account's code." }),
      xeroTaxType: t.arg.string({ required: true, description: 'The tax rate of a taxed invoice.' }),
      xeroTaxTypeNone: t.arg.string({ required: true, description: 'The tax rate of an untaxed invoice.' }),
    },
    resolve: (_r, args, { db }) => {
      const input = accountingCodesInput.safeParse(args)
      if (!input.success) throw new Invalid(fieldErrors(input.error))
      return saveAccountingCodes(db, input.data)
    },
  }),
)

// ---------- The owner's calendars (busy times) and the private feed of bookings ----------

const CalendarSourceRef = builder.objectRef<SourceView>('CalendarSource').implement({
  description:
    "One of the owner's calendars, read every 15 minutes for busy times (its address is never shown).",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the calendar.' }),
    name: t.exposeString('name', { description: 'What the owner called it.' }),
    host: t.exposeString('host', { description: 'The host of its secret address.' }),
    lastSyncedAt: t.expose('lastSyncedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Last good read.',
    }),
    lastAttemptAt: t.expose('lastAttemptAt', { type: 'DateTime', nullable: true, description: 'Last try.' }),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why the last read failed.' }),
    busyCount: t.exposeInt('busyCount', { description: 'Busy times kept from the last good copy.' }),
  }),
})

builder.queryField('calendarSources', (t) =>
  t.field({
    type: [CalendarSourceRef],
    description: "The owner's calendars read for busy times.",
    resolve: (_r, _a, { db }) => listSources(db),
  }),
)

builder.mutationField('addCalendarSource', (t) =>
  t.field({
    type: CalendarSourceRef,
    description: 'Adds a calendar by its secret iCal address and reads it once.',
    args: {
      name: t.arg.string({ required: true, description: 'A name for it.' }),
      url: t.arg.string({ required: true, description: 'Its secret iCal address (https).' }),
    },
    resolve: async (_r, args, { db, env }) => {
      const keys = await vaultKeys(env)
      return syncSource(db, keys, (await addSource(db, keys, args, localDeployment(env))).id)
    },
  }),
)

builder.mutationField('syncCalendarSource', (t) =>
  t.field({
    type: CalendarSourceRef,
    description: 'Reads a calendar now.',
    args: { id: t.arg.id({ required: true, description: 'Id of the calendar.' }).validate(rowId) },
    resolve: async (_r, { id }, { db, env }) => syncSource(db, await vaultKeys(env), id),
  }),
)

builder.mutationField('removeCalendarSource', (t) =>
  t.boolean({
    description: 'Removes a calendar and its busy times.',
    args: { id: t.arg.id({ required: true, description: 'Id of the calendar.' }).validate(rowId) },
    resolve: async (_r, { id }, { db }) => {
      await deleteSource(db, id)
      return true
    },
  }),
)

const ConflictRef = builder.objectRef<BookingConflict>('BookingConflict').implement({
  description: "A booking on a slot the owner's calendar now shows as busy (never moved by itself).",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the consultation.' }),
    reference: t.exposeString('reference', { nullable: true, description: 'Its reference (C-1042).' }),
    name: t.exposeString('name', { description: 'Who booked.' }),
    start: t.exposeString('start', { description: 'When it starts (ISO 8601, UTC).' }),
  }),
})

builder.queryField('bookingConflicts', (t) =>
  t.field({
    type: [ConflictRef],
    description: "Bookings that now overlap a busy time of the owner's calendars.",
    resolve: (_r, _a, { db }) => bookingConflicts(db),
  }),
)

const FeedRef = builder.objectRef<NonNullable<FeedState>>('CalendarFeed').implement({
  description: 'The private feed of bookings (its address is shown only when made).',
  fields: (t) => ({
    busyOnly: t.exposeBoolean('busyOnly', { description: 'Names and details left out.' }),
    includeMaintenance: t.exposeBoolean('includeMaintenance', {
      description: 'Open maintenance tasks listed too.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the current address was made.' }),
  }),
})

builder.queryField('calendarFeed', (t) =>
  t.field({
    type: FeedRef,
    nullable: true,
    description: 'The private feed of bookings, or null when there is none.',
    resolve: (_r, _a, { db }) => feedState(db),
  }),
)

builder.mutationField('regenerateCalendarFeed', (t) =>
  t.string({
    description:
      'Makes a new secret address for the feed (the old one stops working) and returns it, this once.',
    args: {
      busyOnly: t.arg.boolean({ required: true, description: 'Leave out names and details.' }),
      includeMaintenance: t.arg.boolean({ required: true, description: 'List open maintenance tasks too.' }),
    },
    resolve: async (_r, args, { db, env }) => (await regenerateFeed(db, env, args)).url,
  }),
)

builder.mutationField('stopCalendarFeed', (t) =>
  t.boolean({
    description: 'Stops the feed: its address answers 404.',
    resolve: async (_r, _a, { db }) => {
      await revokeFeed(db)
      return true
    },
  }),
)
