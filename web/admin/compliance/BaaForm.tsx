// "Record a BAA" (issue 39): a BAA signed elsewhere, with its signed PDF if
// the owner has it. The record goes through GraphQL; the PDF follows over REST
// (PUT /api/baas/{id}/document), where the Worker stores and hashes it.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { useMutation } from 'urql'
import { toast } from '../../components/Toaster'
import { throwIfNotOk } from '../../lib/api'
import { AdminButton, AdminSelect, AdminTextField, Section } from '../ui'
import { fieldErrorsOf, messageOf } from '../urql'
import { RECORD_BAA } from './queries'

const KINDS = [
  { value: 'calendar', label: 'Calendar days' },
  { value: 'business', label: 'Business days' },
] as const

export function BaaForm({
  clients,
  onDone,
}: {
  clients: readonly { id: string | number; name: string }[]
  onDone: () => void
}) {
  const [, record] = useMutation(RECORD_BAA)
  const [clientId, setClientId] = useState('')
  const [effective, setEffective] = useState('')
  const [renewal, setRenewal] = useState('')
  const [days, setDays] = useState('60')
  const [kind, setKind] = useState<'calendar' | 'business'>('calendar')
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)

  async function save() {
    if (!clientId) {
      setErrors({ clientId: 'Choose a client' })
      return
    }
    setSaving(true)
    const result = await record({
      input: {
        clientId: Number(clientId),
        effectiveDate: effective.trim(),
        renewalDate: renewal.trim() || null,
        notificationDays: Number(days) || 0,
        notificationDayKind: kind,
      },
    })
    if (result.error) {
      setSaving(false)
      const fields = fieldErrorsOf(result.error)
      setErrors(fields)
      if (!Object.keys(fields).length)
        toast({ title: 'Not recorded', description: messageOf(result.error), variant: 'destructive' })
      return
    }
    setErrors({})
    const id = result.data!.recordBaa.id
    if (file) {
      try {
        await throwIfNotOk(
          await fetch(`/api/baas/${id}/document`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/pdf' },
            body: file,
            credentials: 'include',
          }),
        )
      } catch (err) {
        toast({
          title: 'BAA recorded, PDF not uploaded',
          description: String((err as Error).message),
          variant: 'destructive',
        })
      }
    }
    setSaving(false)
    toast({ title: 'BAA recorded' })
    setEffective('')
    setRenewal('')
    setFile(null)
    onDone()
  }

  return (
    <Section title="Record a BAA">
      <Form
        validationErrors={errors}
        validationBehavior="aria"
        aria-label="Record a BAA"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      >
        <AdminSelect
          name="clientId"
          label="Client"
          options={clients.map((c) => ({ value: String(c.id), label: c.name }))}
          value={clientId}
          onChange={setClientId}
          isRequired
        />
        <AdminTextField
          name="effectiveDate"
          label="Effective date"
          value={effective}
          onChange={setEffective}
          description="YYYY-MM-DD"
          isRequired
        />
        <AdminTextField
          name="renewalDate"
          label="Renewal or end date"
          value={renewal}
          onChange={setRenewal}
          description="YYYY-MM-DD; empty: open-ended"
        />
        <AdminTextField
          name="notificationDays"
          label="Breach-notice period (days)"
          value={days}
          onChange={setDays}
          description="From the contract; HIPAA's limit is 60 calendar days"
        />
        <AdminSelect
          name="notificationDayKind"
          label="Counted in"
          options={KINDS}
          value={kind}
          onChange={setKind}
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Signed PDF (optional)
          <input
            type="file"
            name="file"
            accept="application/pdf"
            className="max-w-full text-sm"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </label>
        <div className="sm:col-span-2">
          <AdminButton type="submit" isDisabled={saving}>
            {saving ? 'Recording...' : 'Record BAA'}
          </AdminButton>
        </div>
      </Form>
    </Section>
  )
}
