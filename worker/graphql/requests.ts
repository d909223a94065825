// GraphQL types, queries and mutations for consultation and support requests.
// Resolvers call the same service functions as the REST handlers
// (worker/services/requests/); the owner scope comes from the root types.
import { rowId } from '../../schema/ids'
import { replyInput, requestUpdateInput, supportUpdateInput } from '../../schema/payloads'
import { REQUEST_STATUSES, SUPPORT_STATUSES } from '../../schema/request-statuses'
import type { RequestErasure } from '../../schema/tables'
import { deliverEach } from '../mail/outbox'
import { markRequestSeen } from '../services/customer-replies'
import { Invalid } from '../services/errors'
import { eraseRequest, listErasures } from '../services/privacy'
import {
  type ConsultationView,
  getConsultationView,
  getSupportRequestView,
  listConsultations,
  listSupportRequests,
  listThread,
  type Recipient,
  replyRecipients,
  replyToRequest,
  type SupportRequestView,
  type ThreadMessage,
  updateConsultation,
  updateSupportRequest,
} from '../services/requests'
import { builder } from './builder'
import {
  BudgetEnum,
  ContactMethodEnum,
  ContactTimeEnum,
  DeliveryEnum,
  IssueTypeEnum,
  ProjectTypeEnum,
  ReplyDeliveryEnum,
  RequestStatusEnum,
  SupportStatusEnum,
  TimeSlotEnum,
  UrgencyEnum,
} from './enums'

/** A stored status outside the list (none is written today) shows as cancelled, as SPEC §3 styles it. */
const knownStatus = ({ status }: { status: string }) =>
  (REQUEST_STATUSES as readonly string[]).includes(status) ? status : 'cancelled'

/** A stored support status outside the workflow (none is written) shows as closed. */
const knownSupportStatus = ({ status }: { status: string }) =>
  (SUPPORT_STATUSES as readonly string[]).includes(status) ? status : 'closed'

const ThreadMessageRef = builder.objectRef<ThreadMessage>('ThreadMessage').implement({
  description: "One message of a request's thread: the owner's reply or the requester's e-mail.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the message.' }),
    incoming: t.boolean({
      description: 'True for an e-mail from the requester, false for a reply from the owner.',
      resolve: (m) => m.direction === 'in',
    }),
    author: t.exposeString('author', { description: 'Who wrote it (an e-mail address).' }),
    authorName: t.exposeString('authorName', {
      nullable: true,
      description: "The writer's name: the client's contact who wrote, or the owner.",
    }),
    body: t.exposeString('body', { description: 'The text, without quoted history or signature.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was written or received.' }),
    delivery: t.field({
      type: ReplyDeliveryEnum,
      nullable: true,
      description: "The reply e-mail's state; null for an incoming message.",
      resolve: (m) => m.delivery,
    }),
    attachments: t.stringList({
      description: 'Names of the attachments stored with an incoming message.',
      resolve: (m) => m.attachments.map((a) => a.name),
    }),
  }),
})

