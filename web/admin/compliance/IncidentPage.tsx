// One incident (/admin/compliance/incidents/:id, issue 39): what happened, the
// four-factor assessment and determination (each save is a timeline entry),
// per affected client its deadline and its notice (draft, edit, send through
// the send step, then the sent PDF and its SHA-256), and the timeline.
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { DETERMINATION_LABELS, type Determination } from '../../../schema/compliance'
import { OwnerPage } from '../OwnerPage'
import { ListState, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import { AssessmentForm } from './AssessmentForm'
import { ClientNotice } from './ClientNotice'
import { incidentClock } from './clock'
import { INCIDENT, type IncidentData } from './queries'

export function IncidentScreen() {
  return (
    <OwnerPage title="Incident" description={() => 'The assessment, the clocks and the notices'}>
      <IncidentPage />
    </OwnerPage>
  )
}

export function IncidentPage() {
  const { id = '' } = useParams()
  const [result, refetch] = useQuery({ query: INCIDENT, variables: { id } })
  const reload = () => refetch(FROM_NETWORK)
  const i = result.data?.incident
  return (
    <div className="flex flex-col gap-4">
      <Link to="/admin/compliance" className="text-sm text-blue-800 underline-offset-2 hover:underline">
        Back to Compliance
      </Link>
      <ListState
        loading={result.fetching && !i}
        error={i ? undefined : result.error}
        empty={false}
        emptyText=""
      >
        {i && (
          <>
            <Summary incident={i} />
            <Section title="Affected clients">
              <ul className="flex flex-col gap-4">
                {i.deadlines.map((d) => (
                  <ClientNotice
                    key={d.clientId}
                    incidentId={i.id}
                    deadline={d}
                    notice={i.notices.filter((n) => n.clientId === d.clientId).at(-1) ?? null}
                    onChanged={reload}
                  />
                ))}
              </ul>
            </Section>
            <AssessmentForm incident={i} onSaved={reload} />
            <Timeline incident={i} />
          </>
        )}
      </ListState>
    </div>
  )
}

function Summary({ incident: i }: { incident: IncidentData }) {
  const clock = incidentClock(i.deadlines)
  return (
    <Section title={`${i.reference}: ${i.title}`}>
      <p
        data-testid="incident-clock"
        className={`mb-3 text-sm ${clock.state === 'overdue' ? 'font-semibold text-red-800' : clock.state === 'open' ? 'font-medium text-slate-900' : 'text-green-800'}`}
      >
        {clock.text}
      </p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-700">Discovered</dt>
        <dd>{formatBusinessDateTime(i.discoveredAt)}</dd>
        {i.reportedBy && (
          <>
            <dt className="font-medium text-slate-700">Reported by</dt>
            <dd className="break-words">{i.reportedBy}</dd>
          </>
        )}
        <dt className="font-medium text-slate-700">What happened</dt>
        <dd className="break-words whitespace-pre-wrap">{i.description}</dd>
        <dt className="font-medium text-slate-700">ePHI involved</dt>
        <dd>{EPHI_WORDS[i.ephiInvolved] ?? i.ephiInvolved}</dd>
        <dt className="font-medium text-slate-700">Individuals affected</dt>
        <dd>{i.individualsAffected ?? 'Unknown'}</dd>
        <dt className="font-medium text-slate-700">Determination</dt>
        <dd>{DETERMINATION_LABELS[i.determination as Determination] ?? i.determination}</dd>
      </dl>
    </Section>
  )
}

const ACTIONS: Record<string, string> = {
  created: 'Recorded',
  updated: 'Changed',
  notice_drafted: 'Notice drafted',
  notice_sent: 'Notice sent',
}

/** The incident's fields as the forms name them, for the timeline (issue 52.7: never "phiNature"). */
const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'What happened',
  reportedBy: 'Reported by',
  discoveredAt: 'Discovered',
  ephiInvolved: 'ePHI involved',
  individualsAffected: 'Individuals affected',
  determination: 'Determination',
  phiNature: 'Nature and extent of the PHI',
  recipient: 'Who used it or received it',
  acquiredOrViewed: 'Whether it was actually acquired or viewed',
  mitigation: 'Mitigation',
  assetIds: 'Assets',
  clientIds: 'Clients',
}

const EPHI_WORDS: Record<string, string> = { yes: 'Yes', no: 'No', unknown: 'Unknown' }

/** A stored value in words: the determination's label, yes/no/unknown, a date-time in business time. */
function valueText(field: string, v: unknown): string {
  if (v == null || v === '') return '(empty)'
  const text = String(v)
  if (field === 'determination') return DETERMINATION_LABELS[text as Determination] ?? text
  if (field === 'ephiInvolved') return EPHI_WORDS[text] ?? text
  if (field === 'discoveredAt') return formatBusinessDateTime(text)
  return text
}

/** A timeline entry's changes in words: "Determination: Undetermined → Breach". */
function changesText(action: string, json: string, names: Map<string, string>): string[] {
  let changes: Record<string, unknown> = {}
  try {
    changes = JSON.parse(json) as Record<string, unknown>
  } catch {
    return [json]
  }
  if (action === 'created') return []
  if (action === 'notice_drafted' || action === 'notice_sent') {
    const who = names.get(String(changes.clientId)) ?? `client ${String(changes.clientId)}`
    const to = Array.isArray(changes.to) ? ` to ${changes.to.join(', ')}` : ''
    return [`${who}${to}`]
  }
  return Object.entries(changes).map(([field, v]) =>
    Array.isArray(v) && v.length === 2
      ? `${FIELD_LABELS[field] ?? field}: ${valueText(field, v[0])} → ${valueText(field, v[1])}`
      : `${FIELD_LABELS[field] ?? field}: ${valueText(field, v)}`,
  )
}

function Timeline({ incident: i }: { incident: IncidentData }) {
  const names = new Map(i.deadlines.map((d) => [String(d.clientId), d.clientName]))
  return (
    <Section title="Timeline">
      <ol aria-label="Timeline" className="flex flex-col divide-y divide-slate-100 text-sm">
        {i.timeline.map((t) => (
          <li key={t.id} className="py-2 break-words">
            <p>
              <span className="font-medium">{ACTIONS[t.action] ?? t.action}</span>{' '}
              <span className="text-slate-600">
                by {t.actor}, {formatBusinessDateTime(t.at)}
              </span>
            </p>
            <ul className="ml-4 list-disc text-slate-700">
              {changesText(t.action, t.changes, names).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {t.note && <p className="text-slate-700">Note: {t.note}</p>}
          </li>
        ))}
      </ol>
    </Section>
  )
}
