// GraphQL types, queries and mutations of the clients area (issue 24). The
// resolvers call the same services as /api/clients; the owner scope comes from
// the root types. Quotes, invoices and time (issues 25 and 26) add their own
// fields to the Client type in their modules (builder.objectField(ClientRef, ...)).
import { eq } from 'drizzle-orm'
import {
  CLIENT_STATUSES,
  clientInput,
  clientPatch,
  contactInput,
  contactPatch,
} from '../../schema/client-payloads'
import { rowId } from '../../schema/ids'
import { SIGN_IN_LINK_TTL_MINUTES } from '../../schema/sign-in-link'
import type { Client, ClientFile, Contact } from '../../schema/tables'
import { tables } from '../db'
import { deliverLogged } from '../mail/outbox'
import {
  addContact,
  archiveClient,
  contactsOf,
  createClient,
  endSessionsOfContact,
  filesOf,
  getClient,
  listClients,
  mergeClients,
  requestsOf,
  updateClient,
  updateContact,
} from '../services/clients'
import { eraseContact } from '../services/clients-privacy'
import { inviteToPortal } from '../services/portal-invite'
import { builder, somethingToChange, withoutNulls } from './builder'

export const ClientStatusEnum = builder.enumType('ClientStatus', {
  description: 'Whether a client is current or archived (kept, but out of the default list).',
  values: Object.fromEntries(
    CLIENT_STATUSES.map((s) => [
      s.toUpperCase(),
      { value: s, description: s === 'active' ? 'Current.' : 'Archived.' },
    ]),
  ) as Record<'ACTIVE' | 'ARCHIVED', { value: 'active' | 'archived'; description: string }>,
})

const RequestKindEnum = builder.enumType('ClientRequestKind', {
  description: 'Which form a request came from.',
  values: {
    CONSULTATION: { value: 'consultation', description: 'A consultation booking.' },
    SUPPORT: { value: 'support', description: 'An IT-support request.' },
  } as const,
})

type ClientRow = Client & { contactCount?: number; requestCount?: number }
type ClientRequestRow = {
  kind: 'consultation' | 'support'
  id: number
  reference: string | null
  status: string
  subject: string
  name: string
  email: string
  contactId: number | null
  when: string | null
  createdAt: Date
  updatedAt: Date
}

export const ContactRef = builder.objectRef<Contact>('Contact').implement({
  description: 'A person of a client.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the contact.' }),
    clientId: t.exposeID('clientId', { description: 'Id of their client.' }),
    name: t.exposeString('name', { description: 'Full name.' }),
    email: t.exposeString('email', { description: 'E-mail address (lower case, unique across contacts).' }),
    phone: t.exposeString('phone', { nullable: true, description: 'Phone number.' }),
    role: t.exposeString('role', {
      nullable: true,
      description: 'Role at the client (practice manager, ...).',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the contact was made.' }),
    portalSessions: t.int({
      description: 'How many portal sessions the contact has open.',
      resolve: (k, _args, { db }) =>
        db.$count(tables.portalSessions, eq(tables.portalSessions.contactId, k.id)),
    }),
  }),
})

