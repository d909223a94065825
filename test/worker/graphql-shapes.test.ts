// An entity's shape is written once (schema/tables-<domain>.ts) and its payload schema
// once (its rules in schema/payloads.ts, derived in schema/payloads.server.ts);
// the GraphQL types list their fields for the descriptions. These tests fail
// when a copy drifts from its source.

import SchemaBuilder from '@pothos/core'
import { getTableColumns } from 'drizzle-orm'
import { createInsertSchema } from 'drizzle-zod'
import { isInputObjectType, isObjectType } from 'graphql'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { type AvailabilityInput, availabilityRules } from '../../schema/availability-payload'
import { contentBody, contentInput, type ProjectInput, projectRules, skillInput } from '../../schema/payloads'
import {
  agreementTemplateInput,
  availabilityInput,
  type EditableRules,
  projectInput,
} from '../../schema/payloads.server'
import { type AgreementTemplateInput, agreementTemplateRules } from '../../schema/quotes'
import * as tables from '../../schema/tables'
import { payloadFields } from '../../worker/graphql/payload-input'
import { schema } from '../../worker/graphql/schema'

const columns = (table: Parameters<typeof getTableColumns>[0]) => Object.keys(getTableColumns(table)).sort()
const fieldsOf = (name: string) => {
  const type = schema.getType(name)
  if (!isObjectType(type) && !isInputObjectType(type)) throw new Error(`${name} is not an object type`)
  return Object.keys(type.getFields()).sort()
}

describe('GraphQL object types show the table row', () => {
  it.each([
    ['Project', tables.projects, []],
    ['Skill', tables.skills, ['createdAt', 'updatedAt']],
    ['ContentBlock', tables.pageContent, ['createdAt']],
    ['Resume', tables.resumes, ['objectKey']],
    ['UploadedFile', tables.uploadedFiles, ['objectKey', 'updatedAt']],
    // The duplicate-submission fingerprint is internal (issue 14).
    // A booking's uid (what the visitor's link names), invitation sequence and reminder flag too (issue 17).
    ['Consultation', tables.consultations, ['fingerprint', 'uid', 'sequence', 'reminderSentAt']],
    // So is a paused due clock's remainder (issue 15: dueAt is what the owner sees).
    ['SupportRequest', tables.supportRequests, ['fingerprint', 'dueRemainingMs']],
  ] as const)('%s has every column except the internal ones', (name, table, hidden) => {
    // The thread is read from request_messages (issue 15); a public image's address from its key (issue 16).
    const computed = ['delivery', 'url', 'thread', 'publicUrl']
    expect(fieldsOf(name).filter((f) => !computed.includes(f))).toEqual(
      columns(table).filter((c) => !(hidden as readonly string[]).includes(c)),
    )
  })
})

describe('GraphQL input types are the REST payload schemas', () => {
  it.each([
    ['ProjectInput', projectInput],
    ['SkillInput', skillInput],
    ['ContentInput', contentInput],
    ['ContentUpdateInput', contentBody],
  ] as const)('%s has exactly the payload schema fields', (name, payload) => {
    expect(fieldsOf(name)).toEqual(Object.keys(payload.shape).sort())
  })

  it('the project payload covers every writable column', () => {
    const generated = ['id', 'createdAt', 'updatedAt']
    expect(Object.keys(projectInput.shape).sort()).toEqual(
      columns(tables.projects).filter((c) => !generated.includes(c)),
    )
  })
})

// A builder without the app's plugins; their options are typed as required once imported.
const bareBuilder = () => new SchemaBuilder({} as never)
const GENERATED = ['id', 'createdAt', 'updatedAt']

