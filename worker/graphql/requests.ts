// GraphQL types, queries and mutations for consultation and support requests.
// Resolvers call the same service functions as the REST handlers
// (worker/services/requests.ts); the owner scope comes from the root types.
import { requestUpdateInput } from '../../schema/payloads'
import type { RequestErasure } from '../../schema/tables'
import { parseWith } from '../http/validate'
import { eraseRequest, listErasures } from '../services/privacy'
import {
  type ConsultationView,
  listConsultations,
  listSupportRequests,
  type SupportRequestView,
  updateConsultation,
  updateSupportRequest,
} from '../services/requests'
import { builder } from './builder'

const ConsultationRef = builder.objectRef<ConsultationView>('Consultation').implement({
  description: 'A schedule-consultation request.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    phone: t.exposeString('phone', { nullable: true }),
    company: t.exposeString('company', { nullable: true }),
    projectType: t.exposeString('projectType'),
    budget: t.exposeString('budget', { nullable: true }),
    preferredDate: t.exposeString('preferredDate', { description: 'ISO date-time of the chosen slot' }),
    preferredTime: t.exposeString('preferredTime', { description: 'Slot start, HH:MM US Central' }),
    description: t.exposeString('description'),
    notes: t.exposeString('notes', { nullable: true }),
    status: t.exposeString('status'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    closedAt: t.expose('closedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was completed or cancelled; it is purged REQUEST_RETENTION_DAYS later',
    }),
    delivery: t.exposeString('delivery', { description: 'Notification e-mail: pending, sent or failed' }),
  }),
})

const SupportRequestRef = builder.objectRef<SupportRequestView>('SupportRequest').implement({
  description: 'An IT-support request.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    phone: t.exposeString('phone'),
    businessName: t.exposeString('businessName', { nullable: true }),
    issueType: t.exposeString('issueType'),
    urgency: t.exposeString('urgency'),
    description: t.exposeString('description'),
    preferredContact: t.exposeString('preferredContact'),
    preferredTime: t.exposeString('preferredTime', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
    status: t.exposeString('status'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    closedAt: t.expose('closedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was completed or cancelled; it is purged REQUEST_RETENTION_DAYS later',
    }),
    delivery: t.exposeString('delivery', { description: 'Notification e-mail: pending, sent or failed' }),
  }),
})

builder.queryField('consultations', (t) =>
  t.field({
    type: [ConsultationRef],
    description: 'Newest first.',
    resolve: (_root, _args, ctx) => listConsultations(ctx.db),
  }),
)

builder.queryField('supportRequests', (t) =>
  t.field({
    type: [SupportRequestRef],
    description: 'Newest first.',
    resolve: (_root, _args, ctx) => listSupportRequests(ctx.db),
  }),
)

type UpdateArgs = { status?: string | null; notes?: string | null }
// The REST payload schema validates the arguments too: same rules, same messages.
// An absent or null status means "unchanged"; an explicit null note clears it.
const patchOf = ({ status, notes }: UpdateArgs) =>
  parseWith(requestUpdateInput, { status: status ?? undefined, notes })

builder.mutationField('updateConsultation', (t) =>
  t.field({
    type: ConsultationRef,
    args: { id: t.arg.int({ required: true }), status: t.arg.string(), notes: t.arg.string() },
    resolve: (_root, args, ctx) => updateConsultation(ctx.db, args.id, patchOf(args)),
  }),
)

builder.mutationField('updateSupportRequest', (t) =>
  t.field({
    type: SupportRequestRef,
    args: { id: t.arg.int({ required: true }), status: t.arg.string(), notes: t.arg.string() },
    resolve: (_root, args, ctx) => updateSupportRequest(ctx.db, args.id, patchOf(args)),
  }),
)

// Erasure on a visitor's demand (services/privacy.ts), and its record.
const RequestErasureRef = builder.objectRef<RequestErasure>('RequestErasure').implement({
  description: 'That a request was erased, and why; none of its data.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    requestKind: t.exposeString('requestKind', { description: 'consultation or support' }),
    requestId: t.exposeInt('requestId'),
    reason: t.exposeString('reason', { description: 'visitor (on demand) or retention (the cron)' }),
    erasedAt: t.expose('erasedAt', { type: 'DateTime' }),
  }),
})

builder.queryField('requestErasures', (t) =>
  t.field({
    type: [RequestErasureRef],
    description: 'Newest first.',
    resolve: (_root, _args, ctx) => listErasures(ctx.db),
  }),
)

builder.mutationField('eraseConsultation', (t) =>
  t.field({
    type: 'Int',
    description: 'Deletes the request and its e-mails for good; returns its id.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => eraseRequest(ctx.db, 'consultation', args.id),
  }),
)

builder.mutationField('eraseSupportRequest', (t) =>
  t.field({
    type: 'Int',
    description: 'Deletes the request and its e-mails for good; returns its id.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => eraseRequest(ctx.db, 'support', args.id),
  }),
)
