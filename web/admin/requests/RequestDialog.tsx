// The details dialog of one request: every field, and the owner's status and
// notes with Save. Focus is trapped and restored by react-aria's Modal/Dialog.
import { type ReactNode, useState } from 'react'
import { Form } from 'react-aria-components'
import { REQUEST_STATUSES } from '../../../schema/request-statuses'
import {
  AdminButton,
  AdminDialog,
  AdminSelect,
  AdminTextField,
  CANNOT_UNDO,
  ConfirmDialog,
  linkButtonClass,
} from '../ui'
import { capitalise } from './format'

export type Detail = readonly [label: string, value: ReactNode]
export type SaveResult = { ok: true } | { ok: false; errors: Record<string, string> }

const STATUS_OPTIONS = REQUEST_STATUSES.map((value) => ({ value, label: capitalise(value) }))
type StatusOption = { value: string; label: string }

export function RequestDialog({
  title,
  details,
  status,
  notes,
  onClose,
  onSave,
  onErase,
  statusOptions = STATUS_OPTIONS,
  actions,
  thread,
  exportHref,
}: {
  title: string
  /** The statuses offered: a consultation's (default) or a support request's workflow. */
  statusOptions?: readonly StatusOption[]
  /** Quick actions (call, e-mail, copy, calendar), above the details. */
  actions?: ReactNode
  /** The thread of replies and answers with the reply form, below the details. */
  thread?: ReactNode
  details: readonly Detail[]
  status: string
  notes: string | null
  onClose: () => void
  onSave: (patch: { status: string; notes: string }) => Promise<SaveResult>
  /** Erases the request for good (a visitor's demand); resolves true when done. */
  onErase?: () => Promise<boolean>
  /** The request's data with its conversation, for a visitor's access request. */
  exportHref?: string
}) {
  const [confirmErase, setConfirmErase] = useState(false)
  const [erasing, setErasing] = useState(false)

  async function erase() {
    if (!onErase) return
    setErasing(true)
    const done = await onErase()
    setErasing(false)
    setConfirmErase(false)
    if (done) onClose()
  }

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
    <AdminDialog title={title} isOpen onOpenChange={(open) => !open && onClose()} size="lg">
      <div className="flex flex-col gap-5">
        {actions}
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
        {thread}
        <Form
          validationErrors={errors}
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
          className="flex flex-col gap-4 border-t border-slate-200 pt-5"
        >
          <AdminSelect
            name="status"
            label="Status"
            options={statusOptions}
            value={nextStatus}
            onChange={setNextStatus}
            className="sm:max-w-xs"
          />
          <AdminTextField name="notes" label="Notes" value={nextNotes} onChange={setNextNotes} multiline />
          <div className="flex flex-wrap justify-end gap-3">
            {onErase && (
              <AdminButton variant="destructive" onPress={() => setConfirmErase(true)} className="mr-auto">
                Erase
              </AdminButton>
            )}
            {exportHref && (
              <a href={exportHref} download className={linkButtonClass}>
                Download data
              </a>
            )}
            <AdminButton variant="secondary" onPress={onClose}>
              Cancel
            </AdminButton>
            <AdminButton type="submit" isPending={saving}>
              {saving ? 'Saving...' : 'Save'}
            </AdminButton>
          </div>
        </Form>
      </div>
      <ConfirmDialog
        title="Erase this request?"
        message="The request and its notification e-mails are deleted for good, as a visitor may ask. Only the fact that a request was erased is kept."
        undo={CANNOT_UNDO}
        confirmLabel={erasing ? 'Erasing...' : 'Erase permanently'}
        isOpen={confirmErase}
        onOpenChange={setConfirmErase}
        onConfirm={() => void erase()}
        isPending={erasing}
      />
    </AdminDialog>
  )
}
