// GraphQL types, queries and mutations for the skills domain; resolvers call worker/services.
import { rowId } from '../../schema/ids'
import { skillInput } from '../../schema/payloads'
import type { Skill } from '../../schema/tables'
import { createSkill, deleteSkill, listSkills } from '../services/skills'
import { builder, withoutNulls } from './builder'

const SkillRef = builder.objectRef<Skill>('Skill').implement({
  description: 'A technical skill, grouped by category on the About page.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the skill.' }),
    category: t.exposeString('category', { description: 'The group it is shown under.' }),
    name: t.exposeString('name', { description: 'The skill.' }),
  }),
})

const SkillInput = builder
  .inputType('SkillInput', {
    description: 'A new skill; both fields are required (checked by the server).',
    fields: (t) => ({
      category: t.string({ description: 'Required, at most 100 characters.' }),
      name: t.string({ description: 'Required, at most 100 characters.' }),
    }),
  })
  .validate(withoutNulls(skillInput))

builder.queryField('skills', (t) =>
  t.field({
    type: [SkillRef],
    description: 'All skills.',
    resolve: (_root, _args, { db }) => listSkills(db),
  }),
)

builder.mutationField('createSkill', (t) =>
  t.field({
    type: SkillRef,
    description: 'Adds a skill and returns it.',
    args: { input: t.arg({ type: SkillInput, required: true, description: 'The new skill.' }) },
    resolve: (_root, { input }, { db }) => createSkill(db, input),
  }),
)

builder.mutationField('deleteSkill', (t) =>
  t.id({
    description: 'Deletes a skill; returns its id.',
    args: { id: t.arg.id({ required: true, description: 'Id of the skill.' }).validate(rowId) },
    resolve: (_root, { id }, { db }) => deleteSkill(db, id),
  }),
)
