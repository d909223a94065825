// HIPAA compliance (issue 39): risk analyses, business associate agreements, security incidents.
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type {
  BaaSource,
  DayKind,
  DeadlineBasis,
  Determination,
  EphiInvolved,
  ReminderMark,
} from './compliance'
import type { RiskArea, RiskFinding, RiskStatus } from './risk-checklist'
import { assets } from './tables-assets'
import { clients } from './tables-clients'
import { signatures } from './tables-quotes'
import { timestamps } from './timestamps'

/**
 * A client's yearly HIPAA risk analysis (issue 39, ADR 156). Completing it
 * locks it: a trigger refuses any change to a completed analysis's items,
 * evidence and remediation tasks, so the report the client received stays true.
 */
export const riskAnalyses = sqliteTable(
  'risk_analyses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    // The date the analysis is for (YYYY-MM-DD, business time zone).
    analysisDate: text('analysis_date').notNull(),
    status: text('status').$type<RiskStatus>().notNull().default('in_progress'),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('risk_analyses_client_idx').on(t.clientId, t.analysisDate)],
)

/** One question of an analysis; finding null: not answered yet. */
export const riskItems = sqliteTable(
  'risk_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    analysisId: integer('analysis_id')
      .notNull()
      .references(() => riskAnalyses.id),
    position: integer('position').notNull(),
    area: text('area').$type<RiskArea>().notNull(),
    topic: text('topic').notNull(),
    question: text('question').notNull(),
    // The asset an ePHI item was seeded from.
    assetId: integer('asset_id').references(() => assets.id),
    finding: text('finding').$type<RiskFinding>(),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [index('risk_items_analysis_idx').on(t.analysisId, t.position)],
)

/** An evidence file of an item, in R2 under risk/{analysisId}/. */
export const riskEvidence = sqliteTable(
  'risk_evidence',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemId: integer('item_id')
      .notNull()
      .references(() => riskItems.id),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    ...timestamps,
  },
  (t) => [index('risk_evidence_item_idx').on(t.itemId)],
)

/** A remediation task of an item, with its due date (YYYY-MM-DD). */
export const riskTasks = sqliteTable(
  'risk_tasks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemId: integer('item_id')
      .notNull()
      .references(() => riskItems.id),
    description: text('description').notNull(),
    dueDate: text('due_date').notNull(),
    done: integer('done', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [index('risk_tasks_item_idx').on(t.itemId)],
)

/** The reminder to run a new analysis, once per client and last analysis. */
export const riskReminders = sqliteTable(
  'risk_reminders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    analysisId: integer('analysis_id')
      .notNull()
      .references(() => riskAnalyses.id),
    ...timestamps,
  },
  (t) => [uniqueIndex('risk_reminders_once_idx').on(t.analysisId)],
)

export type RiskAnalysis = typeof riskAnalyses.$inferSelect
export type RiskItem = typeof riskItems.$inferSelect

/**
 * A business associate agreement on file for a client (issue 39): from an
 * accepted quote that carried the BAA template (source 'quote', the signature's
 * document and its SHA-256) or recorded by the owner for one signed elsewhere
 * (source 'recorded', an optional PDF in R2 hashed by the Worker). Dates are
 * calendar dates (YYYY-MM-DD) in the business time zone.
 */
export const baas = sqliteTable(
  'baas',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    // 'quote' | 'recorded'
    source: text('source').$type<BaaSource>().notNull(),
    // The accepted quote's signature (source 'quote'): one BAA per signature.
    signatureId: integer('signature_id').references(() => signatures.id),
    effectiveDate: text('effective_date').notNull(),
    renewalDate: text('renewal_date'),
    // The contract's breach-notice period; the statute's 60 calendar days by default.
    notificationDays: integer('notification_days').notNull().default(60),
    // 'calendar' | 'business'
    notificationDayKind: text('notification_day_kind').$type<DayKind>().notNull().default('calendar'),
    documentKey: text('document_key'),
    documentSha256: text('document_sha256'),
    ...timestamps,
  },
  (t) => [index('baas_client_idx').on(t.clientId), uniqueIndex('baas_signature_once').on(t.signatureId)],
)

