// The asset editor (issue 38), a dialog for "Add asset" on the client page and
// "Edit" on the asset page: every field of the payload schema; the server's
// field errors show beside their inputs.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import {
  ASSET_KIND_LABELS,
  ASSET_KINDS,
  ASSET_STATUS_LABELS,
  ASSET_STATUSES,
  EPHI_ANSWERS,
  EPHI_LABELS,
} from '../../../schema/assets'
import { enumName, enumValue } from '../../../schema/graphql-enums'
import { AdminDateField } from '../DateField'
import { useSave } from '../save'
import { AdminButton, AdminDialog, AdminSelect, AdminTextField } from '../ui'
import { CREATE_ASSET, UPDATE_ASSET } from './queries'

export const KIND_OPTIONS = ASSET_KINDS.map((k) => ({
  value: enumName('AssetKind', k),
  label: ASSET_KIND_LABELS[k],
}))
export const STATUS_OPTIONS = ASSET_STATUSES.map((s) => ({
  value: enumName('AssetStatus', s),
  label: ASSET_STATUS_LABELS[s],
}))
export const EPHI_OPTIONS = EPHI_ANSWERS.map((e) => ({
  value: enumName('EphiAnswer', e),
  label: EPHI_LABELS[e],
}))

export const kindLabel = (name: string) =>
  ASSET_KIND_LABELS[enumValue('AssetKind', name) as keyof typeof ASSET_KIND_LABELS] ?? name
export const statusLabel = (name: string) =>
  ASSET_STATUS_LABELS[enumValue('AssetStatus', name) as keyof typeof ASSET_STATUS_LABELS] ?? name
export const ephiLabel = (name: string) =>
  EPHI_LABELS[enumValue('EphiAnswer', name) as keyof typeof EPHI_LABELS] ?? name

export type AssetValues = {
  id?: string
  kind: string
  name: string
  model?: string | null
  serial?: string | null
  location?: string | null
  assignedTo?: string | null
  os?: string | null
  purchaseDate?: string | null
  warrantyEnd?: string | null
  renewalDate?: string | null
  seats?: number | null
  ephi: string
  status: string
  notes?: string | null
}

const TEXT_FIELDS = [
  ['model', 'Model'],
  ['serial', 'Serial'],
  ['location', 'Location'],
  ['assignedTo', 'Assigned to'],
  ['os', 'Operating system'],
  ['purchaseDate', 'Purchase date'],
  ['warrantyEnd', 'Warranty end'],
  ['renewalDate', 'Renewal date'],
] as const
/** Chosen with a date picker (issue 52.7), not typed as a pattern. */
const DATE_FIELDS = new Set<string>(['purchaseDate', 'warrantyEnd', 'renewalDate'])

export function AssetForm({
  clientId,
  asset,
  onClose,
}: {
  clientId: string
  asset?: AssetValues
  onClose: (saved: boolean) => void
}) {
  const [values, setValues] = useState<Record<string, string>>(() => ({
    kind: asset?.kind ?? 'WORKSTATION',
    ephi: asset?.ephi ?? 'UNKNOWN',
    status: asset?.status ?? 'IN_USE',
    name: asset?.name ?? '',
    seats: asset?.seats != null ? String(asset.seats) : '',
    notes: asset?.notes ?? '',
    ...Object.fromEntries(TEXT_FIELDS.map(([k]) => [k, asset?.[k] ?? ''])),
  }))
  const [creating, create] = useSave(CREATE_ASSET, { failure: 'Not saved', fieldsAlone: true })
  const [updating, update] = useSave(UPDATE_ASSET, { failure: 'Not saved', fieldsAlone: true })
  const { errors } = asset?.id ? updating : creating
  const set = (k: string) => (v: string) => setValues((old) => ({ ...old, [k]: v }))

  const save = async () => {
    const seats = values.seats!.trim()
    const input = {
      kind: values.kind!,
      name: values.name!,
      ephi: values.ephi!,
      status: values.status!,
      notes: values.notes || null,
      seats: seats === '' ? null : /^\d+$/.test(seats) ? Number(seats) : -1,
      ...Object.fromEntries(TEXT_FIELDS.map(([k]) => [k, values[k]?.trim() || null])),
    }
    const saved = asset?.id
      ? await update(
          { id: asset.id, input: input as never },
          { title: 'Asset changed', description: values.name },
        )
      : await create({ clientId, input: input as never }, { title: 'Asset added', description: values.name })
    if (saved.ok) onClose(true)
  }

  return (
    <AdminDialog
      title={asset?.id ? `Edit ${asset.name}` : 'Add asset'}
      isOpen
      onOpenChange={(open) => !open && onClose(false)}
      size="lg"
    >
      <Form
        validationErrors={errors}
        validationBehavior="aria"
        aria-label={asset?.id ? 'Edit asset' : 'Add asset'}
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      >
        <AdminSelect
          name="kind"
          label="Kind"
          options={KIND_OPTIONS}
          value={values.kind!}
          onChange={set('kind')}
        />
        <AdminTextField name="name" label="Name" value={values.name!} onChange={set('name')} isRequired />
        {TEXT_FIELDS.map(([k, label]) =>
          DATE_FIELDS.has(k) ? (
            <AdminDateField key={k} name={k} label={label} value={values[k] ?? ''} onChange={set(k)} />
          ) : (
            <AdminTextField key={k} name={k} label={label} value={values[k] ?? ''} onChange={set(k)} />
          ),
        )}
        <AdminTextField name="seats" label="Seats" value={values.seats!} onChange={set('seats')} />
        <AdminSelect
          name="ephi"
          label="Stores patient data (ePHI)"
          options={EPHI_OPTIONS}
          value={values.ephi!}
          onChange={set('ephi')}
        />
        <AdminSelect
          name="status"
          label="Status"
          options={STATUS_OPTIONS}
          value={values.status!}
          onChange={set('status')}
        />
        <AdminTextField
          name="notes"
          label="Internal notes (never in the portal)"
          value={values.notes!}
          onChange={set('notes')}
          multiline
          className="sm:col-span-2"
        />
        <div className="flex justify-end gap-2 sm:col-span-2">
          <AdminButton variant="secondary" onPress={() => onClose(false)}>
            Cancel
          </AdminButton>
          <AdminButton type="submit">Save</AdminButton>
        </div>
      </Form>
    </AdminDialog>
  )
}
