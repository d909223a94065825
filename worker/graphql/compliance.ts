// GraphQL for the compliance desk (issue 39): the admin's Compliance area reads
// and writes BAAs, incidents and notices through these fields, which call the
// same services and payload schemas as REST (worker/routes/compliance.ts), so
// both APIs answer the same field errors. Owner only, like every field.

import { z } from 'zod'
import {
  baaInput,
  baaPatch,
  incidentInput,
  incidentPatch,
  noticePatch,
} from '../../schema/compliance-payloads.server'
import { rowId } from '../../schema/ids'
import { renderMarkdown } from '../../schema/markdown'
import { deliverEach } from '../mail/outbox'
import { baaRegister, clientsMissingBaa, recordBaa, updateBaa } from '../services/compliance/baas'
import {
  createIncident,
  getIncident,
  type IncidentDeadline,
  listIncidents,
  updateIncident,
} from '../services/compliance/incidents'
import {
  draftNotice,
  noticeRow,
  noticeSendPreview,
  noticeShape,
  noticesOfIncident,
  sendNotice,
  updateNotice,
} from '../services/compliance/notices'
import { builder, somethingToChange, withoutNulls } from './builder'
import { payloadFields } from './payload-input'
import { recipientIds, SendPreviewRef } from './send'

type Baa = Awaited<ReturnType<typeof baaRegister>>[number]
type Missing = Awaited<ReturnType<typeof clientsMissingBaa>>[number]
type IncidentItem = Awaited<ReturnType<typeof listIncidents>>[number]
type Detail = Awaited<ReturnType<typeof getIncident>>
type TimelineEntry = Detail['timeline'][number]
type Notice = ReturnType<typeof noticeShape>

const BaaRef = builder.objectRef<Baa>('Baa').implement({
  description: 'A business associate agreement on file for a client.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the BAA.' }),
    clientId: t.exposeID('clientId', { description: 'The client (the covered entity).' }),
    clientName: t.exposeString('clientName', { description: "The client's name." }),
    effectiveDate: t.exposeString('effectiveDate', { description: 'In force from (YYYY-MM-DD).' }),
    renewalDate: t.exposeString('renewalDate', {
      nullable: true,
      description: 'Renewal or end date (YYYY-MM-DD); null: open-ended.',
    }),
    notificationDays: t.exposeInt('notificationDays', {
      description: "The contract's breach-notice period.",
    }),
    notificationDayKind: t.exposeString('notificationDayKind', {
      description: 'How the period counts: calendar or business days.',
    }),
    source: t.exposeString('source', {
      description: 'Where it came from: quote (a quote with the BAA template was accepted) or recorded.',
    }),
    documentSha256: t.exposeString('documentSha256', {
      nullable: true,
      description: 'SHA-256 of the signed document, computed by the Worker.',
    }),
    documentUrl: t.string({
      nullable: true,
      description: 'The signed PDF (admin URL); null when none is on file.',
      resolve: (b) => (b.hasDocument ? `/api/baas/${b.id}/document` : null),
    }),
  }),
})

const MissingRef = builder.objectRef<Missing>('ClientMissingBaa').implement({
  description:
    'A client that needs a BAA (a healthcare practice, ePHI assets or a request for the BAA) and has none on file.',
  fields: (t) => ({
    clientId: t.exposeID('id', { description: 'The client.' }),
    clientName: t.exposeString('name', { description: "The client's name." }),
    handlesPhi: t.exposeBoolean('handlesPhi', { description: 'Marked as a healthcare practice.' }),
    ephiAssets: t.exposeInt('ephiAssets', { description: 'Its assets in use that hold ePHI.' }),
    baaRequests: t.exposeInt('baaRequests', { description: 'Its support requests that ask for the BAA.' }),
  }),
})

const DeadlineRef = builder.objectRef<IncidentDeadline>('IncidentDeadline').implement({
  description: "An affected client's notification deadline (its clock).",
  fields: (t) => ({
    clientId: t.exposeID('clientId', { description: 'The affected client.' }),
    clientName: t.exposeString('clientName', { description: "The client's name." }),
    dueAt: t.exposeString('dueAt', { description: 'ISO instant: 23:59 business time of the due day.' }),
    basis: t.exposeString('basis', {
      description:
        'Its basis: statute (discovery + 60 calendar days) or contract (the BAA period, when earlier).',
    }),
    notifiedAt: t.exposeString('notifiedAt', {
      nullable: true,
      description: "When the client's notice was sent (its clock stopped); null: still running.",
    }),
  }),
})

