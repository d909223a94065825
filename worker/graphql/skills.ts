// GraphQL types, queries and mutations for the skills domain; resolvers call worker/services.
import { skillInput } from '../../schema/payloads'
import type { Skill } from '../../schema/tables'
import { parseId } from '../http/params'
import { createSkill, deleteSkill, listSkills } from '../services/skills'
import { builder } from './builder'
import { parseInput } from './inputs'

const SkillRef = builder.objectRef<Skill>('Skill').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    category: t.exposeString('category'),
    name: t.exposeString('name'),
  }),
})

const SkillInput = builder.inputType('SkillInput', {
  fields: (t) => ({ category: t.string(), name: t.string() }),
})

builder.queryField('skills', (t) =>
  t.field({ type: [SkillRef], resolve: (_root, _args, { db }) => listSkills(db) }),
)

builder.mutationField('createSkill', (t) =>
  t.field({
    type: SkillRef,
    args: { input: t.arg({ type: SkillInput, required: true }) },
    resolve: (_root, { input }, { db }) => createSkill(db, parseInput(skillInput, input)),
  }),
)

builder.mutationField('deleteSkill', (t) =>
  t.id({
    description: 'Deletes a skill; returns its id.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { db }) => deleteSkill(db, parseId(id)),
  }),
)