/** The BAA renewal e-mails to the owner: the unique index is the claim (60 and 14 days before). */
export const baaRenewalNotices = sqliteTable(
  'baa_renewal_notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    baaId: integer('baa_id')
      .notNull()
      .references(() => baas.id),
    renewalDate: text('renewal_date').notNull(),
    leadDays: integer('lead_days').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('baa_renewal_notices_once').on(t.baaId, t.renewalDate, t.leadDays)],
)

/**
 * A security incident (issue 39): never deleted (a trigger refuses it), kept
 * at least 6 years (retention never touches these tables). Every change after
 * creation is a row in incident_timeline.
 */
export const incidents = sqliteTable(
  'incidents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // INC-YYYY-NNNN from document_counters (kind 'incident').
    reference: text('reference').notNull().unique(),
    title: text('title').notNull(),
    // The ISO date-time with offset as given, and its instant for sorting and deadlines.
    discoveredAt: text('discovered_at').notNull(),
    discoveredAtMs: integer('discovered_at_ms').notNull(),
    reportedBy: text('reported_by'),
    description: text('description').notNull(),
    // 'yes' | 'no' | 'unknown'
    ephiInvolved: text('ephi_involved').$type<EphiInvolved>().notNull().default('unknown'),
    // null = unknown
    individualsAffected: integer('individuals_affected'),
    // The four factors of 164.402(2).
    phiNature: text('phi_nature'),
    recipient: text('recipient'),
    acquiredOrViewed: text('acquired_or_viewed'),
    mitigation: text('mitigation'),
    // 'breach' | 'not_breach' | 'undetermined'
    determination: text('determination').$type<Determination>().notNull().default('undetermined'),
    ...timestamps,
  },
  (t) => [index('incidents_discovered_idx').on(t.discoveredAtMs)],
)

/** An affected client of an incident and its notification deadline (the earlier of statute and contract). */
export const incidentClients = sqliteTable(
  'incident_clients',
  {
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    dueAtMs: integer('due_at_ms').notNull(),
    // 'statute' | 'contract'
    basis: text('basis').$type<DeadlineBasis>().notNull(),
    // Set when the notice to this client is sent: the clock stops.
    notifiedAtMs: integer('notified_at_ms'),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.clientId] }),
    index('incident_clients_client_idx').on(t.clientId),
  ],
)

/** The assets involved in an incident (each one an asset of an affected client). */
export const incidentAssets = sqliteTable(
  'incident_assets',
  {
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
  },
  (t) => [primaryKey({ columns: [t.incidentId, t.assetId] })],
)

/** An incident's history: who, when, what changed ({field: [before, after]}). Append-only (triggers). */
export const incidentTimeline = sqliteTable(
  'incident_timeline',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id),
    at: integer('at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
    // 'owner', 'token:<name>', 'cron'
    actor: text('actor').notNull(),
    // 'created' | 'updated' | 'notice_drafted' | 'notice_sent' | 'reminder'
    action: text('action').notNull(),
    changes: text('changes', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    note: text('note'),
  },
  (t) => [index('incident_timeline_incident_idx').on(t.incidentId, t.at)],
)

/**
 * The notice to a covered entity (164.410(c)) for one affected client: a draft
 * the owner edits, then sent once; the sent PDF in R2 with its SHA-256 is never
 * rewritten (a trigger refuses changes to a sent notice).
 */
export const incidentNotices = sqliteTable(
  'incident_notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    // 'draft' | 'sent'
    status: text('status').$type<'draft' | 'sent'>().notNull().default('draft'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    sentTo: text('sent_to', { mode: 'json' }).$type<string[]>(),
    pdfKey: text('pdf_key'),
    pdfSha256: text('pdf_sha256'),
    ...timestamps,
  },
  (t) => [index('incident_notices_incident_idx').on(t.incidentId, t.clientId)],
)

/** The deadline e-mails to the owner (half-time, 7 days, 1 day before): the unique index is the claim. */
export const incidentReminders = sqliteTable(
  'incident_reminders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    // 'half' | '7d' | '1d'
    mark: text('mark').$type<ReminderMark>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('incident_reminders_once').on(t.incidentId, t.clientId, t.mark)],
)

export type Baa = typeof baas.$inferSelect
export type Incident = typeof incidents.$inferSelect
export type IncidentNotice = typeof incidentNotices.$inferSelect
