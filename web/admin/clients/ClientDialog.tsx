// Create a client (with a first contact) or edit one. The server checks every
// field (schema/client-payloads.ts) and its field messages show next to them.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { useNavigate } from 'react-router'
import type { CombinedError } from 'urql'
import { clientInput, contactInput } from '../../../schema/client-payloads'
import { type FieldConstraint, formConstraints } from '../../../schema/form-constraints'
import { formatCents, parseCents } from '../../../schema/money'
import { type SaveOptions, useSave } from '../save'
import { AdminButton, AdminCheckbox, AdminDialog, AdminSelect, AdminTextField } from '../ui'
import { type ClientPageData, CREATE_CLIENT, UPDATE_CLIENT } from './queries'

const ROUNDING = [
  { value: '0', label: 'No rounding' },
  { value: '6', label: 'Up to 6 minutes' },
  { value: '15', label: 'Up to 15 minutes' },
] as const

const domainsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean)

// The limits of the schemas the server checks the form with (ADR 148): a changed rule changes the form.
export const CLIENT_LIMITS = formConstraints(clientInput)
export const CONTACT_LIMITS = formConstraints(contactInput)
/** The first contact is optional as a whole: its fields keep their lengths and pattern, not `required`. */
const optionalField = ({ required: _required, ...limits }: FieldConstraint) => limits

/** The server's likely-duplicate warning (409 LIKELY_DUPLICATE, issue 36), if that is the refusal. */
const duplicateWarning = (error: CombinedError | undefined) =>
  error?.graphQLErrors.find((e) => e.extensions?.reason === 'LIKELY_DUPLICATE')

const SAVING: SaveOptions = {
  fieldsAlone: true,
  failure: (message, error) =>
    duplicateWarning(error)
      ? null
      : { title: 'Could not save', description: message, variant: 'destructive' },
}

