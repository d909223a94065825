// GraphQL for the yearly risk analyses (issue 39, point 4): the owner's only
// (builder.ts), the same services and payload schema as REST
// (worker/routes/risk-analyses.ts), so both APIs answer the same field errors.
import { rowId } from '../../schema/ids'
import { riskAnalysisPatch } from '../../schema/risk-payloads.server'
import {
  createRiskAnalysis,
  getRiskAnalysis,
  listRiskAnalyses,
  type RiskAnalysisSummary,
  type RiskAnalysisView,
  updateRiskAnalysis,
} from '../services/risk-analyses'
import {
  type RiskAnalysisRow,
  type RiskClientRow,
  riskAnalysisClients,
  riskAnalysisRows,
} from '../services/risk-overview'
import { builder, somethingToChange, withoutNulls } from './builder'

type Item = RiskAnalysisView['items'][number]

const TaskRef = builder.objectRef<Item['tasks'][number]>('RiskTask').implement({
  description: 'A remediation task of a risk analysis item.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the task.' }),
    description: t.exposeString('description', { description: 'What is to be done.' }),
    dueDate: t.exposeString('dueDate', { description: 'Due date (YYYY-MM-DD).' }),
    done: t.exposeBoolean('done', { description: 'Done.' }),
  }),
})

const EvidenceRef = builder.objectRef<Item['evidence'][number]>('RiskEvidence').implement({
  description: 'An evidence file of a risk analysis item.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the file.' }),
    name: t.exposeString('name', { description: 'File name.' }),
    type: t.exposeString('type', { description: 'MIME type.' }),
    size: t.exposeInt('size', { description: 'Size in bytes.' }),
  }),
})

const ItemRef = builder.objectRef<Item>('RiskItem').implement({
  description: 'One question of a risk analysis.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the item.' }),
    position: t.exposeInt('position', { description: 'Order in the checklist.' }),
    area: t.exposeString('area', { description: 'Area: administrative, physical or technical.' }),
    topic: t.exposeString('topic', { description: 'The standard or the ePHI asset.' }),
    question: t.exposeString('question', { description: 'The question.' }),
    assetId: t.exposeID('assetId', {
      nullable: true,
      description: 'The ePHI asset the item was seeded from.',
    }),
    finding: t.exposeString('finding', {
      nullable: true,
      description: 'Finding: met, partly, not_met, not_applicable; null: not answered.',
    }),
    notes: t.exposeString('notes', { nullable: true, description: 'Notes.' }),
    evidence: t.field({ type: [EvidenceRef], description: 'Evidence files.', resolve: (i) => i.evidence }),
    tasks: t.field({ type: [TaskRef], description: 'Remediation tasks.', resolve: (i) => i.tasks }),
  }),
})

const SummaryRef = builder.objectRef<RiskAnalysisSummary>('RiskAnalysisSummary').implement({
  description: "A client's risk analysis, without its items.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the analysis.' }),
    clientId: t.exposeID('clientId', { description: 'The client.' }),
    analysisDate: t.exposeString('analysisDate', { description: 'Date of the analysis (YYYY-MM-DD).' }),
    status: t.exposeString('status', { description: 'Status: in_progress or completed (locked).' }),
    itemCount: t.exposeInt('itemCount', { description: 'Items in the checklist.' }),
    answeredCount: t.exposeInt('answeredCount', { description: 'Items with a finding.' }),
  }),
})

const AnalysisRef = builder.objectRef<RiskAnalysisView>('RiskAnalysis').implement({
  description: "A client's yearly HIPAA risk analysis.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the analysis.' }),
    clientId: t.exposeID('clientId', { description: 'The client.' }),
    analysisDate: t.exposeString('analysisDate', { description: 'Date of the analysis (YYYY-MM-DD).' }),
    status: t.exposeString('status', { description: 'Status: in_progress or completed (locked).' }),
    itemCount: t.exposeInt('itemCount', { description: 'Items in the checklist.' }),
    answeredCount: t.exposeInt('answeredCount', { description: 'Items with a finding.' }),
    clientName: t.exposeString('clientName', { description: "The client's name." }),
    items: t.field({ type: [ItemRef], description: 'The checklist.', resolve: (a) => a.items }),
  }),
})

builder.queryField('riskAnalyses', (t) =>
  t.field({
    type: [SummaryRef],
    description: "A client's risk analyses, newest first.",
    args: { clientId: t.arg.id({ required: true, description: 'The client.' }).validate(rowId) },
    resolve: (_r, args, { db }) => listRiskAnalyses(db, args.clientId),
  }),
)

