// GraphQL for the clients' IT inventory (issue 38): the admin's Assets tab on
// the client page, the asset page and the renewals list read and write through
// these fields, which call the same services as REST (worker/routes/assets.ts)
// with the same payload schemas, so both APIs answer the same field errors.
// Owner only, like every field (builder.ts).
import { assetInput, assetPatch, RENEWAL_WINDOWS } from '../../schema/asset-payloads.server'
import type { AssetKind, EphiAnswer, RenewalWhat } from '../../schema/assets'
import { rowId } from '../../schema/ids'
import { businessDate } from '../../schema/slot-time'
import type { Asset } from '../../schema/tables'
import {
  type AssetChange,
  assetHistory,
  assetRequests,
  assetTime,
  createAsset,
  getAsset,
  linkRequestAsset,
  listAssets,
  type Renewal,
  renewalQuote,
  renewalsWithin,
  retireAsset,
  updateAsset,
} from '../services/assets'
import { Invalid } from '../services/errors'
import { builder, somethingToChange } from './builder'
import { AssetKindEnum, AssetStatusEnum, EphiAnswerEnum, RenewalWhatEnum } from './enums'
import { payloadFields } from './payload-input'

type AssetRequest = Awaited<ReturnType<typeof assetRequests>>[number]
type AssetTime = Awaited<ReturnType<typeof assetTime>>[number]

const AssetRequestRef = builder.objectRef<AssetRequest>('AssetRequest').implement({
  description: 'A support request about the asset.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the request.' }),
    reference: t.exposeString('reference', { nullable: true, description: 'S-NNNN.' }),
    status: t.exposeString('status', { description: 'Where it stands.' }),
    issueType: t.exposeString('issueType', { description: 'What it is about.' }),
    description: t.exposeString('description', { description: 'What the requester wrote.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it arrived.' }),
  }),
})

const AssetTimeRef = builder.objectRef<AssetTime>('AssetTimeEntry').implement({
  description: 'Time recorded on the asset.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the entry.' }),
    date: t.exposeString('date', { description: 'YYYY-MM-DD.' }),
    minutes: t.exposeInt('minutes', { description: 'Minutes.' }),
    description: t.exposeString('description', { description: 'What was done.' }),
    billable: t.exposeBoolean('billable', { description: 'Billable.' }),
  }),
})

const AssetChangeRef = builder.objectRef<AssetChange>('AssetChange').implement({
  description: "One entry of an asset's append-only history.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the entry.' }),
    at: t.expose('at', { type: 'DateTime', description: 'When.' }),
    actor: t.exposeString('actor', { description: "Who: 'owner', 'token:<name>'." }),
    action: t.exposeString('action', { description: 'Created, updated, retired or imported.' }),
    changes: t.string({
      description: 'What changed, as JSON {field: [before, after]} (the whole record when created).',
      resolve: (c) => JSON.stringify(c.changes),
    }),
  }),
})

const AssetRef = builder.objectRef<Asset>('Asset').implement({
  description: "A piece of a client's IT: a machine, a licence, a domain, a certificate.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the asset.' }),
    clientId: t.exposeID('clientId', { description: 'The client.' }),
    kind: t.expose('kind', { type: AssetKindEnum, description: 'What it is.' }),
    name: t.exposeString('name', { description: 'Name.' }),
    model: t.exposeString('model', { nullable: true, description: 'Model.' }),
    serial: t.exposeString('serial', { nullable: true, description: 'Serial number.' }),
    location: t.exposeString('location', { nullable: true, description: 'Where it is.' }),
    assignedTo: t.exposeString('assignedTo', { nullable: true, description: 'Who uses it.' }),
    os: t.exposeString('os', { nullable: true, description: 'Operating system and version.' }),
    purchaseDate: t.exposeString('purchaseDate', { nullable: true, description: 'YYYY-MM-DD.' }),
    warrantyEnd: t.exposeString('warrantyEnd', { nullable: true, description: 'YYYY-MM-DD.' }),
    renewalDate: t.exposeString('renewalDate', { nullable: true, description: 'YYYY-MM-DD.' }),
    seats: t.exposeInt('seats', { nullable: true, description: 'Seats of a licence.' }),
    ephi: t.expose('ephi', { type: EphiAnswerEnum, description: 'Stores or processes patient data.' }),
    status: t.expose('status', { type: AssetStatusEnum, description: 'In use, spare or retired.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Internal notes (never in the portal).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
    requests: t.field({
      type: [AssetRequestRef],
      description: 'Support requests about it, newest first.',
      resolve: (a, _args, { db }) => assetRequests(db, a.id),
    }),
    time: t.field({
      type: [AssetTimeRef],
      description: 'Time recorded on it, newest first.',
      resolve: (a, _args, { db }) => assetTime(db, a.id),
    }),
    history: t.field({
      type: [AssetChangeRef],
      description: 'Its history, newest first.',
      resolve: (a, _args, { db }) => assetHistory(db, a.id),
    }),
  }),
})

const RenewalRef = builder.objectRef<Renewal>('AssetRenewal').implement({
  description: 'A warranty end or renewal date coming up.',
  fields: (t) => ({
    assetId: t.exposeID('assetId', { description: 'The asset.' }),
    clientId: t.exposeID('clientId', { description: 'Its client.' }),
    clientName: t.exposeString('clientName', { description: "The client's name." }),
    name: t.exposeString('name', { description: "The asset's name." }),
    kind: t.expose('kind', { type: AssetKindEnum, description: 'What it is.' }),
    date: t.exposeString('date', { description: 'YYYY-MM-DD.' }),
    what: t.expose('what', { type: RenewalWhatEnum, description: 'Warranty or renewal.' }),
  }),
})