const TimelineRef = builder.objectRef<TimelineEntry>('IncidentTimelineEntry').implement({
  description: "One entry of an incident's append-only history.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the entry.' }),
    at: t.exposeString('at', { description: 'When (ISO instant).' }),
    actor: t.exposeString('actor', { description: "Who: 'owner', 'token:<name>'." }),
    action: t.exposeString('action', {
      description: 'What happened: created, updated, notice_drafted or notice_sent.',
    }),
    changes: t.string({
      description: 'What changed, as JSON {field: [before, after]} (the whole input when created).',
      resolve: (e) => JSON.stringify(e.changes),
    }),
    note: t.exposeString('note', { nullable: true, description: 'The note given with the change.' }),
  }),
})

const NoticeRef = builder.objectRef<Notice>('IncidentNotice').implement({
  description: 'The notice of an incident to one affected client (45 CFR 164.410(c)).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the notice.' }),
    incidentId: t.exposeID('incidentId', { description: 'The incident.' }),
    clientId: t.exposeID('clientId', { description: 'The client it goes to.' }),
    subject: t.exposeString('subject', { description: "The e-mail's subject and the PDF's title." }),
    body: t.exposeString('body', { description: 'The text (Markdown headings and lists).' }),
    status: t.exposeString('status', {
      description: 'Its state: draft or sent (a sent notice never changes).',
    }),
    sentAt: t.exposeString('sentAt', { nullable: true, description: 'When it was sent (ISO instant).' }),
    sentTo: t.exposeStringList('sentTo', { description: 'The addresses it went to.' }),
    sha256: t.exposeString('sha256', { nullable: true, description: 'SHA-256 of the sent PDF.' }),
    pdfUrl: t.string({
      nullable: true,
      description: 'The sent PDF exactly as stored (admin URL); null for a draft.',
      resolve: (n) => (n.status === 'sent' ? `/api/incident-notices/${n.id}/pdf` : null),
    }),
  }),
})

const IncidentRef = builder.objectRef<IncidentItem | Detail>('Incident').implement({
  description: 'A security incident and, per affected client, its notification clock.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the incident.' }),
    reference: t.exposeString('reference', { description: 'INC-YYYY-NNNN.' }),
    title: t.exposeString('title', { description: 'What happened, in a line.' }),
    discoveredAt: t.exposeString('discoveredAt', { description: 'Discovery (ISO date-time with offset).' }),
    reportedBy: t.exposeString('reportedBy', { nullable: true, description: 'Who reported it.' }),
    description: t.exposeString('description', { description: 'What happened.' }),
    ephiInvolved: t.exposeString('ephiInvolved', {
      description: 'Whether ePHI is involved: yes, no or unknown.',
    }),
    individualsAffected: t.exposeInt('individualsAffected', {
      nullable: true,
      description: 'Individuals affected; null: unknown.',
    }),
    phiNature: t.exposeString('phiNature', {
      nullable: true,
      description: 'Factor 1: the nature and extent of the PHI involved.',
    }),
    recipient: t.exposeString('recipient', {
      nullable: true,
      description: 'Factor 2: the unauthorized person who used it or to whom it was disclosed.',
    }),
    acquiredOrViewed: t.exposeString('acquiredOrViewed', {
      nullable: true,
      description: 'Factor 3: whether the PHI was actually acquired or viewed.',
    }),
    mitigation: t.exposeString('mitigation', {
      nullable: true,
      description: 'Factor 4: the extent to which the risk has been mitigated.',
    }),
    determination: t.exposeString('determination', {
      description: 'The determination: breach, not_breach (low probability of compromise) or undetermined.',
    }),
    createdAt: t.exposeString('createdAt', { description: 'When it was recorded (ISO instant).' }),
    deadlines: t.field({
      type: [DeadlineRef],
      description: "Each affected client's deadline, soonest first.",
      resolve: (i) => i.deadlines,
    }),
    timeline: t.field({
      type: [TimelineRef],
      description: 'Its history, oldest first: every change is an entry.',
      resolve: async (i, _a, { db }) =>
        'timeline' in i ? i.timeline : (await getIncident(db, i.id)).timeline,
    }),
    notices: t.field({
      type: [NoticeRef],
      description: 'Its notices to affected clients, drafts and sent, oldest first.',
      resolve: (i, _a, { db }) => noticesOfIncident(db, i.id),
    }),
  }),
})

