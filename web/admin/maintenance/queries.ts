// The typed GraphQL documents of the Maintenance area (issue 40; worker/graphql/maintenance.ts).
import { graphql } from '../graphql'

export const MAINTENANCE_OVERVIEW = graphql(`
  query MaintenanceOverview {
    maintenanceSchedules {
      id
      clientId
      clientName
      title
      status
      rrule
      nextDueDates
      recurrence {
        freq
        interval
        byMonthDay
        byWeekday
      }
    }
    overdue: maintenanceTasks(status: OVERDUE) {
      id
      clientName
      title
      dueDate
      status
    }
    open: maintenanceTasks(status: OPEN) {
      id
      clientName
      title
      dueDate
      status
    }
    maintenanceTemplates {
      key
      title
      freq
      estimatedMinutes
      checklist
    }
    quoteClientOptions {
      id
      name
    }
  }
`)

export const OVERDUE_MAINTENANCE = graphql(`
  query OverdueMaintenance {
    maintenanceTasks(status: OVERDUE) {
      id
      clientName
      title
      dueDate
    }
  }
`)

export const CREATE_SCHEDULE = graphql(`
  mutation CreateMaintenanceSchedule($input: MaintenanceScheduleInput!) {
    createMaintenanceSchedule(input: $input) {
      id
      nextDueDates
    }
  }
`)

export const UPDATE_SCHEDULE = graphql(`
  mutation UpdateMaintenanceSchedule($id: ID!, $input: MaintenanceSchedulePatchInput!) {
    updateMaintenanceSchedule(id: $id, input: $input) {
      id
      status
      nextDueDates
    }
  }
`)

export const DELETE_SCHEDULE = graphql(`
  mutation DeleteMaintenanceSchedule($id: ID!) {
    deleteMaintenanceSchedule(id: $id)
  }
`)

export const GENERATE_TASKS = graphql(`
  mutation GenerateMaintenanceTasks($until: String!) {
    generateMaintenanceTasks(until: $until)
  }
`)

export const TASK = graphql(`
  query MaintenanceTask($id: ID!) {
    maintenanceTask(id: $id) {
      id
      clientId
      clientName
      title
      dueDate
      status
      estimatedMinutes
      minutesLogged
      items {
        position
        label
        done
        note
      }
      files {
        id
        name
        size
      }
    }
  }
`)

export const UPDATE_TASK = graphql(`
  mutation UpdateMaintenanceTask($id: ID!, $input: MaintenanceTaskPatchInput!) {
    updateMaintenanceTask(id: $id, input: $input) {
      id
      status
      items {
        position
        done
        note
      }
    }
  }
`)

export const LOG_TIME = graphql(`
  mutation LogMaintenanceTime($id: ID!, $input: MaintenanceTaskTimeInput!) {
    logMaintenanceTime(id: $id, input: $input) {
      id
      minutesLogged
    }
  }
`)

export const CLIENT_MAINTENANCE = graphql(`
  query ClientMaintenance($clientId: ID) {
    maintenanceSchedules(clientId: $clientId) {
      id
      title
      status
      nextDueDates
    }
    maintenanceTasks(clientId: $clientId) {
      id
      title
      dueDate
      status
      evidenceCount
    }
  }
`)
