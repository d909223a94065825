// @vitest-environment node
// The time-and-money routes publish a valid OpenAPI 3.1 document, made from the
// same zod schemas the routes validate with (issue 26). Issue 24 serves the
// whole API's document at /api/openapi.json; this checks these routes' part.
import { OpenAPIHono } from '@hono/zod-openapi'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { billingRoutes } from '../../worker/routes/billing'

function document() {
  const api = new OpenAPIHono()
  for (const [path, app] of Object.entries(billingRoutes)) api.route(`/api${path}`, app)
  return api.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Time and money', version: '1' } })
}

describe('the OpenAPI document of time and money', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(document() as unknown as object)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('lists every route of the issue with its request schema', () => {
    const doc = document()
    const paths = doc.paths ?? {}
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/time-entries',
        '/api/time-entries/{id}',
        '/api/invoices',
        '/api/invoices/{id}',
        '/api/invoices/{id}/send',
        '/api/invoices/{id}/payments',
        '/api/invoices/{id}/void',
        '/api/invoices/{id}/pdf',
      ]),
    )
    expect(Object.keys(paths['/api/time-entries']!)).toEqual(['get', 'post'])
    expect(Object.keys(paths['/api/time-entries/{id}']!)).toEqual(['patch', 'delete'])
    const body = paths['/api/time-entries']!.post!.requestBody as {
      content: Record<string, { schema: { properties: object; required: string[] } }>
    }
    const schema = body.content['application/json']!.schema
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining([
        'clientId',
        'requestReference',
        'date',
        'minutes',
        'description',
        'billable',
        'rateCents',
      ]),
    )
    expect(schema.required.sort()).toEqual(['clientId', 'description', 'minutes'])
    const invoice = paths['/api/invoices']!.post!.requestBody as typeof body
    expect(invoice.content['application/json']!.schema.properties).toHaveProperty('source')
  })
})
