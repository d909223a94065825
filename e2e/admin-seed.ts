import { type APIRequestContext, expect } from '@playwright/test'

// Records in every admin table (clients, quotes, time, invoices), created by
// the owner through GraphQL as the screens do: a layout check on an empty
// table proves nothing (issue 36.6). Long names on purpose, the kind that
// pushed the tables off a phone's screen.

async function gql<T>(request: APIRequestContext, query: string, variables: object): Promise<T> {
  const res = await request.post('/graphql', {
    headers: { 'x-graphql-yoga-csrf': '1' },
    data: { query, variables },
  })
  expect(res.ok(), await res.text()).toBe(true)
  const body = (await res.json()) as { data?: T; errors?: unknown }
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return body.data as T
}

export async function seedAdminTables(request: APIRequestContext) {
  const stamp = Date.now().toString(36)
  const { createClient } = await gql<{ createClient: { id: string } }>(
    request,
    'mutation($input: ClientInput!) { createClient(input: $input) { id } }',
    {
      input: {
        name: `Riverside Family Clinic and Associates ${stamp}`,
        defaultRateCents: 12500,
        contacts: [{ name: 'Maria Fernández-Whitaker', email: `maria.${stamp}@riverside-clinic.example` }],
      },
    },
  )
  const clientId = createClient.id
  await gql(request, 'mutation($input: TimeEntryInput!) { createTimeEntry(input: $input) { id } }', {
    input: {
      clientId,
      minutes: 95,
      description: 'Migrated the front-desk workstations to the new scheduling server',
      billable: true,
    },
  })
  const { createQuote } = await gql<{ createQuote: { id: string } }>(
    request,
    'mutation($input: QuoteInput!) { createQuote(input: $input) { id } }',
    {
      input: {
        clientId: Number(clientId),
        title: 'Practice management system with patient reminders',
        lines: [
          { description: 'Set-up and configuration', quantity: 12, unitPriceCents: 12500, optional: false },
        ],
      },
    },
  )
  const { createInvoice } = await gql<{ createInvoice: { id: string; number: string } }>(
    request,
    'mutation($input: InvoiceInput!) { createInvoice(input: $input) { id number } }',
    {
      input: {
        clientId,
        source: 'MANUAL',
        lines: [{ description: 'On-site network assessment', quantity: 3, unitPriceCents: 15000 }],
      },
    },
  )
  const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)
  const { createAsset } = await gql<{ createAsset: { id: string } }>(
    request,
    'mutation($clientId: ID!, $input: AssetInput!) { createAsset(clientId: $clientId, input: $input) { id } }',
    {
      clientId,
      input: {
        kind: 'SOFTWARE_LICENCE',
        name: 'Electronic health records subscription for the whole practice',
        renewalDate: soon,
        seats: 14,
        ephi: 'YES',
      },
    },
  )
  // A weekly checklist that started 10 days ago: one task overdue, one due (issue 40).
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  await gql(
    request,
    'mutation($input: MaintenanceScheduleInput!) { createMaintenanceSchedule(input: $input) { id } }',
    {
      input: {
        clientId,
        title: 'Quarterly backup restore test for the imaging workstation and the front desk',
        checklist: ['Restore a sample of files to a scratch location and compare them with the originals'],
        recurrence: { freq: 'WEEKLY' },
        startDate: day(-10),
      },
    },
  )
  await gql(request, 'mutation($until: String!) { generateMaintenanceTasks(until: $until) }', {
    until: day(1),
  })
  const { maintenanceTasks } = await gql<{ maintenanceTasks: { id: string }[] }>(
    request,
    'query($clientId: ID) { maintenanceTasks(clientId: $clientId) { id } }',
    { clientId },
  )
  // A BAA and an incident on the clock (issue 39), with the long names a phone must wrap.
  await gql(request, 'mutation($input: BaaInput!) { recordBaa(input: $input) { id } }', {
    input: {
      clientId: Number(clientId),
      effectiveDate: day(-30),
      notificationDays: 10,
      notificationDayKind: 'business',
    },
  })
  const { createIncident } = await gql<{ createIncident: { id: string } }>(
    request,
    'mutation($input: IncidentInput!) { createIncident(input: $input) { id } }',
    {
      input: {
        title: 'Unencrypted backup drive of the imaging workstation missing from the server closet',
        discoveredAt: new Date().toISOString(),
        description: 'The weekly rotation drive was not in its slot on Monday morning.',
        clientIds: [Number(clientId)],
        ephiInvolved: 'unknown',
      },
    },
  )
  // A risk analysis with a finding and a remediation task (issue 39.4).
  const { startRiskAnalysis } = await gql<{ startRiskAnalysis: { id: string; items: { id: string }[] } }>(
    request,
    'mutation($clientId: ID!) { startRiskAnalysis(clientId: $clientId) { id items { id } } }',
    { clientId },
  )
  const firstItem = Number(startRiskAnalysis.items[0]!.id)
  await gql(
    request,
    'mutation($id: ID!, $input: RiskAnalysisPatchInput!) { updateRiskAnalysis(id: $id, input: $input) { id } }',
    {
      id: startRiskAnalysis.id,
      input: {
        items: [
          { id: firstItem, finding: 'not_met', notes: 'No written risk management plan for the practice' },
        ],
        newTasks: [
          { itemId: firstItem, description: 'Write and adopt the risk management plan', dueDate: day(30) },
        ],
      },
    },
  )
  return {
    clientId,
    incidentId: createIncident.id,
    riskAnalysisId: startRiskAnalysis.id,
    quoteId: createQuote.id,
    invoiceId: createInvoice.id,
    invoiceNumber: createInvoice.number,
    assetId: createAsset.id,
    maintenanceTaskId: maintenanceTasks[0]!.id,
  }
}