const ConsultationRef = builder.objectRef<ConsultationView>('Consultation').implement({
  description: 'A schedule-consultation request.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the request.' }),
    reference: t.string({
      description: 'The reference the visitor was given (C-1042).',
      resolve: (r) => r.reference ?? '',
    }),
    name: t.exposeString('name', { description: "Visitor's name." }),
    email: t.exposeString('email', { description: "Visitor's e-mail address." }),
    phone: t.exposeString('phone', { nullable: true, description: "Visitor's phone number." }),
    company: t.exposeString('company', { nullable: true, description: "Visitor's company." }),
    projectType: t.expose('projectType', { type: ProjectTypeEnum, description: 'Kind of project.' }),
    budget: t.expose('budget', { type: BudgetEnum, nullable: true, description: 'Budget range.' }),
    preferredDate: t.exposeString('preferredDate', { description: 'ISO date-time of the chosen slot' }),
    preferredTime: t.expose('preferredTime', { type: TimeSlotEnum, description: 'Slot start, US Central' }),
    description: t.exposeString('description', { description: 'What the visitor needs.' }),
    notes: t.exposeString('notes', { nullable: true, description: "The owner's private notes." }),
    clientId: t.exposeID('clientId', {
      nullable: true,
      description: 'The client this request belongs to (issue 24).',
    }),
    contactId: t.exposeID('contactId', {
      nullable: true,
      description: 'The contact who sent it (issue 24).',
    }),
    status: t.field({ type: RequestStatusEnum, description: 'Set by the owner.', resolve: knownStatus }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was submitted.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
    closedAt: t.expose('closedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was completed or cancelled; it is purged REQUEST_RETENTION_DAYS later.',
    }),
    delivery: t.expose('delivery', { type: DeliveryEnum, description: 'State of the notification e-mail.' }),
    customerRepliedAt: t.expose('customerRepliedAt', {
      type: 'DateTime',
      nullable: true,
      description: "When the requester's latest reply arrived; null once the owner has opened the request.",
    }),
    thread: t.field({
      type: [ThreadMessageRef],
      description: 'The thread of replies and answers, oldest first.',
      resolve: (r, _args, ctx) => listThread(ctx.db, 'consultation', r.id),
    }),
  }),
})

