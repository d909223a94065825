// One risk analysis (/admin/compliance/risk-analyses/:id, issue 39.4): the
// checklist grouped by area (administrative, physical, technical, then the
// client's ePHI assets), each item answered on its own card (RiskItemCard);
// the PDF report for the client; and Complete, which locks the analysis for
// good (ADR 156) and offers it to the client's portal.
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import { RISK_AREA_LABELS, RISK_AREAS } from '../../../schema/risk-checklist'
import { formatCalendarDate } from '../../../schema/slot-time'
import type { ToastContentValue } from '../../components/Toaster'
import { OwnerPage } from '../OwnerPage'
import { useSave } from '../save'
import { AdminButton, ConfirmDialog, ListState, linkButtonClass, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import { RISK_ANALYSIS, UPDATE_RISK_ANALYSIS } from './queries'
import { type RiskItem, RiskItemCard } from './RiskItemCard'
import { linkClass, type RiskPatch } from './shared'

export function RiskAnalysisScreen() {
  return (
    <OwnerPage title="Risk analysis" description={() => 'Findings, notes, evidence and remediation tasks'}>
      <RiskAnalysisPage />
    </OwnerPage>
  )
}

type Group = { key: string; title: string; items: RiskItem[] }

function groupsOf(items: readonly (RiskItem & { area: string; assetId: string | null })[]): Group[] {
  const groups: Group[] = RISK_AREAS.map((area) => ({
    key: area,
    title: RISK_AREA_LABELS[area],
    items: items.filter((i) => i.area === area && i.assetId === null),
  }))
  groups.push({ key: 'assets', title: 'ePHI assets', items: items.filter((i) => i.assetId !== null) })
  return groups.filter((g) => g.items.length > 0)
}

export function RiskAnalysisPage() {
  const { id = '' } = useParams()
  const [analysis, refetch] = useQuery({ query: RISK_ANALYSIS, variables: { id } })
  const [, update] = useSave(UPDATE_RISK_ANALYSIS, { failure: 'Not saved', fieldsAlone: true })
  const [confirming, setConfirming] = useState(false)
  const a = analysis.data?.riskAnalysis
  const reload = () => refetch(FROM_NETWORK)
  const locked = a?.status === 'completed'

  /** Saves one change; the field errors when refused (a message without fields is a toast). */
  async function save(input: RiskPatch, success?: ToastContentValue): Promise<Record<string, string> | null> {
    const saved = await update({ id, input }, success)
    if (!saved.ok) return saved.errors
    reload()
    return null
  }

  async function complete() {
    await save(
      { complete: true },
      { title: 'Risk analysis completed', description: 'The client can download the report.' },
    )
    setConfirming(false)
  }

  return (
    <div className="min-w-0 space-y-4">
      <Link to="/admin/compliance/risk-analyses" className={`${linkClass} inline-block py-1 text-sm`}>
        Back to Risk analyses
      </Link>
      <ListState
        loading={analysis.fetching && !a}
        error={a ? undefined : analysis.error}
        empty={false}
        emptyText=""
      >
        {a && (
          <>
            <Section title={a.clientName}>
              <p className="text-sm text-slate-700" data-testid="risk-progress">
                {`Analysis of ${formatCalendarDate(a.analysisDate)} · ${a.answeredCount} of ${a.itemCount} answered`}
                {locked && <strong className="ml-2 text-green-800">Completed</strong>}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <a href={`/api/risk-analyses/${a.id}/pdf`} className={`${linkButtonClass} min-h-11`}>
                  PDF report
                </a>
                <Link to={`/admin/clients/${a.clientId}`} className={`${linkButtonClass} min-h-11`}>
                  Client page
                </Link>
                {!locked && (
                  <AdminButton className="min-h-11" onPress={() => setConfirming(true)}>
                    Complete
                  </AdminButton>
                )}
              </div>
            </Section>
            {groupsOf(a.items).map((g) => (
              <Section key={g.key} title={g.title}>
                <ol className="space-y-4">
                  {g.items.map((item) => (
                    <RiskItemCard
                      key={item.id}
                      analysisId={a.id}
                      item={item}
                      locked={locked}
                      save={save}
                      reload={reload}
                    />
                  ))}
                </ol>
              </Section>
            ))}
            <ConfirmDialog
              title="Complete this risk analysis?"
              message="A completed analysis is locked: its findings, notes, evidence and tasks can no longer be changed. The client can then download the report in the portal."
              confirmLabel="Complete"
              isOpen={confirming}
              onOpenChange={setConfirming}
              onConfirm={() => void complete()}
            />
          </>
        )}
      </ListState>
    </div>
  )
}
