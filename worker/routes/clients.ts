// /api/clients (issue 24): the owner's clients for automation, described in
// /api/openapi.json by the same schemas that validate each request. Owner
// only: a session cookie or a personal access token (worker/auth/bearer.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { createSelectSchema } from 'drizzle-zod'
import { clientInput, clientPatch, clientQuery, contactInput } from '../../schema/client-payloads'
import { rowId } from '../../schema/ids'
import type { Client, Contact } from '../../schema/tables'
import { requireOwner } from '../auth/middleware'
import { tables } from '../db'
import { privateNoStore } from '../middleware/cache-headers'
import {
  openApiBody as body,
  CONFLICT,
  fileAnswer,
  openApiJson as json,
  NOT_FOUND,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
} from '../middleware/openapi'
import {
  addContact,
  type ClientSummary,
  type ClientWithContacts,
  clientOf,
  createClient,
  listClients,
  updateClient,
} from '../services/clients'
import { exportClientsCsv } from '../services/clients-privacy'
import { csvDownload } from '../services/csv'

// What the API answers, derived from the tables (drizzle-zod): dates travel as ISO strings.
const dateTime = z.iso.datetime().openapi({ example: '2026-11-24T15:00:00.000Z' })
export const ContactSchema = createSelectSchema(tables.contacts, {
  createdAt: dateTime,
  updatedAt: dateTime,
}).openapi('Contact')
export const ClientSchema = createSelectSchema(tables.clients, {
  domains: z.array(z.string()),
  createdAt: dateTime,
  updatedAt: dateTime,
}).openapi('Client')
const ClientWithContactsSchema = ClientSchema.extend({ contacts: z.array(ContactSchema) }).openapi(
  'ClientWithContacts',
)
const ClientSummarySchema = ClientSchema.extend({
  contactCount: z.number().int(),
  requestCount: z.number().int(),
}).openapi('ClientSummary')

const dates = <T extends { createdAt: Date; updatedAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})
const contactJson = (row: Contact) => dates(row)
const clientJson = (row: Client) => dates(row)
const withContactsJson = (row: ClientWithContacts) => ({
  ...dates(row),
  contacts: row.contacts.map(contactJson),
})
const summaryJson = (row: ClientSummary) => dates(row)

const IdParams = z.object({
  id: rowId.openapi({ param: { name: 'id', in: 'path' }, type: 'integer', example: 1 }),
})
const common = { tags: ['Clients'], security: OWNER_SECURITY, middleware: requireOwner }

const list = createRoute({
  ...common,
  method: 'get',
  path: '/',
  summary: 'Search clients',
  description:
    "Clients by name (A-Z). `q` is looked for in the client's name and domains and in its contacts' names and e-mail addresses.",
  request: { query: clientQuery },
  responses: { 200: json(z.array(ClientSummarySchema), 'The matching clients'), ...OWNER_ERRORS },
})

const create = createRoute({
  ...common,
  method: 'post',
  path: '/',
  summary: 'Create a client',
  description:
    'A client with its first contacts. E-mail addresses are unique across all contacts (any case).',
  request: {
    body: body(clientInput, {
      name: 'Riverside Family Clinic',
      domains: ['riverside.example'],
      notes: null,
      defaultRateCents: 12_000,
      roundingMinutes: 15,
      paymentTermsDays: 15,
      contacts: [{ name: 'Grace Park', email: 'grace@riverside.example', phone: '618-555-0101', role: null }],
    }),
  },
  responses: {
    201: json(ClientWithContactsSchema, 'The new client, with its id and contacts'),
    ...OWNER_ERRORS,
    ...CONFLICT,
  },
})

const read = createRoute({
  ...common,
  method: 'get',
  path: '/{id}',
  summary: 'Read a client',
  request: { params: IdParams },
  responses: {
    200: json(ClientWithContactsSchema, 'The client and its contacts'),
    ...OWNER_ERRORS,
    ...NOT_FOUND,
  },
})

const patch = createRoute({
  ...common,
  method: 'patch',
  path: '/{id}',
  summary: 'Change a client',
  description: 'Only the fields given change; `status: "archived"` archives it.',
  request: { params: IdParams, body: body(clientPatch, { status: 'archived', roundingMinutes: 6 }) },
  responses: { 200: json(ClientSchema, 'The changed client'), ...OWNER_ERRORS, ...NOT_FOUND },
})

const addContactRoute = createRoute({
  ...common,
  method: 'post',
  path: '/{id}/contacts',
  summary: 'Add a contact to a client',
  request: {
    params: IdParams,
    body: body(contactInput, { name: 'Tom Becker', email: 'tom@riverside.example' }),
  },
  responses: { 201: json(ContactSchema, 'The new contact'), ...OWNER_ERRORS, ...NOT_FOUND, ...CONFLICT },
})

export const clients = openApiApp()

// The owner's CSV of every client and contact (privacy export).
clients.openapi(
  createRoute({
    ...common,
    middleware: [requireOwner, privateNoStore],
    method: 'get',
    path: '/export.csv',
    summary: 'Every client and contact as CSV (a privacy export)',
    responses: { 200: fileAnswer('The CSV, as an attachment', 'text/csv'), ...OWNER_ERRORS },
  }),
  async (c) => {
    const { body, headers } = csvDownload(await exportClientsCsv(c.var.db), 'clients')
    return c.body(body, 200, headers)
  },
)

clients
  .openapi(list, async (c) =>
    c.json((await listClients(c.var.db, c.req.valid('query'))).map(summaryJson), 200),
  )
  .openapi(create, async (c) =>
    c.json(withContactsJson(await createClient(c.var.db, c.req.valid('json'))), 201),
  )
  .openapi(read, async (c) =>
    c.json(withContactsJson(await clientOf(c.var.db, c.req.valid('param').id)), 200),
  )
  .openapi(patch, async (c) =>
    c.json(clientJson(await updateClient(c.var.db, c.req.valid('param').id, c.req.valid('json'))), 200),
  )
  .openapi(addContactRoute, async (c) =>
    c.json(contactJson(await addContact(c.var.db, c.req.valid('param').id, c.req.valid('json'))), 201),
  )