/** Each input field's description in GraphQL (the REST payload schemas carry none). */
const DESCRIPTIONS: Record<string, string> = {
  clientId: 'The client (the covered entity).',
  effectiveDate: 'In force from (YYYY-MM-DD).',
  renewalDate: 'Renewal or end date (YYYY-MM-DD); null: open-ended.',
  notificationDays: "The contract's breach-notice period in days (default 60).",
  notificationDayKind: 'How the period counts: calendar (default) or business days.',
  title: 'What happened, in a line (at most 200 characters).',
  discoveredAt: 'When it was discovered: ISO date-time with an offset.',
  reportedBy: 'Who reported it.',
  description: 'What happened.',
  clientIds: 'The affected clients (at least one).',
  assetIds: "The assets involved, each an affected client's.",
  ephiInvolved: 'Whether ePHI is involved: yes, no or unknown.',
  individualsAffected: 'Individuals affected; null: unknown.',
  determination: 'The determination: breach, not_breach or undetermined.',
  phiNature: 'Factor 1: the nature and extent of the PHI involved.',
  recipient: 'Factor 2: the unauthorized person who used it or to whom it was disclosed.',
  acquiredOrViewed: 'Factor 3: whether the PHI was actually acquired or viewed.',
  mitigation: 'Factor 4: the extent to which the risk has been mitigated.',
  note: 'A note kept with the change in the timeline.',
  subject: "The e-mail's subject and the PDF's title.",
  body: 'The text (Markdown headings and lists).',
}

/** The payload's fields with their GraphQL descriptions (validation still uses the payload itself). */
const describedFields = (payload: z.ZodObject) =>
  z.object(
    Object.fromEntries(
      Object.entries(payload.shape).map(([k, rule]) => [
        k,
        (rule as z.ZodType).meta({ description: DESCRIPTIONS[k] ?? k }),
      ]),
    ),
  )

const IncidentInputRef = builder
  .inputType('IncidentInput', {
    description: 'A new incident; title, discoveredAt, description, clientIds and ephiInvolved are required.',
    fields: (t) =>
      payloadFields(t, describedFields(incidentInput), { ephiInvolved: 'String', determination: 'String' }),
  })
  .validate(withoutNulls(incidentInput))

const IncidentPatchRef = builder
  .inputType('IncidentPatchInput', {
    description: 'The fields to change (each change is a timeline entry); null clears an optional one.',
    fields: (t) =>
      payloadFields(t, describedFields(incidentPatch), { ephiInvolved: 'String', determination: 'String' }),
  })
  .validate(somethingToChange(incidentPatch))

const BaaInputRef = builder
  .inputType('BaaInput', {
    description:
      'A BAA signed elsewhere; clientId and effectiveDate are required (default: 60 calendar days).',
    fields: (t) => payloadFields(t, describedFields(baaInput), { notificationDayKind: 'String' }),
  })
  .validate(withoutNulls(baaInput))

const BaaPatchRef = builder
  .inputType('BaaPatchInput', {
    description: "The BAA's dates or notice period to change; a null renewalDate makes it open-ended.",
    fields: (t) => payloadFields(t, describedFields(baaPatch), { notificationDayKind: 'String' }),
  })
  .validate(somethingToChange(baaPatch))

const NoticePatchRef = builder
  .inputType('IncidentNoticePatchInput', {
    description: "A draft notice's subject or text.",
    fields: (t) => payloadFields(t, describedFields(noticePatch)),
  })
  .validate(somethingToChange(withoutNulls(noticePatch)))

builder.queryField('baas', (t) =>
  t.field({
    type: [BaaRef],
    description: 'The BAAs on file, newest first; with clientId, that client’s only.',
    args: { clientId: t.arg.id({ description: 'Only this client.' }).validate(rowId.nullish()) },
    resolve: (_r, args, { db }) => baaRegister(db, args.clientId ?? undefined),
  }),
)

builder.queryField('clientsMissingBaa', (t) =>
  t.field({
    type: [MissingRef],
    description: 'Clients with ePHI assets and no BAA on file.',
    resolve: (_r, _a, { db }) => clientsMissingBaa(db),
  }),
)

builder.queryField('incidents', (t) =>
  t.field({
    type: [IncidentRef],
    description: 'The incidents, latest discovery first; with clientId, those affecting that client.',
    args: {
      clientId: t.arg.id({ description: 'Only incidents affecting this client.' }).validate(rowId.nullish()),
    },
    resolve: async (_r, args, { db }) => {
      const all = await listIncidents(db)
      const clientId = args.clientId
      return clientId ? all.filter((i) => i.deadlines.some((d) => d.clientId === clientId)) : all
    },
  }),
)