describe('payloads derived from the tables (ADR 102)', () => {
  it.each([
    ['availability', availabilityInput, tables.availabilitySettings, []],
    ['agreement template', agreementTemplateInput, tables.agreementTemplates, ['archived']],
  ] as const)('the %s payload covers every writable column', (_name, payload, table, hidden) => {
    expect(Object.keys(payload.shape).sort()).toEqual(
      columns(table).filter((c) => !GENERATED.includes(c) && !(hidden as readonly string[]).includes(c)),
    )
  })

  // The browser reads the payload types from the plain rule sets (schema/payloads.ts, no drizzle);
  // the server validates with the table-derived schemas. Both must be one shape with one verdict.
  it('the browser payload types are the derived schemas’ output types', () => {
    expectTypeOf<z.output<typeof projectInput>>().toEqualTypeOf<ProjectInput>()
    expectTypeOf<z.output<typeof availabilityInput>>().toEqualTypeOf<AvailabilityInput>()
    expectTypeOf<z.output<typeof agreementTemplateInput>>().toEqualTypeOf<AgreementTemplateInput>()
    expect(Object.keys(projectInput.shape).sort()).toEqual(Object.keys(projectRules).sort())
  })

  const project = {
    title: 'Clinic portal',
    description: 'A portal for a dental clinic.',
    category: 'web-application',
    status: 'completed',
  }
  const availability = {
    weeklyHours: { '1': ['09:00'] },
    blocked: [],
    minNoticeMinutes: 60,
    horizonDays: 30,
    meetingMinutes: 30,
    changeCutoffHours: 24,
  }
  it.each([
    ['project', projectInput, projectRules, project],
    [
      'project, every field',
      projectInput,
      projectRules,
      {
        ...project,
        slug: 'clinic-portal',
        keyFeatures: [' Booking ', ''],
        technologies: ['Hono'],
        liveUrl: 'https://example.com',
        isPublic: false,
        order: 3,
        metrics: [{ label: 'Time', value: '-70%' }],
        testimonial: { quote: 'Great.' },
      },
    ],
    ['project without a title', projectInput, projectRules, { ...project, title: '  ' }],
    ['project with a bad URL', projectInput, projectRules, { ...project, liveUrl: 'ftp://x' }],
    ['project with an unknown category', projectInput, projectRules, { ...project, category: 'games' }],
    ['project with a fractional order', projectInput, projectRules, { ...project, order: 1.5 }],
    [
      'project with 13 metrics',
      projectInput,
      projectRules,
      {
        ...project,
        metrics: Array.from({ length: 13 }, () => ({ label: '', value: '1' })),
      },
    ],
    ['availability', availabilityInput, availabilityRules, availability],
    [
      'availability with a video link',
      availabilityInput,
      availabilityRules,
      {
        ...availability,
        meetingLocationKind: 'video',
        meetingLocation: 'https://meet.example.com/x',
      },
    ],
    [
      'availability with a reversed range',
      availabilityInput,
      availabilityRules,
      {
        ...availability,
        blocked: [{ from: '2026-12-10', to: '2026-12-01' }],
      },
    ],
    [
      'availability with a long meeting',
      availabilityInput,
      availabilityRules,
      { ...availability, meetingMinutes: 90 },
    ],
    ['agreement template', agreementTemplateInput, agreementTemplateRules, { name: 'BAA', body: '# BAA' }],
    [
      'agreement template of an unknown kind',
      agreementTemplateInput,
      agreementTemplateRules,
      {
        kind: 'nda',
        name: 'NDA',
        body: 'Text',
      },
    ],
  ] as const)(
    '%s: the derived schema and the plain rule set give one verdict',
    (_name, derived, rules, value) => {
      const plain = z.object(rules as Record<string, z.ZodType>).safeParse(value)
      const server = (derived as z.ZodObject).safeParse(value)
      expect(server.success).toBe(plain.success)
      expect(server.data).toEqual(plain.data)
      expect(server.error?.issues).toEqual(plain.error?.issues)
    },
  )

  it('the derived project payload refuses what the owner may not write', () => {
    const parsed = projectInput.safeParse({ ...project, title: '' })
    expect(parsed.success).toBe(false)
    expect(parsed.error!.issues[0]!.message).toBe('Title is required')
  })

  // The two @ts-expect-error lines are the assertion: `npx tsc -b` fails when either stops being an error.
  it('a rule set missing a column, or naming one the table lacks, does not type-check', () => {
    // @ts-expect-error every writable column of the table needs its rule
    const missing = { category: z.string() } satisfies EditableRules<typeof tables.skills>
    const extra = {
      category: z.string(),
      name: z.string(),
      order: z.number(),
      // @ts-expect-error a key that is not a column of the table
      colour: z.string(),
    } satisfies EditableRules<typeof tables.skills>
    const complete = {
      category: z.string(),
      name: z.string().max(3),
      order: z.number(),
    } satisfies EditableRules<typeof tables.skills>
    const derived = createInsertSchema(tables.skills, complete).omit({
      id: true,
      createdAt: true,
      updatedAt: true,
    })
    expect(Object.keys(derived.shape).sort()).toEqual(['category', 'name', 'order'])
    // A rule given whole replaces the column's own schema.
    expect(derived.safeParse({ category: 'a', name: 'long', order: 1 }).success).toBe(false)
    expect(Object.keys({ ...missing, ...extra }).sort()).toEqual(['category', 'colour', 'name', 'order'])
  })

  it("the GraphQL input reads each field's scalar and description from its rule, all nullable", () => {
    const b = bareBuilder()
    const payload = z.object({
      title: z.string().trim().meta({ description: 'The title.' }),
      count: z
        .number()
        .int()
        .nullish()
        .transform((v) => v ?? 0),
      ratio: z.number().default(1),
      tags: z.array(z.string()).default([]),
      done: z.boolean(),
      slug: z.union([z.literal(''), z.string().max(5)]).nullish(),
    })
    const Input = b.inputType('DerivedInput', { fields: (t) => payloadFields(t, payload) })
    b.queryType({
      fields: (t) => ({ ok: t.boolean({ args: { input: t.arg({ type: Input }) }, resolve: () => true }) }),
    })
    const type = b.toSchema().getType('DerivedInput')
    if (!isInputObjectType(type)) throw new Error('not an input')
    const fields = type.getFields()
    expect(Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, String(f.type)]))).toEqual({
      title: 'String',
      count: 'Int',
      ratio: 'Float',
      tags: '[String!]',
      done: 'Boolean',
      slug: 'String',
    })
    expect(fields.title!.description).toBe('The title.')
  })

  it('a rule it cannot read (an object not named) fails when the schema is built', () => {
    const b = bareBuilder()
    const Input = b.inputType('Unreadable', {
      fields: (t) => payloadFields(t, z.object({ nested: z.object({ a: z.string() }) })),
    })
    b.queryType({
      fields: (t) => ({ ok: t.boolean({ args: { input: t.arg({ type: Input }) }, resolve: () => true }) }),
    })
    expect(() => b.toSchema()).toThrow('GraphQL input field nested: name its type')
  })
})
