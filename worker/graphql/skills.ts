// GraphQL types, queries and mutations for the skills domain; resolvers call worker/services.

import { z } from 'zod'
import { rowId } from '../../schema/ids'
import { reorderInput, skillInput } from '../../schema/payloads'
import type { Skill } from '../../schema/tables'
import { createSkill, deleteSkill, listSkills, reorderSkills } from '../services/skills'
import { builder, withoutNulls } from './builder'

const SkillRef = builder.objectRef<Skill>('Skill').implement({
  description: 'A technical skill, grouped by category on the About page.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the skill.' }),
    category: t.exposeString('category', { description: 'The group it is shown under.' }),
    name: t.exposeString('name', { description: 'The skill.' }),
    order: t.exposeInt('order', { description: 'Position within its category, ascending.' }),
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

builder.mutationField('reorderSkills', (t) =>
  t.field({
    type: [SkillRef],
    description: "Saves one category's order: every skill id of it once, first to last; returns all skills.",
    args: {
      category: t.arg
        .string({ required: true, description: 'The category being arranged.' })
        .validate(skillInput.shape.category),
      ids: t.arg
        .idList({ required: true, description: "Every id of the category's skills, in the order wanted." })
        .validate(z.preprocess((v) => (Array.isArray(v) ? v.map(Number) : v), reorderInput.shape.ids)),
    },
    resolve: (_root, { category, ids }, { db }) => reorderSkills(db, category, ids),
  }),
)