const ClientRequestRef = builder.objectRef<ClientRequestRow>('ClientRequest').implement({
  description: 'A request or booking of a client, as its page lists it.',
  fields: (t) => ({
    kind: t.field({ type: RequestKindEnum, description: 'Consultation or support.', resolve: (r) => r.kind }),
    id: t.exposeID('id', { description: 'Id of the request (within its kind).' }),
    reference: t.string({
      description: 'The visitor’s reference (C-1042, S-1043).',
      resolve: (r) => r.reference ?? '',
    }),
    status: t.exposeString('status', { description: 'Its status, as stored.' }),
    subject: t.exposeString('subject', { description: 'Project type or issue type, as stored.' }),
    name: t.exposeString('name', { description: 'Who sent it.' }),
    email: t.exposeString('email', { description: 'The address it was sent from.' }),
    contactId: t.exposeID('contactId', { nullable: true, description: 'Id of the contact it belongs to.' }),
    when: t.exposeString('when', {
      nullable: true,
      description: 'A consultation’s booked slot (ISO date-time); null for support.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it arrived.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
})

const ClientFileRef = builder.objectRef<ClientFile>('ClientFile').implement({
  description: 'A file shared between the owner and a client.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the file.' }),
    name: t.exposeString('name', { description: 'File name.' }),
    type: t.exposeString('type', { description: 'Content type.' }),
    size: t.exposeInt('size', { description: 'Size in bytes.' }),
    uploadedBy: t.exposeString('uploadedBy', {
      description: '"owner" (shared with the client) or "contact".',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was uploaded.' }),
  }),
})

export const ClientRef = builder.objectRef<ClientRow>('Client').implement({
  description: 'An organisation (or a person working alone) the owner works for.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the client.' }),
    name: t.exposeString('name', { description: 'Organisation name.' }),
    domains: t.exposeStringList('domains', { description: 'E-mail domains of the organisation.' }),
    notes: t.exposeString('notes', { nullable: true, description: "The owner's notes." }),
    defaultRateCents: t.exposeInt('defaultRateCents', {
      nullable: true,
      description: 'Default hourly rate in cents.',
    }),
    roundingMinutes: t.exposeInt('roundingMinutes', {
      description: 'Time rounding when invoiced: 0, 6 or 15.',
    }),
    paymentTermsDays: t.exposeInt('paymentTermsDays', { description: 'Invoice payment terms in days.' }),
    handlesPhi: t.exposeBoolean('handlesPhi', {
      description: 'A healthcare practice whose patient data the owner may touch: it needs a BAA on file.',
    }),
    status: t.field({
      type: ClientStatusEnum,
      description: 'Active or archived.',
      resolve: (c) => c.status as never,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the client was made.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
    contactCount: t.int({
      description: 'How many contacts it has.',
      resolve: async (c, _args, { db }) => c.contactCount ?? (await contactsOf(db, c.id)).length,
    }),
    requestCount: t.int({
      description: 'How many requests and bookings it has.',
      resolve: async (c, _args, { db }) => {
        if (c.requestCount !== undefined) return c.requestCount
        const { consultations, supportRequests } = await requestsOf(db, c.id)
        return consultations.length + supportRequests.length
      },
    }),
    contacts: t.field({
      type: [ContactRef],
      description: 'Its contacts, oldest first.',
      resolve: (c, _args, { db }) => contactsOf(db, c.id),
    }),
    requests: t.field({
      type: [ClientRequestRef],
      description: 'Every request and booking, newest first.',
      resolve: async (c, _args, { db }) => {
        const { consultations, supportRequests } = await requestsOf(db, c.id)
        const rows: ClientRequestRow[] = [
          ...consultations.map((r) => ({ ...r, kind: 'consultation' as const, when: r.preferredDate })),
          ...supportRequests.map((r) => ({ ...r, kind: 'support' as const, when: null })),
        ]
        return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      },
    }),
    files: t.field({
      type: [ClientFileRef],
      description: 'Files shared with the client or uploaded by its contacts, newest first.',
      resolve: (c, _args, { db }) => filesOf(db, c.id),
    }),
  }),
})

// ---------- Inputs: nullable fields, the payload schemas decide (ADR 040) ----------

const ContactInputRef = builder
  .inputType('ContactInput', {
    description: 'A new contact; name and e-mail are required (checked by the server).',
    fields: (t) => ({
      name: t.string({ description: 'Full name, at most 120 characters.' }),
      email: t.string({ description: 'E-mail address, unique across contacts.' }),
      phone: t.string({ description: 'Optional phone number.' }),
      role: t.string({ description: 'Optional role, at most 120 characters.' }),
    }),
  })
  .validate(withoutNulls(contactInput))

