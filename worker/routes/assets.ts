// REST for the clients' IT inventory (issue 38), as one OpenAPIHono sub-app
// mounted at /api (its paths span /clients/{id}/assets, /assets and
// /support-requests/{id}/asset). Owner only: the session cookie, or a personal
// access token with the read-write or assets scope (worker/auth/bearer.ts).
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  assetInput,
  assetLinkInput,
  assetPatch,
  assetQuery,
  renewalQuoteInput,
  renewalsQuery,
} from '../../schema/asset-payloads.server'
import { ASSET_KINDS, ASSET_STATUSES, EPHI_ANSWERS, RENEWAL_WHATS } from '../../schema/assets'
import { businessDate } from '../../schema/slot-time'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import {
  openApiBody as body,
  DateTimeSchema,
  idPath,
  openApiJson as json,
  NOT_FOUND,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  pathId,
} from '../middleware/openapi'
import {
  assetHistory,
  assetInventory,
  assetRequests,
  assetTime,
  createAsset,
  exportAssetsCsv,
  getAsset,
  importAssetsCsv,
  linkRequestAsset,
  listAssets,
  renewalQuote,
  renewalsWithin,
  retireAsset,
  updateAsset,
} from '../services/assets'
import { csvDownload } from '../services/csv'

const owner = { tags: ['Assets'], security: OWNER_SECURITY }
const errors = { ...OWNER_ERRORS, ...NOT_FOUND, 422: OWNER_ERRORS[400] }

/** Who the history names: the owner's session, or the token by its name. */
export const actorOf = (c: Context<AppEnv>) => (c.var.apiToken ? `token:${c.var.apiToken.name}` : 'owner')

