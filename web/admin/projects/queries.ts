// GraphQL documents of the Projects tab, typed from the schema (gql.tada), and
// the one place where the tab's values meet GraphQL's: category and status are
// enums on the wire and the stored values everywhere in the admin's code.
import { type FragmentOf, fromEnum, graphql, readFragment, toEnum, type VariablesOf } from '../graphql'

const ProjectFields = graphql(`
  fragment ProjectFields on Project {
    id title slug description category businessValue keyFeatures problemSolved targetAudience
    status image technologies liveUrl githubUrl demoUrl isPublic featured order
    metrics { label value } testimonial { quote author role }
  }
`)

export const PROJECTS_QUERY = graphql(`query AdminProjects { projects { ...ProjectFields } }`, [
  ProjectFields,
])

export const CREATE_PROJECT = graphql(
  `mutation CreateProject($input: ProjectInput!) { createProject(input: $input) { ...ProjectFields } }`,
  [ProjectFields],
)

export const UPDATE_PROJECT = graphql(
  `mutation UpdateProject($id: ID!, $input: ProjectInput!) {
    updateProject(id: $id, input: $input) { ...ProjectFields }
  }`,
  [ProjectFields],
)

export const REORDER_PROJECTS = graphql(
  `mutation ReorderProjects($ids: [ID!]!) { reorderProjects(ids: $ids) { ...ProjectFields } }`,
  [ProjectFields],
)

export const DELETE_PROJECT = graphql(`mutation DeleteProject($id: ID!) { deleteProject(id: $id) }`)

type GqlProject = FragmentOf<typeof ProjectFields>

/** A project as the admin reads it: the schema's `Project`, with stored category and status values. */
export type AdminProject = Omit<ReturnType<typeof readProject>, never>

function readProject(data: GqlProject) {
  const project = readFragment(ProjectFields, data)
  return {
    ...project,
    category: fromEnum('ProjectCategory', project.category),
    status: project.status === null ? null : fromEnum('ProjectStatus', project.status),
  }
}

export const projectsOf = (data: { projects: readonly GqlProject[] } | undefined): AdminProject[] =>
  data?.projects.map(readProject) ?? []

type GqlProjectInput = VariablesOf<typeof CREATE_PROJECT>['input']

/** The dialog's payload (stored values) as GraphQL `ProjectInput`. */
export const projectInputOf = (
  payload: Omit<GqlProjectInput, 'category' | 'status'> & {
    category: string
    status: string
  },
): GqlProjectInput => ({
  ...payload,
  category: toEnum('ProjectCategory', payload.category),
  status: toEnum('ProjectStatus', payload.status),
})