const ContactPatchRef = builder
  .inputType('ContactPatch', {
    description: 'A contact’s changes; absent fields stay, null phone or role clears it.',
    fields: (t) => ({
      name: t.string({ description: 'Full name.' }),
      email: t.string({ description: 'E-mail address, unique across contacts.' }),
      phone: t.string({ description: 'Phone number; empty clears it.' }),
      role: t.string({ description: 'Role; empty clears it.' }),
    }),
  })
  .validate(somethingToChange(withoutNulls(contactPatch)))

const clientFields = (t: PothosInputFields) => ({
  name: t.string({ description: 'Organisation name, at most 200 characters.' }),
  domains: t.stringList({ description: 'E-mail domains (clinic.example).' }),
  notes: t.string({ description: 'Notes, at most 5000 characters; empty clears them.' }),
  defaultRateCents: t.int({ description: 'Default hourly rate in cents.' }),
  roundingMinutes: t.int({ description: 'Time rounding when invoiced: 0, 6 or 15.' }),
  paymentTermsDays: t.int({ description: 'Invoice payment terms in days (0-365).' }),
  handlesPhi: t.boolean({ description: 'A healthcare practice that needs a BAA on file.' }),
  confirmDuplicate: t.boolean({
    description:
      'Save a name that matches another client’s; without it a CONFLICT with reason LIKELY_DUPLICATE.',
  }),
})
type PothosInputFields = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]

const ClientInputRef = builder
  .inputType('ClientInput', {
    description: 'A new client with its first contacts; the name is required (checked by the server).',
    fields: (t) => ({
      ...clientFields(t),
      contacts: t.field({ type: [ContactInputRef], description: 'Its first contacts.' }),
    }),
  })
  .validate(withoutNulls(clientInput))

const ClientPatchRef = builder
  .inputType('ClientPatch', {
    description: 'A client’s changes; absent fields stay as they are.',
    fields: (t) => ({
      ...clientFields(t),
      status: t.field({ type: ClientStatusEnum, description: 'Active or archived.' }),
    }),
  })
  .validate(somethingToChange(withoutNulls(clientPatch)))

// ---------- Queries ----------

builder.queryField('clients', (t) =>
  t.field({
    type: [ClientRef],
    description:
      "Clients by name; `search` looks in names, domains and contacts' names and e-mail addresses.",
    args: {
      search: t.arg.string({ description: 'Text to look for.' }),
      status: t.arg({ type: ClientStatusEnum, description: 'Active (default) or archived.' }),
      all: t.arg.boolean({ description: 'True lists active and archived clients together.' }),
    },
    resolve: (_root, { search, status, all }, { db }) =>
      listClients(db, {
        q: search?.trim().slice(0, 100) || undefined,
        status: all ? 'all' : (status ?? 'active'),
      }),
  }),
)

builder.queryField('client', (t) =>
  t.field({
    type: ClientRef,
    description: 'One client; NOT_FOUND when it does not exist.',
    args: { id: t.arg.id({ required: true, description: 'Id of the client.' }).validate(rowId) },
    resolve: (_root, { id }, { db }) => getClient(db, id),
  }),
)

// ---------- Mutations ----------

builder.mutationField('createClient', (t) =>
  t.field({
    type: ClientRef,
    description: 'Creates a client with its first contacts.',
    args: { input: t.arg({ type: ClientInputRef, required: true, description: 'The new client.' }) },
    resolve: (_root, { input }, { db }) => createClient(db, input),
  }),
)

builder.mutationField('updateClient', (t) =>
  t.field({
    type: ClientRef,
    description: 'Changes a client; NOT_FOUND when it does not exist.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the client.' }).validate(rowId),
      input: t.arg({ type: ClientPatchRef, required: true, description: 'The fields to change.' }),
    },
    resolve: (_root, { id, input }, { db }) => updateClient(db, id, input),
  }),
)

builder.mutationField('archiveClient', (t) =>
  t.field({
    type: ClientRef,
    description: 'Archives a client (true) or makes it active again (false).',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the client.' }).validate(rowId),
      archived: t.arg.boolean({ required: true, description: 'True archives, false restores.' }),
    },
    resolve: (_root, { id, archived }, { db }) => archiveClient(db, id, archived),
  }),
)

