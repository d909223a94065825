// @vitest-environment node
// The committed OpenAPI document (schema/openapi.json, `npm run openapi:print`)
// is valid OpenAPI 3.1. test/worker/clients-api.test.ts checks that the Worker
// serves exactly this document, that every documented route exists and that a
// real request and answer match it. Issue 34 (point 9): every pattern is a
// JavaScript regular expression without flags, and a valid example of every
// request body passes its own schema under a JSON Schema 2020-12 validator
// (Ajv, the one the OpenAPI validator uses), as a client that validates would.
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

type Schema = Record<string, unknown>
type Operation = { requestBody?: { content: Record<string, { schema: Schema }> } }

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

/** The document's request bodies, as "METHOD /path" -> JSON schema. */
function requestBodies(): Map<string, Schema> {
  const bodies = new Map<string, Schema>()
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Operation>>))
    for (const [method, op] of Object.entries(methods)) {
      // The asset import's body is CSV text (issue 38), a BAA's document a PDF (issue 39): a string.
      const json =
        op.requestBody?.content['application/json'] ??
        op.requestBody?.content['text/csv'] ??
        op.requestBody?.content['application/pdf']
      if (json) bodies.set(`${method.toUpperCase()} ${path}`, json.schema)
      else if (op.requestBody) bodies.set(`${method.toUpperCase()} ${path}`, { not: {} })
    }
  return bodies
}

/**
 * One valid example per request body. A route added to the document without
 * one fails the test below: add its example here.
 */