const dateTime = DateTimeSchema
const asset = z
  .object({
    id: z.number(),
    clientId: z.number(),
    kind: z.enum(ASSET_KINDS),
    name: z.string(),
    model: z.string().nullable(),
    serial: z.string().nullable(),
    location: z.string().nullable(),
    assignedTo: z.string().nullable(),
    staffId: z
      .number()
      .nullable()
      .openapi({ description: 'The person who holds it: their departure collects it' }),
    os: z.string().nullable(),
    purchaseDate: z.string().nullable(),
    warrantyEnd: z.string().nullable(),
    renewalDate: z.string().nullable(),
    seats: z.number().nullable(),
    ephi: z.enum(EPHI_ANSWERS),
    status: z.enum(ASSET_STATUSES),
    notes: z.string().nullable().openapi({ description: 'Internal: never shown in the portal' }),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .openapi('Asset')
const assetDetail = asset
  .extend({
    requests: z.array(
      z.looseObject({ id: z.number(), reference: z.string().nullable(), status: z.string() }),
    ),
    time: z.array(z.looseObject({ id: z.number(), date: z.string(), minutes: z.number() })),
    history: z.array(
      z.object({
        id: z.number(),
        at: dateTime,
        actor: z.string(),
        action: z.string(),
        changes: z.record(z.string(), z.unknown()).openapi({ description: '{field: [before, after]}' }),
      }),
    ),
  })
  .openapi('AssetDetail')
const renewal = z
  .object({
    assetId: z.number(),
    clientId: z.number(),
    clientName: z.string(),
    name: z.string(),
    kind: z.enum(ASSET_KINDS),
    date: z.string(),
    what: z.enum(RENEWAL_WHATS),
  })
  .openapi('AssetRenewal')
const importResult = z
  .object({
    imported: z.number(),
    errors: z.array(z.object({ line: z.number(), field: z.string(), message: z.string() })),
  })
  .openapi('AssetImport')

const iso = <T extends { createdAt: Date; updatedAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

const clientPath = idPath

export const assetsApi = openApiApp()
assetsApi.use('/clients/:id/assets', requireOwner)
assetsApi.use('/clients/:id/assets/*', requireOwner)
assetsApi.use('/assets', requireOwner)
assetsApi.use('/assets/*', requireOwner)
assetsApi.use('/support-requests/:id/asset', requireOwner)
assetsApi
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/assets/renewals',
      summary:
        'Warranty ends and renewal dates within 30, 60 or 90 days across clients (retired assets left out), soonest first',
      request: { query: renewalsQuery },
      responses: { ...OWNER_ERRORS, 200: json(z.array(renewal), 'The renewals') },
    }),
    async (c) =>
      c.json(await renewalsWithin(c.var.db, c.req.valid('query').days, businessDate(new Date())), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/clients/{id}/assets',
      summary: "Records an asset of the client's IT",
      request: {
        params: clientPath,
        body: body(assetInput, {
          kind: 'laptop',
          name: 'Front desk laptop',
          model: 'Dell Latitude 5440',
          serial: 'SN-4821',
          location: 'Reception',
          assignedTo: 'Dana Ruiz',
          os: 'Windows 11 Pro 24H2',
          purchaseDate: '2025-03-01',
          warrantyEnd: '2028-03-01',
          ephi: 'yes',
          status: 'in_use',
          notes: 'BitLocker on',
        }),
      },
      responses: {
        ...OWNER_ERRORS,
        201: json(asset, 'The asset'),
        404: errors[404],
      },
    }),
    async (c) => c.json(iso(await createAsset(c.var.db, pathId(c), c.req.valid('json'), actorOf(c))), 201),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/clients/{id}/assets',
      summary:
        "The client's assets (retired ones with status=retired or all), by name or by the soonest renewal",
      request: { params: clientPath, query: assetQuery },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.array(asset), 'The assets'),
        404: errors[404],
      },
    }),
    async (c) => c.json((await listAssets(c.var.db, pathId(c), c.req.valid('query'))).map(iso), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/clients/{id}/assets/import',
      summary:
        'Imports assets from CSV with a header row (columns by name, case and spaces ignored). Any bad row: 422 with every error and nothing stored, unless validRowsOnly=true',
      request: {
        params: clientPath,
        query: z.object({ validRowsOnly: z.enum(['true', 'false']).optional() }),
        body: {
          required: true,
          content: {
            'text/csv': {
              schema: z.string(),
              example:
                'Kind,Name,Serial,Warranty End,ePHI\r\nlaptop,Front desk laptop,SN-4821,2028-03-01,yes\r\n',
            },
          },
        },
      },
      responses: {
        ...OWNER_ERRORS,
        200: json(importResult, 'What was imported, and the rows left out'),
        404: errors[404],
        422: json(importResult, 'Bad rows: nothing was imported'),
      },
    }),
    async (c) => {
      const result = await importAssetsCsv(c.var.db, pathId(c), await c.req.text(), {
        validRowsOnly: c.req.valid('query').validRowsOnly === 'true',
        actor: actorOf(c),
      })
      const answer = { imported: result.imported, errors: result.errors }
      return result.stored ? c.json(answer, 200) : c.json(answer, 422)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/clients/{id}/assets/export.csv',
      summary: "The client's assets as CSV, in the columns the import reads",
      request: { params: clientPath },
      responses: {
        ...OWNER_ERRORS,
        200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
        404: errors[404],
      },
    }),
    async (c) => {
      const id = pathId(c)
      await listAssets(c.var.db, id)
      const { body: csv, headers } = csvDownload(await exportAssetsCsv(c.var.db, id), `assets-${id}`)
      return c.body(csv, 200, headers)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/clients/{id}/assets/inventory.pdf',
      summary: 'The "Technology asset inventory" PDF for the practice\'s risk analysis',
      request: { params: clientPath },
      responses: {
        ...OWNER_ERRORS,
        200: { description: 'PDF', content: { 'application/pdf': { schema: z.string() } } },
        404: errors[404],
      },
    }),
    async (c) => {
      const { bytes, filename } = await assetInventory(c.var.db, c.env, pathId(c))
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      })
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/assets/{id}',
      summary: 'One asset with its requests, time and history',
      request: { params: idPath },
      responses: { ...OWNER_ERRORS, 200: json(assetDetail, 'The asset'), 404: errors[404] },
    }),
    async (c) => {
      const id = pathId(c)
      const row = await getAsset(c.var.db, id)
      const [requests, time, history] = await Promise.all([
        assetRequests(c.var.db, id),
        assetTime(c.var.db, id),
        assetHistory(c.var.db, id),
      ])
      return c.json(
        {
          ...iso(row),
          requests: requests.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
          time,
          history: history.map((h) => ({ ...h, at: h.at.toISOString() })),
        },
        200,
      )
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'patch',
      path: '/assets/{id}',
      summary: 'Changes an asset; each change is kept in its history ({field: [before, after]})',
      request: { params: idPath, body: body(assetPatch, { location: 'Exam room 2', warrantyEnd: null }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(asset, 'The asset'),
        404: errors[404],
      },
    }),
    async (c) => c.json(iso(await updateAsset(c.var.db, pathId(c), c.req.valid('json'), actorOf(c))), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'delete',
      path: '/assets/{id}',
      summary: 'Retires an asset: the record and its history stay',
      request: { params: idPath },
      responses: {
        ...OWNER_ERRORS,
        200: json(asset, 'The retired asset'),
        404: errors[404],
      },
    }),
    async (c) => c.json(iso(await retireAsset(c.var.db, pathId(c), actorOf(c))), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'post',
      path: '/assets/{id}/renewal-quote',
      summary: 'Renew: a new draft quote for the client with the line "Renewal: <name> ..." (price to set)',
      request: { params: idPath, body: body(renewalQuoteInput, { what: 'renewal' }) },
      responses: {
        ...OWNER_ERRORS,
        201: json(z.looseObject({ id: z.number(), number: z.string() }), 'The draft quote'),
        404: errors[404],
      },
    }),
    async (c) => {
      const quote = await renewalQuote(c.var.db, pathId(c), c.req.valid('json').what)
      return c.json({ id: quote.id, number: quote.number, title: quote.title, status: quote.status }, 201)
    },
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'put',
      path: '/support-requests/{id}/asset',
      summary: "Names the asset a support request is about (one of its client's), or none (null)",
      request: { params: idPath, body: body(assetLinkInput, { assetId: 12 }) },
      responses: {
        ...OWNER_ERRORS,
        200: json(z.object({ id: z.number(), assetId: z.number().nullable() }), 'The link'),
        404: errors[404],
      },
    }),
    async (c) => c.json(await linkRequestAsset(c.var.db, pathId(c), c.req.valid('json').assetId), 200),
  )
