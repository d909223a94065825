import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { FILE_ACCEPT } from '../../../schema/constants'
import { EMPTY_STATES, ERRORS, TOASTS } from '../../../schema/messages'
import { toast } from '../../components/Toaster'
import { graphql, type ResultOf } from '../graphql'
import { ADMIN_TOASTS } from '../messages'
import { UploadForm } from '../UploadForm'
import { AdminButton, ConfirmDialog, formatDate, ListState, linkButtonClass, Section, sizeInKb } from '../ui'
import { FROM_NETWORK, messageOf } from '../urql'

const FILES_QUERY = graphql('query AdminFiles { uploads { id originalName mimetype size createdAt url } }')
const DELETE_FILE = graphql('mutation DeleteUpload($id: ID!) { deleteUpload(id: $id) }')

type AdminFile = ResultOf<typeof FILES_QUERY>['uploads'][number]

export function FilesTab() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: FILES_QUERY })
  const [, deleteFile] = useMutation(DELETE_FILE)
  const [deleting, setDeleting] = useState<AdminFile | null>(null)
  const refresh = () => refetch(FROM_NETWORK)

  async function confirmDelete() {
    if (!deleting) return
    const result = await deleteFile({ id: deleting.id })
    setDeleting(null)
    if (result.error) {
      toast({ title: ERRORS.errorTitle, description: messageOf(result.error), variant: 'destructive' })
      return
    }
    toast(ADMIN_TOASTS.fileDeleted)
    refresh()
  }

  const files = data?.uploads ?? []
  return (
    <div className="flex flex-col gap-6">
      <Section title="Upload File">
        <UploadForm
          url="/api/uploads"
          field="file"
          accept={FILE_ACCEPT}
          label="File (images, PDF, DOC, DOCX, TXT or MD, up to 10 MB)"
          failure={{ refused: ERRORS.fileUploadError, fallback: ERRORS.fileUploadFallback }}
          success={TOASTS.fileUploaded}
          onUploaded={refresh}
        />
      </Section>
      <Section title="Files">
        <ListState
          loading={fetching && !data}
          error={data ? undefined : error}
          empty={files.length === 0}
          emptyText={EMPTY_STATES.files}
        >
          <ul className="divide-y divide-slate-200" aria-label="Files">
            {files.map((f) => (
              <li
                key={f.id}
                className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{f.originalName}</p>
                  <p className="text-sm text-slate-600">
                    {f.mimetype.split(';')[0]} · {sizeInKb(f.size)} · Uploaded {formatDate(f.createdAt)}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <a
                    href={f.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={linkButtonClass}
                    aria-label={`View ${f.originalName} (opens in a new tab)`}
                  >
                    View
                  </a>
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
        title="Delete file?"
        message={deleting ? `"${deleting.originalName}" will be deleted. Links to it will stop working.` : ''}
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  )
}