const named = { kind: AssetKindEnum, ephi: EphiAnswerEnum, status: AssetStatusEnum }

const AssetInput = builder
  .inputType('AssetInput', {
    description: 'A new asset; kind and name are required (checked by the server).',
    fields: (t) => payloadFields(t, assetInput, named),
  })
  .validate(assetInput)

const AssetPatchInput = builder
  .inputType('AssetPatchInput', {
    description: 'The fields to change; null clears an optional one.',
    fields: (t) => payloadFields(t, assetPatch, named),
  })
  .validate(somethingToChange(assetPatch))

builder.queryField('assets', (t) =>
  t.field({
    type: [AssetRef],
    description: "A client's assets, filtered, by name or by the soonest renewal.",
    args: {
      clientId: t.arg.id({ required: true, description: 'The client.' }).validate(rowId),
      kind: t.arg({ type: AssetKindEnum, description: 'Only this kind.' }),
      status: t.arg.string({ description: 'in_use, spare, retired or all (default: not retired).' }),
      ephi: t.arg({ type: EphiAnswerEnum, description: 'Only this ePHI answer.' }),
      sort: t.arg.string({ description: 'name (default) or renewal.' }),
    },
    resolve: (_r, args, { db }) => {
      const status = args.status ?? undefined
      if (status && !['in_use', 'spare', 'retired', 'all'].includes(status))
        throw new Invalid({ status: 'Status must be in_use, spare, retired or all' })
      const sort = args.sort ?? undefined
      if (sort && sort !== 'name' && sort !== 'renewal')
        throw new Invalid({ sort: 'Sort is name or renewal' })
      return listAssets(db, args.clientId, {
        kind: (args.kind ?? undefined) as AssetKind | undefined,
        status: status as 'all' | undefined,
        ephi: (args.ephi ?? undefined) as EphiAnswer | undefined,
        sort: sort as 'name' | 'renewal' | undefined,
      })
    },
  }),
)

builder.queryField('asset', (t) =>
  t.field({
    type: AssetRef,
    description: 'One asset.',
    args: { id: t.arg.id({ required: true, description: 'Id of the asset.' }).validate(rowId) },
    resolve: (_r, args, { db }) => getAsset(db, args.id),
  }),
)

builder.queryField('assetRenewals', (t) =>
  t.field({
    type: [RenewalRef],
    description: 'Warranty ends and renewal dates within 30, 60 or 90 days across clients, soonest first.',
    args: { days: t.arg.int({ description: '30, 60 or 90 (default 90).' }) },
    resolve: (_r, args, { db }) => {
      const days = args.days ?? 90
      if (!(RENEWAL_WINDOWS as readonly number[]).includes(days))
        throw new Invalid({ days: 'Days must be 30, 60 or 90' })
      return renewalsWithin(db, days, businessDate(new Date()))
    },
  }),
)

builder.mutationField('createAsset', (t) =>
  t.field({
    type: AssetRef,
    description: "Records an asset of a client's IT.",
    args: {
      clientId: t.arg.id({ required: true, description: 'The client.' }).validate(rowId),
      input: t.arg({ type: AssetInput, required: true, description: 'The asset.' }),
    },
    resolve: (_r, args, { db }) => createAsset(db, args.clientId, args.input, 'owner'),
  }),
)

builder.mutationField('updateAsset', (t) =>
  t.field({
    type: AssetRef,
    description: 'Changes an asset; each change goes into its history.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the asset.' }).validate(rowId),
      input: t.arg({ type: AssetPatchInput, required: true, description: 'The fields to change.' }),
    },
    resolve: (_r, args, { db }) => updateAsset(db, args.id, args.input, 'owner'),
  }),
)

builder.mutationField('retireAsset', (t) =>
  t.field({
    type: AssetRef,
    description: 'Retires an asset; the record and its history stay.',
    args: { id: t.arg.id({ required: true, description: 'Id of the asset.' }).validate(rowId) },
    resolve: (_r, args, { db }) => retireAsset(db, args.id, 'owner'),
  }),
)

builder.mutationField('renewAsset', (t) =>
  t.field({
    type: 'ID',
    description: 'Renew: a new draft quote with the line "Renewal: <name> ..."; answers its id.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the asset.' }).validate(rowId),
      what: t.arg({ type: RenewalWhatEnum, required: true, description: 'Warranty or renewal.' }),
    },
    resolve: async (_r, args, { db }) => (await renewalQuote(db, args.id, args.what as RenewalWhat)).id,
  }),
)

builder.mutationField('linkRequestAsset', (t) =>
  t.field({
    type: 'Boolean',
    description: "Names the asset a support request is about (one of its client's), or none.",
    args: {
      requestId: t.arg.id({ required: true, description: 'The support request.' }).validate(rowId),
      assetId: t.arg.id({ description: 'The asset; null: none.' }),
    },
    resolve: async (_r, args, { db }) => {
      await linkRequestAsset(db, args.requestId, args.assetId ? Number(args.assetId) : null)
      return true
    },
  }),
)