const EXAMPLES: Record<string, unknown> = {
  'POST /clients/{id}/credentials': {
    label: 'Router admin',
    username: 'admin',
    secret: 'correct horse battery staple',
    url: 'https://192.168.1.1',
    notes: 'Front desk closet',
  },
  'PATCH /credentials/{id}': { secret: 'a new secret' },
  'POST /credentials/{id}/reveal': { purpose: 'copy' },
  'POST /clients/{id}/risk-analyses': { analysisDate: '2026-11-27' },
  'PATCH /risk-analyses/{id}': {
    items: [{ id: 41, finding: 'partly', notes: 'Backups run nightly; a restore was never tested' }],
    newTasks: [{ itemId: 41, description: 'Test a full restore from backup', dueDate: '2027-01-15' }],
    tasks: [{ id: 7, done: true }],
  },
  'POST /quotes/{id}/send': { recipientContactIds: [1, 2] },
  'POST /invoices/{id}/send': { recipientContactIds: [1] },
  'PUT /billing-settings': {
    paymentInstructions: 'Bank transfer: First Example Bank, account 000123456789.',
  },
  'POST /plans': {
    name: 'Clinic Care',
    monthlyFeeCents: 60_000,
    includedMinutes: 300,
    overageRateCents: 12_000,
    rollover: 'next',
    units: [{ description: 'Workstation', unitPriceCents: 2_500 }],
    slaHours: { urgent: 2, high: 8, medium: 24, low: 72 },
    autoSend: false,
  },
  'PATCH /plans/{id}': { monthlyFeeCents: 65_000 },
  'POST /subscriptions': {
    clientId: 1,
    planId: 1,
    startDate: '2026-11-10',
    units: [{ description: 'Workstation', unitPriceCents: 2_500, quantity: 6 }],
    autopay: false,
  },
  'PATCH /subscriptions/{id}': { units: [{ description: 'User', unitPriceCents: 1_000, quantity: 4 }] },
  'POST /subscriptions/{id}/invoices': { period: '2026-11' },
  'PUT /billing-settings/accounting-codes': {
    xeroAccountCode: '200',
    xeroTaxType: 'Tax on Sales',
    xeroTaxTypeNone: 'Tax Exempt',
  },
  'POST /calendar-feed': { busyOnly: true, includeMaintenance: false },
  'POST /calendar-sources': {
    name: 'Personal (Google)',
    url: 'https://calendar.google.com/calendar/ical/alex%40example.com/private-0123456789abcdef/basic.ics',
  },
  'POST /monitors': {
    clientId: 1,
    kind: 'keyword',
    name: 'Patient portal sign-in page',
    url: 'https://portal.clinic.example/login',
    keyword: 'Sign in',
    intervalMinutes: 5,
    timeoutMs: 10000,
  },
  'POST /clients/{id}/monitor-maintenance': {
    startsAt: '2026-12-05T22:00:00-06:00',
    endsAt: '2026-12-06T02:00:00-06:00',
    note: 'Server move',
  },
  'POST /maintenance-schedules': {
    clientId: 1,
    title: 'Monthly patch review',
    checklist: ['Review pending updates', 'Reboot outside clinic hours'],
    recurrence: { freq: 'monthly', interval: 1, byMonthDay: 31 },
    startDate: '2026-10-31',
    estimatedMinutes: 60,
    templateKey: 'patch-review',
  },
  'PATCH /maintenance-schedules/{id}': { status: 'paused' },
  'POST /maintenance/generate': { until: '2026-12-31' },
  'PATCH /maintenance-tasks/{id}': {
    items: [{ done: true, note: 'All current' }, { done: true }],
    status: 'done',
  },
  'POST /maintenance-tasks/{id}/time': { minutes: 45, description: 'Patch review' },
  'POST /clients': {
    name: 'Riverside Family Clinic',
    domains: ['riverside.example'],
    notes: null,
    defaultRateCents: 12_000,
    roundingMinutes: 15,
    paymentTermsDays: 15,
    contacts: [{ name: 'Grace Park', email: 'grace@riverside.example', phone: '618-555-0101', role: null }],
  },
  'PATCH /clients/{id}': { status: 'archived', roundingMinutes: 6 },
  'POST /clients/{id}/contacts': { name: 'Tom Becker', email: 'tom@riverside.example' },
  'POST /quotes': {
    clientId: 1,
    contactId: null,
    title: 'Network refresh',
    lines: [
      { description: 'Firewall', quantity: 1.5, unit: 'each', unitPriceCents: 120_000, optional: false },
    ],
    discountCents: 0,
    taxRatePercent: 8.25,
    depositPercent: 30,
    validUntil: '2026-12-31',
    agreementTemplateIds: [1],
  },
  'PATCH /quotes/{id}': { title: 'Network refresh, revised', validUntil: null },
  'POST /time-entries': {
    clientId: 1,
    minutes: 95,
    description: 'Printer queue fixed',
    // Lower case on purpose: the server accepts it (issue 34: the pattern once carried a /i flag).
    requestReference: 's-1043',
    date: '2026-11-24',
    billable: true,
    rateCents: null,
  },
  'PATCH /time-entries/{id}': { minutes: 30, description: 'Shorter than logged' },
  'POST /timer/start': { clientId: null, requestReference: 'C-1042', description: 'Call' },
  'POST /timer/stop': { description: 'Done' },
  'POST /prepaid-blocks': { clientId: 1, minutes: 600, priceCents: 100_000, validUntil: null },
  'POST /invoices': {
    clientId: 1,
    source: 'time',
    from: '2026-11-01',
    to: '2026-11-30',
    grouping: 'request',
  },
  'POST /invoices/{id}/payments': {
    amountCents: 5_000,
    method: 'check',
    date: '2026-11-24',
    reference: '1043',
  },
  'POST /payments/{id}/match': { invoiceId: 7 },
  'POST /clients/{id}/assets': {
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
  },
  'POST /clients/{id}/assets/import':
    'Kind,Name,Serial,Warranty End,ePHI\r\nlaptop,Front desk laptop,SN-4821,2028-03-01,yes\r\n',
  'PATCH /assets/{id}': { location: 'Exam room 2', warrantyEnd: null },
  'POST /assets/{id}/renewal-quote': { what: 'renewal' },
  'PUT /support-requests/{id}/asset': { assetId: 12 },
  'POST /baas': {
    clientId: 12,
    effectiveDate: '2026-01-01',
    renewalDate: '2027-01-01',
    notificationDays: 10,
    notificationDayKind: 'business',
  },
  'PATCH /baas/{id}': { renewalDate: '2028-01-01' },
  'PUT /baas/{id}/document': '%PDF-1.7 (the signed BAA)',
  'POST /incidents': {
    title: 'Front-desk laptop stolen',
    discoveredAt: '2026-11-23T09:00:00-06:00',
    description: 'The laptop was taken from a car; the disk is encrypted.',
    clientIds: [12],
    ephiInvolved: 'unknown',
    individualsAffected: null,
  },
  'PATCH /incidents/{id}': {
    determination: 'not_breach',
    mitigation: 'Remote wipe confirmed',
    note: 'Reviewed',
  },
  'POST /incidents/{id}/notices': { clientId: 12 },
  'PATCH /incident-notices/{id}': { body: 'To Riverside Dental, ...' },
  'POST /incident-notices/{id}/send': { recipientContactIds: [3] },
  // The clinic's people (issue 55).
  'POST /clients/{id}/staff': {
    name: 'Ana Lopez',
    email: 'ana@riversideclinic.example',
    role: 'Front desk',
    startDate: '2026-12-01',
  },
  'PATCH /staff/{id}': { leaveDate: '2026-12-31', role: 'Nurse', active: true },
  'POST /trainings': {
    title: 'HIPAA security basics',
    body: '## Passwords\n\nNever share them.',
    questions: [{ prompt: 'May you share your password?', choices: ['Yes', 'No'], answer: 1 }],
    passPercent: 80,
  },
  'PATCH /trainings/{id}': { body: '## Passwords\n\nNever share them, not even with IT.' },
  'POST /trainings/{id}/assignments': { clientId: 12, staffIds: [3, 4], dueDate: '2026-12-31' },
  'PUT /clients/{id}/run-templates/{kind}': { steps: ['Disable the EHR account', 'Collect the badge'] },
  'POST /clients/{id}/offboardings': { staffId: 3, leavesAt: '2026-12-31T17:00:00-06:00' },
  'POST /clients/{id}/onboardings': { staffId: 3, startsAt: '2026-12-01T09:00:00-06:00' },
  'PATCH /run-steps/{id}': { done: true, note: 'Disabled in the EHR' },
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

  it('every request body has an example, and it passes its own schema', () => {
    const bodies = requestBodies()
    expect(bodies.size).toBeGreaterThan(0)
    const missing = [...bodies.keys()].filter((operation) => !(operation in EXAMPLES))
    expect(missing, 'request bodies without an example in EXAMPLES').toEqual([])
    // And no example for an operation that is gone.
    expect(Object.keys(EXAMPLES).filter((operation) => !bodies.has(operation))).toEqual([])
    for (const [operation, schema] of bodies) {
      const validate = validatorFor(schema)
      const valid = validate(EXAMPLES[operation])
      expect(validate.errors ?? [], operation).toEqual([])
      expect(valid, operation).toBe(true)
    }
  })

  it('the validator refuses what the schemas refuse (the check can fail)', () => {
    const bodies = requestBodies()
    const refused: [string, unknown][] = [
      ['POST /clients', {}],
      ['POST /time-entries', { clientId: 1, minutes: 5, description: 'x', requestReference: 'X-1' }],
      ['POST /invoices/{id}/payments', { amountCents: 0, method: 'check' }],
      ['POST /timer/stop', { surprise: true }],
    ]
    for (const [operation, body] of refused)
      expect(validatorFor(bodies.get(operation)!)(body), operation).toBe(false)
  })
})
