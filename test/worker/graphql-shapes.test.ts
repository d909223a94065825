// An entity's shape is written once (schema/tables.ts) and its payload schema
// once (schema/payloads.ts); the GraphQL types list their fields for the
// descriptions. These tests fail when a copy drifts from its source.
import { getTableColumns } from 'drizzle-orm'
import { isInputObjectType, isObjectType } from 'graphql'
import { describe, expect, it } from 'vitest'
import { contentBody, contentInput, projectInput, skillInput } from '../../schema/payloads'
import * as tables from '../../schema/tables'
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