export function ClientDialog({ client, onClose }: { client?: ClientPageData; onClose: () => void }) {
  const navigate = useNavigate()
  const [creating, create] = useSave(CREATE_CLIENT, SAVING)
  const [updating, update] = useSave(UPDATE_CLIENT, SAVING)
  const { errors, setErrors } = client ? updating : creating
  const [name, setName] = useState(client?.name ?? '')
  const [domains, setDomains] = useState(client?.domains.join(', ') ?? '')
  const [notes, setNotes] = useState(client?.notes ?? '')
  const [rate, setRate] = useState(
    client?.defaultRateCents == null ? '' : formatCents(client.defaultRateCents, 'plain'),
  )
  const [rounding, setRounding] = useState<'0' | '6' | '15'>(String(client?.roundingMinutes ?? 0) as '0')
  const [terms, setTerms] = useState(String(client?.paymentTermsDays ?? 15))
  const [handlesPhi, setHandlesPhi] = useState(client?.handlesPhi ?? false)
  const [contactName, setContactName] = useState('')
  const [contactEmail, setContactEmail] = useState('')
  const [contactPhone, setContactPhone] = useState('')
  const [saving, setSaving] = useState(false)
  // The server's likely-duplicate warning (409 LIKELY_DUPLICATE); saving again confirms it (issue 36).
  const [duplicate, setDuplicate] = useState('')
  const duplicateOk = duplicate !== ''

  async function save() {
    const rateCents = rate.trim() === '' ? null : parseCents(rate)
    if (rate.trim() !== '' && rateCents === null) {
      setErrors({ defaultRateCents: 'Enter an amount like 120 or 120.50' })
      return
    }
    setSaving(true)
    const common = {
      name,
      domains: domainsOf(domains),
      handlesPhi,
      ...(client ? {} : { notes }),
      ...(duplicateOk ? { confirmDuplicate: true } : {}),
    }
    const result = client
      ? await update(
          {
            id: client.id,
            input: {
              ...common,
              defaultRateCents: rateCents,
              roundingMinutes: Number(rounding),
              paymentTermsDays: Number.isInteger(Number(terms)) ? Number(terms) : -1,
            },
          },
          { title: 'Client saved', description: name },
        )
      : await create(
          {
            input: {
              ...common,
              // Asked here so that time tracked for a new client has its rate (issue 36).
              defaultRateCents: rateCents,
              contacts:
                contactName || contactEmail
                  ? [{ name: contactName, email: contactEmail, phone: contactPhone || null }]
                  : [],
            },
          },
          { title: 'Client created', description: name },
        )
    setSaving(false)
    if (!result.ok) {
      const warning = duplicateWarning(result.error)
      if (warning) {
        // Said above the buttons; the name field is not marked.
        setErrors({})
        setDuplicate(warning.message)
      }
      return
    }
    onClose()
    const created = 'createClient' in result.data ? result.data.createClient : null
    if (created) navigate(`/admin/clients/${created.id}`)
  }

  return (
    <AdminDialog
      title={client ? 'Edit client' : 'New client'}
      isOpen
      onOpenChange={(o) => !o && onClose()}
      size="lg"
    >
      <Form
        validationErrors={errors}
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        className="flex flex-col gap-4"
      >
        <AdminTextField
          name="name"
          label="Name"
          value={name}
          onChange={(v) => {
            setName(v)
            setDuplicate('')
          }}
          limits={CLIENT_LIMITS.name}
        />
        <AdminTextField
          name="domains"
          label="E-mail domains"
          value={domains}
          onChange={setDomains}
          description="Separated by commas, e.g. clinic.example"
        />
        {!client && (
          // Later notes go to the dated log on the client page (issue 36).
          <AdminTextField
            name="notes"
            label="First note"
            value={notes}
            onChange={setNotes}
            multiline
            limits={CLIENT_LIMITS.notes}
          />
        )}
        <AdminCheckbox name="handlesPhi" isSelected={handlesPhi} onChange={setHandlesPhi}>
          Healthcare practice: handles patient data (needs a BAA on file)
        </AdminCheckbox>
        <AdminTextField
          name="defaultRateCents"
          label="Hourly rate ($)"
          value={rate}
          onChange={setRate}
          description="Used for time entries"
        />
        {client ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <AdminSelect
              name="roundingMinutes"
              label="Time rounding"
              options={ROUNDING}
              value={rounding}
              onChange={setRounding}
            />
            <AdminTextField
              name="paymentTermsDays"
              label="Payment terms (days)"
              value={terms}
              onChange={setTerms}
            />
          </div>
        ) : (
          <fieldset className="flex flex-col gap-4 rounded-md border border-slate-200 p-4">
            <legend className="px-1 text-sm font-medium text-slate-800">First contact (optional)</legend>
            <AdminTextField
              name="contacts"
              label="Contact name"
              value={contactName}
              onChange={setContactName}
              limits={optionalField(CONTACT_LIMITS.name)}
            />
            <AdminTextField
              name="contactEmail"
              label="Contact e-mail"
              value={contactEmail}
              onChange={setContactEmail}
              limits={optionalField(CONTACT_LIMITS.email)}
            />
            <AdminTextField
              name="contactPhone"
              label="Contact phone"
              value={contactPhone}
              onChange={setContactPhone}
              limits={optionalField(CONTACT_LIMITS.phone)}
            />
          </fieldset>
        )}
        {duplicateOk && (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {duplicate} Save again to {client ? 'keep this name' : 'create another one'} anyway.
          </p>
        )}
        <div className="flex justify-end gap-3">
          <AdminButton variant="secondary" onPress={onClose}>
            Cancel
          </AdminButton>
          <AdminButton type="submit" isPending={saving}>
            {saving ? 'Saving...' : duplicateOk ? (client ? 'Save anyway' : 'Create anyway') : 'Save'}
          </AdminButton>
        </div>
      </Form>
    </AdminDialog>
  )
}
