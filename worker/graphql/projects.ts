// GraphQL types, queries and mutations for the projects domain; resolvers call worker/services.
import { projectInput } from '../../schema/payloads'
import type { Project } from '../../schema/tables'
import { parseId } from '../http/params'
import { createProject, deleteProject, getProject, listProjects, updateProject } from '../services/projects'
import { builder } from './builder'
import { parseInput } from './inputs'

export const ProjectRef = builder.objectRef<Project>('Project').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    category: t.exposeString('category'),
    businessValue: t.exposeString('businessValue', { nullable: true }),
    keyFeatures: t.exposeStringList('keyFeatures'),
    problemSolved: t.exposeString('problemSolved', { nullable: true }),
    targetAudience: t.exposeString('targetAudience', { nullable: true }),
    status: t.exposeString('status', { nullable: true }),
    image: t.exposeString('image', { nullable: true }),
    technologies: t.exposeStringList('technologies'),
    liveUrl: t.exposeString('liveUrl', { nullable: true }),
    githubUrl: t.exposeString('githubUrl', { nullable: true }),
    demoUrl: t.exposeString('demoUrl', { nullable: true }),
    isPublic: t.exposeBoolean('isPublic'),
    featured: t.exposeBoolean('featured'),
    order: t.exposeInt('order'),
    metrics: t.exposeString('metrics', { nullable: true }),
    testimonial: t.exposeString('testimonial', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
})

const ProjectInput = builder.inputType('ProjectInput', {
  fields: (t) => ({
    title: t.string(),
    description: t.string(),
    category: t.string(),
    status: t.string(),
    businessValue: t.string(),
    keyFeatures: t.stringList(),
    problemSolved: t.string(),
    targetAudience: t.string(),
    image: t.string(),
    technologies: t.stringList(),
    liveUrl: t.string(),
    githubUrl: t.string(),
    demoUrl: t.string(),
    isPublic: t.boolean(),
    featured: t.boolean(),
    order: t.int(),
    metrics: t.string(),
    testimonial: t.string(),
  }),
})

builder.queryField('projects', (t) =>
  t.field({ type: [ProjectRef], resolve: (_root, _args, { db }) => listProjects(db) }),
)

builder.queryField('project', (t) =>
  t.field({
    type: ProjectRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { db }) => getProject(db, parseId(id)),
  }),
)

builder.mutationField('createProject', (t) =>
  t.field({
    type: ProjectRef,
    args: { input: t.arg({ type: ProjectInput, required: true }) },
    resolve: (_root, { input }, { db }) => createProject(db, parseInput(projectInput, input)),
  }),
)

builder.mutationField('updateProject', (t) =>
  t.field({
    type: ProjectRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ProjectInput, required: true }) },
    resolve: (_root, { id, input }, { db }) =>
      updateProject(db, parseId(id), parseInput(projectInput, input)),
  }),
)

builder.mutationField('deleteProject', (t) =>
  t.id({
    description: 'Deletes a project; returns its id.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, { db }) => deleteProject(db, parseId(id)),
  }),
)
