// GraphQL documents of the Projects tab.
const PROJECT_FIELDS = `id title description category businessValue keyFeatures problemSolved targetAudience
  status image technologies liveUrl githubUrl demoUrl isPublic featured order metrics testimonial`

export const PROJECTS_QUERY = `query AdminProjects { projects { ${PROJECT_FIELDS} } }`

export const CREATE_PROJECT = `mutation CreateProject($input: ProjectInput!) {
  createProject(input: $input) { ${PROJECT_FIELDS} }
}`

export const UPDATE_PROJECT = `mutation UpdateProject($id: ID!, $input: ProjectInput!) {
  updateProject(id: $id, input: $input) { ${PROJECT_FIELDS} }
}`

export const DELETE_PROJECT = `mutation DeleteProject($id: ID!) { deleteProject(id: $id) }`
