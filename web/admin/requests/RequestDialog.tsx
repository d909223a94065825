// The details dialog of one request: every field, and the owner's status and
// notes with Save. Focus is trapped and restored by react-aria's Modal/Dialog.
import { type ReactNode, useState } from 'react'
import {
  Button,
  Dialog,
  FieldError,
  Form,
  Heading,
  Label,
  ListBox,
  ListBoxItem,
  Modal,
  ModalOverlay,
  Popover,
  Select,
  SelectValue,
  TextArea,
  TextField,
} from 'react-aria-components'
import { REQUEST_STATUSES } from '../../../schema/request-options'
import { capitalise } from './format'

export type Detail = readonly [label: string, value: ReactNode]
export type SaveResult = { ok: true } | { ok: false; errors: Record<string, string> }

const focusRing = 'outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600'
const input =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none data-[focused]:border-blue-600 data-[focused]:ring-2 data-[focused]:ring-blue-200 data-[invalid]:border-red-600'
const button = `inline-flex items-center justify-center rounded-md px-4 py-2 text-sm font-medium ${focusRing} data-[disabled]:opacity-50`

const STATUS_OPTIONS = REQUEST_STATUSES.map((value) => ({ value, label: capitalise(value) }))

export function RequestDialog({
  title,
  details,
  status,
  notes,
  onClose,
  onSave,
}: {
  title: string
  details: readonly Detail[]
  status: string
  notes: string | null
  onClose: () => void
  onSave: (patch: { status: string; notes: string }) => Promise<SaveResult>
}) {
  const [nextStatus, setNextStatus] = useState(status)
  const [nextNotes, setNextNotes] = useState(notes ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)

  async function save() {
    setSaving(true)
    const result = await onSave({ status: nextStatus, notes: nextNotes })
    setSaving(false)
    if (result.ok) onClose()
    else setErrors(result.errors)
  }

  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose()}
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/50 p-4 sm:items-center"
    >
      <Modal className="w-full max-w-2xl rounded-lg bg-white shadow-xl outline-none">
        <Dialog className="flex flex-col gap-5 p-6 outline-none">
          <Heading slot="title" className="text-xl font-semibold text-slate-900">
            {title}
          </Heading>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
            {details.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-sm font-medium text-slate-600">{label}</dt>
                <dd className="min-w-0 text-sm break-words whitespace-pre-wrap text-slate-900">
                  {value ?? <span className="text-slate-500">Not given</span>}
                </dd>
              </div>
            ))}
          </dl>
          <Form
            validationErrors={errors}
            onSubmit={(e) => {
              e.preventDefault()
              void save()
            }}
            className="flex flex-col gap-4 border-t border-slate-200 pt-5"
          >
            <Select
              name="status"
              selectedKey={nextStatus}
              onSelectionChange={(key) => key !== null && setNextStatus(String(key))}
              className="flex flex-col gap-1 sm:max-w-xs"
            >
              <Label className="text-sm font-medium text-slate-800">Status</Label>
              <Button className={`flex items-center justify-between text-left ${input} ${focusRing}`}>
                <SelectValue />
                <span aria-hidden="true">▾</span>
              </Button>
              <FieldError className="text-sm text-red-700" />
              <Popover className="min-w-[var(--trigger-width)] rounded-md border border-slate-200 bg-white p-1 shadow-lg">
                <ListBox className="outline-none">
                  {STATUS_OPTIONS.map((o) => (
                    <ListBoxItem
                      key={o.value}
                      id={o.value}
                      textValue={o.label}
                      className="cursor-default rounded px-3 py-2 text-sm outline-none data-[focused]:bg-blue-50 data-[selected]:font-semibold"
                    >
                      {o.label}
                    </ListBoxItem>
                  ))}
                </ListBox>
              </Popover>
            </Select>
            <TextField name="notes" value={nextNotes} onChange={setNextNotes} className="flex flex-col gap-1">
              <Label className="text-sm font-medium text-slate-800">Notes</Label>
              <TextArea rows={4} className={input} />
              <FieldError className="text-sm text-red-700" />
            </TextField>
            <div className="flex justify-end gap-3">
              <Button
                onPress={onClose}
                className={`${button} border border-slate-300 bg-white text-slate-900 data-[hovered]:bg-slate-50`}
              >
                Cancel
              </Button>
              <Button
                type="submit"
                isPending={saving}
                className={`${button} bg-blue-700 text-white data-[hovered]:bg-blue-800`}
              >
                {saving ? 'Saving...' : 'Save'}
              </Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
