// The Files and Resumes tabs are the same screen: an upload form, the list of
// stored files with their details and actions, and a confirmed delete. Each
// tab supplies only what differs (its upload endpoint, badges and actions).
import { type ComponentProps, type ReactNode, useState } from 'react'
import type { CombinedError } from 'urql'
import { UploadForm } from './UploadForm'
import { AdminButton, CANNOT_UNDO, ConfirmDialog, formatDate, ListState, Section, sizeInKb } from './ui'

type StoredFile = { id: string; originalName: string; createdAt: string }

export function StoredFiles<F extends StoredFile>({
  upload,
  uploadTitle,
  listTitle,
  files,
  loading,
  error,
  emptyText,
  sizeOf,
  badge,
  kind,
  actions,
  deleteTitle,
  deleteMessage,
  onDelete,
}: {
  upload: Omit<ComponentProps<typeof UploadForm>, 'onUploaded'> & { onUploaded: () => void }
  uploadTitle: string
  listTitle: string
  files: readonly F[]
  loading: boolean
  error: CombinedError | undefined
  emptyText: string
  sizeOf: (file: F) => number
  /** Shown beside the name (e.g. Active). */
  badge?: (file: F) => ReactNode
  /** Shown before the size (e.g. the type). */
  kind?: (file: F) => string
  /** Buttons or links before Delete. */
  actions?: (file: F) => ReactNode
  deleteTitle: string
  deleteMessage: (file: F) => string
  onDelete: (file: F) => Promise<void>
}) {
  const [deleting, setDeleting] = useState<F | null>(null)

  async function confirmDelete() {
    if (!deleting) return
    const file = deleting
    setDeleting(null)
    await onDelete(file)
  }

  return (
    <div className="flex flex-col gap-6">
      <Section title={uploadTitle}>
        <UploadForm {...upload} />
      </Section>
      <Section title={listTitle}>
        <ListState loading={loading} error={error} empty={files.length === 0} emptyText={emptyText}>
          <ul className="divide-y divide-slate-200" aria-label={listTitle}>
            {files.map((f) => (
              <li
                key={f.id}
                className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex items-center gap-2 font-medium text-slate-900">
                    <span className="truncate">{f.originalName}</span>
                    {badge?.(f)}
                  </p>
                  <p className="text-sm text-slate-600">
                    {[kind?.(f), sizeInKb(sizeOf(f)), `Uploaded ${formatDate(f.createdAt)}`]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  {actions?.(f)}
                  <AdminButton
                    variant="destructive"
                    onPress={() => setDeleting(f)}
                    aria-label={`Delete ${f.originalName}`}
                  >
                    Delete
                  </AdminButton>
                </div>
              </li>
            ))}
          </ul>
        </ListState>
      </Section>
      <ConfirmDialog
        title={deleteTitle}
        message={deleting ? deleteMessage(deleting) : ''}
        undo={CANNOT_UNDO}
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  )
}
