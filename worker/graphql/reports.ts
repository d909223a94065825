// GraphQL for the monthly service report (issue 40): the client page's
// Reports section reads the months and one month's figures through these
// fields, from the same service as REST and the portal, worded by the same
// reportLines (schema/service-report.ts).
import { rowId } from '../../schema/ids'
import { reportLines, reportTitle, type ServiceReport } from '../../schema/service-report'
import { reportMonths, serviceReport } from '../services/reports/service-report'
import { builder } from './builder'

type Line = { label: string; value: string }

const LineRef = builder.objectRef<Line>('ReportLine').implement({
  description: 'One figure of a report as people read it.',
  fields: (t) => ({
    label: t.exposeString('label', { description: 'What is counted.' }),
    value: t.exposeString('value', { description: 'The figure, worded.' }),
  }),
})

const ReportRef = builder.objectRef<ServiceReport>('ServiceReport').implement({
  description: "A client's month of IT support, computed from the records when asked.",
  fields: (t) => ({
    period: t.exposeString('period', { description: 'YYYY-MM.' }),
    label: t.string({
      description: '"October 2026", or for the month in progress "November 2026 so far, as of Nov 29".',
      resolve: (r) => reportTitle(r),
    }),
    inProgress: t.boolean({
      description: 'The month is not over: the figures are those so far.',
      resolve: (r) => r.asOf !== null,
    }),
    lines: t.field({
      type: [LineRef],
      description: 'The headline figures, as the PDF and the portal word them.',
      resolve: (r) => reportLines(r).map(([label, value]) => ({ label, value })),
    }),
    requestsOpened: t.int({ description: 'Support requests opened.', resolve: (r) => r.requests.opened }),
    requestsClosed: t.int({ description: 'Support requests closed.', resolve: (r) => r.requests.closed }),
    slaMet: t.int({ description: 'First answers within the target.', resolve: (r) => r.sla.met }),
    slaTotal: t.int({ description: 'First answers due.', resolve: (r) => r.sla.total }),
    minutesUsed: t.int({ description: 'Minutes of support time.', resolve: (r) => r.minutes.used }),
  }),
})

builder.queryField('reportMonths', (t) =>
  t.stringList({
    description:
      'The months with a report for a client, newest first: the month in progress (so far), then each ended month since it was added.',
    args: { clientId: t.arg.id({ required: true, description: 'Id of the client.' }).validate(rowId) },
    resolve: (_r, { clientId }, { db }) => reportMonths(db, clientId),
  }),
)

builder.queryField('serviceReport', (t) =>
  t.field({
    type: ReportRef,
    description: "One month's service report of a client.",
    args: {
      clientId: t.arg.id({ required: true, description: 'Id of the client.' }).validate(rowId),
      period: t.arg.string({ required: true, description: 'YYYY-MM; a month not begun is refused.' }),
    },
    resolve: (_r, { clientId, period }, { db }) => serviceReport(db, clientId, period),
  }),
)
