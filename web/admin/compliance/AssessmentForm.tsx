// The four-factor risk assessment of 45 CFR 164.402(2) and the determination
// (issue 39): each save sends only what changed, and the service appends it
// to the timeline as {field: [before, after]}.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { DETERMINATION_LABELS, DETERMINATIONS, type Determination } from '../../../schema/compliance'
import { toast } from '../../components/Toaster'
import { useSave } from '../save'
import { AdminButton, AdminSelect, AdminTextField, Section } from '../ui'
import { type IncidentData, UPDATE_INCIDENT } from './queries'

const FACTORS = [
  ['phiNature', 'Nature and extent of the PHI (types of identifiers, likelihood of re-identification)'],
  ['recipient', 'Who used it or received it'],
  ['acquiredOrViewed', 'Whether it was actually acquired or viewed'],
  ['mitigation', 'Mitigation (what has been done to reduce the risk)'],
] as const
type Factor = (typeof FACTORS)[number][0]

const DETERMINATION_OPTIONS = DETERMINATIONS.map((d) => ({ value: d, label: DETERMINATION_LABELS[d] }))

export function AssessmentForm({ incident, onSaved }: { incident: IncidentData; onSaved: () => void }) {
  const [{ errors }, update] = useSave(UPDATE_INCIDENT, { failure: 'Not saved', fieldsAlone: true })
  const initial = () =>
    Object.fromEntries(FACTORS.map(([k]) => [k, incident[k] ?? ''])) as Record<Factor, string>
  const [factors, setFactors] = useState(initial)
  const [determination, setDetermination] = useState(incident.determination as Determination)
  const [note, setNote] = useState('')

  async function save() {
    const input: Record<string, string | null> = {}
    for (const [k] of FACTORS) {
      const next = factors[k].trim() || null
      if (next !== (incident[k] ?? null)) input[k] = next
    }
    if (determination !== incident.determination) input.determination = determination
    if (note.trim()) input.note = note.trim()
    if (!Object.keys(input).length) {
      toast({ title: 'Nothing changed' })
      return
    }
    const saved = await update({ id: incident.id, input }, 'Assessment saved')
    if (!saved.ok) return
    setNote('')
    onSaved()
  }

  return (
    <Section title="Risk assessment">
      <Form
        validationErrors={errors}
        validationBehavior="aria"
        aria-label="Risk assessment"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        className="flex flex-col gap-3"
      >
        {FACTORS.map(([k, label]) => (
          <AdminTextField
            key={k}
            name={k}
            label={label}
            value={factors[k]}
            onChange={(v) => setFactors((f) => ({ ...f, [k]: v }))}
            multiline
          />
        ))}
        <AdminSelect
          name="determination"
          label="Determination"
          options={DETERMINATION_OPTIONS}
          value={determination}
          onChange={setDetermination}
        />
        <AdminTextField name="note" label="Note for the timeline" value={note} onChange={setNote} />
        <div>
          <AdminButton type="submit">Save assessment</AdminButton>
        </div>
      </Form>
    </Section>
  )
}