const SupportRequestRef = builder.objectRef<SupportRequestView>('SupportRequest').implement({
  description: 'An IT-support request.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the request.' }),
    reference: t.string({
      description: 'The reference the visitor was given (S-1043).',
      resolve: (r) => r.reference ?? '',
    }),
    name: t.exposeString('name', { description: "Visitor's name." }),
    email: t.exposeString('email', { description: "Visitor's e-mail address." }),
    phone: t.exposeString('phone', { description: "Visitor's phone number." }),
    businessName: t.exposeString('businessName', { nullable: true, description: "Visitor's business." }),
    issueType: t.expose('issueType', { type: IssueTypeEnum, description: 'What the problem is about.' }),
    urgency: t.expose('urgency', { type: UrgencyEnum, description: 'How soon help is needed.' }),
    description: t.exposeString('description', { description: 'The problem.' }),
    preferredContact: t.expose('preferredContact', { type: ContactMethodEnum, description: 'How to reply.' }),
    preferredTime: t.expose('preferredTime', {
      type: ContactTimeEnum,
      nullable: true,
      description: 'When to reply.',
    }),
    notes: t.exposeString('notes', { nullable: true, description: "The owner's private notes." }),
    clientId: t.exposeID('clientId', {
      nullable: true,
      description: 'The client this request belongs to (issue 24).',
    }),
    contactId: t.exposeID('contactId', {
      nullable: true,
      description: 'The contact who sent it (issue 24).',
    }),
    assetId: t.exposeID('assetId', {
      nullable: true,
      description: "The asset it is about (issue 38), one of its client's.",
    }),
    quoteId: t.exposeID('quoteId', {
      nullable: true,
      description: 'The quote whose client asked for changes in it (issue 36, ADR 164).',
    }),
    status: t.field({
      type: SupportStatusEnum,
      description: 'Set by the owner.',
      resolve: knownSupportStatus,
    }),
    dueAt: t.expose('dueAt', {
      type: 'DateTime',
      nullable: true,
      description:
        'When an answer is due; null while waiting on the requester, once closed, or for older requests.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was submitted.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
    closedAt: t.expose('closedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was resolved or closed; it is purged REQUEST_RETENTION_DAYS later.',
    }),
    delivery: t.expose('delivery', { type: DeliveryEnum, description: 'State of the notification e-mail.' }),
    customerRepliedAt: t.expose('customerRepliedAt', {
      type: 'DateTime',
      nullable: true,
      description: "When the requester's latest reply arrived; null once the owner has opened the request.",
    }),
    thread: t.field({
      type: [ThreadMessageRef],
      description: 'The thread of replies and answers, oldest first.',
      resolve: (r, _args, ctx) => listThread(ctx.db, 'support', r.id),
    }),
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

builder.queryField('consultationThread', (t) =>
  t.field({
    type: [ThreadMessageRef],
    description: "A consultation's thread, oldest first; NOT_FOUND when it does not exist.",
    args: { id: t.arg.id({ required: true, description: 'Id of the request.' }).validate(rowId) },
    resolve: (_root, { id }, ctx) => listThread(ctx.db, 'consultation', id),
  }),
)

builder.queryField('supportRequestThread', (t) =>
  t.field({
    type: [ThreadMessageRef],
    description: "A support request's thread, oldest first; NOT_FOUND when it does not exist.",
    args: { id: t.arg.id({ required: true, description: 'Id of the request.' }).validate(rowId) },
    resolve: (_root, { id }, ctx) => listThread(ctx.db, 'support', id),
  }),
)

// The owner's changes to a request. An absent or null status means "unchanged";
// an explicit null note clears it, an absent one leaves it (the REST rules).
const updateArgs = builder.args((t) => ({
  id: t.id({ required: true, description: 'Id of the request.' }).validate(rowId),
  status: t
    .field({ type: RequestStatusEnum, description: 'The new status; absent or null leaves it.' })
    .validate(requestUpdateInput.shape.status.nullable()),
  notes: t
    .string({ description: 'The new notes; null or empty clears them, absent leaves them.' })
    .validate(requestUpdateInput.shape.notes),
}))

builder.mutationField('updateConsultation', (t) =>
  t.field({
    type: ConsultationRef,
    description: "Changes a consultation's status or notes; NOT_FOUND when it does not exist.",
    args: updateArgs,
    resolve: async (_root, { id, status, notes }, ctx) => {
      const view = await updateConsultation(
        ctx.db,
        id,
        { status: status ?? undefined, notes },
        { env: ctx.env, send: (ids) => ctx.later(deliverEach(ctx.db, ctx.env, ids)) },
      )
      // The audit trail names the reference and the new status: "Changed C-1002 to Confirmed" (issue 28).
      ctx.noteAudit({ record: view.reference, state: status ?? null })
      return view
    },
  }),
)

const supportUpdateArgs = builder.args((t) => ({
  id: t.id({ required: true, description: 'Id of the request.' }).validate(rowId),
  status: t
    .field({ type: SupportStatusEnum, description: 'The new status; absent or null leaves it.' })
    .validate(supportUpdateInput.shape.status.nullable()),
  notes: t
    .string({ description: 'The new notes; null or empty clears them, absent leaves them.' })
    .validate(supportUpdateInput.shape.notes),
}))

builder.mutationField('updateSupportRequest', (t) =>
  t.field({
    type: SupportRequestRef,
    description: "Changes a support request's status or notes; NOT_FOUND when it does not exist.",
    args: supportUpdateArgs,
    resolve: async (_root, { id, status, notes }, ctx) => {
      const view = await updateSupportRequest(
        ctx.db,
        id,
        { status: status ?? undefined, notes },
        Date.now(),
        {
          env: ctx.env,
          later: ctx.later,
        },
      )
      ctx.noteAudit({ record: view.reference, state: status ?? null })
      return view
    },
  }),
)

// Erasure on a visitor's demand (services/privacy.ts), and its record.
const RequestErasureRef = builder.objectRef<RequestErasure>('RequestErasure').implement({
  description: 'That a request was erased, and why; none of its data.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the erasure record.' }),
    requestKind: t.exposeString('requestKind', {
      description: 'Which form it came from: consultation or support.',
    }),
    requestId: t.exposeID('requestId', { description: 'Id the erased request had.' }),
    reason: t.exposeString('reason', { description: 'Why: visitor (on demand) or retention (the cron).' }),
    erasedAt: t.expose('erasedAt', { type: 'DateTime', description: 'When it was erased.' }),
  }),
})

builder.queryField('requestErasures', (t) =>
  t.field({
    type: [RequestErasureRef],
    description: 'Every erasure, newest first.',
    resolve: (_root, _args, ctx) => listErasures(ctx.db),
  }),
)

const eraseArgs = builder.args((t) => ({
  id: t.id({ required: true, description: 'Id of the request.' }).validate(rowId),
}))

