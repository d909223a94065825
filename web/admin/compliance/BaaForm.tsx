// "Record a BAA" (issue 39): a BAA signed elsewhere, with its signed PDF if
// the owner has it, and the same form to edit one on file (its dates and notice
// period; its PDF only while none is filed: a signed document is never replaced).
// The record goes through GraphQL; the PDF follows over REST
// (PUT /api/baas/{id}/document), where the Worker stores and hashes it.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { toast } from '../../components/Toaster'
import { throwIfNotOk } from '../../lib/api'
import { AdminDateField } from '../DateField'
import { useSave } from '../save'
import { AdminButton, AdminDialog, AdminSelect, AdminTextField, Section } from '../ui'
import { RECORD_BAA, UPDATE_BAA } from './queries'

const KINDS = [
  { value: 'calendar', label: 'Calendar days' },
  { value: 'business', label: 'Business days' },
] as const

/** A BAA on file, as the register lists it: what the edit form starts from. */
export type BaaOnFile = {
  id: string
  clientName: string
  effectiveDate: string
  renewalDate?: string | null
  notificationDays: number
  notificationDayKind: string
  source: string
  documentUrl?: string | null
}

export function BaaForm({
  clients,
  onDone,
  baa,
}: {
  clients: readonly { id: string | number; name: string }[]
  onDone: () => void
  /** Edits this BAA instead of recording a new one. */
  baa?: BaaOnFile
}) {
  const [recording, record] = useSave(RECORD_BAA, { failure: 'Not recorded', fieldsAlone: true })
  const [updating, update] = useSave(UPDATE_BAA, { failure: 'Not saved', fieldsAlone: true })
  const { errors, setErrors } = baa ? updating : recording
  const [clientId, setClientId] = useState('')
  const [effective, setEffective] = useState(baa?.effectiveDate ?? '')
  const [renewal, setRenewal] = useState(baa?.renewalDate ?? '')
  const [days, setDays] = useState(String(baa?.notificationDays ?? 60))
  const [kind, setKind] = useState<'calendar' | 'business'>(
    baa?.notificationDayKind === 'business' ? 'business' : 'calendar',
  )
  const canFile = !baa || (baa.source === 'recorded' && !baa.documentUrl)
  const [file, setFile] = useState<File | null>(null)
  // A file input cannot be emptied from state: a new key gives a new, empty one.
  const [fileInput, setFileInput] = useState(0)
  const [saving, setSaving] = useState(false)

  async function save() {
    if (!baa && !clientId) {
      setErrors({ clientId: 'Choose a client' })
      return
    }
    setSaving(true)
    const fields = {
      effectiveDate: effective.trim(),
      renewalDate: renewal.trim() || null,
      notificationDays: Number(days) || 0,
      notificationDayKind: kind,
    }
    // The success toast waits for the PDF, below.
    const result = baa
      ? await update({ id: baa.id, input: fields })
      : await record({ input: { clientId: Number(clientId), ...fields } })
    if (!result.ok) {
      setSaving(false)
      return
    }
    const data = result.data as { recordBaa?: { id: string }; updateBaa?: { id: string } }
    const id = (data.recordBaa ?? data.updateBaa)!.id
    if (file && canFile) {
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
          title: baa ? 'BAA saved, PDF not uploaded' : 'BAA recorded, PDF not uploaded',
          description: String((err as Error).message),
          variant: 'destructive',
        })
      }
    }
    setSaving(false)
    toast({ title: baa ? 'BAA saved' : 'BAA recorded', description: baa?.clientName })
    // Cleared after saving (issue 52): the next BAA starts from an empty form,
    // not from the last client, dates, period and file.
    setClientId('')
    setEffective('')
    setRenewal('')
    setDays('60')
    setKind('calendar')
    setFile(null)
    setFileInput((n) => n + 1)
    onDone()
  }

  const form = (
    <Form
      validationErrors={errors}
      validationBehavior="aria"
      aria-label={baa ? `Edit the BAA of ${baa.clientName}` : 'Record a BAA'}
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2"
    >
      {!baa && (
        <AdminSelect
          name="clientId"
          label="Client"
          options={clients.map((c) => ({ value: String(c.id), label: c.name }))}
          value={clientId}
          onChange={setClientId}
          isRequired
        />
      )}
      <AdminDateField
        name="effectiveDate"
        label="Effective date"
        value={effective}
        onChange={setEffective}
        isRequired
      />
      <AdminDateField
        name="renewalDate"
        label="Renewal or end date"
        value={renewal}
        onChange={setRenewal}
        description="Leave empty for an agreement without an end date"
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
      {canFile && (
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Signed PDF (optional)
          <input
            key={fileInput}
            type="file"
            name="file"
            accept="application/pdf"
            className="max-w-full text-sm"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </label>
      )}
      <div className="sm:col-span-2">
        <AdminButton type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : baa ? 'Save BAA' : 'Record BAA'}
        </AdminButton>
      </div>
    </Form>
  )
  return baa ? form : <Section title="Record a BAA">{form}</Section>
}

/** "Edit" on a row of the register: the form in a dialog. */
export function EditBaa({ baa, onDone }: { baa: BaaOnFile; onDone: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <AdminButton
        variant="secondary"
        onPress={() => setOpen(true)}
        aria-label={`Edit the BAA of ${baa.clientName}`}
      >
        Edit
      </AdminButton>
      {open && (
        <AdminDialog title={`BAA of ${baa.clientName}`} isOpen onOpenChange={setOpen}>
          <BaaForm
            clients={[]}
            baa={baa}
            onDone={() => {
              setOpen(false)
              onDone()
            }}
          />
        </AdminDialog>
      )}
    </>
  )
}