builder.queryField('incident', (t) =>
  t.field({
    type: IncidentRef,
    description: 'One incident with its deadlines, timeline and notices.',
    args: { id: t.arg.id({ required: true, description: 'Id of the incident.' }).validate(rowId) },
    resolve: (_r, args, { db }) => getIncident(db, args.id),
  }),
)

builder.queryField('incidentNoticeSendPreview', (t) =>
  t.field({
    type: SendPreviewRef,
    description: "The send step of a draft notice: the client's contacts, the e-mail, the PDF, warnings.",
    args: { id: t.arg.id({ required: true, description: 'Id of the notice.' }).validate(rowId) },
    resolve: (_r, args, { db }) => noticeSendPreview(db, args.id),
  }),
)

builder.queryField('incidentNoticePreview', (t) =>
  t.string({
    description:
      "A notice's Markdown rendered as safe HTML, as the client's e-mail shows it (the editor's preview).",
    args: { body: t.arg.string({ required: true, description: 'The notice text (Markdown).' }) },
    resolve: (_r, { body }) => renderMarkdown(body.slice(0, 100_000)),
  }),
)

builder.mutationField('recordBaa', (t) =>
  t.field({
    type: BaaRef,
    description: 'Records a BAA signed elsewhere; its PDF may follow (PUT /api/baas/{id}/document).',
    args: { input: t.arg({ type: BaaInputRef, required: true, description: 'The BAA.' }) },
    resolve: async (_r, args, { db, env }) => {
      const made = await recordBaa(db, env, args.input)
      return (await baaRegister(db, made.clientId)).find((b) => b.id === made.id)!
    },
  }),
)

builder.mutationField('updateBaa', (t) =>
  t.field({
    type: BaaRef,
    description: "Changes a BAA's dates or notice period.",
    args: {
      id: t.arg.id({ required: true, description: 'Id of the BAA.' }).validate(rowId),
      input: t.arg({ type: BaaPatchRef, required: true, description: 'The changes.' }),
    },
    resolve: async (_r, args, { db }) => {
      const changed = await updateBaa(db, args.id, args.input)
      return (await baaRegister(db, changed.clientId)).find((b) => b.id === changed.id)!
    },
  }),
)

builder.mutationField('createIncident', (t) =>
  t.field({
    type: IncidentRef,
    description: 'Records an incident: its reference and each affected client’s deadline.',
    args: { input: t.arg({ type: IncidentInputRef, required: true, description: 'The incident.' }) },
    resolve: (_r, args, { db }) => createIncident(db, args.input, 'owner'),
  }),
)

builder.mutationField('updateIncident', (t) =>
  t.field({
    type: IncidentRef,
    description: 'Changes an incident (assessment, determination, ...); the change joins its timeline.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the incident.' }).validate(rowId),
      input: t.arg({ type: IncidentPatchRef, required: true, description: 'The changes.' }),
    },
    resolve: (_r, args, { db }) => updateIncident(db, args.id, args.input, 'owner'),
  }),
)

builder.mutationField('draftIncidentNotice', (t) =>
  t.field({
    type: NoticeRef,
    description: 'Drafts the notice to an affected client with the content of 164.410(c).',
    args: {
      incidentId: t.arg.id({ required: true, description: 'Id of the incident.' }).validate(rowId),
      clientId: t.arg.id({ required: true, description: 'The affected client.' }).validate(rowId),
    },
    resolve: (_r, args, { db, env }) => draftNotice(db, env, args.incidentId, args.clientId, 'owner'),
  }),
)

builder.mutationField('updateIncidentNotice', (t) =>
  t.field({
    type: NoticeRef,
    description: 'Edits a draft notice (a sent one is refused).',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the notice.' }).validate(rowId),
      input: t.arg({ type: NoticePatchRef, required: true, description: 'The changes.' }),
    },
    resolve: (_r, args, { db }) => updateNotice(db, args.id, args.input),
  }),
)

builder.mutationField('sendIncidentNotice', (t) =>
  t.field({
    type: NoticeRef,
    description: "Sends a draft notice to the chosen contacts as a PDF; stops that client's clock.",
    args: {
      id: t.arg.id({ required: true, description: 'Id of the notice.' }).validate(rowId),
      recipientContactIds: t.arg
        .idList({
          description:
            "The client's contacts to send it to; absent: the default one (see incidentNoticeSendPreview).",
        })
        .validate(recipientIds),
    },
    resolve: async (_r, args, { db, env, later }) => {
      const sent = await sendNotice(db, env, args.id, args.recipientContactIds, 'owner')
      if (sent.outboxIds.length) later(deliverEach(db, env, sent.outboxIds))
      return noticeShape(await noticeRow(db, args.id))
    },
  }),
)
