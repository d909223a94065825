// The typed GraphQL documents of the clinic's people (issue 55; worker/graphql/people.ts).
import { graphql } from '../graphql'

export const RUN_FIELDS = graphql(`
  fragment PeopleRunFields on PeopleRun @_unmask {
    id
    kind
    staffId
    name
    leavesAt
    startsAt
    startedBy
    completedAt
    late
    steps {
      id
      title
      kind
      doneAt
      doneBy
      note
      late
    }
  }
`)

export const CLIENT_PEOPLE = graphql(
  `
  query ClientPeople($id: ID!) {
    client(id: $id) {
      id
      name
      staff {
        id
        name
        email
        role
        startDate
        leaveDate
        active
      }
      trainingRecords {
        assignmentId
        staffId
        name
        title
        version
        dueDate
        completedAt
        score
        status
      }
      trainingCompletion {
        total
        done
        overdue
        percent
      }
      peopleRuns {
        ...PeopleRunFields
      }
      onboardingTemplate
      offboardingTemplate
    }
    trainings {
      id
      title
      version
      draft
    }
  }
`,
  [RUN_FIELDS],
)

export const ADD_STAFF = graphql(`
  mutation AddStaff($clientId: ID!, $input: StaffInput!) {
    addStaff(clientId: $clientId, input: $input) {
      id
      name
    }
  }
`)

export const ASSIGN_TRAINING = graphql(`
  mutation AssignTraining($id: ID!, $input: TrainingAssignInput!) {
    assignTraining(id: $id, input: $input)
  }
`)

export const START_OFFBOARDING = graphql(
  `
  mutation StartOffboarding($clientId: ID!, $staffId: Int!, $leavesAt: String!) {
    startOffboarding(clientId: $clientId, staffId: $staffId, leavesAt: $leavesAt) {
      ...PeopleRunFields
    }
  }
`,
  [RUN_FIELDS],
)

export const SET_RUN_TEMPLATE = graphql(`
  mutation SetRunTemplate($clientId: ID!, $kind: String!, $steps: [String!]!) {
    setRunTemplate(clientId: $clientId, kind: $kind, steps: $steps)
  }
`)

export const COMPLETE_STEP = graphql(
  `
  mutation CompleteRunStep($id: ID!, $note: String) {
    completeRunStep(id: $id, note: $note) {
      ...PeopleRunFields
    }
  }
`,
  [RUN_FIELDS],
)

export const TRAININGS = graphql(`
  query Trainings {
    trainings {
      id
      title
      body
      passPercent
      version
      draft
      updatedAt
      questions {
        prompt
        choices
        answer
      }
    }
  }
`)

export const CREATE_TRAINING = graphql(`
  mutation CreateTraining($input: TrainingInput!) {
    createTraining(input: $input) {
      id
      version
    }
  }
`)

export const UPDATE_TRAINING = graphql(`
  mutation UpdateTraining($id: ID!, $input: TrainingPatch!) {
    updateTraining(id: $id, input: $input) {
      id
      version
      draft
    }
  }
`)

export const PEOPLE_DESK = graphql(
  `
  query PeopleDesk {
    peopleDesk {
      clients {
        clientId
        clientName
        total
        done
        overdue
        percent
      }
      overdue {
        assignmentId
        clientId
        clientName
        name
        title
        dueDate
      }
      lateRuns {
        ...PeopleRunFields
        clientId
      }
    }
  }
`,
  [RUN_FIELDS],
)
