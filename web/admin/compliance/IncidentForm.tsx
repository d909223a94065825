// "New incident" (issue 39): discovery is typed in business time (Central) and
// sent as an instant; the deadlines follow from it and each client's BAA.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { AdminDateField } from '../DateField'
import { useSave } from '../save'
import { AdminButton, AdminCheckbox, AdminSelect, AdminTextField, Section } from '../ui'
import { businessLocalToIso } from './clock'
import { CREATE_INCIDENT } from './queries'

export const EPHI_OPTIONS = [
  { value: 'unknown', label: 'Unknown' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const

export function IncidentForm({
  clients,
  onDone,
}: {
  clients: readonly { id: string | number; name: string }[]
  onDone: () => void
}) {
  const [{ errors, setErrors }, create] = useSave(CREATE_INCIDENT, {
    failure: 'Not recorded',
    fieldsAlone: true,
  })
  const [title, setTitle] = useState('')
  const [discovered, setDiscovered] = useState('')
  const [description, setDescription] = useState('')
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [ephi, setEphi] = useState<'unknown' | 'yes' | 'no'>('unknown')
  const [individuals, setIndividuals] = useState('')

  async function save() {
    const discoveredAt = businessLocalToIso(discovered)
    if (!discoveredAt) {
      setErrors({ discoveredAt: 'Choose the date and time it was discovered (Central time)' })
      return
    }
    const count = individuals.trim()
    if (count !== '' && !/^\d+$/.test(count)) {
      setErrors({ individualsAffected: 'A whole number, or empty when unknown' })
      return
    }
    const recorded = await create(
      {
        input: {
          title,
          discoveredAt,
          description,
          clientIds: [...chosen].map(Number),
          ephiInvolved: ephi,
          individualsAffected: count === '' ? null : Number(count),
        },
      },
      (d) => `Incident ${d.createIncident.reference} recorded`,
    )
    if (!recorded.ok) return
    setTitle('')
    setDiscovered('')
    setDescription('')
    setChosen(new Set())
    setIndividuals('')
    onDone()
  }

  return (
    <Section title="New incident">
      <Form
        validationErrors={errors}
        validationBehavior="aria"
        aria-label="New incident"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      >
        <AdminTextField name="title" label="Title" value={title} onChange={setTitle} isRequired />
        <AdminDateField
          name="discoveredAt"
          label="Discovered at"
          value={discovered}
          onChange={setDiscovered}
          description="Central time"
          withTime
          isRequired
        />
        <AdminTextField
          name="description"
          label="Description"
          value={description}
          onChange={setDescription}
          multiline
          isRequired
          className="sm:col-span-2"
        />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-800">Affected clients</legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {clients.map((c) => (
              <AdminCheckbox
                key={c.id}
                name="clientIds"
                isSelected={chosen.has(String(c.id))}
                onChange={(on) =>
                  setChosen((all) => {
                    const next = new Set(all)
                    if (on) next.add(String(c.id))
                    else next.delete(String(c.id))
                    return next
                  })
                }
              >
                <span className="break-words">{c.name}</span>
              </AdminCheckbox>
            ))}
          </div>
          {errors.clientIds && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors.clientIds}
            </p>
          )}
        </fieldset>
        <AdminSelect
          name="ephiInvolved"
          label="ePHI involved"
          options={EPHI_OPTIONS}
          value={ephi}
          onChange={setEphi}
        />
        <AdminTextField
          name="individualsAffected"
          label="Individuals affected"
          value={individuals}
          onChange={setIndividuals}
          description="A number; empty: unknown"
        />
        <div className="sm:col-span-2">
          <AdminButton type="submit">Record incident</AdminButton>
        </div>
      </Form>
    </Section>
  )
}