builder.mutationField('eraseConsultation', (t) =>
  t.field({
    type: 'ID',
    description: 'Deletes the consultation and its e-mails for good; returns its id.',
    args: eraseArgs,
    resolve: async (_root, { id }, ctx) =>
      String(await eraseRequest(ctx.db, 'consultation', Number(id), Date.now(), ctx.env.FILES)),
  }),
)

builder.mutationField('eraseSupportRequest', (t) =>
  t.field({
    type: 'ID',
    description: 'Deletes the support request and its e-mails for good; returns its id.',
    args: eraseArgs,
    resolve: async (_root, { id }, ctx) =>
      String(await eraseRequest(ctx.db, 'support', Number(id), Date.now(), ctx.env.FILES)),
  }),
)

// Opening a request clears its "Customer replied" mark (issue 28).
builder.mutationField('markConsultationSeen', (t) =>
  t.field({
    type: ConsultationRef,
    description: 'The owner opened the consultation: it is no longer marked as replied to by the customer.',
    args: eraseArgs,
    resolve: async (_root, { id }, ctx) => {
      await markRequestSeen(ctx.db, 'consultation', Number(id))
      return getConsultationView(ctx.db, Number(id))
    },
  }),
)

builder.mutationField('markSupportRequestSeen', (t) =>
  t.field({
    type: SupportRequestRef,
    description:
      'The owner opened the support request: it is no longer marked as replied to by the customer.',
    args: eraseArgs,
    resolve: async (_root, { id }, ctx) => {
      await markRequestSeen(ctx.db, 'support', Number(id))
      return getSupportRequestView(ctx.db, Number(id))
    },
  }),
)

// The owner's reply: stored in the thread, e-mailed through the outbox after the answer (ADR 103).
const replyArgs = builder.args((t) => ({
  id: t.id({ required: true, description: 'Id of the request.' }).validate(rowId),
  body: t.string({ required: true, description: 'The reply text.' }).validate(replyInput.shape.body),
  cc: t
    .stringList({ description: "Copies: among the recipients' copies offered." })
    .validate(replyInput.shape.cc),
}))

const RecipientRef = builder.objectRef<Recipient>('ReplyRecipient').implement({
  description: 'A person a reply can go to.',
  fields: (t) => ({
    email: t.exposeString('email', { description: 'Their e-mail address.' }),
    name: t.exposeString('name', { description: 'Their name.' }),
  }),
})
const RecipientsRef = builder.objectRef<{ to: Recipient; copies: Recipient[] }>('ReplyRecipients').implement({
  description: "Whom the owner's reply goes to, and who can be copied.",
  fields: (t) => ({
    to: t.field({ type: RecipientRef, description: 'The person who wrote last.', resolve: (r) => r.to }),
    copies: t.field({
      type: [RecipientRef],
      description: "The client's other contacts, offered as copies.",
      resolve: (r) => r.copies,
    }),
  }),
})

builder.queryField('replyRecipients', (t) =>
  t.field({
    type: RecipientsRef,
    description: 'Whom a reply to a request goes to (the last writer) and who can be copied.',
    args: {
      kind: t.arg.string({ required: true, description: '"consultation" or "support".' }),
      id: t.arg.id({ required: true, description: 'Id of the request.' }).validate(rowId),
    },
    resolve: (_root, { kind, id }, ctx) => {
      if (kind !== 'consultation' && kind !== 'support') throw new Invalid({ kind: 'Unknown kind' })
      return replyRecipients(ctx.db, kind, id)
    },
  }),
)

for (const [field, kind, what] of [
  ['replyToConsultation', 'consultation', 'consultation'],
  ['replyToSupportRequest', 'support', 'support request'],
] as const) {
  builder.mutationField(field, (t) =>
    t.field({
      type: ThreadMessageRef,
      description: `Replies to the ${what}'s requester; NOT_FOUND when it does not exist.`,
      args: replyArgs,
      // Sent after the answer, as over REST (ADR 103): the reply comes back pending.
      resolve: (_root, { id, body, cc }, ctx): Promise<ThreadMessage> =>
        replyToRequest(ctx.db, ctx.env, kind, id, body, ctx.later, Date.now(), cc ?? []),
    }),
  )
}
