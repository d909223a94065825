// /api/exports: the accountant's files (issue 56), for a date range, as
// QuickBooks Online and Xero import them (worker/services/accounting-export.ts).
// Each answer says what it holds: its file name names the product, the kind,
// the range and when it was made; X-Export-Records lists the numbers in it.
import { createRoute, z } from '@hono/zod-openapi'
import { EXPORT_FILES, exportRange, exportRangeFields } from '../../schema/accounting-export'
import { fieldErrors } from '../../schema/payloads'
import { requireOwner } from '../auth/middleware'
import { badRequest } from '../middleware/errors'
import { OWNER_ERRORS, OWNER_SECURITY, openApiApp } from '../middleware/openapi'
import { accountingExport } from '../services/accounting-export'

const range = exportRangeFields.extend({
  from: exportRangeFields.shape.from.openapi({ param: { name: 'from', in: 'query' }, example: '2026-11-01' }),
  to: exportRangeFields.shape.to.openapi({ param: { name: 'to', in: 'query' }, example: '2026-11-30' }),
})

const csvAnswer = {
  description:
    'The CSV file (UTF-8 with a byte order mark, CRLF line ends, amounts with two decimals, dates MM/DD/YYYY)',
  headers: z.object({
    'X-Export-Records': z
      .string()
      .openapi({ description: 'The invoice numbers (or payments) in the file, comma separated' }),
    'X-Export-Made-At': z.string().openapi({ description: 'When the file was made (ISO 8601)' }),
  }),
  content: { 'text/csv': { schema: z.string() } },
}

function download(file: { csv: string; records: string[]; filename: string }, now: Date) {
  return {
    body: `\ufeff${file.csv}`,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'X-Export-Records': file.records.join(', '),
      'X-Export-Made-At': now.toISOString(),
      'Cache-Control': 'no-store',
    },
  }
}

const route = (product: 'quickbooks' | 'xero') =>
  createRoute({
    tags: ['Time and money'],
    security: OWNER_SECURITY,
    method: 'get',
    path: `/${product}/{file}`,
    summary:
      product === 'quickbooks'
        ? 'QuickBooks Online import files: invoices.csv, credit-memos.csv, payments.csv'
        : 'Xero import files (its own templates): invoices.csv, credit-notes.csv',
    request: {
      params: z.object({
        file: z
          .enum(EXPORT_FILES[product].map((k) => `${k}.csv`) as [string, ...string[]], {
            error: `Choose one of ${EXPORT_FILES[product].map((k) => `${k}.csv`).join(', ')}`,
          })
          .openapi({ param: { name: 'file', in: 'path' }, example: 'invoices.csv' }),
      }),
      query: range,
    },
    responses: { ...OWNER_ERRORS, 200: csvAnswer },
  })

export const exportsRoutes = openApiApp()
exportsRoutes.use(requireOwner)
for (const product of ['quickbooks', 'xero'] as const)
  exportsRoutes.openapi(route(product), async (c) => {
    const { file } = c.req.valid('param')
    const query = c.req.valid('query')
    const checked = exportRange.safeParse(query)
    // The range's own rules (To not before From, at most five years) are checked after the fields'.
    if (!checked.success) throw badRequest(fieldErrors(checked.error))
    const now = new Date()
    const kind = file.replace(/\.csv$/, '') as (typeof EXPORT_FILES)[typeof product][number]
    const made = download(await accountingExport(c.var.db, product, kind, checked.data, now), now)
    return c.body(made.body, 200, made.headers)
  })
