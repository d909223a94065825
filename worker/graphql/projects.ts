// GraphQL types, queries and mutations for the projects domain; resolvers call worker/services.
import { z } from 'zod'
import { currentCategory, PROJECT_CATEGORY_VALUES, PROJECT_STATUS_VALUES } from '../../schema/constants'
import { rowId } from '../../schema/ids'
import { reorderInput } from '../../schema/payloads'
import { projectInput } from '../../schema/payloads.server'
import type { Project, ProjectMetric, ProjectTestimonial } from '../../schema/tables'
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  reorderProjects,
  updateProject,
} from '../services/projects'
import { builder, withoutNulls } from './builder'
import { ProjectCategoryEnum, ProjectStatusEnum } from './enums'
import { payloadFields } from './payload-input'

const known = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value)

const MetricRef = builder.objectRef<ProjectMetric>('ProjectMetric').implement({
  description: 'A measured result: a label and its value.',
  fields: (t) => ({
    label: t.exposeString('label', { description: 'What was measured; may be empty (migrated free text).' }),
    value: t.exposeString('value', { description: 'The result, e.g. "-70%".' }),
  }),
})

const TestimonialRef = builder.objectRef<ProjectTestimonial>('ProjectTestimonial').implement({
  description: "A client's quote about the project.",
  fields: (t) => ({
    quote: t.exposeString('quote', { description: 'What the client said.' }),
    author: t.exposeString('author', { description: 'Who said it; may be empty.' }),
    role: t.exposeString('role', { description: "The author's role or company; may be empty." }),
  }),
})

const MetricInput = builder.inputType('ProjectMetricInput', {
  description: 'A measured result.',
  fields: (t) => ({
    label: t.string({ description: 'What was measured, at most 100 characters.' }),
    value: t.string({ required: true, description: 'The result, at most 200 characters.' }),
  }),
})

const TestimonialInput = builder.inputType('ProjectTestimonialInput', {
  description: "A client's quote.",
  fields: (t) => ({
    quote: t.string({ required: true, description: 'The quote, at most 2000 characters.' }),
    author: t.string({ description: 'Who said it, at most 120 characters.' }),
    role: t.string({ description: "The author's role, at most 120 characters." }),
  }),
})

export const ProjectRef = builder.objectRef<Project>('Project').implement({
  description: 'A solution in the public catalogue (SPEC §3).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the project.' }),
    title: t.exposeString('title', { description: 'Card title.' }),
    slug: t.exposeString('slug', { description: 'The page address, /portfolio-solutions/{slug}.' }),
    description: t.exposeString('description', { description: 'Card text, clamped to 3 lines on cards.' }),
    category: t.field({
      type: ProjectCategoryEnum,
      description:
        'Catalogue category; a legacy stored value shows under its alias, an unknown one as OTHER.',
      resolve: (p) => {
        const category = currentCategory(p.category)
        return known(PROJECT_CATEGORY_VALUES, category) ? category : 'other'
      },
    }),
    businessValue: t.exposeString('businessValue', {
      nullable: true,
      description: 'The result shown on cards.',
    }),
    keyFeatures: t.exposeStringList('keyFeatures', { description: 'Features; cards show the first 3.' }),
    problemSolved: t.exposeString('problemSolved', { nullable: true, description: 'The problem it solves.' }),
    targetAudience: t.exposeString('targetAudience', { nullable: true, description: 'Who it is for.' }),
    status: t.field({
      type: ProjectStatusEnum,
      nullable: true,
      description: 'Stage of the project; null (legacy rows) shows as production.',
      resolve: (p) => (known(PROJECT_STATUS_VALUES, p.status) ? p.status : null),
    }),
    image: t.exposeString('image', { nullable: true, description: 'Card image URL.' }),
    technologies: t.exposeStringList('technologies', { description: 'Technologies used.' }),
    liveUrl: t.exposeString('liveUrl', { nullable: true, description: 'Live site (http or https).' }),
    githubUrl: t.exposeString('githubUrl', {
      nullable: true,
      description: 'Source repository (http or https).',
    }),
    demoUrl: t.exposeString('demoUrl', { nullable: true, description: 'Demo (http or https).' }),
    isPublic: t.exposeBoolean('isPublic', {
      description: 'False offers "Contact for Access" instead of links.',
    }),
    featured: t.exposeBoolean('featured', { description: 'Marked as featured by the owner.' }),
    order: t.exposeInt('order', { description: 'Sort key, ascending.' }),
    metrics: t.field({
      type: [MetricRef],
      description: 'Measured results, shown on the card and the page.',
      resolve: (p) => p.metrics,
    }),
    testimonial: t.field({
      type: TestimonialRef,
      nullable: true,
      description: "A client's quote, shown on the page.",
      resolve: (p) => p.testimonial,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
})

// Read from the payload schema, itself derived from the table (ADR 102): every
// field is nullable on purpose, the payload decides what is required, so a
// missing title is "Title is required" on both APIs (ADR 040).
const ProjectInput = builder
  .inputType('ProjectInput', {
    description:
      'A whole project; title, description, category and status are required (checked by the server).',
    fields: (t) =>
      payloadFields(t, projectInput, {
        category: ProjectCategoryEnum,
        status: ProjectStatusEnum,
        metrics: [MetricInput],
        testimonial: TestimonialInput,
      }),
  })
  .validate(withoutNulls(projectInput))

builder.queryField('projects', (t) =>
  t.field({
    type: [ProjectRef],
    description: 'All projects in display order.',
    resolve: (_root, _args, { db }) => listProjects(db),
  }),
)

builder.queryField('project', (t) =>
  t.field({
    type: ProjectRef,
    description: 'One project; NOT_FOUND when it does not exist.',
    args: { id: t.arg.id({ required: true, description: 'Id of the project.' }).validate(rowId) },
    resolve: (_root, { id }, { db }) => getProject(db, id),
  }),
)

builder.mutationField('createProject', (t) =>
  t.field({
    type: ProjectRef,
    description: 'Creates a project and returns it.',
    args: { input: t.arg({ type: ProjectInput, required: true, description: 'The new project.' }) },
    resolve: (_root, { input }, { db }) => createProject(db, input),
  }),
)

builder.mutationField('updateProject', (t) =>
  t.field({
    type: ProjectRef,
    description: 'Replaces a project and returns it; NOT_FOUND when it does not exist.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the project.' }).validate(rowId),
      input: t.arg({ type: ProjectInput, required: true, description: 'The whole project as it should be.' }),
    },
    resolve: (_root, { id, input }, { db }) => updateProject(db, id, input),
  }),
)

builder.mutationField('reorderProjects', (t) =>
  t.field({
    type: [ProjectRef],
    description: 'Saves the catalogue order: every project id once, first to last; returns the projects.',
    args: {
      ids: t.arg
        .idList({ required: true, description: 'Every project id, in the order wanted.' })
        .validate(z.preprocess((v) => (Array.isArray(v) ? v.map(Number) : v), reorderInput.shape.ids)),
    },
    resolve: (_root, { ids }, { db }) => reorderProjects(db, ids),
  }),
)

builder.mutationField('deleteProject', (t) =>
  t.id({
    description: 'Deletes a project; returns its id.',
    args: { id: t.arg.id({ required: true, description: 'Id of the project.' }).validate(rowId) },
    resolve: (_root, { id }, { db }) => deleteProject(db, id),
  }),
)
