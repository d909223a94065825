// @vitest-environment node
// The committed OpenAPI document (schema/openapi.json, `npm run openapi:print`)
// is valid OpenAPI 3.1. test/worker/clients-api.test.ts checks that the Worker
// serves exactly this document, that every documented route exists and that a
// real request and answer match it.
import { readFileSync } from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'

const doc = JSON.parse(readFileSync(new URL('./openapi.json', import.meta.url), 'utf8'))

describe('schema/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(doc.openapi).toBe('3.1.0')
  })

  it('a broken document is refused (the check can fail)', async () => {
    const broken = { ...doc, paths: { '/clients': { get: { responses: { 200: { content: 'x' } } } } } }
    expect((await new Validator().validate(broken)).valid).toBe(false)
  })

  it('every owner route names its security and its error answers', () => {
    for (const [path, methods] of Object.entries(
      doc.paths as Record<string, Record<string, Record<string, unknown>>>,
    )) {
      for (const [method, op] of Object.entries(methods)) {
        expect(op.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }])
        expect(Object.keys(op.responses as object), `${method} ${path}`).toEqual(
          expect.arrayContaining(['400', '401', '403']),
        )
      }
    }
  })
})
