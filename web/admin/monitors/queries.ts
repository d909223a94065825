// The admin's GraphQL documents for issue 54 (worker/graphql/monitors.ts): the
// background jobs' board and the client monitors.
import { graphql } from '../graphql'

export const JOBS_QUERY = graphql(`
  query Jobs {
    jobs {
      name
      label
      periodMinutes
      lastRunAt
      lastOkAt
      state
      lastError
    }
  }
`)

export const MONITORS_QUERY = graphql(`
  query Monitors($clientId: ID) {
    monitors(clientId: $clientId) {
      id
      clientId
      clientName
      kind
      name
      url
      domain
      state
      lastCheckedAt
      lastResponseMs
      expiresAt
      heartbeatUrl
    }
  }
`)

export const MONITOR_QUERY = graphql(`
  query Monitor($id: ID!) {
    monitor(id: $id) {
      id
      clientId
      clientName
      kind
      name
      url
      domain
      keyword
      keywordAbsent
      intervalMinutes
      state
      lastCheckedAt
      lastResponseMs
      expiresAt
      heartbeatUrl
      uptime30d
      responseChartSvg
      checks {
        at
        ok
        status
        ms
        error
      }
      outages {
        id
        startedAt
        endedAt
        cause
        requestId
      }
    }
  }
`)

export const CREATE_MONITOR = graphql(`
  mutation CreateMonitor($input: MonitorInput!) {
    createMonitor(input: $input) {
      id
      name
    }
  }
`)

export const CHECK_MONITOR = graphql(`
  mutation CheckMonitor($id: ID!) {
    checkMonitor(id: $id) {
      ok
      status
      ms
      error
      state
    }
  }
`)

export const SET_MONITOR_PAUSED = graphql(`
  mutation SetMonitorPaused($id: ID!, $paused: Boolean!) {
    setMonitorPaused(id: $id, paused: $paused) {
      id
      state
    }
  }
`)

export const DELETE_MONITOR = graphql(`
  mutation DeleteMonitor($id: ID!) {
    deleteMonitor(id: $id)
  }
`)

export const MONITOR_MAINTENANCE_QUERY = graphql(`
  query MonitorMaintenance($clientId: ID!) {
    monitorMaintenance(clientId: $clientId) {
      id
      monitorId
      startsAt
      endsAt
      note
    }
  }
`)

export const ADD_MONITOR_MAINTENANCE = graphql(`
  mutation AddMonitorMaintenance($clientId: ID!, $input: MonitorMaintenanceInput!) {
    addMonitorMaintenance(clientId: $clientId, input: $input) {
      id
    }
  }
`)

export const DELETE_MONITOR_MAINTENANCE = graphql(`
  mutation DeleteMonitorMaintenance($id: ID!) {
    deleteMonitorMaintenance(id: $id)
  }
`)
