// @vitest-environment node
// The quotes routes' part of the OpenAPI document (issue 25) is valid OpenAPI
// 3.1, generated from the very schemas the routes validate with. (Once the
// clients issue's /api/openapi.json is on main, these routes are in it too;
// test/worker/quotes-api.test.ts checks each documented route exists.)
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'

// Imported by a computed path so the Worker's sources stay out of this (node) typecheck project.
const routesModule = '../worker/routes/quotes'
const { quotesApi } = (await import(/* @vite-ignore */ routesModule)) as {
  quotesApi: { getOpenAPI31Document(config: object): { paths?: Record<string, object> } }
}

const quotesDocument = () =>
  quotesApi.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Quotes', version: '1.0.0' },
    servers: [{ url: '/api' }],
  })

describe('the quotes OpenAPI document', () => {
  it('is valid OpenAPI 3.1 and documents every route of the issue', async () => {
    const doc = quotesDocument()
    const result = await new Validator().validate(doc as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    const ops = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`),
    )
    expect(ops).toEqual(
      expect.arrayContaining([
        'GET /quotes',
        'POST /quotes',
        'GET /quotes/{id}',
        'PATCH /quotes/{id}',
        'POST /quotes/{id}/send',
        'POST /quotes/{id}/withdraw',
        'GET /quotes/{id}/pdf',
        'GET /agreement-templates',
      ]),
    )
  })

  it('describes the create body with its limits and the 201 answer', () => {
    const doc = quotesDocument() as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody: {
              content: Record<
                string,
                { schema: { properties: Record<string, { maxItems?: number }>; required: string[] } }
              >
            }
            responses: Record<string, unknown>
          }
        >
      >
    }
    const post = doc.paths['/quotes']!.post!
    const body = post.requestBody.content['application/json']!.schema
    expect(body.required).toEqual(expect.arrayContaining(['clientId', 'title', 'lines']))
    expect(body.properties.lines!.maxItems).toBe(100)
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403']))
  })
})
