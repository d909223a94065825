// The typed GraphQL documents of the risk analyses (issue 39, point 4; worker/graphql/risk-analyses.ts).
import { graphql } from '../graphql'

export const RISK_OVERVIEW = graphql(`
  query RiskOverview {
    riskAnalysisRows {
      id
      clientId
      clientName
      analysisDate
      status
      itemCount
      answeredCount
      notMetCount
      partlyCount
      openTaskCount
      nextTaskDue
      nextAnalysisDue
    }
    riskAnalysisClients {
      id
      name
      lastAnalysisDate
      due
    }
  }
`)

export const CLIENT_RISK = graphql(`
  query ClientRisk($clientId: ID) {
    riskAnalysisRows(clientId: $clientId) {
      id
      analysisDate
      status
      itemCount
      answeredCount
      openTaskCount
      nextAnalysisDue
    }
  }
`)

export const START_RISK_ANALYSIS = graphql(`
  mutation StartRiskAnalysis($clientId: ID!) {
    startRiskAnalysis(clientId: $clientId) {
      id
    }
  }
`)

export const RISK_ANALYSIS = graphql(`
  query RiskAnalysis($id: ID!) {
    riskAnalysis(id: $id) {
      id
      clientId
      clientName
      analysisDate
      status
      itemCount
      answeredCount
      items {
        id
        position
        area
        topic
        question
        assetId
        finding
        notes
        evidence {
          id
          name
          size
        }
        tasks {
          id
          description
          dueDate
          done
        }
      }
    }
  }
`)

export const UPDATE_RISK_ANALYSIS = graphql(`
  mutation UpdateRiskAnalysis($id: ID!, $input: RiskAnalysisPatchInput!) {
    updateRiskAnalysis(id: $id, input: $input) {
      id
      status
      answeredCount
    }
  }
`)