const RowRef = builder.objectRef<RiskAnalysisRow>('RiskAnalysisRow').implement({
  description: 'A risk analysis in the list across clients: progress and open remediation work.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the analysis.' }),
    clientId: t.exposeID('clientId', { description: 'The client.' }),
    clientName: t.exposeString('clientName', { description: "The client's name." }),
    analysisDate: t.exposeString('analysisDate', { description: 'Date of the analysis (YYYY-MM-DD).' }),
    status: t.exposeString('status', { description: 'Status: in_progress or completed (locked).' }),
    itemCount: t.exposeInt('itemCount', { description: 'Items in the checklist.' }),
    answeredCount: t.exposeInt('answeredCount', { description: 'Items with a finding.' }),
    notMetCount: t.exposeInt('notMetCount', { description: 'Items found not met.' }),
    partlyCount: t.exposeInt('partlyCount', { description: 'Items found partly met.' }),
    openTaskCount: t.exposeInt('openTaskCount', { description: 'Remediation tasks not done.' }),
    nextTaskDue: t.exposeString('nextTaskDue', {
      nullable: true,
      description: 'Earliest due date of an open remediation task (YYYY-MM-DD).',
    }),
    nextAnalysisDue: t.exposeString('nextAnalysisDue', {
      description: 'When the next yearly analysis is due (YYYY-MM-DD).',
    }),
  }),
})

const ClientRowRef = builder.objectRef<RiskClientRow>('RiskAnalysisClient').implement({
  description: 'An active client an analysis can be started for.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The client.' }),
    name: t.exposeString('name', { description: "The client's name." }),
    lastAnalysisDate: t.exposeString('lastAnalysisDate', {
      nullable: true,
      description: 'Date of its last analysis (YYYY-MM-DD); null: none yet.',
    }),
    due: t.exposeBoolean('due', { description: 'No analysis yet, or the last one is 11 months old.' }),
  }),
})

builder.queryField('riskAnalysisRows', (t) =>
  t.field({
    type: [RowRef],
    description: "Risk analyses across clients (or one client's), newest first, with progress.",
    args: { clientId: t.arg.id({ description: 'Only this client.' }).validate(rowId.nullish()) },
    resolve: (_r, args, { db }) => riskAnalysisRows(db, args.clientId ?? undefined),
  }),
)

builder.queryField('riskAnalysisClients', (t) =>
  t.field({
    type: [ClientRowRef],
    description: 'Active clients, each marked when a risk analysis is due.',
    resolve: (_r, _args, { db }) => riskAnalysisClients(db),
  }),
)

builder.queryField('riskAnalysis', (t) =>
  t.field({
    type: AnalysisRef,
    description: 'One risk analysis with its items.',
    args: { id: t.arg.id({ required: true, description: 'Id of the analysis.' }).validate(rowId) },
    resolve: (_r, args, { db }) => getRiskAnalysis(db, args.id),
  }),
)

builder.mutationField('startRiskAnalysis', (t) =>
  t.field({
    type: AnalysisRef,
    description: "Starts a risk analysis seeded from the checklist and the client's ePHI assets.",
    args: { clientId: t.arg.id({ required: true, description: 'The client.' }).validate(rowId) },
    resolve: (_r, args, { db }) => createRiskAnalysis(db, args.clientId, {}),
  }),
)

const ItemChangeInput = builder.inputType('RiskItemChangeInput', {
  description: "An item's finding and notes.",
  fields: (t) => ({
    id: t.int({ required: true, description: 'Id of the item.' }),
    finding: t.string({ description: 'Finding: met, partly, not_met, not_applicable; null clears it.' }),
    notes: t.string({ description: 'Notes.' }),
  }),
})
const TaskInput = builder.inputType('RiskTaskInput', {
  description: 'A new remediation task.',
  fields: (t) => ({
    itemId: t.int({ required: true, description: 'Id of the item.' }),
    description: t.string({ required: true, description: 'What is to be done.' }),
    dueDate: t.string({ required: true, description: 'Due date (YYYY-MM-DD).' }),
  }),
})
const TaskChangeInput = builder.inputType('RiskTaskChangeInput', {
  description: 'A change to a remediation task.',
  fields: (t) => ({
    id: t.int({ required: true, description: 'Id of the task.' }),
    description: t.string({ description: 'What is to be done.' }),
    dueDate: t.string({ description: 'Due date (YYYY-MM-DD).' }),
    done: t.boolean({ description: 'Done.' }),
  }),
})
const PatchInput = builder
  .inputType('RiskAnalysisPatchInput', {
    description: 'Findings, notes and tasks; complete: true locks the analysis.',
    fields: (t) => ({
      items: t.field({ type: [ItemChangeInput], description: 'Findings and notes.' }),
      newTasks: t.field({ type: [TaskInput], description: 'New remediation tasks.' }),
      tasks: t.field({ type: [TaskChangeInput], description: 'Changes to tasks.' }),
      complete: t.boolean({ description: 'True completes and locks the analysis.' }),
    }),
  })
  .validate(somethingToChange(withoutNulls(riskAnalysisPatch)))

builder.mutationField('updateRiskAnalysis', (t) =>
  t.field({
    type: AnalysisRef,
    description: 'Changes an analysis in progress; a completed one is refused.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the analysis.' }).validate(rowId),
      input: t.arg({ type: PatchInput, required: true, description: 'The changes.' }),
    },
    resolve: (_r, args, { db }) => updateRiskAnalysis(db, args.id, args.input),
  }),
)
