// @vitest-environment node
// The committed OpenAPI document (schema/openapi.json, `npm run openapi:print`)
// is valid OpenAPI 3.1. test/worker/clients-api.test.ts checks that the Worker
// serves exactly this document and that a real request and answer match it;
// test/worker/openapi-routes.test.ts that it documents every /api route.
// Issue 34 (point 9): every pattern is a JavaScript regular expression without
// flags, and the example of every request body, in the document itself,
// passes its own schema under a JSON Schema 2020-12 validator (Ajv, the one
// the OpenAPI validator uses), as a client that validates would.
import { readFileSync } from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
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

  it('every operation names its security: an owner route its schemes and its error answers, a public route none', () => {
    const OWNER = [{ bearerAuth: [] }, { sessionCookie: [] }]
    // /api/auth and /api/security: the owner's session only, never a token (worker/auth/bearer.ts).
    const SESSION = [{ sessionCookie: [] }]
    let owner = 0
    let visitor = 0
    for (const [path, methods] of Object.entries(
      doc.paths as Record<string, Record<string, Record<string, unknown>>>,
    )) {
      for (const [method, op] of Object.entries(methods)) {
        const at = `${method} ${path}`
        const answers = Object.keys(op.responses as object)
        expect(Array.isArray(op.security), `${at}: security`).toBe(true)
        if ((op.security as unknown[]).length === 0) {
          // Public (test/worker/openapi-routes.test.ts checks these are the routes a visitor may call):
          // its real refusals, each in the API's error shape (health's 503 is its report).
          visitor++
          for (const status of answers.filter((s) => s.startsWith('4')))
            expect(JSON.stringify(errorAnswer(op, status)), `${at} ${status}`).toMatch(
              /"message"|"#\/components\/schemas\/Error"/,
            )
          continue
        }
        owner++
        expect([OWNER, SESSION], at).toContainEqual(op.security)
        const input = op.requestBody !== undefined || ((op.parameters as unknown[]) ?? []).length > 0
        expect(answers, at).toEqual(expect.arrayContaining(input ? ['400', '401', '403'] : ['401', '403']))
      }
    }
    expect(owner).toBeGreaterThan(150)
    expect(visitor).toBeGreaterThan(15)
  })
})

type Schema = Record<string, unknown>
type Operation = { requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> } }

/** A documented error answer's JSON schema, its $ref resolved. */
function errorAnswer(op: Record<string, unknown>, status: string): unknown {
  const answer = (op.responses as Record<string, { content?: Record<string, { schema: Schema }> }>)[status]
  const schema = answer?.content?.['application/json']?.schema
  const ref = typeof schema?.$ref === 'string' ? schema.$ref.split('/').pop()! : null
  return ref ? doc.components.schemas[ref] : schema
}

/** Every JSON Schema object in the document, with where it is (for the messages). */
function* schemasOf(node: unknown, at = '#'): Generator<[string, Schema]> {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* schemasOf(item, `${at}/${i}`)
    return
  }
  const object = node as Schema
  if (typeof object.pattern === 'string') yield [at, object]
  for (const [key, value] of Object.entries(object)) yield* schemasOf(value, `${at}/${key}`)
}

/** The document's request bodies, as "METHOD /path media/type" -> JSON schema and its example. */
function requestBodies(): Map<string, { schema: Schema; example?: unknown }> {
  const bodies = new Map<string, { schema: Schema; example?: unknown }>()
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Operation>>))
    for (const [method, op] of Object.entries(methods))
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        bodies.set(`${method.toUpperCase()} ${path} ${type}`, media)
  return bodies
}

// strict: false: OpenAPI's own keywords (example, discriminator) sit beside JSON Schema's.
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)

/** A JSON Schema 2020-12 validator for one schema of this document ($refs resolve against it). */
const validatorFor = (schema: Schema) => ajv.compile({ ...schema, components: doc.components })

describe('the patterns and request bodies of schema/openapi.json', () => {
  it('every pattern compiles as a JavaScript regular expression, without a leaked flag', () => {
    const patterns = [...schemasOf(doc)]
    expect(patterns.length).toBeGreaterThan(0)
    for (const [at, schema] of patterns) {
      const pattern = schema.pattern as string
      expect(() => new RegExp(pattern, 'u'), at).not.toThrow()
      // A regex literal's flags copied into the text ("^a$/i") still compile but match nothing.
      expect(pattern, at).not.toMatch(/\/[dgimsuvy]+$/)
    }
  })

  it('every schema in the document (bodies, answers, parameters, components) compiles as JSON Schema 2020-12', () => {
    const schemas: [string, Schema][] = []
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return
      for (const [key, value] of Object.entries(node as Schema)) {
        if (key === 'schema' && value && typeof value === 'object')
          schemas.push([`${at}/schema`, value as Schema])
        else walk(value, `${at}/${key}`)
      }
    }
    walk(doc.paths, '#/paths')
    for (const [name, schema] of Object.entries((doc.components?.schemas ?? {}) as Record<string, Schema>))
      schemas.push([`#/components/schemas/${name}`, schema])
    expect(schemas.length).toBeGreaterThan(50)
    // Ajv checks each against the 2020-12 meta-schema as it compiles (a wrong type or keyword value throws).
    for (const [at, schema] of schemas) expect(() => validatorFor(schema), at).not.toThrow()
    expect(() => validatorFor({ type: 'strnig' }), 'a broken schema is refused').toThrow()
  })

  it('every request body carries an example in the document, and it passes its own schema', () => {
    const bodies = requestBodies()
    expect(bodies.size).toBeGreaterThan(80)
    const missing = [...bodies].filter(([, media]) => media.example === undefined).map(([at]) => at)
    expect(missing, 'request bodies without an example (openApiBody takes one)').toEqual([])
    for (const [at, { schema, example }] of bodies) {
      const validate = validatorFor(schema)
      const valid = validate(example)
      expect(validate.errors ?? [], at).toEqual([])
      expect(valid, at).toBe(true)
    }
  })

  it('the validator refuses what the schemas refuse (the check can fail)', () => {
    const bodies = requestBodies()
    const refused: [string, unknown][] = [
      ['POST /clients', {}],
      ['POST /time-entries', { clientId: 1, minutes: 5, description: 'x', requestReference: 'X-1' }],
      ['POST /invoices/{id}/payments', { amountCents: 0, method: 'check' }],
      ['POST /timer/stop', { surprise: true }],
      ['POST /projects', { title: 'No description' }],
      ['PUT /skills/order', { category: 'Languages', ids: [] }],
    ]
    for (const [operation, body] of refused)
      expect(validatorFor(bodies.get(`${operation} application/json`)!.schema)(body), operation).toBe(false)
  })
})