builder.mutationField('addContact', (t) =>
  t.field({
    type: ContactRef,
    description: 'Adds a contact to a client.',
    args: {
      clientId: t.arg.id({ required: true, description: 'Id of the client.' }).validate(rowId),
      input: t.arg({ type: ContactInputRef, required: true, description: 'The new contact.' }),
    },
    resolve: (_root, { clientId, input }, { db }) => addContact(db, clientId, input),
  }),
)

builder.mutationField('updateContact', (t) =>
  t.field({
    type: ContactRef,
    description: 'Changes a contact; NOT_FOUND when it does not exist.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the contact.' }).validate(rowId),
      input: t.arg({ type: ContactPatchRef, required: true, description: 'The fields to change.' }),
    },
    resolve: (_root, { id, input }, { db }) => updateContact(db, id, input),
  }),
)

builder.mutationField('mergeClients', (t) =>
  t.field({
    type: ClientRef,
    description:
      'Moves everything of the source client (contacts, requests, files, quotes, invoices, time) into the target and deletes the source.',
    args: {
      targetId: t.arg.id({ required: true, description: 'The client that stays.' }).validate(rowId),
      sourceId: t.arg
        .id({ required: true, description: 'The client merged into it and deleted.' })
        .validate(rowId),
    },
    resolve: async (_root, { targetId, sourceId }, { db, user }) =>
      mergeClients(db, { targetId, sourceId }, { userId: user!.id, username: user!.username }),
  }),
)

builder.mutationField('endContactSessions', (t) =>
  t.int({
    description: 'Signs a contact out of the portal everywhere; returns how many sessions ended.',
    args: { contactId: t.arg.id({ required: true, description: 'Id of the contact.' }).validate(rowId) },
    resolve: (_root, { contactId }, { db }) => endSessionsOfContact(db, contactId),
  }),
)

const PortalInviteRef = builder.objectRef<{ url: string | null; mailed: boolean }>('PortalInvite').implement({
  description: 'A portal sign-in link made for a contact.',
  fields: (t) => ({
    url: t.exposeString('url', {
      nullable: true,
      description: 'The link to pass on by hand; null when it was e-mailed (it works once).',
    }),
    mailed: t.exposeBoolean('mailed', { description: 'True when the link was e-mailed to the contact.' }),
  }),
})

builder.mutationField('inviteToPortal', (t) =>
  t.field({
    type: PortalInviteRef,
    description: `Makes a single-use, ${SIGN_IN_LINK_TTL_MINUTES}-minute portal sign-in link for a contact and e-mails it (send: true, with visitor mail on), or returns it to copy.`,
    args: {
      contactId: t.arg.id({ required: true, description: 'Id of the contact.' }).validate(rowId),
      send: t.arg.boolean({ required: true, description: 'E-mail it (true) or return it to copy (false).' }),
    },
    resolve: async (_root, { contactId, send }, { db, env, later }) => {
      const invite = await inviteToPortal(db, env, contactId, { send })
      if (invite.outboxId !== null) later(deliverLogged(db, env, invite.outboxId))
      return { url: invite.url, mailed: invite.outboxId !== null }
    },
  }),
)

const ContactErasureRef = builder.objectRef<{ requests: number; files: number }>('ContactErasure').implement({
  description: 'What the erasure of a contact removed.',
  fields: (t) => ({
    requests: t.exposeInt('requests', { description: 'Requests and bookings erased with the contact.' }),
    files: t.exposeInt('files', { description: 'Files the contact had uploaded.' }),
  }),
})

builder.mutationField('eraseContact', (t) =>
  t.field({
    type: ContactErasureRef,
    description:
      'Erases a contact on their demand: their requests, their uploads, their portal sessions and links, then the contact.',
    args: { id: t.arg.id({ required: true, description: 'Id of the contact.' }).validate(rowId) },
    resolve: (_root, { id }, { db, env }) => eraseContact(db, id, env.FILES),
  }),
)
